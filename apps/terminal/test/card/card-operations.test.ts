/**
 * POST /api/card/void and /api/card/refund: money back to a card this terminal charged, through
 * the real card-sim process. They are card terminal operations, not fiscal documents, so they
 * serve only payments whose sale does not stand (a sale answered offline and refused by the
 * fiscal server later); a payment of a sale that stands goes back by its fiscal refund.
 */
import { listCardTransactions, setCardFault } from '@fiscal-pos/card-sim';
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';

/** Where the virtual printer's journal cuts one document from the next. */
const CUT = /^-+ 8<$/m;

const env = useSimulator();
let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await env.start();
});

afterEach(async () => {
  await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
});

interface Charged {
  rrn: string;
  authCode: string;
  chequeNumber: string;
  maskedPan: string;
}

/** Sells `total` by card, the sale standing; answers the sale and its card result. */
async function standingSale(
  total: number,
): Promise<{ saleId: string; fiscalOperationId: string; card: Charged }> {
  const res = await terminal.call('POST', '/api/sales', {
    ...cashSale(total),
    payments: [{ type: '2', amount: total }],
  });
  expect(res.status).toBe(200);
  const sale = res.body.data!;
  return {
    saleId: sale.saleId,
    fiscalOperationId: sale.fiscalOperationId,
    card: sale.payments[0].card as Charged,
  };
}

/**
 * Sells `total` by card while the fiscal server is away (answered offline, the card charged),
 * then has the fiscal server refuse that sale when it is sent: a card payment whose sale does not
 * stand, the one the card endpoints give back. Answers its card result.
 */
async function chargedSale(total: number): Promise<Charged> {
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'down' });
  const sale = await standingSale(total);
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, {
    mode: 'poison',
    poisonOperationId: sale.fiscalOperationId,
  });
  terminal.runtime.syncWorker!.wake();
  await waitUntil(
    'the offline sale refused',
    () => terminal.runtime.operations.require(sale.fiscalOperationId).status === 'failed',
  );
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
  return sale.card;
}

function fiscalOperationCount(): number {
  return (terminal.runtime.db.prepare('SELECT COUNT(*) AS n FROM fiscal_operations').get() as { n: number })
    .n;
}

async function simByRrn(rrn: string) {
  const all = await listCardTransactions(env.cardSim.adminUrl, { operation: 'purchase' });
  return all.find((t) => t.rrn === rrn);
}

function detailCodes(res: { body: { error: { details?: { field: string; code: string }[] } | null } }) {
  return res.body.error!.details!.map((d) => `${d.field}:${d.code}`);
}

describe('a card payment of a sale that stands', () => {
  it('is refused by void and refund with 409 FISCAL_REFUND_REQUIRED naming the sale’s refund, nothing moved', async () => {
    const { saleId, card } = await standingSale(75);
    const operations = fiscalOperationCount();
    for (const [path, body] of [
      ['/api/card/void', { chequeNumber: card.chequeNumber }],
      ['/api/card/refund', { rrn: card.rrn, amount: 40 }],
    ] as const) {
      const res = await terminal.call('POST', path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.error!.code).toBe('FISCAL_REFUND_REQUIRED');
      expect(res.body.error!.message).toContain(`POST /api/sales/${saleId}/refund`);
    }
    expect(fiscalOperationCount()).toBe(operations);
    expect(await simByRrn(card.rrn)).toMatchObject({ state: 'charged', refunded: 0 });
    const detail = await terminal.call('GET', `/api/sales/${saleId}`);
    expect(detail.body.data!.payments[0].card).toMatchObject({ status: 'approved' });

    // The fiscal refund gives it back on the card, documented, with the bank's references on
    // its answer and its receipt, as a sale's are.
    const refund = await terminal.call('POST', `/api/sales/${saleId}/refund`, {
      payments: [{ type: '2', amount: 75 }],
    });
    expect(refund.status).toBe(200);
    expect(await simByRrn(card.rrn)).toMatchObject({ refunded: 75_00 });
    const [bank] = await listCardTransactions(env.cardSim.adminUrl, { operation: 'refund' }).then((all) =>
      all.filter((t) => t.originalSeq !== null).slice(-1),
    );
    expect(bank).toMatchObject({ amount: 75_00, result: 'approved' });
    const references = {
      rrn: bank!.rrn,
      authCode: bank!.authCode,
      chequeNumber: bank!.chequeNumber,
      maskedPan: card.maskedPan,
    };
    expect(refund.body.data!.payments).toEqual([
      { paymentType: '2', amount: 75, card: expect.objectContaining(references) },
    ]);
    await terminal.paperOut();
    const printer = terminal.printer as VirtualPrinter;
    const receipt = readFileSync(printer.journalFile, 'utf8')
      .split(CUT)
      .filter((d) => d.trim())
      .at(-1)!;
    expect(receipt).toContain('BON FISCAL DE RETUR');
    expect(receipt).toMatch(new RegExp(`RRN ${bank!.rrn}\\s+AUTORIZARE ${bank!.authCode ?? '-'}`));
    expect(receipt).toMatch(new RegExp(`CEC ${bank!.chequeNumber}\\n`));
  });
});

