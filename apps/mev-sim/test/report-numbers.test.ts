/**
 * Report numbers against the simulator as a process: every operation carries the terminal's
 * current report, a Z report the next number (no gap, no repeat), receipt numbering restarts
 * with each report, and a repeated UUID is still answered from deduplication. Single
 * requests and batches are judged alike.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fiscalizeTerminal,
  listRegistrations,
  startMevSimProcess,
  type FiscalizationMaterial,
  type MevSimProcess,
} from '../src/index.js';
import {
  buildBatchRequest,
  buildRegisterRequest,
  parseBatchReply,
  parseReply,
  type MevOperation,
  type MevOperationType,
} from '@fiscal-pos/mev-protocol';
import { postSoap } from './support/soap-post.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mev-sim-reports-'));
let sim: MevSimProcess;

beforeAll(async () => {
  sim = await startMevSimProcess({ dataDir });
});
afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A freshly fiscalized terminal and a builder of its operations. */
async function newTerminal(adopted: { reportNumber?: number } = {}) {
  const terminal = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, adopted);
  const operation = (type: MevOperationType, reportNumber: number, receiptNumber: number | null = null) =>
    ({
      registrationNumber: terminal.registrationNumber,
      operationId: randomUUID(),
      type,
      receiptNumber,
      reportNumber,
      totalAmount: 5_00,
      vat: [{ code: 'C', rateBp: 0, taxableBase: 5_00, vatAmount: 0, gross: 5_00 }],
      payments: [{ code: '1', amount: 5_00 }],
      occurredAt: '2025-03-01T08:00:00.000Z',
    }) satisfies MevOperation;
  return {
    terminal,
    receipt: (reportNumber: number, receiptNumber: number) =>
      operation('receipt', reportNumber, receiptNumber),
    report: (type: 'x_report' | 'z_report', reportNumber: number) => operation(type, reportNumber),
  };
}

/** The answer to one single request: the MevId when registered, else the fault code and reason. */
async function single(terminal: FiscalizationMaterial, operation: MevOperation) {
  const reply = parseReply(
    (await postSoap(sim, buildRegisterRequest(operation, terminal.credentials), terminal)).text,
  );
  if (!reply.ok) throw new Error(`unusable reply: ${reply.reason}`);
  return reply.reply.kind === 'registered'
    ? { registered: reply.reply.mevId }
    : { code: reply.reply.faultCode, reason: reply.reply.reason };
}

async function registered(terminal: FiscalizationMaterial): Promise<[string, number, number | null][]> {
  const rows = await listRegistrations(sim.adminUrl, sim.caCertPem, {
    registrationNumber: terminal.registrationNumber,
  });
  return rows.map((r) => [r.type, r.reportNumber, r.receiptNumber]);
}

