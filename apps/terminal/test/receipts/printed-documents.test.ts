/**
 * The printed documents, golden: each kind (sale, refund, cash in and out, X and Z reports,
 * duplicate, shift report, periodic report) printed by a real terminal through its virtual
 * printer at a fixed time, compared line for line with `golden/<kind>.txt` (values that differ
 * per run, the fiscal server's codes and the registration number, are replaced by
 * placeholders). And every document adds up: its printed amounts are parsed back and summed,
 * against each other and across documents. UPDATE_GOLDEN=1 rewrites the files.
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { TEST_IDENTITY, type TerminalHandle, TestClock, useSimulator } from '../support/terminal-harness.js';

const GOLDEN = (kind: string) => new URL(`./golden/${kind}.txt`, import.meta.url);
const CUT = /^-+ 8<$/m;

const env = useSimulator();
const clock = new TestClock(new Date('2026-11-24T08:15:30.000Z'));
let terminal: TerminalHandle;
const printed = new Map<string, string>();

/** The documents printed since the last call, in order. */
let seen = 0;
async function newDocuments(): Promise<string[]> {
  const printer = terminal.printer as VirtualPrinter;
  await terminal.paperOut();
  const all = existsSync(printer.journalFile)
    ? readFileSync(printer.journalFile, 'utf8')
        .split(CUT)
        .filter((d) => d.trim() !== '')
    : [];
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

function normalized(text: string, codes: string[]): string {
  // The terminal id is generated per data directory.
  let out = text.replaceAll(terminal.registrationNumber, '<REG>').replace(/TRM-[0-9A-F]{8}/g, '<TERMINAL>');
  for (const code of codes) out = out.replaceAll(code, '<FISCAL-CODE>');
  return out.replace(/^\n+/, '');
}

async function ok(path: string, body: unknown) {
  const res = await terminal.call('POST', path, body);
  expect(res.body.error ?? null, path).toBeNull();
  return res.body.data as Record<string, unknown>;
}

const sale = {
  items: [
    { name: 'Cafea boabe ”Brăila” 1 kg', unitPrice: 19.99, quantity: 3, vatCode: 'A', discountPercent: 10 },
    { name: 'Чай зелёный', unitPrice: 7.35, quantity: 2, vatCode: 'B', markupAbsolute: 0.5 },
    { name: 'Sare iodată', unitPrice: 3.33, quantity: 1.5, vatCode: 'B', allowDecimals: true },
    { name: 'Pâine de casă', unitPrice: 5, quantity: 1, vatCode: '_' },
  ],
  cartDiscount: { percent: 5 },
  payments: [
    { type: '2', amount: 30, rrn: '263260000001' },
    { type: '1', amount: 50 },
  ],
  amountReceived: 80,
  change: 4.79,
  printReceipt: true,
};

beforeAll(async () => {
  terminal = await env.start({
    card: 'none',
    clock,
    config: {
      merchant: {
        name: 'SRL „Ţărăncuţa” Magazin',
        idno: '1003600012345',
        address: 'str. Ştefan cel Mare 1, Chişinău',
      },
    },
  });
  await newDocuments();
  const codes: string[] = [];
  const record = async (kind: string, run: () => Promise<Record<string, unknown>>) => {
    const data = await run();
    for (const key of ['fiscalCode', 'offlineFiscalCode'])
      if (typeof data[key] === 'string') codes.push(data[key]);
    const report = data.reportData === undefined ? null : data;
    if (report && typeof report.fiscalCode === 'string') codes.push(report.fiscalCode);
    const docs = await newDocuments();
    expect(docs, kind).toHaveLength(1);
    printed.set(kind, normalized(docs[0]!, codes));
    return data;
  };
  await ok('/api/shifts/open', { cashierId: 'c-17', cashierName: 'Ana  Rusu', openingCash: 10 });
  const sold = await record('sale', () => ok('/api/sales', sale));
  clock.set('2026-11-24T09:00:00.000Z');
  await record('refund', () =>
    ok(`/api/sales/${String(sold.saleId)}/refund`, {
      // The exempt line too: its VAT given back is 0.00, never -0.00.
      items: [
        { index: 1, quantity: 1 },
        { index: 3, quantity: 1 },
      ],
      reason: 'ambalaj deteriorat',
    }),
  );
  await record('cash-in', () => ok('/api/cash/in', { amount: 100, reason: 'fond de schimb' }));
  await record('cash-out', () => ok('/api/cash/out', { amount: 20.5 }));
  await record('duplicate', () => ok(`/api/sales/${String(sold.saleId)}/duplicate`, {}));
  await record('shift-report', () => ok('/api/shifts/close', { countedCash: 100 }));
  await record('x-report', () => ok('/api/reports/x', {}));
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
  await record('z-report', () => ok('/api/reports/z', {}));
  await record('periodic-report', () => ok('/api/reports/periodic', { reportFrom: 1, reportTo: 1 }));
});

const KINDS = [
  'sale',
  'refund',
  'cash-in',
  'cash-out',
  'duplicate',
  'shift-report',
  'x-report',
  'z-report',
  'periodic-report',
];
/** The fiscal documents: those the fiscal server registers, each naming its issuer. */
const FISCAL = ['sale', 'refund', 'cash-in', 'cash-out', 'x-report', 'z-report'];

const cents = (n: number) => Math.round(n * 100);
/** The amount a line ends with (a VAT code after it allowed), in bani. */
function amountOf(line: string): number {
  const match = /([-+]?\d+\.\d{2})(?: [A-E_])?$/.exec(line.trim());
  if (!match) throw new Error(`no amount in "${line}"`);
  return cents(Number(match[1]!.replace('+', '')));
}
const linesOf = (kind: string) => printed.get(kind)!.split('\n');
/** The amount of the line that is `label`, spaces, an amount. */
function valueOf(lines: string[], label: string): number {
  const layout = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +[-+]?\\d+\\.\\d{2}$`);
  const line = lines.find((l) => layout.test(l));
  if (line === undefined) throw new Error(`no line "${label}"`);
  return amountOf(line);
}
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** A sale receipt adds up: lines, adjustments, SUBTOTAL, cart discount, TOTAL, payments, REST, VAT. */
function checkSaleReceipt(lines: string[]): void {
  const originals = lines.filter((l) => / x \d+\.\d{2}\s+\d+\.\d{2} [A-E_]$/.test(l)).map(amountOf);
  const adjustments = lines.filter((l) => /^ {2}(REDUCERE|ADAOS)\s/.test(l)).map(amountOf);
  expect(originals).toHaveLength(4);
  expect(sum(originals) + sum(adjustments)).toBe(valueOf(lines, 'SUBTOTAL'));
  expect(valueOf(lines, 'SUBTOTAL') + valueOf(lines, 'REDUCERE BON')).toBe(valueOf(lines, 'TOTAL'));
  expect(valueOf(lines, 'CARD') + valueOf(lines, 'NUMERAR') - valueOf(lines, 'REST')).toBe(
    valueOf(lines, 'TOTAL'),
  );
  expect(valueOf(lines, 'TOTAL')).toBe(7521);
  expect(lines.filter((l) => l.startsWith('TVA ')).map(amountOf)).toHaveLength(3);
}

describe('printed documents', () => {
  it.each(KINDS)('%s matches its golden layout', (kind) => {
    const text = printed.get(kind)!;
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN(kind), text);
    expect(text).toBe(readFileSync(GOLDEN(kind), 'utf8'));
  });

  it('the sale receipt adds up: lines, adjustments, TOTAL, VAT, payments and REST', () => {
    checkSaleReceipt(linesOf('sale'));
  });

  it('the duplicate adds up as the sale it copies', () => {
    checkSaleReceipt(linesOf('duplicate'));
  });

  it('the refund receipt adds up: lines returned, TOTAL RETUR, money given back; no -0.00', () => {
    const lines = linesOf('refund');
    const returned = lines.filter((l) => /^\d+(\.\d+)? RETURNAT\s/.test(l)).map(amountOf);
    expect(returned).toHaveLength(2);
    expect(sum(returned)).toBe(valueOf(lines, 'TOTAL RETUR'));
    const givenBack = lines.filter((l) => l.startsWith('RESTITUIT ')).map(amountOf);
    expect(sum(givenBack)).toBe(-valueOf(lines, 'TOTAL RETUR'));
    expect(lines).toContainEqual(expect.stringMatching(/^TVA _ SCUTIT +0\.00$/));
  });

  it('no document prints a negative zero', () => {
    for (const kind of KINDS) expect(printed.get(kind), kind).not.toMatch(/-0\.00\b/);
  });

  it('the cash receipts move the drawer by their amount', () => {
    const cashIn = linesOf('cash-in');
    const cashOut = linesOf('cash-out');
    const drawerAfterIn = valueOf(cashIn, 'NUMERAR IN SERTAR');
    expect(drawerAfterIn - valueOf(cashOut, 'SCOATERE NUMERAR')).toBe(valueOf(cashOut, 'NUMERAR IN SERTAR'));
    // Before the cash-in: the sale's cash kept (cash less change) less the refund's cash given back.
    const saleLines = linesOf('sale');
    const cashKept = valueOf(saleLines, 'NUMERAR') - valueOf(saleLines, 'REST');
    const refundLines = linesOf('refund');
    expect(drawerAfterIn - valueOf(cashIn, 'INTRODUCERE NUMERAR')).toBe(
      cashKept - valueOf(refundLines, 'RESTITUIT NUMERAR'),
    );
  });

  it.each(['x-report', 'z-report'])(
    '%s adds up: sales − returns = TOTAL = Σ TVA + VALOARE FARA TVA = Σ payments, the drawer, the documents',
    (kind) => {
      const lines = linesOf(kind);
      const total = valueOf(lines, 'TOTAL');
      expect(valueOf(lines, 'VANZARI') - valueOf(lines, 'RETURURI')).toBe(total);
      const vat = lines.filter((l) => l.startsWith('TVA ')).map(amountOf);
      expect(sum(vat) + valueOf(lines, 'VALOARE FARA TVA')).toBe(total);
      // Per VAT rate, its total with VAT: the rates' totals add up to TOTAL.
      const rateTotals = lines.filter((l) => /^TOTAL [A-E_] /.test(l)).map(amountOf);
      expect(rateTotals).toHaveLength(vat.length);
      expect(sum(rateTotals)).toBe(total);
      expect(valueOf(lines, 'NUMERAR') + valueOf(lines, 'CARD')).toBe(total);
      expect(
        valueOf(lines, 'INTRODUCERI NUMERAR') -
          valueOf(lines, 'SCOATERI NUMERAR') +
          valueOf(lines, 'NUMERAR'),
      ).toBe(valueOf(lines, 'NUMERAR IN SERTAR'));
      expect(valueOf(lines, 'VANZARI')).toBe(valueOf(linesOf('sale'), 'TOTAL'));
      expect(valueOf(lines, 'RETURURI')).toBe(-valueOf(linesOf('refund'), 'TOTAL RETUR'));
      expect(valueOf(lines, 'NUMERAR IN SERTAR')).toBe(valueOf(linesOf('cash-out'), 'NUMERAR IN SERTAR'));
      // The code the fiscal server returned for the report, labelled as its document code.
      expect(lines).toContainEqual(expect.stringMatching(/^COD DOCUMENT MEV +<FISCAL-CODE>$/));
    },
  );

  it.each(['x-report', 'z-report'])(
    '%s says which day it covers: when it opened, its documents by number and by kind',
    (kind) => {
      const lines = linesOf(kind);
      // The sale opened the day (08:15:30); then refund 2, cash-in 3 and cash-out 4, at 09:00.
      expect(lines).toContain('ZI FISCALA DESCHISA DATA 24.11.2026 ORA 08:15:30');
      expect(lines).toContainEqual(expect.stringMatching(/^BONURI NR\. +1 - 4$/));
      expect(lines).toContainEqual(expect.stringMatching(/^BONURI FISCALE +1$/));
      expect(lines).toContainEqual(expect.stringMatching(/^BONURI DE RETUR +1$/));
      expect(lines).toContainEqual(expect.stringMatching(/^BONURI DE SERVICIU +2$/));
    },
  );

  it('the shift report adds up and shows the declared opening cash', () => {
    const lines = linesOf('shift-report');
    expect(valueOf(lines, 'NUMERAR DECLARAT LA DESCHIDERE')).toBe(1000);
    expect(lines).toContain('CASIER: Ana Rusu');
    const opening = valueOf(lines, 'NUMERAR LA DESCHIDERE');
    const expected = valueOf(lines, 'NUMERAR ASTEPTAT');
    const z = linesOf('z-report');
    expect(
      opening +
        valueOf(z, 'NUMERAR') +
        valueOf(lines, 'INTRODUCERI NUMERAR') -
        valueOf(lines, 'SCOATERI NUMERAR'),
    ).toBe(expected);
    expect(valueOf(lines, 'NUMERAR NUMARAT') - expected).toBe(valueOf(lines, 'DIFERENTA'));
    expect(valueOf(lines, 'VANZARI')).toBe(valueOf(z, 'VANZARI'));
    expect(valueOf(lines, 'RETURURI')).toBe(valueOf(z, 'RETURURI'));
  });

  it('the periodic report sums its one Z report', () => {
    const lines = linesOf('periodic-report');
    const z = linesOf('z-report');
    for (const label of ['VANZARI', 'RETURURI', 'VALOARE FARA TVA', 'NUMERAR', 'CARD', 'INTRODUCERI NUMERAR'])
      expect(valueOf(lines, label), label).toBe(valueOf(z, label));
    const vat = lines.filter((l) => l.startsWith('TVA ')).map(amountOf);
    expect(sum(vat) + valueOf(lines, 'VALOARE FARA TVA')).toBe(
      valueOf(lines, 'VANZARI') - valueOf(lines, 'RETURURI'),
    );
    const rateTotals = lines.filter((l) => /^TOTAL [A-E_] /.test(l)).map(amountOf);
    expect(rateTotals).toHaveLength(vat.length);
    expect(sum(rateTotals)).toBe(valueOf(lines, 'VANZARI') - valueOf(lines, 'RETURURI'));
  });

  it('every fiscal document names its issuer as HG 141/2019 words it: COD FISCAL (the IDNO) and address', () => {
    for (const kind of FISCAL) {
      const text = printed.get(kind) ?? '';
      expect(text, kind).toContain('COD FISCAL 1003600012345');
      expect(text, kind).toContain('str. Ştefan cel Mare 1, Chişinău');
      // The label belongs to the taxpayer alone: the MEV document's code is never called so.
      expect(text.match(/COD FISCAL/g), kind).toHaveLength(1);
    }
  });

  /**
   * The elements HG 141/2019 (Anexa nr. 1, pct. 24) makes mandatory on every fiscal document, as
   * far as its text could be read, each as the terminal prints it: the table in docs/terminal-api.md,
   * "Printed documents and the regulation", names this test for each of them.
   */
  const HEADINGS: Record<string, RegExp> = {
    sale: /^ +BON FISCAL +$/,
    refund: /^ +BON FISCAL DE RETUR +$/,
    'cash-in': /^ +BON DE SERVICIU +$/,
    'cash-out': /^ +BON DE SERVICIU +$/,
    'x-report': /^ +RAPORT X +$/,
    'z-report': /^ +RAPORT Z +$/,
  };
  const NUMBERS: Record<string, RegExp> = {
    sale: /^BON NR\. +1$/,
    refund: /^BON NR\. +2$/,
    'cash-in': /^BON NR\. +3$/,
    'cash-out': /^BON NR\. +4$/,
    'x-report': /^RAPORT X \(ZIUA Z NR\.\) +1$/,
    'z-report': /^RAPORT Z NR\. +1$/,
  };
  const PAYMENTS: Record<string, RegExp[]> = {
    sale: [/^CARD +30\.00$/, /^NUMERAR +50\.00$/],
    refund: [/^RESTITUIT CARD +\d+\.\d{2}$/, /^RESTITUIT NUMERAR +\d+\.\d{2}$/],
    'cash-in': [/^INTRODUCERE NUMERAR +100\.00$/],
    'cash-out': [/^SCOATERE NUMERAR +20\.50$/],
    'x-report': [/^CARD +\d+\.\d{2}$/, /^NUMERAR +\d+\.\d{2}$/],
    'z-report': [/^CARD +\d+\.\d{2}$/, /^NUMERAR +\d+\.\d{2}$/],
  };
  it.each(FISCAL)(
    '%s prints every mandatory element that could be read (HG 141/2019, Anexa nr. 1, pct. 24)',
    (kind) => {
      const lines = linesOf(kind);
      // 1) the taxpayer: name, fiscal code, address (see also the test above)
      expect(lines[0], kind).toContain('SRL „Ţărăncuţa” Magazin');
      // 3) the registration number the tax service gave the device
      const registration = lines.findIndex((line) => /^NR\. INREGISTRARE +<REG>$/.test(line));
      expect(registration, kind).toBeGreaterThan(0);
      // 2) the device's serial number and 1) the address of the tax office (SFS) where it was
      // registered, right under it, the address wrapped over the lines it needs
      expect(lines[registration + 1], kind).toMatch(/^NR\. SERIE +SN-TEST-0001$/);
      const office = `SFS: ${TEST_IDENTITY.taxOfficeAddress}`;
      expect(
        lines
          .slice(registration + 2)
          .join('')
          .slice(0, office.length),
        kind,
      ).toBe(office);
      // the kind of document, then 4) its current number
      expect(lines).toContainEqual(expect.stringMatching(HEADINGS[kind]!));
      expect(lines).toContainEqual(expect.stringMatching(NUMBERS[kind]!));
      // 5) the date and time of issue
      expect(lines).toContainEqual(expect.stringMatching(/^DATA \d\d\.\d\d\.\d{4} +ORA \d\d:\d\d:\d\d$/));
      // 6) how it was paid (a cash operation: the cash moved)
      for (const payment of PAYMENTS[kind]!) expect(lines).toContainEqual(expect.stringMatching(payment));
      // the code the fiscal server (MEV) gave the document
      expect(lines).toContainEqual(expect.stringMatching(/^COD DOCUMENT MEV +<FISCAL-CODE>$/));
    },
  );

  it.each(['sale', 'refund'])('%s carries the verification link and its QR code', (kind) => {
    const text = printed.get(kind)!;
    expect(text).toContain('VERIFICARE:');
    expect(text).toMatch(
      /^\[QR https:\/\/mev\.sfs\.md\/receipt-verifier\/<REG>\/\d+\.\d{2}\/\d+\/2026-11-24\]$/m,
    );
  });

  it('dates and times are the terminal’s (Europe/Chisinau in production, UTC in this suite)', () => {
    expect(printed.get('sale')).toContain('DATA 24.11.2026');
  });
});
