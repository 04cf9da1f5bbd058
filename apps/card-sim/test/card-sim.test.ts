/**
 * The card terminal simulator as a process, over its ECR protocol: purchases deduplicated by
 * reference, voids by cheque number, refunds by RRN (with the authorisation code when the bank
 * wants it), reversals by reference, the fault modes, the admin API and durability across a
 * kill -9.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CardSimAdminError,
  getCardFault,
  listCardReversals,
  listCardTransactions,
  setCardFault,
  startCardSimProcess,
  type CardSimProcess,
} from '../src/index.js';
import {
  ECR_BASE_PATH,
  errorReplySchema,
  reversalReplySchema,
  statusReplySchema,
  transactionReplySchema,
  type TransactionReply,
} from '@fiscal-pos/ecr-protocol';

let dataDir: string;
let sim: CardSimProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-sim-'));
  sim = await startCardSimProcess({ dataDir });
});

afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await setCardFault(sim.adminUrl, { mode: 'ok' });
});

interface Answer {
  status: number;
  body: unknown;
}

async function ecr(operation: string, body?: unknown, timeoutMs = 5000): Promise<Answer> {
  const response = await fetch(`${sim.url}${ECR_BASE_PATH}/${operation}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.json() };
}

async function approvedPurchase(amount = 12_50): Promise<TransactionReply> {
  const answer = await ecr('purchase', { reference: randomUUID(), amount, currency: 'MDL' });
  expect(answer.status).toBe(200);
  const reply = transactionReplySchema.parse(answer.body);
  expect(reply.result).toBe('approved');
  return reply;
}

function errorCode(answer: Answer): string {
  return errorReplySchema.parse(answer.body).error.code;
}

function tcpConnects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.once('connect', () => socket.destroy());
  });
}

describe('purchase', () => {
  it('approves with RRN, authorisation code, cheque number, masked PAN and scheme', async () => {
    const reply = await approvedPurchase(99_99);
    expect(reply).toMatchObject({ operation: 'purchase', amount: 99_99, currency: 'MDL', declineCode: null });
    expect(reply.rrn).toMatch(/^\d{12}$/);
    expect(reply.authCode).toMatch(/^[0-9A-F]{6}$/);
    expect(reply.chequeNumber).toMatch(/^\d{6}$/);
    expect(reply.maskedPan).toMatch(/^\d{6}\*+\d{4}$/);
    expect(['VISA', 'MASTERCARD']).toContain(reply.scheme);
    const [recorded] = await listCardTransactions(sim.adminUrl, { reference: reply.reference });
    expect(recorded).toMatchObject({ result: 'approved', state: 'charged', amount: 99_99, rrn: reply.rrn });
  });

  it('answers a repeated reference with the first answer and never charges twice', async () => {
    const request = { reference: randomUUID(), amount: 5_00, currency: 'MDL' };
    const first = await ecr('purchase', request);
    const again = await ecr('purchase', request);
    expect(again).toEqual(first);
    expect(await listCardTransactions(sim.adminUrl, { reference: request.reference })).toHaveLength(1);
    const reused = await ecr('purchase', { ...request, amount: 6_00 });
    expect(reused.status).toBe(409);
    expect(errorCode(reused)).toBe('REFERENCE_REUSED');
  });

  it('refuses malformed requests without processing anything', async () => {
    const reference = randomUUID();
    for (const body of [
      { reference, amount: 12.5, currency: 'MDL' },
      { reference, amount: 100, currency: 'EUR' },
      { reference, amount: 0, currency: 'MDL' },
      { reference: 'not a reference!', amount: 100, currency: 'MDL' },
      { reference, amount: 100, currency: 'MDL', tip: 5 },
    ]) {
      const answer = await ecr('purchase', body);
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('MALFORMED_REQUEST');
    }
    const broken = await fetch(`${sim.url}${ECR_BASE_PATH}/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"reference":',
    });
    expect(broken.status).toBe(400);
    expect(errorCode({ status: broken.status, body: await broken.json() })).toBe('MALFORMED_REQUEST');
    expect(await listCardTransactions(sim.adminUrl, { reference })).toEqual([]);
    const unknown = await ecr('capture', { reference });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
  });
});

describe('void by cheque number', () => {
  it('voids a purchase once; a second void, an unknown cheque and an RRN are refused', async () => {
    const purchase = await approvedPurchase(40_00);
    const voided = transactionReplySchema.parse(
      (await ecr('void', { reference: randomUUID(), chequeNumber: purchase.chequeNumber })).body,
    );
    expect(voided).toMatchObject({
      operation: 'void',
      result: 'approved',
      amount: 40_00,
      maskedPan: purchase.maskedPan,
      original: { rrn: purchase.rrn, chequeNumber: purchase.chequeNumber },
    });
    expect(voided.chequeNumber).not.toBe(purchase.chequeNumber);
    const [original] = await listCardTransactions(sim.adminUrl, { reference: purchase.reference });
    expect(original!.state).toBe('voided');

    const twice = transactionReplySchema.parse(
      (await ecr('void', { reference: randomUUID(), chequeNumber: purchase.chequeNumber })).body,
    );
    expect(twice).toMatchObject({ result: 'declined', declineCode: 'ALREADY_CANCELLED', rrn: null });
    const unknown = transactionReplySchema.parse(
      (await ecr('void', { reference: randomUUID(), chequeNumber: '999999' })).body,
    );
    expect(unknown).toMatchObject({ result: 'declined', declineCode: 'TRANSACTION_NOT_FOUND', amount: 0 });
    const byRrn = await ecr('void', { reference: randomUUID(), rrn: purchase.rrn });
    expect(errorCode(byRrn)).toBe('MALFORMED_REQUEST');
  });
});

describe('refund by RRN', () => {
  it('refunds in parts up to the purchase, checking a given authorisation code', async () => {
    const purchase = await approvedPurchase(30_00);
    const refund = (amount: number, authCode?: string) =>
      ecr('refund', {
        reference: randomUUID(),
        rrn: purchase.rrn,
        amount,
        currency: 'MDL',
        ...(authCode ? { authCode } : {}),
      }).then((a) => transactionReplySchema.parse(a.body));
    expect(await refund(10_00)).toMatchObject({ operation: 'refund', result: 'approved', amount: 10_00 });
    expect(await refund(20_01)).toMatchObject({ result: 'declined', declineCode: 'AMOUNT_EXCEEDS_ORIGINAL' });
    expect(await refund(1_00, 'ZZZZZZ')).toMatchObject({
      result: 'declined',
      declineCode: 'AUTH_CODE_MISMATCH',
    });
    expect(await refund(20_00, purchase.authCode!)).toMatchObject({ result: 'approved' });
    const [original] = await listCardTransactions(sim.adminUrl, { reference: purchase.reference });
    expect(original!.refunded).toBe(30_00);
    // A purchase refunded in part or whole can no longer be voided.
    const voided = await ecr('void', { reference: randomUUID(), chequeNumber: purchase.chequeNumber });
    expect(transactionReplySchema.parse(voided.body).declineCode).toBe('ALREADY_CANCELLED');
  });

  it('wants the authorisation code when the bank needs it (refund-needs-auth-code)', async () => {
    const purchase = await approvedPurchase(8_00);
    await setCardFault(sim.adminUrl, { mode: 'refund-needs-auth-code' });
    const request = { reference: randomUUID(), rrn: purchase.rrn, amount: 8_00, currency: 'MDL' };
    const without = await ecr('refund', request);
    expect(without.status).toBe(422);
    expect(errorCode(without)).toBe('AUTH_CODE_REQUIRED');
    expect(await listCardTransactions(sim.adminUrl, { reference: request.reference })).toEqual([]);
    const withCode = await ecr('refund', { ...request, authCode: purchase.authCode });
    expect(transactionReplySchema.parse(withCode.body)).toMatchObject({ result: 'approved' });
    const [recorded] = await listCardTransactions(sim.adminUrl, { reference: request.reference });
    expect(recorded!.authCodeGiven).toBe(purchase.authCode);
  });
});

describe('reversal by reference', () => {
  it('cancels a charged purchase, idempotently', async () => {
    const purchase = await approvedPurchase(7_00);
    const first = reversalReplySchema.parse((await ecr('reversal', { reference: purchase.reference })).body);
    expect(first.result).toBe('reversed');
    const again = reversalReplySchema.parse((await ecr('reversal', { reference: purchase.reference })).body);
    expect(again).toEqual(first);
    const [original] = await listCardTransactions(sim.adminUrl, { reference: purchase.reference });
    expect(original!.state).toBe('reversed');
    const reversals = await listCardReversals(sim.adminUrl);
    expect(reversals.filter((r) => r.reference === purchase.reference)).toEqual([
      expect.objectContaining({ found: true }),
    ]);
  });

  it('closes an unknown reference: a purchase arriving after its reversal is declined', async () => {
    const reference = randomUUID();
    const reversal = reversalReplySchema.parse((await ecr('reversal', { reference })).body);
    expect(reversal.result).toBe('not-found');
    const late = transactionReplySchema.parse(
      (await ecr('purchase', { reference, amount: 1_00, currency: 'MDL' })).body,
    );
    expect(late).toMatchObject({ result: 'declined', declineCode: 'REFERENCE_REVERSED' });
  });
});

describe('fault modes', () => {
  it('decline: new purchases are declined with the configured reason', async () => {
    await setCardFault(sim.adminUrl, {
      mode: 'decline',
      declineCode: 'INSUFFICIENT_FUNDS',
      declineReason: 'Insufficient funds',
    });
    const reply = transactionReplySchema.parse(
      (await ecr('purchase', { reference: randomUUID(), amount: 1_00, currency: 'MDL' })).body,
    );
    expect(reply).toMatchObject({
      result: 'declined',
      declineCode: 'INSUFFICIENT_FUNDS',
      declineReason: 'Insufficient funds',
      rrn: null,
      chequeNumber: null,
    });
  });

  it('a mode limited to some amounts leaves the others alone', async () => {
    await setCardFault(sim.adminUrl, { mode: 'decline', amounts: [6_66] });
    const purchase = async (amount: number) =>
      transactionReplySchema.parse(
        (await ecr('purchase', { reference: randomUUID(), amount, currency: 'MDL' })).body,
      ).result;
    expect(await purchase(6_66)).toBe('declined');
    expect(await purchase(6_67)).toBe('approved');
  });

  it('error: a protocol error and nothing processed', async () => {
    await setCardFault(sim.adminUrl, { mode: 'error', errorMessage: 'card reader fault' });
    const reference = randomUUID();
    const answer = await ecr('purchase', { reference, amount: 1_00, currency: 'MDL' });
    expect(answer.status).toBe(503);
    expect(errorReplySchema.parse(answer.body).error).toEqual({
      code: 'TERMINAL_ERROR',
      message: 'card reader fault',
    });
    expect(await listCardTransactions(sim.adminUrl, { reference })).toEqual([]);
  });

  it('down: connections are refused, and the same port opens again', async () => {
    await setCardFault(sim.adminUrl, { mode: 'down' });
    expect(await tcpConnects(sim.port)).toBe(false);
    await setCardFault(sim.adminUrl, { mode: 'ok' });
    expect(await tcpConnects(sim.port)).toBe(true);
    expect(statusReplySchema.parse((await ecr('status')).body).state).toBe('ready');
  });

  it('hang on purchases only: the card is charged, no answer comes; reversals still answer', async () => {
    await setCardFault(sim.adminUrl, { mode: 'hang', operations: ['purchase'] });
    const reference = randomUUID();
    await expect(ecr('purchase', { reference, amount: 3_00, currency: 'MDL' }, 500)).rejects.toThrow();
    // Giving up after 500 ms does not mean the simulator had got to the request by then (CI load).
    await vi.waitFor(
      async () => {
        const [charged] = await listCardTransactions(sim.adminUrl, { reference });
        expect(charged).toMatchObject({ result: 'approved', state: 'charged' });
      },
      { timeout: 20_000, interval: 25 },
    );
    const reversal = reversalReplySchema.parse((await ecr('reversal', { reference })).body);
    expect(reversal.result).toBe('reversed');
  });

  it('slow: processed at once, answered after the delay', async () => {
    await setCardFault(sim.adminUrl, { mode: 'slow', delayMs: 300 });
    const reference = randomUUID();
    const answer = ecr('purchase', { reference, amount: 2_00, currency: 'MDL' });
    const reply = transactionReplySchema.parse((await answer).body);
    expect(reply.result).toBe('approved');
    expect(await getCardFault(sim.adminUrl)).toMatchObject({ mode: 'slow', delayMs: 300 });
  });

  it('refuses an unknown fault mode on the admin API', async () => {
    await expect(setCardFault(sim.adminUrl, { mode: 'melt' as 'ok' })).rejects.toThrow(CardSimAdminError);
  });
});

describe('the process', () => {
  it('keeps answers across a kill -9, and starts with the fault and admin token from the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-sim-restart-'));
    try {
      const first = await startCardSimProcess({ dataDir: dir });
      const request = { reference: randomUUID(), amount: 4_20, currency: 'MDL' };
      const base = `${first.url}${ECR_BASE_PATH}/purchase`;
      const post = async (url: string) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(request),
          })
        ).json();
      const answered = await post(base);
      await first.kill('SIGKILL');

      const second = await startCardSimProcess({
        dataDir: dir,
        env: { ADMIN_TOKEN: 'secret', CARD_FAULT_MODE: 'decline', CARD_FAULT_OPERATIONS: 'purchase' },
      });
      try {
        // The decline mode is for new transactions: the stored answer comes back unchanged.
        expect(await post(`${second.url}${ECR_BASE_PATH}/purchase`)).toEqual(answered);
        await expect(getCardFault(second.adminUrl)).rejects.toMatchObject({ status: 401 });
        expect(await getCardFault(second.adminUrl, { adminToken: 'secret' })).toMatchObject({
          mode: 'decline',
          operations: ['purchase'],
        });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
