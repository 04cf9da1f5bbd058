import { dayRangeBounds } from '../fiscal-operations/history-page.js';
import type { Db } from '../storage/database.js';
import type { LotStatus } from './lot-status.js';

/** A line of a lot, in the units of the fiscal core (bani, thousandths, basis points). */
interface LotLine {
  lotLineId: string;
  productId: string | null;
  name: string;
  quantityMilli: number;
  unitPrice: number;
  vatCode: string;
  allowDecimals: boolean;
  discountBp: number;
  discountAbsolute: number;
  markupBp: number;
  markupAbsolute: number;
}

/** What a sale did to a lot: the webhook's body, exactly as the spec shapes it. */
export interface LotSaleReport {
  lotId: string;
  saleId: string;
  soldAt: string;
  lines: {
    lotLineId: string;
    name: string;
    orderedQty: number;
    soldQty: number;
    status: 'sold' | 'modified' | 'removed';
  }[];
  extraLines: { productId: string | null; name: string; soldQty: number; status: 'added' }[];
}

/**
 * The webhook of a sold lot: `pending` until the one attempt starts, then its outcome, coarse
 * on purpose: the receiver's status and error text stay in the file and the log, so that the
 * lot's reader cannot use the terminal to probe what answers where (docs/terminal-api.md).
 */
interface WebhookOutcome {
  state: 'pending' | 'attempted';
  /** null while pending, or when a crash cut the attempt short (it is never sent again). */
  outcome: 'delivered' | 'failed' | null;
  at: string | null;
}

export interface DeliveryLot {
  id: string;
  reference: string | null;
  webhookUrl: string | null;
  /** As stored: an open lot past expiresAt is still `open` here (see effectiveStatus). */
  status: LotStatus;
  expiresAt: string | null;
  createdAt: string;
  closedAt: string | null;
  lines: LotLine[];
  sold: LotSaleReport | null;
  webhook: WebhookOutcome | null;
}

interface LotRow {
  id: string;
  reference: string | null;
  webhook_url: string | null;
  status: LotStatus;
  expires_at: string | null;
  created_at: string;
  closed_at: string | null;
  webhook_state: 'pending' | 'attempted' | null;
  webhook_status_code: number | null;
  webhook_error: string | null;
  webhook_at: string | null;
  sold_json: string | null;
}

interface LineRow {
  lot_line_id: string;
  product_id: string | null;
  name: string;
  quantity_milli: number;
  unit_price: number;
  vat_code: string;
  allow_decimals: number;
  discount_bp: number;
  discount_absolute: number;
  markup_bp: number;
  markup_absolute: number;
}

interface LotQuery {
  status: LotStatus | null;
  dateFrom: string | null;
  dateTo: string | null;
  limit: number;
  offset: number;
}

/**
 * The status filter with time applied, as effectiveStatus reads one lot: `open` leaves out the
 * lots past expiresAt, `expired` takes them in.
 */
const STATUS_FILTER = `(@status IS NULL
  OR (@status = 'open' AND status = 'open' AND (expires_at IS NULL OR expires_at > @now))
  OR (@status = 'expired' AND (status = 'expired' OR (status = 'open' AND expires_at <= @now)))
  OR (@status NOT IN ('open', 'expired') AND status = @status))`;

export class LotStore {
  constructor(private readonly db: Db) {}

