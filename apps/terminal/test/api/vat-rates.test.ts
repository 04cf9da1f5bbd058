/**
 * VAT rates are the terminal's configuration (VAT_RATES): a sale is computed with them, and a
 * code the terminal has no rate for is refused with UNKNOWN_VAT_CODE.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  const { vatTable } = loadTerminalConfig({ VAT_RATES: 'A=10,B=20' });
  terminal = await env.start({ card: 'none', config: { vatTable } });
});

describe('VAT_RATES', () => {
  it('computes VAT with the configured rate', async () => {
    const res = await terminal.call('POST', '/api/sales', {
      ...cashSale(110),
      items: [{ name: 'Book', unitPrice: 110, quantity: 1, vatCode: 'A' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.vatBreakdown).toEqual({
      A: { code: 'A', percent: 10, vatAmount: 10, taxableBase: 100, totalWithVat: 110 },
    });
  });

  it('refuses a code the terminal has no rate for with UNKNOWN_VAT_CODE, writing nothing', async () => {
    const res = await terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      items: [{ name: 'Milk', unitPrice: 10, quantity: 1, vatCode: 'D' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error!.details).toEqual([
      expect.objectContaining({ field: 'items[0].vatCode', code: 'UNKNOWN_VAT_CODE' }),
    ]);
  });

  it('a terminal does not start on rates it cannot read', () => {
    expect(() => loadTerminalConfig({ VAT_RATES: 'A=8;B=20' })).toThrow(/VAT_RATES/);
  });
});
