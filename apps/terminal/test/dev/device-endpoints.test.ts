/** The production entry starts no simulator: a device without an address is a configuration error. */
import { describe, expect, it } from 'vitest';
import { loadTerminalConfig, requireDeviceEndpoints } from '../../src/config.js';

const MEV_URL = 'https://mev.example:8443/mev/v1/fiscal';

describe('requireDeviceEndpoints', () => {
  it('refuses a configuration without MEV_URL', () => {
    expect(() => requireDeviceEndpoints(loadTerminalConfig({ CARD_TERMINAL: 'none' }))).toThrow(/MEV_URL/);
  });

  it('refuses a card terminal without CARD_TERMINAL_URL, unless CARD_TERMINAL=none', () => {
    expect(() => requireDeviceEndpoints(loadTerminalConfig({ MEV_URL }))).toThrow(/CARD_TERMINAL_URL/);
    expect(requireDeviceEndpoints(loadTerminalConfig({ MEV_URL, CARD_TERMINAL: 'none' }))).toMatchObject({
      mevUrl: MEV_URL,
      cardTerminalUrl: null,
    });
  });

  it('keeps both addresses', () => {
    const config = loadTerminalConfig({ MEV_URL, CARD_TERMINAL_URL: 'http://10.0.0.7:7000' });
    expect(requireDeviceEndpoints(config)).toMatchObject({
      mevUrl: MEV_URL,
      cardTerminalUrl: 'http://10.0.0.7:7000',
    });
  });
});
