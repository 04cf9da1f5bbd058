/**
 * RegisterFiscalOperationBatch against the simulator as a process: list order, deduplication
 * within and across batches, refusals of one operation not stopping the others, faults of the
 * whole batch registering nothing, and durability of an answered batch across kill -9.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fiscalizeTerminal,
  getFaultMode,
  listRegistrations,
  setFaultMode,
  startMevSimProcess,
  type FiscalizationMaterial,
  type MevSimProcess,
} from '../src/index.js';
import {
  buildBatchRequest,
  buildRegisterRequest,
  buildResultDocument,
  parseBatchReply,
  parseReply,
  type MevBatchReply,
  type MevBatchResult,
  type MevOperation,
} from '@fiscal-pos/mev-protocol';
import { postSoap } from './support/soap-post.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mev-sim-batch-'));
let sim: MevSimProcess;
let terminal: FiscalizationMaterial;
let reportNumber = 0;

beforeAll(async () => {
  sim = await startMevSimProcess({ dataDir });
  terminal = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-batch' });
});
afterEach(async () => {
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
});
afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Operations of one terminal in one report: `null` for an X report, a number for a receipt. */
function inReport(
  registrationNumber: string,
  report: number,
): (receiptNumber: number | null) => MevOperation {
  return (receiptNumber) => ({
    registrationNumber,
    operationId: randomUUID(),
    type: receiptNumber === null ? 'x_report' : 'receipt',
    receiptNumber,
    reportNumber: report,
    totalAmount: 2_00,
    vat: [{ code: 'C', rateBp: 0, taxableBase: 2_00, vatAmount: 0, gross: 2_00 }],
    payments: [{ code: '1', amount: 2_00 }],
    occurredAt: '2025-03-01T08:00:00.000Z',
  });
}

/**
 * Each test numbers its receipts in a report of its own, so the order checks do not
 * interfere: the previous test's report is closed by its Z report first.
 */
async function newReport(): Promise<(receiptNumber: number | null) => MevOperation> {
  if (reportNumber > 0) {
    const close = inReport(terminal.registrationNumber, reportNumber)(null);
    await results([{ ...close, type: 'z_report' }]);
  }
  return inReport(terminal.registrationNumber, ++reportNumber);
}

function post(
  body: string,
  target: MevSimProcess = sim,
  as: FiscalizationMaterial = terminal,
): Promise<{ status: number; text: string }> {
  return postSoap(target, body, as);
}

async function sendBatch(
  operations: MevOperation[],
  credentials = terminal.credentials,
): Promise<MevBatchReply> {
  const reply = await post(buildBatchRequest(operations, credentials));
  const parsed = parseBatchReply(reply.text);
  if (!parsed.ok) throw new Error(`unusable batch reply: ${parsed.reason}`);
  expect(reply.status).toBe(parsed.reply.kind === 'results' ? 200 : 500);
  return parsed.reply;
}

async function results(operations: MevOperation[]): Promise<MevBatchResult[]> {
  const reply = await sendBatch(operations);
  if (reply.kind !== 'results') throw new Error(`batch faulted: ${reply.faultCode} ${reply.reason}`);
  return reply.results;
}

async function registeredIds(): Promise<string[]> {
  const all = await listRegistrations(sim.adminUrl, sim.caCertPem, {
    registrationNumber: terminal.registrationNumber,
  });
  return all.map((r) => r.operationId);
}