  insert(
    lot: Pick<DeliveryLot, 'id' | 'reference' | 'webhookUrl' | 'expiresAt' | 'createdAt' | 'lines'>,
  ): void {
    this.db
      .prepare(
        `INSERT INTO delivery_lots (id, reference, webhook_url, status, expires_at, created_at)
         VALUES (?, ?, ?, 'open', ?, ?)`,
      )
      .run(lot.id, lot.reference, lot.webhookUrl, lot.expiresAt, lot.createdAt);
    const line = this.db.prepare(
      `INSERT INTO delivery_lot_lines (lot_id, position, lot_line_id, product_id, name, quantity_milli, unit_price,
         vat_code, allow_decimals, discount_bp, discount_absolute, markup_bp, markup_absolute)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    lot.lines.forEach((l, position) =>
      line.run(
        lot.id,
        position,
        l.lotLineId,
        l.productId,
        l.name,
        l.quantityMilli,
        l.unitPrice,
        l.vatCode,
        l.allowDecimals ? 1 : 0,
        l.discountBp,
        l.discountAbsolute,
        l.markupBp,
        l.markupAbsolute,
      ),
    );
  }

  get(id: string): DeliveryLot | undefined {
    const row = this.db.prepare<[string], LotRow>('SELECT * FROM delivery_lots WHERE id = ?').get(id);
    return row ? this.withLines(row) : undefined;
  }

  list(query: LotQuery, now: Date): { lots: DeliveryLot[]; total: number } {
    const { from, to } = dayRangeBounds(query.dateFrom, query.dateTo);
    const where = `WHERE created_at >= @from AND created_at <= @to AND ${STATUS_FILTER}`;
    const params = { from, to, status: query.status, now: now.toISOString() };
    const total =
      this.db
        .prepare<typeof params, { n: number }>(`SELECT COUNT(*) AS n FROM delivery_lots ${where}`)
        .get(params)?.n ?? 0;
    const rows = this.db
      .prepare<typeof params & { limit: number; offset: number }, LotRow>(
        `SELECT * FROM delivery_lots ${where} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: query.limit, offset: query.offset });
    return { lots: rows.map((row) => this.withLines(row)), total };
  }

  /** open → cancelled, unless the lot expired by `at`; false when it was not open. */
  cancel(id: string, at: string): boolean {
    return (
      this.db
        .prepare(
          `UPDATE delivery_lots SET status = 'cancelled', closed_at = ?
           WHERE id = ? AND status = 'open' AND (expires_at IS NULL OR expires_at > ?)`,
        )
        .run(at, id, at).changes === 1
    );
  }

  /**
   * open → sold, inside the sale's transaction; the webhook becomes pending when the lot has a
   * receiver. False when the lot was not open (or expired) at `report.soldAt`.
   */
  markSold(report: LotSaleReport): boolean {
    return (
      this.db
        .prepare(
          `UPDATE delivery_lots SET status = 'sold', closed_at = @at, sale_id = @saleId, sold_json = @sold,
             webhook_state = CASE WHEN webhook_url IS NULL THEN NULL ELSE 'pending' END
           WHERE id = @id AND status = 'open' AND (expires_at IS NULL OR expires_at > @at)`,
        )
        .run({ id: report.lotId, at: report.soldAt, saleId: report.saleId, sold: JSON.stringify(report) })
        .changes === 1
    );
  }

  /**
   * sold → open when the sale that sold the lot was refused by the fiscal server, or never
   * written. A sale that stands keeps its lot sold whatever failed after its write (a full disk
   * refusing the record of the server's answer: the sale is registered later), or the lot would
   * be sold twice; the caller reopens on any error and leaves that judgement here.
   */
  reopen(id: string, saleId: string): void {
    this.db
      .prepare(
        `UPDATE delivery_lots SET status = 'open', closed_at = NULL, sale_id = NULL, sold_json = NULL, webhook_state = NULL
         WHERE id = ? AND sale_id = ? AND NOT EXISTS (
           SELECT 1 FROM sales s JOIN fiscal_operations o ON o.seq = s.seq
           WHERE s.id = delivery_lots.sale_id AND o.status != 'failed')`,
      )
      .run(id, saleId);
  }

  /** `reopen` for the sale of the operation `operationId`, when a lot was sold by it. */
  reopenSoldBy(operationId: string): void {
    const sold = this.db
      .prepare<[string], { id: string; sale_id: string }>(
        `SELECT l.id, l.sale_id FROM fiscal_operations o JOIN sales s ON s.seq = o.seq
           JOIN delivery_lots l ON l.sale_id = s.id WHERE o.id = ?`,
      )
      .get(operationId);
    if (sold) this.reopen(sold.id, sold.sale_id);
  }

  /**
   * Takes the one attempt of a pending webhook: `attempted` is durable before the request goes
   * out, so a crash during it never leads to a second one. Null when it is not pending.
   */
  claimWebhook(id: string, at: string): { url: string; body: LotSaleReport } | null {
    return this.db.transaction(() => {
      const row = this.db
        .prepare<[string], Pick<LotRow, 'webhook_url' | 'sold_json'>>(
          `SELECT webhook_url, sold_json FROM delivery_lots WHERE id = ? AND webhook_state = 'pending'`,
        )
        .get(id);
      if (!row?.webhook_url || !row.sold_json) return null;
      this.db
        .prepare(`UPDATE delivery_lots SET webhook_state = 'attempted', webhook_at = ? WHERE id = ?`)
        .run(at, id);
      return { url: row.webhook_url, body: JSON.parse(row.sold_json) as LotSaleReport };
    })();
  }

  recordWebhook(id: string, outcome: { statusCode: number | null; error: string | null; at: string }): void {
    this.db
      .prepare(
        'UPDATE delivery_lots SET webhook_status_code = ?, webhook_error = ?, webhook_at = ? WHERE id = ?',
      )
      .run(outcome.statusCode, outcome.error, outcome.at, id);
  }

  /** Lots whose sale was written but whose webhook was never attempted (a crash came between). */
  pendingWebhooks(): string[] {
    return this.db
      .prepare<[], { id: string }>(
        `SELECT id FROM delivery_lots WHERE webhook_state = 'pending' ORDER BY closed_at`,
      )
      .all()
      .map((row) => row.id);
  }

  private withLines(row: LotRow): DeliveryLot {
    const lines = this.db
      .prepare<[string], LineRow>('SELECT * FROM delivery_lot_lines WHERE lot_id = ? ORDER BY position')
      .all(row.id)
      .map((l) => ({
        lotLineId: l.lot_line_id,
        productId: l.product_id,
        name: l.name,
        quantityMilli: l.quantity_milli,
        unitPrice: l.unit_price,
        vatCode: l.vat_code,
        allowDecimals: l.allow_decimals === 1,
        discountBp: l.discount_bp,
        discountAbsolute: l.discount_absolute,
        markupBp: l.markup_bp,
        markupAbsolute: l.markup_absolute,
      }));
    return {
      id: row.id,
      reference: row.reference,
      webhookUrl: row.webhook_url,
      status: row.status,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      closedAt: row.closed_at,
      lines,
      sold: row.sold_json ? (JSON.parse(row.sold_json) as LotSaleReport) : null,
      webhook: row.webhook_state
        ? {
            state: row.webhook_state,
            outcome: webhookOutcomeOf(row),
            at: row.webhook_at,
          }
        : null,
    };
  }
}

/** Delivered: a 2xx came and nothing failed; failed: an error was recorded; otherwise unknown. */
function webhookOutcomeOf(row: LotRow): WebhookOutcome['outcome'] {
  if (row.webhook_error !== null) return 'failed';
  return row.webhook_status_code === null ? null : 'delivered';
}
