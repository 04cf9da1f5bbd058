import { describe, expect, it } from 'vitest';
import { classifyAddress, UrlGuard } from '../src/net/url-guard.js';

describe('webhook address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'blocked'],
    ['172.16.0.1', 'blocked'],
    ['192.168.1.1', 'blocked'],
    ['169.254.169.254', 'blocked'],
    ['100.100.100.200', 'blocked'],
    ['0.0.0.0', 'blocked'],
    ['fd00:ec2::254', 'blocked'],
    ['fe80::1', 'blocked'],
    ['::ffff:10.0.0.1', 'blocked'],
    ['64:ff9b::a9fe:a9fe', 'blocked'],
    ['2002:a9fe:a9fe::1', 'blocked'],
    ['8.8.8.8', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('refuses port 0, which no receiver can listen on', async () => {
    const check = await new UrlGuard(false).check('https://8.8.8.8:0/hook');
    expect(check).toEqual({ ok: false, reason: 'port 0 is not a port a receiver can listen on' });
    expect((await new UrlGuard(false).check('https://8.8.8.8:8443/hook')).ok).toBe(true);
  });

  it('refuses loopback unless configured, and names resolving to it', async () => {
    expect((await new UrlGuard(false).check('https://127.0.0.1/x')).ok).toBe(false);
    expect((await new UrlGuard(false).check('https://localhost/x')).ok).toBe(false);
    expect((await new UrlGuard(false).check('https://2130706433/x')).ok).toBe(false);
    expect((await new UrlGuard(true).check('https://127.0.0.1/x')).ok).toBe(true);
    expect((await new UrlGuard(true).check('https://10.0.0.1/x')).ok).toBe(false);
  });

  it('refuses at connect time through its lookup (the DNS-rebinding guard)', async () => {
    const guard = new UrlGuard(false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guard.lookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EADDRNOTALLOWED');
  });
});
