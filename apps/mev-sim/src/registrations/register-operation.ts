/**
 * Registers fiscal operations, exactly once per operation UUID.
 *
 * - A UUID seen before with the same content gets the first answer back verbatim (same MevId,
 *   FiscalCode, ServerTime, same XML) and nothing new is registered: the terminal retries
 *   after every outage, so a retry must be harmless.
 * - The same UUID with other content is a DUPLICATE_CONFLICT: one of the two is wrong.
 * - Report numbers follow the terminal's Z reports without gaps or repeats: every operation
 *   carries the terminal's current report number (1 until its first Z report, or the report
 *   an adopted terminal was fiscalized at; then the number after its last registered Z
 *   report), so a Z report carries the next one; any other number is REPORT_NUMBER_MISMATCH.
 *   A Z report moves the terminal to the next report.
 * - Within one Z report a terminal's receipt numbers only go up: a number at or below the
 *   last registered one is RECEIPT_NUMBER_BACKWARDS. Numbering restarts with each report.
 *
 * A batch is judged exactly as its operations would be if sent one by one in list order (a
 * refused one registers nothing, the next ones are judged on their own, a UUID repeated in
 * the batch gets the answer of its first occurrence), but in one transaction: one commit,
 * one fsync, and either the whole batch is durable or none of it.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  buildRegisteredReply,
  type BatchItem,
  type MevBatchResult,
  type MevOperation,
  type MevOperationFaultCode,
  type MevRegisteredReply,
} from '@fiscal-pos/mev-protocol';
import type { Db } from '../store/database.js';
import type { RegistrationStore } from './registration-store.js';

export type RegisterOutcome =
  | { kind: 'registered'; reply: MevRegisteredReply; responseXml: string; replayed: boolean }
  | { kind: 'fault'; code: MevOperationFaultCode; reason: string };

export interface RegisterDeps {
  db: Db;
  registrations: RegistrationStore;
  now: () => Date;
}

export function registerOperation(deps: RegisterDeps, operation: MevOperation): RegisterOutcome {
  return deps.db.transaction(() => judge(deps, operation))();
}

/** One result per item, in order; `replayed` counts the operations answered from a first registration. */
export function registerBatch(
  deps: RegisterDeps,
  items: readonly BatchItem[],
): { results: MevBatchResult[]; registered: number; replayed: number } {
  return deps.db.transaction(() => {
    let registered = 0;
    let replayed = 0;
    const results = items.map((item): MevBatchResult => {
      if (!item.ok)
        return {
          kind: 'refused',
          operationId: item.operationId,
          code: 'MALFORMED_REQUEST',
          reason: item.reason,
        };
      const outcome = judge(deps, item.operation);
      if (outcome.kind === 'fault')
        return {
          kind: 'refused',
          operationId: item.operation.operationId,
          code: outcome.code,
          reason: outcome.reason,
        };
      if (outcome.replayed) replayed++;
      else registered++;
      return outcome.reply;
    });
    return { results, registered, replayed };
  })();
}

/** The checks and the insert; the caller holds the transaction. */
function judge(deps: RegisterDeps, operation: MevOperation): RegisterOutcome {
  const contentHash = hashContent(operation);
  const first = deps.registrations.byOperationId(operation.operationId);
  if (first) {
    if (first.contentHash === contentHash) {
      const reply: MevRegisteredReply = {
        kind: 'registered',
        operationId: first.operationId,
        mevId: first.mevId,
        fiscalCode: first.fiscalCode,
        serverTime: first.serverTime,
      };
      return { kind: 'registered', reply, responseXml: first.responseXml, replayed: true };
    }
    return {
      kind: 'fault',
      code: 'DUPLICATE_CONFLICT',
      reason: `operation ${operation.operationId} was registered with different content (MevId ${first.mevId})`,
    };
  }
  const currentReport = deps.registrations.currentReportNumber(operation.registrationNumber);
  if (operation.reportNumber !== currentReport) {
    return {
      kind: 'fault',
      code: 'REPORT_NUMBER_MISMATCH',
      reason: reportMismatch(operation, currentReport),
    };
  }
  if (operation.receiptNumber !== null) {
    const last = deps.registrations.lastReceiptNumber(operation.registrationNumber, operation.reportNumber);
    if (last !== null && operation.receiptNumber <= last) {
      return {
        kind: 'fault',
        code: 'RECEIPT_NUMBER_BACKWARDS',
        reason: `receipt number ${operation.receiptNumber} is not after ${last} in report ${operation.reportNumber}`,
      };
    }
  }
  const now = deps.now().toISOString();
  const mevId = `MEV-${randomUUID()}`;
  const fiscalCode = createHash('sha256')
    .update(`${mevId}|${contentHash}`)
    .digest('hex')
    .slice(0, 20)
    .toUpperCase();
  const reply: MevRegisteredReply = {
    kind: 'registered',
    operationId: operation.operationId,
    mevId,
    fiscalCode,
    serverTime: now,
  };
  const responseXml = buildRegisteredReply(reply);
  deps.registrations.insert({
    ...operation,
    contentHash,
    mevId,
    fiscalCode,
    serverTime: now,
    responseXml,
    registeredAt: now,
  });
  return { kind: 'registered', reply, responseXml, replayed: false };
}

function reportMismatch(operation: MevOperation, currentReport: number): string {
  const carried =
    operation.type === 'z_report'
      ? `Z report ${operation.reportNumber} is not the terminal's next report number ${currentReport}`
      : `report number ${operation.reportNumber} is not the terminal's current report ${currentReport}`;
  const why =
    operation.reportNumber < currentReport
      ? `report ${operation.reportNumber} was closed by its Z report`
      : currentReport === 1
        ? 'no Z report was registered yet'
        : `the last registered Z report is ${currentReport - 1}`;
  return `${carried} (${why})`;
}

/** The parser builds the operation with a fixed key order, so its JSON is canonical. */
function hashContent(operation: MevOperation): string {
  return createHash('sha256').update(JSON.stringify(operation)).digest('hex');
}
