// The console's sales list at a million documents (issue 26: p99 < 100 ms at any page). One
// merchant, 20 terminals (one of them in New York, the others in Chisinau: days across zones are
// the date filters' dearest case), two years of documents bulk-loaded with generate_series (85 %
// sales, 5 % refunds, cash in and out, X and Z reports; cash, card, both, and a rare voucher), then:
//   - the list query (documents/document-list.ts) at its first, middle and last page, with no
//     filter and with each filter (terminal, type, payment code, a month of days, all of them);
//   - the same pages over HTTP with a console session (GET /api/console/v1/sales), the figure
//     the goal names;
//   - the daily VAT report for a month and a year, from the rollup the ingest keeps, against the
//     same totals computed from the documents' VAT at read time (why the rollup exists);
//   - the CSV export of a month, streamed.
// PostgreSQL at TEST_DATABASE_URL (a fresh database, dropped afterwards); PGlite with
// BENCH_SALES_PGLITE_DOCS documents (0 skips it; see docs/benchmarks.md for why not 1M).
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../src/db/database.js';
import { documentPage, type DocumentFilters } from '../src/documents/document-list.js';
import { salesCsv } from '../src/documents/sales-csv.js';
import { vatDailyReport } from '../src/documents/vat-daily-report.js';
import { encodeCursor, type SortKey } from '../src/http/cursor.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { summarize, type LatencySummary } from '../../../bench/load/latency-stats.js';
import { seedConsoleUser, signInConsole } from '../test/console-harness.js';
import { openTestDatabase, startTestCloud, type Driver } from '../test/harness.js';

const DOCUMENTS = Number(process.env.BENCH_SALES_DOCS ?? 1_000_000);
const PGLITE_DOCUMENTS = Number(process.env.BENCH_SALES_PGLITE_DOCS ?? 100_000);
const TERMINALS = 20;
/** The last terminal's zone; the others are in Europe/Chisinau. */
const OTHER_ZONE = process.env.BENCH_SALES_OTHER_ZONE ?? 'America/New_York';
const PAGE = 50;
/** Timed runs per page and filter. */
const RUNS = Number(process.env.BENCH_SALES_RUNS ?? 200);
const FIRST_DAY = '2024-12-01';
/** Two years, in seconds: the documents are spread evenly over them. */
const SPAN_SECONDS = 2 * 365 * 86_400;

type Figures = Record<string, number | string>;

export async function runSalesBench(): Promise<Figures> {
  const figures: Figures = {};
  const drivers: [Driver, number][] = [];
  if (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) drivers.push(['postgres', DOCUMENTS]);
  else figures['postgres'] = 'skipped: no TEST_DATABASE_URL';
  if (PGLITE_DOCUMENTS > 0) drivers.push(['pglite', PGLITE_DOCUMENTS]);
  for (const [driver, count] of drivers) Object.assign(figures, await benchOn(driver, count));
  return figures;
}

async function benchOn(driver: Driver, count: number): Promise<Figures> {
  const figures: Figures = {};
  const database = await openTestDatabase(driver);
  const prefix = `${driver} ${count / 1000}k`;
  try {
    const started = performance.now();
    const { merchantId, terminalIds } = await load(database, count);
    const loadSeconds = (performance.now() - started) / 1000;
    figures[`${prefix} load s`] = loadSeconds;
    console.log(`bench: sales: ${prefix} loaded in ${loadSeconds.toFixed(0)} s`);

    const filters: [string, Omit<DocumentFilters, 'merchantId'>][] = [
      ['none', {}],
      ['terminal', { terminalId: terminalIds[7] }],
      ['type refund', { type: 'refund' }],
      ['payment card', { paymentCode: '2' }],
      ['payment voucher (0.5 %)', { paymentCode: '3.1' }],
      ['a month', { fromDay: '2025-06-01', toDay: '2025-06-30' }],
      ['a day', { fromDay: '2025-06-15', toDay: '2025-06-15' }],
      [
        'terminal+card+month',
        { terminalId: terminalIds[7], paymentCode: '2', fromDay: '2025-06-01', toDay: '2025-06-30' },
      ],
    ];
    // The list is timed, not rate-limited: the console session's budget would stop the runs.
    const cloud = await startTestCloud(database, { rateLimit: { max: 100_000_000, windowMs: 60_000 } });
    try {
      const user = await seedConsoleUser(database, { merchantId, role: 'viewer' });
      const browser = await signInConsole(cloud, user);
      for (const [name, filter] of filters) {
        const all = { merchantId, ...filter };
        for (const [where, before] of await cursors(database.db, all)) {
          const query = await time(() => documentPage(database.db, { ...all, before, limit: PAGE }));
          const params = new URLSearchParams({
            limit: String(PAGE),
            ...(filter.terminalId ? { terminalId: filter.terminalId } : {}),
            ...(filter.type ? { type: filter.type } : {}),
            ...(filter.paymentCode ? { payment: filter.paymentCode } : {}),
            ...(filter.fromDay ? { from: filter.fromDay } : {}),
            ...(filter.toDay ? { to: filter.toDay } : {}),
            ...(before ? { cursor: encodeCursor(before) } : {}),
          });
          const http = await time(async () => {
            const res = await browser.call('GET', `/sales?${params.toString()}`);
            if (res.status !== 200) throw new Error(`GET /sales answered ${res.status}: ${res.text}`);
          });
          figures[`${prefix} list ${name} ${where}: query p50/p99 ms`] = pair(query);
          figures[`${prefix} list ${name} ${where}: HTTP p50/p99 ms`] = pair(http);
        }
      }
    } finally {
      await cloud.close();
    }

    for (const [name, from, to] of [
      ['month', '2025-06-01', '2025-06-30'],
      ['year', '2025-01-01', '2025-12-31'],
    ] as const) {
      const rollup = await time(() => vatDailyReport(database.db, { merchantId, from, to }), 20);
      const direct = await time(() => vatFromDocuments(database.db, merchantId, from, to), 3);
      figures[`${prefix} VAT daily ${name}: rollup p50/p99 ms`] = pair(rollup);
      figures[`${prefix} VAT daily ${name}: from documents p50/p99 ms`] = pair(direct);
    }

    const exportStarted = performance.now();
    let rows = -1;
    for await (const chunk of salesCsv(database.db, {
      merchantId,
      fromDay: '2025-06-01',
      toDay: '2025-06-30',
    }))
      rows += String(chunk).split('\n').length - 1;
    const exportMs = performance.now() - exportStarted;
    figures[`${prefix} CSV export a month: rows`] = rows;
    figures[`${prefix} CSV export a month: rows/s`] = Math.round(rows / (exportMs / 1000));
  } finally {
    await database.close();
  }
  return figures;
}