describe('report numbers', () => {
  it('a new terminal is in report 1: another report number is refused, for an operation or a Z report', async () => {
    const { terminal, receipt, report } = await newTerminal();
    expect(await single(terminal, receipt(2, 1))).toEqual({
      code: 'REPORT_NUMBER_MISMATCH',
      reason: "report number 2 is not the terminal's current report 1 (no Z report was registered yet)",
    });
    expect(await single(terminal, report('z_report', 2))).toMatchObject({
      code: 'REPORT_NUMBER_MISMATCH',
      reason: expect.stringContaining("Z report 2 is not the terminal's next report number 1"),
    });
    expect(await single(terminal, report('x_report', 3))).toMatchObject({ code: 'REPORT_NUMBER_MISMATCH' });
    expect(await registered(terminal)).toEqual([]);
  });

  it('a Z report moves the terminal to the next report: the closed one is refused, numbering restarts', async () => {
    const { terminal, receipt, report } = await newTerminal();
    const z1 = report('z_report', 1);
    for (const operation of [receipt(1, 1), receipt(1, 2), report('x_report', 1), z1])
      expect(await single(terminal, operation)).toHaveProperty('registered');

    // Report 1 is closed: nothing more in it, not even a second Z report with another UUID.
    expect(await single(terminal, receipt(1, 3))).toEqual({
      code: 'REPORT_NUMBER_MISMATCH',
      reason: "report number 1 is not the terminal's current report 2 (report 1 was closed by its Z report)",
    });
    expect(await single(terminal, report('z_report', 1))).toMatchObject({ code: 'REPORT_NUMBER_MISMATCH' });
    // The same Z report resent (same UUID, same content) is still its first answer.
    const first = await listRegistrations(sim.adminUrl, sim.caCertPem, {
      registrationNumber: terminal.registrationNumber,
    });
    expect(await single(terminal, z1)).toEqual({ registered: first.at(-1)!.mevId });

    // Report 2: receipt numbering restarts at 1; a Z report 3 would leave a gap.
    expect(await single(terminal, receipt(2, 1))).toHaveProperty('registered');
    expect(await single(terminal, report('z_report', 3))).toEqual({
      code: 'REPORT_NUMBER_MISMATCH',
      reason: "Z report 3 is not the terminal's next report number 2 (the last registered Z report is 1)",
    });
    expect(await single(terminal, report('z_report', 2))).toHaveProperty('registered');
    expect(await single(terminal, receipt(3, 1))).toHaveProperty('registered');

    expect(await registered(terminal)).toEqual([
      ['receipt', 1, 1],
      ['receipt', 1, 2],
      ['x_report', 1, null],
      ['z_report', 1, null],
      ['receipt', 2, 1],
      ['z_report', 2, null],
      ['receipt', 3, 1],
    ]);
  });

  it('a terminal adopted with a history is in the report it was adopted at, and goes on from there', async () => {
    const { terminal, receipt, report } = await newTerminal({ reportNumber: 701 });
    expect(await single(terminal, receipt(1, 1))).toMatchObject({ code: 'REPORT_NUMBER_MISMATCH' });
    expect(await single(terminal, receipt(702, 1))).toMatchObject({ code: 'REPORT_NUMBER_MISMATCH' });
    for (const operation of [receipt(701, 1), report('z_report', 701), receipt(702, 1)])
      expect(await single(terminal, operation)).toHaveProperty('registered');

    // Fiscalized again (a new certificate), it stays where its Z reports brought it.
    const again = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: terminal.terminalId });
    expect(
      await single(again, { ...receipt(702, 2), registrationNumber: again.registrationNumber }),
    ).toHaveProperty('registered');
    const behind = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {
      terminalId: terminal.terminalId,
      reportNumber: 5,
    });
    expect(await single(behind, receipt(5, 1))).toMatchObject({ code: 'REPORT_NUMBER_MISMATCH' });
    expect(await registered(terminal)).toEqual([
      ['receipt', 701, 1],
      ['z_report', 701, null],
      ['receipt', 702, 1],
      ['receipt', 702, 2],
    ]);
  });

  it('a batch is judged in list order: a Z report inside it moves the operations after it to the next report', async () => {
    const { terminal, receipt, report } = await newTerminal();
    const z1 = report('z_report', 1);
    const batch = [
      receipt(1, 1),
      z1,
      receipt(1, 2), // after its Z report
      receipt(2, 1), // restarts
      report('z_report', 3), // gap
      report('z_report', 2),
      z1, // the same UUID again: its first answer
      receipt(3, 1),
    ];
    const reply = parseBatchReply(
      (await postSoap(sim, buildBatchRequest(batch, terminal.credentials), terminal)).text,
    );
    if (!reply.ok || reply.reply.kind !== 'results')
      throw new Error('the batch was not answered per operation');
    const outcomes = reply.reply.results.map((r) => (r.kind === 'refused' ? r.code : r.kind));
    expect(outcomes).toEqual([
      'registered',
      'registered',
      'REPORT_NUMBER_MISMATCH',
      'registered',
      'REPORT_NUMBER_MISMATCH',
      'registered',
      'registered',
      'registered',
    ]);
    expect(reply.reply.results[6]).toEqual(reply.reply.results[1]);
    expect(await registered(terminal)).toEqual([
      ['receipt', 1, 1],
      ['z_report', 1, null],
      ['receipt', 2, 1],
      ['z_report', 2, null],
      ['receipt', 3, 1],
    ]);
  });
});
