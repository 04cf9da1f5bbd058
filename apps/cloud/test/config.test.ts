// Settings mean what they say or stop the start: booleans accept true/false/1/0/yes/no.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('boolean settings', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['YES', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('read %s as %s', (text, value) => {
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: text }).webhooks.allowLoopback).toBe(value);
    expect(loadConfig({ WEBHOOK_WORKER: text }).runWorker).toBe(value);
  });

  it('keep their defaults when unset', () => {
    expect(loadConfig({}).webhooks.allowLoopback).toBe(false);
    expect(loadConfig({}).runWorker).toBe(true);
  });

  it('refuse anything else at start, naming the setting', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'on' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK must be one of/,
    );
    expect(() => loadConfig({ WEBHOOK_WORKER: 'disabled' })).toThrow(/WEBHOOK_WORKER must be one of/);
  });
});

describe('WEBHOOK_EXTRA_CA_FILE', () => {
  it('is read at start', () => {
    const file = new URL('../../../package.json', import.meta.url).pathname;
    expect(loadConfig({ WEBHOOK_EXTRA_CA_FILE: file }).webhooks.extraCa).toContain('fiscal-pos');
  });

  it('naming no file stops the start naming the setting and the path, not with a stack trace', () => {
    expect(() => loadConfig({ WEBHOOK_EXTRA_CA_FILE: 'no-such-dir/cert.pem' })).toThrow(
      /WEBHOOK_EXTRA_CA_FILE must be a readable PEM file.*cannot read \/\S+\/no-such-dir\/cert\.pem \(ENOENT\)/,
    );
  });
});

describe('CLOUD_TRUSTED_PROXIES', () => {
  it('takes proxy-addr’s list, none when unset', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ CLOUD_TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,2001:db8::/32' }).trustedProxies,
    ).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('stops the start on an entry that is no address, naming the setting', () => {
    expect(() => loadConfig({ CLOUD_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /CLOUD_TRUSTED_PROXIES must be/,
    );
    expect(() => loadConfig({ CLOUD_TRUSTED_PROXIES: 'the-terminator' })).toThrow(
      /CLOUD_TRUSTED_PROXIES must be/,
    );
  });
});
