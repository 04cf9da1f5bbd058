import { describe, expect, it } from 'vitest';
import { classifyAddress, UrlGuard } from '../src/index.js';

describe('webhook address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.100.100.200', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['fd00:ec2::254', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['::', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['fe80::1', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    // As the URL parser writes [::ffff:0:169.254.169.254] and [::ffff:0:127.0.0.1]
    ['::ffff:0:a9fe:a9fe', 'link-local'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:808:808', 'public'],
    ['64:ff9b:1::a9fe:a9fe', 'reserved'],
    ['64:ff9b:1:a9:fe:a9fe::', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('refuses port 0, which no receiver can listen on', async () => {
    const check = await new UrlGuard({ protocols: ['https:'], alsoAllow: [] }).check(
      'https://8.8.8.8:0/hook',
    );
    expect(check).toEqual({ ok: false, reason: 'port 0 is not a port a receiver can listen on' });
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: [] }).check('https://8.8.8.8:8443/hook')).ok,
    ).toBe(true);
  });

  it('refuses loopback unless configured, and names resolving to it', async () => {
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: [] }).check('https://127.0.0.1/x')).ok,
    ).toBe(false);
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: [] }).check('https://localhost/x')).ok,
    ).toBe(false);
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: [] }).check('https://2130706433/x')).ok,
    ).toBe(false);
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: ['loopback'] }).check('https://127.0.0.1/x'))
        .ok,
    ).toBe(true);
    expect(
      (await new UrlGuard({ protocols: ['https:'], alsoAllow: ['loopback'] }).check('https://10.0.0.1/x')).ok,
    ).toBe(false);
  });

  it('refuses at connect time through its lookup (the DNS-rebinding guard)', async () => {
    const guard = new UrlGuard({ protocols: ['https:'], alsoAllow: [] });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guard.lookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EADDRNOTALLOWED');
  });

  it('lets a LAN receiver through where private addresses are allowed, and nothing closer', async () => {
    const lan = new UrlGuard({ protocols: ['http:', 'https:'], alsoAllow: ['private'] });
    expect((await lan.check('http://192.168.1.20:8080/erp')).ok).toBe(true);
    expect((await lan.check('http://[fd12:3456::1]/erp')).ok).toBe(true);
    for (const url of [
      'http://127.0.0.1:4567/api/health',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x',
      'http://[::]/x',
      'http://224.0.0.1/x',
      'http://[::ffff:127.0.0.1]/x',
    ])
      expect((await lan.check(url)).ok, url).toBe(false);
    expect(await lan.check('http://erp:secret@192.168.1.20/erp')).toEqual({
      ok: false,
      reason: 'credentials in the URL are not accepted',
    });
    expect((await lan.check('ftp://192.168.1.20/erp')).ok).toBe(false);
  });
});
