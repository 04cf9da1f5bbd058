/**
 * An ERP selling through the terminal: opens the cashier's shift if none is open, sells one
 * line paid in cash with change, prints the fiscal answer, and shows what to do when the
 * terminal cannot be reached (try again later with the same Idempotency-Key).
 *
 *   TERMINAL_URL=http://127.0.0.1:4567 TERMINAL_API_KEY=... [CASHIER_ID=... CASHIER_PIN=...] \
 *     node --conditions=development --import tsx packages/sdk/examples/erp-sale.ts
 */
import { createTerminalClient, TerminalApiError, TerminalUnreachableError, unwrap } from '@fiscal-pos/sdk';

const terminal = createTerminalClient({
  baseUrl: process.env.TERMINAL_URL ?? 'http://127.0.0.1:4567',
  apiKey: required('TERMINAL_API_KEY'),
});

const cashierId = process.env.CASHIER_ID;
if (cashierId !== undefined) {
  const current = await unwrap(terminal.GET('/api/shifts/current'));
  if (current.shift === null) {
    await unwrap(terminal.POST('/api/shifts/open', { body: { cashierId, pin: required('CASHIER_PIN') } }));
  }
}

try {
  const sale = await unwrap(
    terminal.POST('/api/sales', {
      body: {
        items: [{ name: 'Pâine albă', unitPrice: 8.5, quantity: 2, vatCode: 'A' }],
        payments: [{ type: '1', amount: 20 }],
        amountReceived: 20,
        change: 3,
      },
    }),
  );
  console.log(
    JSON.stringify({
      saleId: sale.saleId,
      total: sale.total,
      fiscalCode: sale.fiscalCode,
      qr: sale.qrCodeData,
    }),
  );
} catch (error) {
  if (error instanceof TerminalApiError) {
    // A refusal: nothing was sold. `code` is one of the spec's codes.
    console.error(`refused: ${error.code} ${error.message}`, error.details ?? '');
  } else if (error instanceof TerminalUnreachableError) {
    // Unknown outcome: keep the key and send the same sale with it later.
    console.error(`terminal unreachable; retry later with Idempotency-Key ${error.idempotencyKey}`);
  }
  process.exitCode = 1;
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}
