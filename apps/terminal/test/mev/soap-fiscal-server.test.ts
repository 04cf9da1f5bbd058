/**
 * The terminal's SOAP client against the real simulator, started as a child process with a
 * temporary DATA_DIR: every outcome the terminal must tell apart (registered, rejected with
 * a reason, unreachable with a cause).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fiscalizeTerminal,
  listRegistrations,
  setFaultMode,
  startMevSimProcess,
  type FiscalizationMaterial,
  type MevSimProcess,
} from '@fiscal-pos/mev-sim';
import { parseReply } from '@fiscal-pos/mev-protocol';
import { MevUnreachableError, type FiscalRegistrationRequest } from '../../src/mev/fiscal-server.js';
import { SoapFiscalServer, type SoapFiscalServerConfig } from '../../src/mev/soap-fiscal-server.js';

let dataDir: string;
let sim: MevSimProcess;
let terminal: FiscalizationMaterial;
const clients: SoapFiscalServer[] = [];

function client(overrides: Partial<SoapFiscalServerConfig> = {}): SoapFiscalServer {
  const created = new SoapFiscalServer({ url: sim.url, ...terminal, requestTimeoutMs: 3000, ...overrides });
  clients.push(created);
  return created;
}

let nextReceipt = 1;
function receipt(overrides: Partial<FiscalRegistrationRequest> = {}): FiscalRegistrationRequest {
  return {
    operationId: randomUUID(),
    type: 'receipt',
    receiptNumber: nextReceipt++,
    reportNumber: 1,
    totalAmount: 12_34,
    vat: [
      { code: 'B', rateBp: 2000, taxableBase: 8_62, vatAmount: 1_72, gross: 10_34 },
      { code: '_', rateBp: null, taxableBase: 2_00, vatAmount: 0, gross: 2_00 },
    ],
    payments: [
      { code: '1', amount: 10_00 },
      { code: '2', amount: 2_34 },
    ],
    occurredAt: '2025-03-01T10:15:00.000Z',
    ...overrides,
  };
}

/** A client of a freshly fiscalized terminal, for tests that need receipt numbers of their own. */
async function ownTerminal(): Promise<{ own: SoapFiscalServer; registrationNumber: string }> {
  const material = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {});
  return { own: client(material), registrationNumber: material.registrationNumber };
}

async function unreachable(promise: Promise<unknown>): Promise<MevUnreachableError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MevUnreachableError);
  return error as MevUnreachableError;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mev-client-'));
  sim = await startMevSimProcess({ dataDir });
  terminal = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-1' });
});

