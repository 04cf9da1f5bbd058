// The ingest of terminals' fiscal documents: deduplicated by (terminal, operation id) and
// ordered by the terminal's revision, so a retried push, a lost answer or an outbox replayed
// after a crash changes nothing, and a later MEV result (an offline sale registered, a
// refusal) updates the document once. Several pushes (of any terminals and merchants) share
// one transaction: their documents, stock movements (with the on-hand they leave pending) and
// events commit together or not at all, and a push is never split across transactions. The statements are set-based, so their
// number per transaction is fixed whatever the number of documents.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/database.js';
import { fiscalDocuments } from '../db/schema.js';
import { insertEvents, isoTimestamp } from '../events/emit-event.js';
import { newId } from '../ids.js';
import { recordPushedMovements } from '../products/stock-ledger.js';
import type { AuthenticatedDevice } from '../device-access/device-auth.js';
import { isReceipt, presentSale, type FiscalDocumentRow } from './document-schemas.js';
import { DEFAULT_TIME_ZONE, type IngestOutcome, type PushedDocument } from '@fiscal-pos/platform-protocol';
import { receiptMovements } from './receipt-stock.js';
import { addToVatDailyTotals } from './vat-daily-rollup.js';

export type Device = Pick<AuthenticatedDevice, 'merchantId' | 'terminalId'>;

export interface Push {
  device: Device;
  documents: readonly PushedDocument[];
}

interface Pushed {
  device: Device;
  document: PushedDocument;
}

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
}

/** Applies the pushes in one transaction; the outcomes of each push's documents, in push order. */
export async function applyPushes(db: Db, pushes: readonly Push[]): Promise<IngestOutcome[][]> {
  const all = pushes.flatMap((p) => p.documents.map((document) => ({ device: p.device, document })));
  const applied = await db.transaction(async (tx) => {
    const applied = new Array<Applied>(all.length);
    // Pushes may carry one document twice (created, then refused, both waiting in the outbox;
    // or a retry grouped with its original): each round takes at most one copy of each, in
    // push order, so later revisions see earlier ones.
    for (const round of rounds(all)) {
      const results = await applyRound(
        tx,
        round.map((i) => all[i]!),
      );
      round.forEach((i, k) => (applied[i] = results[k]!));
    }
    // The movements, and their sums pending for on-hand (products/pending-stock.ts): no
    // product row is locked, so groups selling the same products do not wait for each other.
    const merchants = [...new Set(pushes.map((p) => p.device.merchantId))].sort(cmp);
    const ofMerchant = (merchantId: string) => applied.filter((a) => a.row?.merchantId === merchantId);
    for (const merchantId of merchants)
      await recordPushedMovements(tx, merchantId, ofMerchant(merchantId).flatMap(stockOf));
    return applied;
  });
  let next = 0;
  return pushes.map((p) => p.documents.map(() => applied[next++]!.outcome));
}

/** Indices of the documents split so that no round holds a (terminal, operation id) twice. */
function rounds(all: readonly Pushed[]): number[][] {
  const seen = new Map<string, number>();
  const result: number[][] = [];
  all.forEach((p, i) => {
    const key = documentKey(p);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    (result[n] ??= []).push(i);
  });
  return result;
}

const documentKey = (p: Pushed) => `${p.device.terminalId} ${p.document.operationId}`;