describe('POST /api/card/void', () => {
  it('voids a card payment by its cheque number, without a fiscal document', async () => {
    const card = await chargedSale(44);
    const operations = fiscalOperationCount();
    const res = await terminal.call('POST', '/api/card/void', { chequeNumber: card.chequeNumber });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      operation: 'void',
      status: 'approved',
      amount: 44,
      maskedPan: card.maskedPan,
      original: { rrn: card.rrn, chequeNumber: card.chequeNumber },
    });
    expect(res.body.data!.chequeNumber).not.toBe(card.chequeNumber);
    expect(fiscalOperationCount()).toBe(operations);
    expect(await simByRrn(card.rrn)).toMatchObject({ state: 'voided' });

    const again = await terminal.call('POST', '/api/card/void', { chequeNumber: card.chequeNumber });
    expect(again.status).toBe(402);
    expect(again.body.error!.code).toBe('CARD_PAYMENT_DECLINED');
    expect(again.body.error!.message).toContain('already voided');
  });

  it('refuses a malformed or unknown cheque number, and an RRN, with 400', async () => {
    const card = await chargedSale(45);
    const unknown = await terminal.call('POST', '/api/card/void', { chequeNumber: '9999999' });
    expect(unknown.status).toBe(400);
    expect(detailCodes(unknown)).toEqual(['chequeNumber:CHEQUE_NUMBER_UNKNOWN']);
    for (const body of [{}, { chequeNumber: 12 }, { chequeNumber: 'A12' }]) {
      const res = await terminal.call('POST', '/api/card/void', body);
      expect(res.status).toBe(400);
      expect(detailCodes(res)).toEqual(['chequeNumber:CHEQUE_NUMBER_INVALID']);
    }
    // A void takes the cheque number: an RRN (a refund's field) is named as not the void's.
    const byRrn = await terminal.call('POST', '/api/card/void', { rrn: card.rrn });
    expect(byRrn.status).toBe(400);
    expect(detailCodes(byRrn).sort()).toEqual(['chequeNumber:CHEQUE_NUMBER_INVALID', 'rrn:UNKNOWN_FIELD']);
  });

  it('an answer lost in transit: the retry with the same Idempotency-Key learns it, never voiding twice', async () => {
    const card = await chargedSale(46);
    const headers = { 'Idempotency-Key': `void-${card.chequeNumber}` };
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['void'] });
    const lost = await terminal.call('POST', '/api/card/void', { chequeNumber: card.chequeNumber }, headers);
    expect(lost.status).toBe(500);
    expect(lost.body.error!.code).toBe('CARD_PAYMENT_ERROR');
    expect(lost.body.error!.message).toContain('same Idempotency-Key');

    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    const retried = await terminal.call(
      'POST',
      '/api/card/void',
      { chequeNumber: card.chequeNumber },
      headers,
    );
    expect(retried.status).toBe(200);
    const reference = retried.body.data!.transactionId as string;
    expect(await listCardTransactions(env.cardSim.adminUrl, { reference })).toHaveLength(1);
    const replayed = await terminal.call(
      'POST',
      '/api/card/void',
      { chequeNumber: card.chequeNumber },
      headers,
    );
    expect(replayed.headers.get('x-idempotency-replayed')).toBe('true');
    expect(replayed.body.data).toEqual(retried.body.data);
  });
});

