/** The production entry starts no simulator: a device without an address is a configuration error. */
import { describe, expect, it } from 'vitest';
import { loadTerminalConfig, parsePrinterSetting, requireDeviceEndpoints } from '../../src/config.js';

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

describe('PRINTER', () => {
  it('is virtual, none or an ESC/POS printer at tcp://host[:port], 9100 by default', () => {
    expect(parsePrinterSetting('virtual')).toEqual({ kind: 'virtual' });
    expect(parsePrinterSetting('none')).toEqual({ kind: 'none' });
    expect(parsePrinterSetting('tcp://192.168.1.50')).toEqual({
      kind: 'tcp',
      host: '192.168.1.50',
      port: 9100,
    });
    expect(parsePrinterSetting('tcp://printer.lan:9101')).toEqual({
      kind: 'tcp',
      host: 'printer.lan',
      port: 9101,
    });
    expect(parsePrinterSetting('tcp://[::1]:9100')).toEqual({ kind: 'tcp', host: '::1', port: 9100 });
    for (const bad of [
      'usb',
      'tcp://',
      'tcp://host:0',
      'tcp://host:70000',
      'http://host:9100',
      'tcp://a b',
    ]) {
      expect(() => parsePrinterSetting(bad), bad).toThrow(/PRINTER must be/);
    }
  });

  it('leaves the choice to the entry when unset, and takes 32, 42 or 48 columns', () => {
    expect(loadTerminalConfig({})).toMatchObject({ printer: null, printerColumns: 48 });
    expect(loadTerminalConfig({ PRINTER_COLUMNS: '32' }).printerColumns).toBe(32);
    expect(() => loadTerminalConfig({ PRINTER_COLUMNS: '40' })).toThrow(/PRINTER_COLUMNS/);
  });
});