afterEach(async () => {
  await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SoapFiscalServer against mev-sim', () => {
  it('registers an operation and returns the MEV id, fiscal code, server time and raw reply', async () => {
    const operation = receipt();
    const outcome = await client().register(operation);
    expect(outcome).toMatchObject({ kind: 'registered', mevId: expect.stringMatching(/^MEV-/) });
    if (outcome.kind !== 'registered') return;
    expect(outcome.fiscalCode).toMatch(/^[0-9A-F]{20}$/);
    expect(Number.isNaN(Date.parse(outcome.serverTime))).toBe(false);
    expect(outcome.responseXml).toContain(`<mev:MevId>${outcome.mevId}</mev:MevId>`);

    const registered = await listRegistrations(sim.adminUrl, sim.caCertPem, {
      registrationNumber: terminal.registrationNumber,
    });
    const row = registered.find((r) => r.operationId === operation.operationId);
    expect(row).toMatchObject({
      type: 'receipt',
      receiptNumber: operation.receiptNumber,
      reportNumber: 1,
      totalAmount: 12_34,
      vat: operation.vat,
      payments: operation.payments,
      mevId: outcome.mevId,
      fiscalCode: outcome.fiscalCode,
    });
  });

  it('registers reports without a receipt number', async () => {
    const outcome = await client().register(receipt({ type: 'x_report', receiptNumber: null, vat: [] }));
    expect(outcome.kind).toBe('registered');
  });

  it('registers a repeated operation UUID once and answers it with the first ids', async () => {
    const operation = receipt();
    const first = await client().register(operation);
    const second = await client().register(operation);
    expect(first.kind).toBe('registered');
    expect(second).toEqual(first);
    const registered = await listRegistrations(sim.adminUrl, sim.caCertPem);
    expect(registered.filter((r) => r.operationId === operation.operationId)).toHaveLength(1);
  });

  it('rejects the same UUID with different content as DUPLICATE_CONFLICT', async () => {
    const operation = receipt();
    await client().register(operation);
    const outcome = await client().register({ ...operation, totalAmount: operation.totalAmount + 1 });
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'DUPLICATE_CONFLICT' });
  });

  it('rejects a receipt number that goes backwards within a Z report, not in the next one', async () => {
    const { own } = await ownTerminal();
    await own.register(receipt({ receiptNumber: 100 }));
    const backwards = await own.register(receipt({ receiptNumber: 99 }));
    expect(backwards).toMatchObject({ kind: 'rejected', faultCode: 'RECEIPT_NUMBER_BACKWARDS' });
    if (backwards.kind === 'rejected') expect(backwards.reason).toContain('99');
    const z = await own.register(receipt({ type: 'z_report', receiptNumber: null }));
    expect(z.kind).toBe('registered');
    const nextReport = await own.register(receipt({ receiptNumber: 1, reportNumber: 2 }));
    expect(nextReport.kind).toBe('registered');
  });

  it('rejects a report number that is not the current one as REPORT_NUMBER_MISMATCH', async () => {
    const outcome = await client().register(receipt({ reportNumber: 2 }));
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'REPORT_NUMBER_MISMATCH' });
  });

  it('rejects wrong credentials with a reason', async () => {
    const outcome = await client({ credentials: { ...terminal.credentials, password: 'wrong' } }).register(
      receipt(),
    );
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'INVALID_CREDENTIALS' });
    if (outcome.kind === 'rejected') expect(outcome.reason).not.toBe('');
  });

  it("rejects another terminal's certificate for this registration number", async () => {
    const other = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-2' });
    const outcome = await client({ ...other, registrationNumber: terminal.registrationNumber }).register(
      receipt(),
    );
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'REGISTRATION_MISMATCH' });
  });

  it('rejects a certificate replaced by a new fiscalization', async () => {
    const before = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-3' });
    await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-3' });
    const outcome = await client({ ...before }).register(receipt());
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'CERTIFICATE_INVALID' });
  });

  it('rejects a really expired client certificate', async () => {
    const expired = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {
      terminalId: 'pos-expired',
      certificateNotAfter: new Date(Date.now() - 60_000).toISOString(),
    });
    const outcome = await client({ ...expired }).register(receipt());
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'CERTIFICATE_EXPIRED' });
  });

  it('expired-cert mode: rejected as CERTIFICATE_EXPIRED', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'expired-cert' });
    const outcome = await client().register(receipt());
    expect(outcome).toMatchObject({ kind: 'rejected', faultCode: 'CERTIFICATE_EXPIRED' });
  });

  it('fault mode: rejected with the configured reason, nothing registered', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'fault', faultReason: 'MEV maintenance window' });
    const operation = receipt();
    const outcome = await client().register(operation);
    expect(outcome).toEqual({
      kind: 'rejected',
      faultCode: 'SIMULATED_FAULT',
      reason: 'MEV maintenance window',
      responseXml: expect.stringContaining('<faultstring>MEV maintenance window</faultstring>'),
    });
    const registered = await listRegistrations(sim.adminUrl, sim.caCertPem);
    expect(registered.some((r) => r.operationId === operation.operationId)).toBe(false);
  });

  it('down: connection refused, then back on the same port', async () => {
    const mev = client();
    await mev.register(receipt()); // leaves a keep-alive connection that `down` must cut
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
    const error = await unreachable(mev.register(receipt()));
    expect(error.failure).toBe('refused');
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
    expect((await mev.register(receipt())).kind).toBe('registered');
  });

  it('hang: unreachable by timeout within the configured deadline', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'hang' });
    const error = await unreachable(client({ requestTimeoutMs: 300 }).register(receipt()));
    expect(error.failure).toBe('timeout');
  });

  it('slow below the deadline: registered', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'slow', delayMs: 150 });
    expect((await client({ requestTimeoutMs: 3000 }).register(receipt())).kind).toBe('registered');
  });

  it('slow beyond the deadline: timeout, yet registered, and the retry gets the first answer', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'slow', delayMs: 1500 });
    const operation = receipt();
    const error = await unreachable(client({ requestTimeoutMs: 300 }).register(operation));
    expect(error.failure).toBe('timeout');
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' });
    const retry = await client().register(operation);
    const registered = await listRegistrations(sim.adminUrl, sim.caCertPem);
    const rows = registered.filter((r) => r.operationId === operation.operationId);
    expect(rows).toHaveLength(1);
    expect(retry).toMatchObject({ kind: 'registered', mevId: rows[0]!.mevId });
  });

  it('flaky with rate 1: every request unreachable; rate 0: every request registered', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'flaky', failRate: 1 });
    const mev = client();
    for (let i = 0; i < 3; i++) {
      const error = await unreachable(mev.register(receipt()));
      expect(error.failure).toBe('network');
    }
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'flaky', failRate: 0 });
    expect((await mev.register(receipt())).kind).toBe('registered');
  });

  it('a server certificate not signed by the trusted CA: unreachable (tls)', async () => {
    // The client certificate is no CA: nothing the server presents chains to it.
    const error = await unreachable(client({ caCertPem: terminal.clientCertPem }).register(receipt()));
    expect(error.failure).toBe('tls');
  });
});