describe('POST /api/card/refund', () => {
  it('refunds in parts by RRN, up to what was paid', async () => {
    const card = await chargedSale(50);
    const first = await terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 20.5 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      operation: 'refund',
      amount: 20.5,
      original: { rrn: card.rrn, chequeNumber: card.chequeNumber },
    });
    // More than is left of the payment: refused by the terminal itself, the bank never asked.
    const bankRefunds = async () =>
      (await listCardTransactions(env.cardSim.adminUrl, { operation: 'refund' })).length;
    const asked = await bankRefunds();
    const tooMuch = await terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 29.51 });
    expect([tooMuch.status, tooMuch.body.error!.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(detailCodes(tooMuch)).toEqual(['amount:AMOUNT_INVALID']);
    expect(tooMuch.body.error!.details![0]!.message).toContain('29.50');
    expect(await bankRefunds()).toBe(asked);
    const rest = await terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 29.5 });
    expect(rest.status).toBe(200);
    expect(await simByRrn(card.rrn)).toMatchObject({ refunded: 50_00 });
  });

  it('asks for the authorisation code when the bank needs it (refund-needs-auth-code)', async () => {
    const card = await chargedSale(51);
    await setCardFault(env.cardSim.adminUrl, { mode: 'refund-needs-auth-code' });
    const without = await terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 51 });
    expect(without.status).toBe(400);
    expect(detailCodes(without)).toEqual(['authCode:AUTH_CODE_REQUIRED']);
    const wrong = await terminal.call('POST', '/api/card/refund', {
      rrn: card.rrn,
      amount: 51,
      authCode: 'X1',
    });
    expect(wrong.status).toBe(402);
    expect(wrong.body.error!.message).toContain('authorisation code does not match');
    const right = await terminal.call('POST', '/api/card/refund', {
      rrn: card.rrn,
      amount: 51,
      authCode: card.authCode,
    });
    expect(right.status).toBe(200);
    const [sent] = await listCardTransactions(env.cardSim.adminUrl, {
      reference: right.body.data!.transactionId as string,
    });
    expect(sent!.authCodeGiven).toBe(card.authCode);
  });

  it('validates every field at once and refuses an RRN this terminal did not charge', async () => {
    const invalid = await terminal.call('POST', '/api/card/refund', {
      rrn: '1234567890123',
      amount: 1.005,
      authCode: 'not valid',
    });
    expect(invalid.status).toBe(400);
    expect(detailCodes(invalid)).toEqual([
      'rrn:PAYMENT_RRN_INVALID',
      'amount:AMOUNT_INVALID',
      'authCode:AUTH_CODE_INVALID',
    ]);
    for (const amount of [0, -1, '5', 100_000_000]) {
      const res = await terminal.call('POST', '/api/card/refund', { rrn: 'ABC', amount });
      expect(detailCodes(res)).toEqual(['amount:AMOUNT_INVALID']);
    }
    // A misspelt authCode is refused by name, not dropped (a bank that needs it would refuse the refund).
    const misspelt = await terminal.call('POST', '/api/card/refund', {
      rrn: 'ABC',
      amount: 1,
      authcode: 'A1',
    });
    expect(misspelt.status).toBe(400);
    expect(detailCodes(misspelt)).toEqual(['authcode:UNKNOWN_FIELD']);
    const unknown = await terminal.call('POST', '/api/card/refund', { rrn: 'ELSEWHERE12', amount: 1 });
    expect(unknown.status).toBe(400);
    expect(detailCodes(unknown)).toEqual(['rrn:RRN_UNKNOWN']);
  });

  it('a retry after an answer in doubt with the same Idempotency-Key but another refund: 409, the other card is not refunded in its place', async () => {
    const first = await chargedSale(53);
    const other = await chargedSale(54);
    const headers = { 'Idempotency-Key': `refund-${first.rrn}` };
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['refund'] });
    const lost = await terminal.call('POST', '/api/card/refund', { rrn: first.rrn, amount: 10 }, headers);
    expect(lost.status).toBe(500);
    expect(lost.body.error!.code).toBe('CARD_PAYMENT_ERROR');
    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });

    for (const body of [
      { rrn: other.rrn, amount: 10 },
      { rrn: first.rrn, amount: 20 },
    ]) {
      const mismatched = await terminal.call('POST', '/api/card/refund', body, headers);
      expect(mismatched.status).toBe(409);
      expect(mismatched.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSE_MISMATCH');
    }
    expect(await simByRrn(other.rrn)).toMatchObject({ refunded: 0 });

    const retried = await terminal.call('POST', '/api/card/refund', { rrn: first.rrn, amount: 10 }, headers);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ amount: 10, original: { rrn: first.rrn } });
    expect(await simByRrn(first.rrn)).toMatchObject({ refunded: 10_00 });
  });

  it('a resend after an answer in doubt that does not reach the card terminal stays in doubt: never refunded twice', async () => {
    const card = await chargedSale(56);
    const headers = { 'Idempotency-Key': `refund-resent-${card.rrn}` };
    const refund = () => terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 10 }, headers);
    // Done by the card terminal, the answer lost.
    await setCardFault(env.cardSim.adminUrl, { mode: 'hang', operations: ['refund'] });
    expect((await refund()).body.error!.code).toBe('CARD_PAYMENT_ERROR');
    // The retry's resend reaches nothing: that says nothing of the first.
    await setCardFault(env.cardSim.adminUrl, { mode: 'down' });
    expect((await refund()).status).not.toBe(200);
    const attempts = terminal.runtime.db
      .prepare('SELECT status FROM card_transactions WHERE idempotency_key = ?')
      .all(headers['Idempotency-Key']);
    expect(attempts).toEqual([{ status: 'in_doubt' }]);

    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    const retried = await refund();
    expect(retried.status).toBe(200);
    expect(await simByRrn(card.rrn)).toMatchObject({ refunded: 10_00 });
  });

  it('a card payment the terminal is still taking back is not refunded too (the money would go back twice)', async () => {
    // The fiscal server refuses the sale; the card terminal does not confirm the void nor the reversal.
    await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'fault' });
    await setCardFault(env.cardSim.adminUrl, { mode: 'error', operations: ['void', 'reversal'] });
    const refused = await terminal.call('POST', '/api/sales', {
      ...cashSale(47),
      payments: [{ type: '2', amount: 47 }],
    });
    expect(refused.status).toBe(502);
    const purchase = terminal.runtime.db
      .prepare("SELECT id, status, rrn FROM card_transactions WHERE kind = 'purchase' ORDER BY seq DESC")
      .get() as { id: string; status: string; rrn: string };
    expect(purchase.status).toBe('cancelling');

    const refund = await terminal.call('POST', '/api/card/refund', { rrn: purchase.rrn, amount: 47 });
    expect(refund.status).toBe(503);
    expect(refund.body.error!.code).toBe('CARD_TERMINAL_UNAVAILABLE');
    expect(await simByRrn(purchase.rrn)).toMatchObject({ state: 'charged', refunded: 0 });

    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    const after = await terminal.call('POST', '/api/card/refund', { rrn: purchase.rrn, amount: 47 });
    expect(after.status).toBe(402);
    expect(await simByRrn(purchase.rrn)).toMatchObject({ state: 'voided', refunded: 0 });
  });

  it('card terminal down: 503, nothing refunded', async () => {
    const card = await chargedSale(52);
    await setCardFault(env.cardSim.adminUrl, { mode: 'down' });
    const res = await terminal.call('POST', '/api/card/refund', { rrn: card.rrn, amount: 1 });
    expect(res.status).toBe(503);
    expect(res.body.error!.code).toBe('CARD_TERMINAL_UNAVAILABLE');
    await setCardFault(env.cardSim.adminUrl, { mode: 'ok' });
    expect(await simByRrn(card.rrn)).toMatchObject({ refunded: 0 });
  });
});
