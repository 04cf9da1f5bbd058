// The ingest of a terminal's fiscal documents: deduplicated by (terminal, operation id) and
// ordered by the terminal's revision, so a retried push, a lost answer or an outbox replayed
// after a crash changes nothing, and a later MEV result (an offline sale registered, a
// refusal) updates the document once. One push is one transaction: the documents, their stock
// movements and their events commit together or not at all.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { fiscalDocuments } from '../db/schema.js';
import { emitEvents, type NewEvent } from '../events/emit-event.js';
import { newId } from '../ids.js';
import { recordStockMovements } from '../products/stock-ledger.js';
import type { AuthenticatedDevice } from '../terminals/device-auth.js';
import { isReceipt, presentSale, type FiscalDocumentRow } from './document-schemas.js';
import type { IngestOutcome, PushDocumentsResult, PushedDocument } from '@fiscal-pos/platform-protocol';
import { receiptMovements } from './receipt-stock.js';

type Device = Pick<AuthenticatedDevice, 'merchantId' | 'terminalId'>;

/** The fields a later revision may change: the MEV's verdict. The rest of a document is what was sold. */
const FISCAL_FIELDS = [
  'revision',
  'status',
  'receiptNumber',
  'fiscalCode',
  'offlineFiscalCode',
  'mevId',
] as const;
type FiscalFields = Pick<FiscalDocumentRow, (typeof FISCAL_FIELDS)[number]>;

interface Applied {
  outcome: IngestOutcome;
  row?: FiscalDocumentRow;
  /** For an update: the fiscal fields before it (the event's previousAttributes). */
  before?: FiscalFields;
}

export interface IngestResult extends PushDocumentsResult {
  /** Whether anything was created or updated (webhooks may be waiting). */
  changed: boolean;
}

export async function ingestDocuments(
  db: Db,
  device: Device,
  documents: readonly PushedDocument[],
): Promise<IngestResult> {
  const outcomes = await db.transaction(async (tx) => {
    const applied = new Array<Applied>(documents.length);
    // A push may carry one document twice (created, then refused, both waiting in the outbox):
    // each round takes at most one copy of each, in push order, so later revisions see earlier ones.
    for (const round of rounds(documents)) {
      const results = await applyRound(
        tx,
        device,
        round.map((i) => documents[i]!),
      );
      round.forEach((i, k) => (applied[i] = results[k]!));
    }
    await emitEvents(tx, device.merchantId, applied.flatMap(receiptEvent));
    // Stock last: it locks the products sold, and other terminals' pushes selling them wait
    // for this one to commit, so the locks are taken as close to the commit as possible.
    await recordStockMovements(tx, device.merchantId, applied.flatMap(stockOf));
    return applied.map((a) => a.outcome);
  });
  return {
    results: documents.map((d, i) => ({ operationId: d.operationId, outcome: outcomes[i]! })),
    changed: outcomes.some((o) => o !== 'unchanged'),
  };
}

/** Indices of the push split so that no round holds an operation id twice. */
function rounds(documents: readonly PushedDocument[]): number[][] {
  const seen = new Map<string, number>();
  const result: number[][] = [];
  documents.forEach((d, i) => {
    const n = seen.get(d.operationId) ?? 0;
    seen.set(d.operationId, n + 1);
    (result[n] ??= []).push(i);
  });
  return result;
}

async function applyRound(tx: Tx, device: Device, documents: PushedDocument[]): Promise<Applied[]> {
  // Rows are inserted and locked in operation id order, so two pushes of overlapping batches
  // (a retry racing its original) wait for each other rather than deadlock.
  const order = documents
    .map((_, i) => i)
    .sort((a, b) => cmp(documents[a]!.operationId, documents[b]!.operationId));
  const created = await tx
    .insert(fiscalDocuments)
    .values(order.map((i) => toRow(device, documents[i]!)))
    .onConflictDoNothing({ target: [fiscalDocuments.terminalId, fiscalDocuments.operationId] })
    .returning();
  const createdById = new Map(created.map((r) => [r.operationId, r]));
  const known = documents.filter((d) => !createdById.has(d.operationId)).map((d) => d.operationId);
  const existing = known.length
    ? await tx
        .select()
        .from(fiscalDocuments)
        .where(
          and(eq(fiscalDocuments.terminalId, device.terminalId), inArray(fiscalDocuments.operationId, known)),
        )
        .orderBy(fiscalDocuments.operationId)
        .for('update')
    : [];
  const existingById = new Map(existing.map((r) => [r.operationId, r]));
  const results: Applied[] = [];
  for (const d of documents) {
    const row = createdById.get(d.operationId);
    if (row) results.push({ outcome: 'created', row });
    else results.push(await applyRevision(tx, existingById.get(d.operationId)!, d));
  }
  return results;
}

async function applyRevision(tx: Tx, current: FiscalDocumentRow, pushed: PushedDocument): Promise<Applied> {
  if (pushed.revision <= current.revision) return { outcome: 'unchanged' };
  const [row] = await tx
    .update(fiscalDocuments)
    .set({
      revision: pushed.revision,
      status: pushed.status,
      receiptNumber: pushed.receiptNumber,
      fiscalCode: pushed.fiscalCode,
      offlineFiscalCode: pushed.offlineFiscalCode,
      mevId: pushed.mevId,
      updatedAt: sql`now()`,
    })
    .where(eq(fiscalDocuments.id, current.id))
    .returning();
  const before = Object.fromEntries(FISCAL_FIELDS.map((f) => [f, current[f]])) as FiscalFields;
  return { outcome: 'updated', row: row!, before };
}

function toRow(device: Device, d: PushedDocument): typeof fiscalDocuments.$inferInsert {
  return {
    id: newId('fdoc'),
    merchantId: device.merchantId,
    terminalId: device.terminalId,
    operationId: d.operationId,
    revision: d.revision,
    type: d.type,
    status: d.status,
    createdAt: new Date(d.createdAt),
    receiptNumber: d.receiptNumber,
    reportNumber: d.reportNumber,
    fiscalCode: d.fiscalCode,
    offlineFiscalCode: d.offlineFiscalCode,
    mevId: d.mevId,
    totalMinor: d.total,
    saleId: d.saleId,
    refundId: d.refundId,
    vat: d.vat,
    payments: d.payments,
    lines: d.lines,
  };
}

function stockOf(a: Applied) {
  return a.row && isReceipt(a.row) ? receiptMovements(a.row, { created: a.outcome === 'created' }) : [];
}

function receiptEvent(a: Applied): NewEvent[] {
  if (!a.row || !isReceipt(a.row)) return [];
  const object = presentSale(a.row);
  if (a.outcome === 'created') return [{ type: `${a.row.type}.created`, data: { object } }];
  const { before, row } = a;
  if (!before) return [];
  const previousAttributes = Object.fromEntries(
    FISCAL_FIELDS.filter((f) => before[f] !== row[f]).map((f) => [f, before[f]]),
  );
  return [{ type: `${row.type}.updated`, data: { object, previousAttributes } }];
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
