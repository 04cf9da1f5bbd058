/**
 * What the simulator answered "registered" survives a kill -9: restarted on the same
 * DATA_DIR and port, it still lists the registrations and still deduplicates them, and the
 * terminal (same certificate, same credentials, same CA) goes on working.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  fiscalizeTerminal,
  listRegistrations,
  startMevSimProcess,
  type MevSimProcess,
} from '@fiscal-pos/mev-sim';
import type { FiscalRegistrationRequest } from '../../src/mev/fiscal-server.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mev-durable-'));
let sim: MevSimProcess | undefined;

afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function cashIn(receiptNumber: number): FiscalRegistrationRequest {
  return {
    operationId: randomUUID(),
    type: 'cash_in',
    receiptNumber,
    reportNumber: 1,
    totalAmount: 500_00,
    vat: [],
    payments: [{ code: '1', amount: 500_00 }],
    occurredAt: new Date().toISOString(),
  };
}

it('keeps registrations and deduplication across kill -9 and restart', async () => {
  sim = await startMevSimProcess({ dataDir });
  const terminal = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {});
  const operations = [cashIn(1), cashIn(2), cashIn(3)];
  const before = new SoapFiscalServer({ url: sim.url, ...terminal });
  const answers = [];
  for (const operation of operations) answers.push(await before.register(operation));
  await before.close();

  await sim.kill('SIGKILL');
  sim = await startMevSimProcess({ dataDir, port: sim.port });

  const listed = await listRegistrations(sim.adminUrl, sim.caCertPem, {
    registrationNumber: terminal.registrationNumber,
  });
  expect(listed.map((r) => r.operationId)).toEqual(operations.map((o) => o.operationId));

  const after = new SoapFiscalServer({ url: sim.url, ...terminal });
  try {
    expect(await after.register(operations[1]!)).toEqual(answers[1]);
    expect(await after.register(cashIn(2))).toMatchObject({
      kind: 'rejected',
      faultCode: 'RECEIPT_NUMBER_BACKWARDS',
    });
    expect((await after.register(cashIn(4))).kind).toBe('registered');
  } finally {
    await after.close();
  }
  expect(await listRegistrations(sim.adminUrl, sim.caCertPem)).toHaveLength(4);
});
