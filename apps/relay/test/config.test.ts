import { describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../src/config.js';

const base = { RELAY_TOKEN: 'relay-token-for-tests' };

describe('the relay configuration', () => {
  it('counts refused dials per address by default, with no proxy trusted to name the client', () => {
    const config = loadRelayConfig(base);
    expect(config.trustedProxies).toEqual([]);
    expect(config.dialRefusals).toEqual({ max: 20, windowMs: 60_000 });
  });

  it('reads the trusted proxies as a list and refuses to start on one it cannot read', () => {
    expect(
      loadRelayConfig({ ...base, RELAY_TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,2001:db8::/32' })
        .trustedProxies,
    ).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
    expect(() => loadRelayConfig({ ...base, RELAY_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow();
    expect(() => loadRelayConfig({ ...base, RELAY_TRUSTED_PROXIES: 'the-terminator' })).toThrow();
  });
});
