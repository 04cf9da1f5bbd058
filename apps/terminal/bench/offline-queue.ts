import { DEFAULT_VAT_TABLE } from '@fiscal-pos/fiscal';
import { offlineFiscalCode } from '../src/fiscal-operations/offline-fiscal-code.js';
import { timeOrderedId } from '../src/storage/time-ordered-id.js';
import type { TerminalRuntime } from '../src/terminal-runtime.js';

/**
 * Cash sales of 1.00 MDL each, numbered and stored `offline` as the registrar leaves them after
 * an outage (used by the offline and history benchmarks), in one transaction.
 */
export function queueOfflineSales(rt: TerminalRuntime, count: number): void {
  const secret = rt.terminalState.get().offlineSecret;
  rt.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const createdAt = new Date().toISOString();
      const numbers = rt.terminalState.issueReceiptNumber(
        createdAt,
        rt.terminalState.get(),
        DEFAULT_VAT_TABLE,
      );
      const op = rt.operations.insert({
        // As the terminal numbers them (create-sale.ts): random ids put each new key in a random
        // leaf of the 1M-entry id index, which a shop's offline sales never do.
        id: timeOrderedId(Date.parse(createdAt)),
        operationType: 'receipt',
        ...numbers,
        totalAmount: 100,
        cashDelta: 100,
        vat: [{ code: 'B', rateBp: 800, taxableBase: 93, vatAmount: 7, gross: 100 }],
        payments: [{ code: '1', amount: 100 }],
        shiftId: null,
        createdAt,
      });
      rt.operations.transition(op, 'pending', 'offline', {
        isOffline: true,
        offlineFiscalCode: offlineFiscalCode(secret, {
          operationId: op.id,
          registrationNumber: rt.fiscal.registrationNumber,
          operationType: op.operationType,
          receiptNumber: op.receiptNumber,
          reportNumber: op.reportNumber,
          totalAmount: op.totalAmount,
          occurredAt: op.createdAt,
        }),
        errorMessage: 'MEV unreachable (refused)',
      });
    }
  })();
}