describe('SoapFiscalServer.registerBatch against mev-sim', () => {
  it('registers the operations in order, one outcome each, with a standalone reply holding its MevId', async () => {
    const { own, registrationNumber } = await ownTerminal();
    const operations = [receipt(), receipt(), receipt()];
    const answer = await own.registerBatch(operations);
    expect(answer.kind).toBe('answered');
    if (answer.kind !== 'answered') return;
    const rows = await listRegistrations(sim.adminUrl, sim.caCertPem, { registrationNumber });
    expect(rows.map((r) => r.operationId)).toEqual(operations.map((o) => o.operationId));
    answer.outcomes.forEach((outcome, index) => {
      expect(outcome).toMatchObject({ kind: 'registered', mevId: rows[index]!.mevId });
      if (outcome.kind !== 'registered') return;
      expect(parseReply(outcome.responseXml)).toMatchObject({
        ok: true,
        reply: { kind: 'registered', operationId: operations[index]!.operationId, mevId: outcome.mevId },
      });
      // The same document a single request for that UUID answers, from the simulator's store.
      expect(outcome.responseXml).toBe(rows[index]!.responseXml);
    });
    // Sent again, one by one or as a batch: the first answers.
    expect(await own.register(operations[1]!)).toEqual(answer.outcomes[1]);
    expect(await own.registerBatch(operations)).toEqual(answer);
  });

  it('refuses one operation with its own code and reason, and registers the ones after it', async () => {
    const { own } = await ownTerminal();
    const first = receipt({ receiptNumber: 5 });
    const backwards = receipt({ receiptNumber: 4 });
    const after = receipt({ receiptNumber: 6 });
    const answer = await own.registerBatch([first, backwards, after]);
    expect(answer).toMatchObject({
      kind: 'answered',
      outcomes: [
        { kind: 'registered' },
        { kind: 'rejected', faultCode: 'RECEIPT_NUMBER_BACKWARDS', reason: expect.stringContaining('4') },
        { kind: 'registered' },
      ],
    });
  });

  it('fault and expired-cert modes reject the whole batch; down is unreachable', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'fault', faultReason: 'batch maintenance' });
    expect(await client().registerBatch([receipt(), receipt()])).toMatchObject({
      kind: 'rejected',
      faultCode: 'SIMULATED_FAULT',
      reason: 'batch maintenance',
    });
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'expired-cert' });
    expect(await client().registerBatch([receipt()])).toMatchObject({
      kind: 'rejected',
      faultCode: 'CERTIFICATE_EXPIRED',
    });
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'down' });
    expect((await unreachable(client().registerBatch([receipt()]))).failure).toBe('refused');
  });

  it('hang: the whole batch is unreachable by timeout', async () => {
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'hang' });
    expect((await unreachable(client({ requestTimeoutMs: 300 }).registerBatch([receipt()]))).failure).toBe(
      'timeout',
    );
  });
});
