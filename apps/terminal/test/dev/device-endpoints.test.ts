/** The production entry starts no simulator: a device without an address is a configuration error. */
import { describe, expect, it } from 'vitest';
import {
  loadTerminalConfig,
  parsePrinterSetting,
  requireDeviceEndpoints,
  requireMerchantIdentity,
} from '../../src/config.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';
import { startTerminalCommandProcess } from '../support/terminal-process.js';

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

describe('requireMerchantIdentity', () => {
  it('refuses a merchant without IDNO or address, naming what is missing', () => {
    const merchant = (env: Record<string, string>) => loadTerminalConfig(env).merchant;
    expect(() => requireMerchantIdentity(merchant({ MERCHANT_ADDRESS: 'str. X 1' }))).toThrow(
      /^MERCHANT_IDNO .* is required: every fiscal document prints the merchant's IDNO and address/,
    );
    expect(() => requireMerchantIdentity(merchant({ MERCHANT_IDNO: '1003600012345' }))).toThrow(
      /^MERCHANT_ADDRESS .* is required/,
    );
    expect(() => requireMerchantIdentity(merchant({}))).toThrow(/MERCHANT_IDNO .* and MERCHANT_ADDRESS/);
    expect(() =>
      requireMerchantIdentity(merchant({ MERCHANT_IDNO: '1003600012345', MERCHANT_ADDRESS: 'str. X 1' })),
    ).not.toThrow();
  });

  it('the production entry without them exits at once with that message, serving nothing', async () => {
    const dataDir = tempDir('no-merchant');
    try {
      const child = startTerminalCommandProcess([], {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        MEV_URL,
        CARD_TERMINAL: 'none',
        MERCHANT_IDNO: '',
        MERCHANT_ADDRESS: '',
      });
      const exit = await child.exited;
      expect(exit.code).toBe(1);
      expect(exit.stderr).toMatch(/MERCHANT_IDNO .* and MERCHANT_ADDRESS .* are required/);
      expect(exit.stdout).not.toMatch(/"event":"ready"/);
    } finally {
      removeDir(dataDir);
    }
  });
});

describe('TZ', () => {
  it('the production entry in a zone whose offset is not whole hours exits at once, naming TZ', async () => {
    const dataDir = tempDir('part-hour-zone');
    try {
      const child = startTerminalCommandProcess([], {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        MEV_URL,
        CARD_TERMINAL: 'none',
        TZ: 'Asia/Kolkata',
      });
      const exit = await child.exited;
      expect(exit.code).toBe(1);
      expect(exit.stderr).toMatch(
        /TZ must be an IANA time zone whose offset from UTC is whole hours, got "Asia\/Kolkata" \(it is GMT\+05:30/,
      );
      expect(exit.stdout).not.toMatch(/"event":"ready"/);
    } finally {
      removeDir(dataDir);
    }
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