describe('RegisterFiscalOperationBatch', () => {
  it('registers the operations in list order and answers one result per operation, in the same order', async () => {
    const op = await newReport();
    const before = await registeredIds();
    const batch = [op(1), op(2), op(null), op(3)];
    const answers = await results(batch);
    expect(answers.map((r) => [r.kind, r.operationId])).toEqual(
      batch.map((o) => ['registered', o.operationId]),
    );
    expect((await registeredIds()).slice(before.length)).toEqual(batch.map((o) => o.operationId));
  });

  it('deduplicates within a batch and across batches and single requests: the first answer, registered once', async () => {
    const op = await newReport();
    const [a, b] = [op(1), op(2)];
    const before = await registeredIds();
    const first = await results([a, a, b]);
    expect(first[1]).toEqual(first[0]);

    const again = await results([a, b]);
    expect(again).toEqual([first[0], first[2]]);
    // A single request for a UUID registered by a batch gets the same document the terminal keeps.
    const single = await post(buildRegisterRequest(b, terminal.credentials));
    expect(single.text).toBe(buildResultDocument(first[2]!));
    expect((await registeredIds()).slice(before.length)).toEqual([a.operationId, b.operationId]);
  });

  it('refuses one operation for itself and still judges the ones after it, in order', async () => {
    const op = await newReport();
    const registered = op(5);
    await results([registered]);
    const backwards = op(4);
    const conflicting = { ...registered, totalAmount: 3_00 };
    const next = op(6);
    const malformed = op(7);
    const xml = buildBatchRequest([backwards, conflicting, next, malformed], terminal.credentials).replace(
      `<mev:OperationId>${malformed.operationId}</mev:OperationId><mev:OperationType>receipt`,
      `<mev:OperationId>${malformed.operationId}</mev:OperationId><mev:OperationType>sale`,
    );
    const before = await registeredIds();
    const reply = parseBatchReply((await post(xml)).text);
    expect(reply).toMatchObject({
      ok: true,
      reply: {
        kind: 'results',
        results: [
          { kind: 'refused', operationId: backwards.operationId, code: 'RECEIPT_NUMBER_BACKWARDS' },
          { kind: 'refused', operationId: registered.operationId, code: 'DUPLICATE_CONFLICT' },
          { kind: 'registered', operationId: next.operationId },
          { kind: 'refused', operationId: malformed.operationId, code: 'MALFORMED_REQUEST' },
        ],
      },
    });
    expect((await registeredIds()).slice(before.length)).toEqual([next.operationId]);
  });

  it('judges a receipt number against the earlier operations of the same batch', async () => {
    const op = await newReport();
    const answers = await results([op(2), op(1), op(3)]);
    expect(answers.map((r) => (r.kind === 'refused' ? r.code : r.kind))).toEqual([
      'registered',
      'RECEIPT_NUMBER_BACKWARDS',
      'registered',
    ]);
  });

  it.each([
    ['fault', 'SIMULATED_FAULT'],
    ['expired-cert', 'CERTIFICATE_EXPIRED'],
  ] as const)('%s mode faults the whole batch with %s and registers nothing', async (mode, code) => {
    const op = await newReport();
    const before = await registeredIds();
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode });
    expect(await sendBatch([op(1), op(2)])).toMatchObject({ kind: 'fault', faultCode: code });
    expect(await registeredIds()).toEqual(before);
  });

  it('flaky with rate 1 drops the connection of the whole batch before anything is registered', async () => {
    const op = await newReport();
    const before = await registeredIds();
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'flaky', failRate: 1 });
    await expect(post(buildBatchRequest([op(1), op(2)], terminal.credentials))).rejects.toThrow();
    expect(await registeredIds()).toEqual(before);
  });

  it('faults the whole batch on wrong credentials or an operation of another registration number', async () => {
    const op = await newReport();
    const before = await registeredIds();
    expect(await sendBatch([op(1)], { ...terminal.credentials, password: 'wrong' })).toMatchObject({
      kind: 'fault',
      faultCode: 'INVALID_CREDENTIALS',
    });
    expect(await sendBatch([op(2), { ...op(3), registrationNumber: 'OTHER-1' }])).toMatchObject({
      kind: 'fault',
      faultCode: 'REGISTRATION_MISMATCH',
    });
    expect(await registeredIds()).toEqual(before);
  });
});