async function applyRound(tx: Tx, round: readonly Pushed[]): Promise<Applied[]> {
  // Rows are inserted and locked in (terminal, operation id) order, so two transactions of
  // overlapping documents (a retry racing its original in another process) wait for each
  // other rather than deadlock.
  const keyed = round.map((p) => ({ p, key: documentKey(p) }));
  keyed.sort((a, b) => cmp(a.key, b.key));
  const ordered = keyed.map((k) => k.p);
  const rows = ordered.map(toRow);
  // The sale.created / refund.created of each receipt, stored by the same statement for those
  // it inserts, with the times the database gave the row (receivedAt, updatedAt: now()).
  const created = rows.flatMap((row, ord) => {
    const receipt = { ...row, receivedAt: SET_IN_SQL, updatedAt: SET_IN_SQL };
    if (!isReceipt(receipt)) return [];
    const data = { object: presentSale(receipt) };
    return [{ document: row.id, id: newId('evt'), type: `${row.type}.created`, data, ord }];
  });
  // The rows go as one JSON parameter and come back as their ids: no per-row parameters to
  // bind and no row to parse, a fixed cost per statement whatever the number of documents.
  // The same statement files each new document's payment codes and zone and adds its VAT to its day.
  const inserted = rowsOf<{ id: string; received_at: Date | string; updated_at: Date | string }>(
    await tx.execute(sql`
      with ins as (
        insert into fiscal_documents (${sql.raw(INSERTED_COLUMNS.join(', '))})
        select ${sql.raw(INSERTED_COLUMNS.map((c) => `d.${c}`).join(', '))}
        from jsonb_populate_recordset(null::fiscal_documents, ${JSON.stringify(rows.map(toColumns))}::jsonb)
          with ordinality as d
        order by d.ordinality
        on conflict (terminal_id, operation_id) do nothing
        returning id, merchant_id, terminal_id, type, status, created_at, time_zone, vat, payments, received_at,
          updated_at),
      payment_codes as (
        insert into fiscal_document_payments (merchant_id, code, created_at, document_id, terminal_id)
        select distinct ins.merchant_id, p.code, ins.created_at, ins.id, ins.terminal_id
        from ins cross join jsonb_to_recordset(ins.payments) as p(code text)),
      zones as (
        insert into terminal_time_zones (merchant_id, terminal_id, time_zone)
        select distinct merchant_id, terminal_id, time_zone from ins
        order by 1, 2, 3
        on conflict do nothing),
      vat_totals as (${addToVatDailyTotals(sql`select * from ins where status <> 'failed'`, 1)}),
      ${insertEvents(
        sql`select e.id, ins.merchant_id, e.type, e.ord,
            jsonb_build_object('object', e.data->'object' || jsonb_build_object(
              'receivedAt', ${isoTimestamp(sql`ins.received_at`)},
              'updatedAt', ${isoTimestamp(sql`ins.updated_at`)})) as data
          from jsonb_to_recordset(${JSON.stringify(created)}::jsonb)
            as e(document text, id text, type text, data jsonb, ord int)
          join ins on ins.id = e.document`,
      )}
      select id, received_at, updated_at from ins`),
  );
  const stored = new Map<string, FiscalDocumentRow>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of inserted)
    stored.set(r.id, {
      ...byId.get(r.id)!,
      receivedAt: new Date(r.received_at),
      updatedAt: new Date(r.updated_at),
    });
  const rowOf = new Map(ordered.map((p, k) => [documentKey(p), rows[k]!.id]));
  const known = round.filter((p) => !stored.has(rowOf.get(documentKey(p))!));
  const existing = new Map(
    (await lockExisting(tx, known)).map((r) => [`${r.terminalId} ${r.operationId}`, r]),
  );
  const revised = known.filter((p) => p.document.revision > existing.get(documentKey(p))!.revision);
  const updated = await applyRevisions(
    tx,
    revised.map((p) => ({ current: existing.get(documentKey(p))!, pushed: p.document })),
  );
  return round.map((p) => {
    const row = stored.get(rowOf.get(documentKey(p))!);
    if (row) return { outcome: 'created', row };
    return updated.get(existing.get(documentKey(p))!.id) ?? { outcome: 'unchanged' };
  });
}

async function lockExisting(tx: Tx, known: readonly Pushed[]): Promise<FiscalDocumentRow[]> {
  if (known.length === 0) return [];
  const t = fiscalDocuments;
  const keys = JSON.stringify(known.map((p) => [p.device.terminalId, p.document.operationId]));
  return tx
    .select()
    .from(t)
    .where(
      sql`(${t.terminalId}, ${t.operationId}) in (select k->>0, k->>1 from jsonb_array_elements(${keys}::jsonb) k)`,
    )
    .orderBy(t.terminalId, t.operationId)
    .for('update');
}

