/**
 * A card payment the terminal would charge above the card protocol's maximum amount is
 * refused at its field before anything is charged, not answered 500 after the driver refuses
 * to build the request. Real HTTP, the real card-sim and mev-sim.
 */
import { ECR_MAX_AMOUNT } from '@fiscal-pos/ecr-protocol';
import { describe, expect, it } from 'vitest';
import { useFiscalTerminal } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

describe('a card payment above the card protocol maximum', () => {
  it('is a VALIDATION_ERROR PAYMENT_AMOUNT_INVALID at payments[i].amount', async () => {
    const amount = (ECR_MAX_AMOUNT + 1) / 100;
    const res = await ctx.terminal.call('POST', '/api/sales', {
      items: [{ name: 'Item', unitPrice: amount + 1, quantity: 1, vatCode: 'B' }],
      payments: [
        { type: '1', amount: 1 },
        { type: '2', amount },
      ],
      amountReceived: amount + 1,
      change: 0,
      printReceipt: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'payments[1].amount', code: 'PAYMENT_AMOUNT_INVALID' })],
    });
  });
});