/** One merchant, its terminals and `count` documents, with their payment codes and daily VAT. */
async function load(
  database: Database,
  count: number,
): Promise<{ merchantId: string; terminalIds: string[] }> {
  const { db } = database;
  const merchant = await createMerchant(db, { name: 'Bench shop', integrationActive: true });
  const terminalIds = Array.from({ length: TERMINALS }, (_, i) => `term_bench${String(i).padStart(2, '0')}`);
  await db.execute(sql`
    insert into terminals (id, merchant_id, name, status, created_at)
    select t, ${merchant.id}, 'Casa ' || t, 'active', now() from jsonb_array_elements_text(${JSON.stringify(terminalIds)}::jsonb) t`);
  // In batches, so that a batch's jsonb stays in memory comfortably (PGlite above all).
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into fiscal_documents (id, merchant_id, terminal_id, operation_id, revision, type, status,
        created_at, receipt_number, report_number, fiscal_code, offline_fiscal_code, mev_id, total_minor,
        sale_id, refund_id, vat, payments, lines, registration_number, verification_url, change_minor, time_zone)
      select 'fdoc_bench' || lpad(g::text, 8, '0'), ${merchant.id}, 'term_bench' || lpad((g % ${TERMINALS})::text, 2, '0'),
        gen_random_uuid()::text, 1, kind, case when g % 97 = 0 then 'failed' else 'synced' end,
        ${FIRST_DAY}::timestamptz + make_interval(secs => g * ${SPAN_SECONDS / count}::float8),
        case when kind in ('sale', 'refund') then g end, g / 2000, 'MEV' || g, null, 'mev' || g, amount,
        case when kind in ('sale', 'refund') then 'sale' || (g - case when kind = 'refund' then 7 else 0 end) end,
        case when kind = 'refund' then 'refund' || g end,
        case when kind in ('sale', 'refund') then jsonb_build_array(jsonb_build_object(
          'code', 'B', 'rateBp', 2000, 'taxableAmount', amount - round(amount / 6.0)::bigint,
          'vatAmount', round(amount / 6.0)::bigint)) else '[]'::jsonb end,
        case when kind in ('x_report', 'z_report') then '[]'::jsonb
          when p < 0.60 then jsonb_build_array(jsonb_build_object('code', '1', 'amount', amount))
          when p < 0.95 then jsonb_build_array(jsonb_build_object('code', '2', 'amount', amount))
          when p < 0.995 then jsonb_build_array(jsonb_build_object('code', '1', 'amount', amount - amount / 2),
                                                jsonb_build_object('code', '2', 'amount', amount / 2))
          else jsonb_build_array(jsonb_build_object('code', '3.1', 'amount', amount)) end,
        case when kind in ('sale', 'refund') then (
          select jsonb_agg(jsonb_build_object('position', i, 'productId', 'prod_' || ((g + i) % 500), 'name',
            'Produs ' || ((g + i) % 500), 'quantityMilli', 1000, 'unitPrice', amount / 3, 'amount',
            case when i = 2 then amount - 2 * (amount / 3) else amount / 3 end, 'vatCode', 'B'))
          from generate_series(0, 2) i) else '[]'::jsonb end,
        'J403000001', 'https://mev.sfs.md/receipt-verifier/J403000001/1.00/' || g || '/2025-01-01', 0,
        case when g % ${TERMINALS} = ${TERMINALS - 1} then ${OTHER_ZONE} else 'Europe/Chisinau' end
      from (
        select g, r, p, 300 + (g::bigint * 7919) % 50000 as amount,
          case when r < 0.85 then 'sale' when r < 0.90 then 'refund' when r < 0.94 then 'cash_in'
            when r < 0.97 then 'cash_out' when r < 0.995 then 'x_report' else 'z_report' end as kind
        from (select g, random() as r, random() as p from generate_series(${from}::int, ${to}::int) g) s
      ) d`);
  }
  await db.execute(sql`
    insert into fiscal_document_payments (merchant_id, code, created_at, document_id, terminal_id)
    select distinct d.merchant_id, p.code, d.created_at, d.id, d.terminal_id
    from fiscal_documents d cross join jsonb_to_recordset(d.payments) as p(code text)`);
  await db.execute(sql`
    insert into terminal_time_zones (merchant_id, terminal_id, time_zone)
    select distinct merchant_id, terminal_id, time_zone from fiscal_documents`);
  await db.execute(sql`
    insert into vat_daily_totals (merchant_id, day, terminal_id, vat_code, rate_bp,
      sales_taxable, sales_vat, refunds_taxable, refunds_vat)
    ${vatFromDocumentsSql(sql`d.status <> 'failed'`, 'd.terminal_id')}`);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
  // the list's index-only scans skip the heap.
  await db.execute(sql`vacuum analyze`);
  return { merchantId: merchant.id, terminalIds };
}

/** Per day, terminal (or not), code and rate: the VAT of the receipts `where` selects. */
function vatFromDocumentsSql(where: ReturnType<typeof sql>, terminal: 'd.terminal_id' | 'null') {
  return sql`
    select d.merchant_id, (d.created_at at time zone d.time_zone)::date, ${sql.raw(terminal)}, v.code, v."rateBp",
      sum(case when d.type = 'sale' then v."taxableAmount" else 0 end),
      sum(case when d.type = 'sale' then v."vatAmount" else 0 end),
      sum(case when d.type = 'refund' then v."taxableAmount" else 0 end),
      sum(case when d.type = 'refund' then v."vatAmount" else 0 end)
    from fiscal_documents d
      cross join jsonb_to_recordset(d.vat) as v(code text, "rateBp" integer, "taxableAmount" bigint, "vatAmount" bigint)
    where d.type in ('sale', 'refund') and ${where}
    group by 1, 2, 3, 4, 5`;
}

/** The report's totals computed at read time from the documents (what the rollup saves). */
async function vatFromDocuments(db: Db, merchantId: string, from: string, to: string): Promise<unknown[]> {
  return rowsOf(
    await db.execute(
      vatFromDocumentsSql(
        sql`d.status <> 'failed' and d.merchant_id = ${merchantId}
          and (d.created_at at time zone d.time_zone)::date between ${from}::date and ${to}::date`,
        'null',
      ),
    ),
  );
}

/**
 * The cursors of the first, middle and last pages of a filter: the key of the row just before
 * each, found with an OFFSET over the same selection, once and untimed (the list never uses one).
 */
async function cursors(db: Db, f: DocumentFilters): Promise<[string, SortKey | undefined][]> {
  // Only the conditions the filter has: a generic "$1 is null or ..." would scan everything.
  const conditions = [
    sql`d.merchant_id = ${f.merchantId}`,
    f.terminalId === undefined ? undefined : sql`d.terminal_id = ${f.terminalId}`,
    f.type === undefined ? undefined : sql`d.type = ${f.type}`,
    f.paymentCode === undefined
      ? undefined
      : sql`exists (select 1 from fiscal_document_payments p where p.merchant_id = d.merchant_id
          and p.code = ${f.paymentCode} and p.created_at = d.created_at and p.document_id = d.id)`,
    f.fromDay === undefined
      ? undefined
      : sql`(d.created_at at time zone d.time_zone)::date >= ${f.fromDay}::date`,
    f.toDay === undefined
      ? undefined
      : sql`(d.created_at at time zone d.time_zone)::date <= ${f.toDay}::date`,
  ].filter((c) => c !== undefined);
  const where = sql.join(conditions, sql` and `);
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from fiscal_documents d where ${where}`),
  );
  const total = counted!.n;
  const keyBefore = async (offset: number): Promise<SortKey | undefined> => {
    if (offset <= 0) return undefined;
    const [row] = rowsOf<{ created_at: string | Date; id: string }>(
      await db.execute(sql`select d.created_at, d.id from fiscal_documents d where ${where}
        order by d.created_at desc, d.id desc offset ${offset - 1} limit 1`),
    );
    return { at: new Date(row!.created_at), id: row!.id };
  };
  return [
    ['first', undefined],
    ['middle', await keyBefore(Math.floor(total / 2))],
    ['last', await keyBefore(total - PAGE)],
  ];
}

async function time(step: () => Promise<unknown>, runs = RUNS): Promise<LatencySummary> {
  await step(); // warm: plans cached, pages in the buffer cache
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await step();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

const pair = (s: LatencySummary) => `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)}`;