/** Every later revision in one statement; the rows are locked already (lockExisting). */
async function applyRevisions(
  tx: Tx,
  revisions: readonly { current: FiscalDocumentRow; pushed: PushedDocument }[],
): Promise<Map<string, Applied>> {
  const result = new Map<string, Applied>();
  if (revisions.length === 0) return result;
  const input = revisions.map(({ current, pushed }) => ({
    id: current.id,
    revision: pushed.revision,
    status: pushed.status,
    receipt_number: pushed.receiptNumber,
    fiscal_code: pushed.fiscalCode,
    offline_fiscal_code: pushed.offlineFiscalCode,
    mev_id: pushed.mevId,
  }));
  // A receipt the tax server refuses now was never sold: its VAT leaves the day it was added to.
  // `failed` is final (as for stock, receipt-stock.ts): a later revision leaving it adds nothing.
  const refused = revisions
    .filter(({ current, pushed }) => current.status !== 'failed' && pushed.status === 'failed')
    .map(({ current }) => current.id);
  // The sale.updated / refund.updated of each, stored by the same statement, with the
  // updatedAt the database gave the row.
  const rows = revisions.map(({ current, pushed }) => {
    const before = Object.fromEntries(FISCAL_FIELDS.map((f) => [f, current[f]])) as FiscalFields;
    const row: FiscalDocumentRow = {
      ...current,
      revision: pushed.revision,
      status: pushed.status,
      receiptNumber: pushed.receiptNumber,
      fiscalCode: pushed.fiscalCode,
      offlineFiscalCode: pushed.offlineFiscalCode,
      mevId: pushed.mevId,
      updatedAt: SET_IN_SQL,
    };
    return { before, row };
  });
  const updatedEvents = rows.flatMap(({ before, row }, ord) => {
    if (!isReceipt(row)) return [];
    const previousAttributes = Object.fromEntries(
      FISCAL_FIELDS.filter((f) => before[f] !== row[f]).map((f) => [f, before[f]]),
    );
    const data = { object: presentSale(row), previousAttributes };
    return [{ document: row.id, id: newId('evt'), type: `${row.type}.updated`, data, ord }];
  });
  const changed = rowsOf<{ id: string; updated_at: Date | string }>(
    await tx.execute(sql`
      with upd as (
        update fiscal_documents f set revision = u.revision, status = u.status,
          receipt_number = u.receipt_number, fiscal_code = u.fiscal_code,
          offline_fiscal_code = u.offline_fiscal_code, mev_id = u.mev_id, updated_at = now()
        from jsonb_populate_recordset(null::fiscal_documents, ${JSON.stringify(input)}::jsonb) u
        where f.id = u.id
        returning f.id, f.merchant_id, f.terminal_id, f.type, f.created_at, f.time_zone, f.vat, f.updated_at),
      vat_totals as (${addToVatDailyTotals(
        sql`select * from upd where upd.id in (select jsonb_array_elements_text(${JSON.stringify(refused)}::jsonb))`,
        -1,
      )}),
      ${insertEvents(
        sql`select e.id, upd.merchant_id, e.type, e.ord,
            jsonb_set(e.data, '{object,updatedAt}', to_jsonb(${isoTimestamp(sql`upd.updated_at`)})) as data
          from jsonb_to_recordset(${JSON.stringify(updatedEvents)}::jsonb)
            as e(document text, id text, type text, data jsonb, ord int)
          join upd on upd.id = e.document`,
      )}
      select id, updated_at from upd`),
  );
  const updatedAt = new Map(changed.map((r) => [r.id, new Date(r.updated_at)]));
  for (const { row } of rows)
    result.set(row.id, { outcome: 'updated', row: { ...row, updatedAt: updatedAt.get(row.id)! } });
  return result;
}

type NewRow = Omit<FiscalDocumentRow, 'receivedAt' | 'updatedAt'>;

/**
 * A time the statement storing the row sets (received_at, updated_at: the database's now()):
 * the event rendered before it carries this, and the statement writes the row's own in its place.
 */
const SET_IN_SQL = new Date(0);

function toRow({ device, document: d }: Pushed): NewRow {
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
    registrationNumber: d.registrationNumber ?? null,
    verificationUrl: d.verificationUrl ?? null,
    changeMinor: d.change ?? null,
    timeZone: d.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The columns an insert sets; received_at and updated_at take the database's now(). */
const INSERTED_COLUMNS = [
  'id',
  'merchant_id',
  'terminal_id',
  'operation_id',
  'revision',
  'type',
  'status',
  'created_at',
  'receipt_number',
  'report_number',
  'fiscal_code',
  'offline_fiscal_code',
  'mev_id',
  'total_minor',
  'sale_id',
  'refund_id',
  'vat',
  'payments',
  'lines',
  'registration_number',
  'verification_url',
  'change_minor',
  'time_zone',
] as const;

function toColumns(r: NewRow): Record<(typeof INSERTED_COLUMNS)[number], unknown> {
  return {
    id: r.id,
    merchant_id: r.merchantId,
    terminal_id: r.terminalId,
    operation_id: r.operationId,
    revision: r.revision,
    type: r.type,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    receipt_number: r.receiptNumber,
    report_number: r.reportNumber,
    fiscal_code: r.fiscalCode,
    offline_fiscal_code: r.offlineFiscalCode,
    mev_id: r.mevId,
    total_minor: r.totalMinor,
    sale_id: r.saleId,
    refund_id: r.refundId,
    vat: r.vat,
    payments: r.payments,
    lines: r.lines,
    registration_number: r.registrationNumber,
    verification_url: r.verificationUrl,
    change_minor: r.changeMinor,
    time_zone: r.timeZone,
  };
}

function stockOf(a: Applied) {
  return a.row && isReceipt(a.row) ? receiptMovements(a.row, { created: a.outcome === 'created' }) : [];
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