describe('fault modes about what a request carries', () => {
  it('large-batch-fault: a batch above the limit is faulted whole, nothing registered; one at the limit is served', async () => {
    const op = await newReport();
    const before = await registeredIds();
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'large-batch-fault', largeBatchAbove: 2 });
    expect(await sendBatch([op(1), op(2), op(3)])).toEqual({
      kind: 'fault',
      faultCode: 'MALFORMED_REQUEST',
      reason: 'the batch holds 3 operations; this server takes at most 2',
    });
    expect(await registeredIds()).toEqual(before);
    const served = [op(4), op(5)];
    await results(served);
    expect((await registeredIds()).slice(before.length)).toEqual(served.map((o) => o.operationId));
  });

  it('large-batch-hang: a batch above the limit is never answered and registers nothing', async () => {
    const op = await newReport();
    const before = await registeredIds();
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'large-batch-hang', largeBatchAbove: 1 });
    await expect(
      postSoap(sim, buildBatchRequest([op(1), op(2)], terminal.credentials), terminal, 300),
    ).rejects.toThrow('no answer within 300 ms');
    expect(await registeredIds()).toEqual(before);
    const single = parseReply((await post(buildRegisterRequest(op(3), terminal.credentials))).text);
    expect(single).toMatchObject({ ok: true, reply: { kind: 'registered' } });
  });

  it('poison: any request carrying the operation is faulted whole; the others are served', async () => {
    const op = await newReport();
    const [clean, poisoned, after] = [op(1), op(2), op(3)];
    await setFaultMode(sim.adminUrl, sim.caCertPem, {
      mode: 'poison',
      poisonOperationId: poisoned.operationId.toUpperCase(),
    });
    const reason = `operation ${poisoned.operationId} cannot be processed`;
    expect(await sendBatch([clean, poisoned, after])).toEqual({
      kind: 'fault',
      faultCode: 'MALFORMED_REQUEST',
      reason,
    });
    expect(parseReply((await post(buildRegisterRequest(poisoned, terminal.credentials))).text)).toEqual({
      ok: true,
      reply: { kind: 'fault', faultCode: 'MALFORMED_REQUEST', reason },
    });
    const before = await registeredIds();
    await results([clean, after]);
    expect((await registeredIds()).slice(before.length)).toEqual([clean.operationId, after.operationId]);
    // The setting stays until cleared, and shows in the admin API.
    expect(await getFaultMode(sim.adminUrl, sim.caCertPem)).toMatchObject({
      mode: 'poison',
      poisonOperationId: poisoned.operationId,
    });
    expect(
      await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok', poisonOperationId: null }),
    ).toMatchObject({ mode: 'ok', poisonOperationId: null });
  });
});

describe('durability of a batch', () => {
  const killedDir = mkdtempSync(join(tmpdir(), 'mev-sim-batch-kill-'));
  let killed: MevSimProcess | undefined;
  afterAll(async () => {
    await killed?.stop();
    rmSync(killedDir, { recursive: true, force: true });
  });

  it('an answered batch survives kill -9: all registered, and resent, answered from deduplication', async () => {
    killed = await startMevSimProcess({ dataDir: killedDir });
    const owner = await fiscalizeTerminal(killed.adminUrl, killed.caCertPem, { terminalId: 'pos-kill' });
    const op = inReport(owner.registrationNumber, 1);
    const operations = Array.from({ length: 50 }, (_, i) => op(i + 1));
    const send = async (target: MevSimProcess) =>
      parseBatchReply((await post(buildBatchRequest(operations, owner.credentials), target, owner)).text);
    const answered = await send(killed);
    expect(answered).toMatchObject({ ok: true, reply: { kind: 'results' } });

    await killed.kill('SIGKILL');
    killed = await startMevSimProcess({ dataDir: killedDir, port: killed.port });
    const listed = await listRegistrations(killed.adminUrl, killed.caCertPem, {});
    expect(listed.map((r) => r.operationId)).toEqual(operations.map((o) => o.operationId));
    expect(await send(killed)).toEqual(answered);
    expect(await listRegistrations(killed.adminUrl, killed.caCertPem, {})).toHaveLength(50);
  });
});
