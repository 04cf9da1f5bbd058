/**
 * The printed documents, golden: each kind (sale, refund, cash in and out, X and Z reports,
 * duplicate) printed by a real terminal through its virtual printer at a fixed time, compared
 * line for line with `golden/<kind>.txt` (values that differ per run, the fiscal server's codes
 * and the registration number, are replaced by placeholders). And the sale receipt adds up:
 * its printed amounts are parsed back and summed. UPDATE_GOLDEN=1 rewrites the files.
 */
import { setFaultMode } from '@fiscal-pos/mev-sim';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPrinter } from '../../src/printing/virtual-printer.js';
import { type TerminalHandle, TestClock, useSimulator } from '../support/terminal-harness.js';

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
  let out = text.replaceAll(terminal.registrationNumber, '<REG>');
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
  ],
  cartDiscount: { percent: 5 },
  payments: [
    { type: '2', amount: 30, rrn: '263260000001' },
    { type: '1', amount: 50 },
  ],
  amountReceived: 80,
  change: 9.54,
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
  const sold = await record('sale', () => ok('/api/sales', sale));
  clock.set('2026-11-24T09:00:00.000Z');
  await record('refund', () =>
    ok(`/api/sales/${String(sold.saleId)}/refund`, {
      items: [{ index: 1, quantity: 1 }],
      reason: 'ambalaj deteriorat',
    }),
  );
  await record('cash-in', () => ok('/api/cash/in', { amount: 100, reason: 'fond de schimb' }));
  await record('cash-out', () => ok('/api/cash/out', { amount: 20.5 }));
  await record('duplicate', () => ok(`/api/sales/${String(sold.saleId)}/duplicate`, {}));
  await record('x-report', () => ok('/api/reports/x', {}));
  await setFaultMode(env.sim.adminUrl, env.sim.caCertPem, { mode: 'ok' });
  await record('z-report', () => ok('/api/reports/z', {}));
});

describe('printed documents', () => {
  it.each(['sale', 'refund', 'cash-in', 'cash-out', 'duplicate', 'x-report', 'z-report'])(
    '%s matches its golden layout',
    (kind) => {
      const text = printed.get(kind)!;
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN(kind), text);
      expect(text).toBe(readFileSync(GOLDEN(kind), 'utf8'));
    },
  );

  it('the sale receipt adds up: lines, adjustments, TOTAL, VAT, payments and REST', () => {
    const lines = printed.get('sale')!.split('\n');
    const amount = (line: string) =>
      Number(/(-?[+]?\d+\.\d{2})(?: [A-E_])?$/.exec(line.trim())![1]!.replace('+', ''));
    const value = (label: string) => amount(lines.find((l) => l.startsWith(label))!);
    const originals = lines.filter((l) => / x \d+\.\d{2}\s+\d+\.\d{2} [A-E_]$/.test(l)).map(amount);
    const adjustments = lines.filter((l) => /^ {2}(REDUCERE|ADAOS)\s/.test(l)).map(amount);
    const cents = (n: number) => Math.round(n * 100);
    const sum = (ns: number[]) => ns.reduce((s, n) => s + cents(n), 0);
    expect(originals).toHaveLength(3);
    expect(sum(originals) + sum(adjustments)).toBe(cents(value('SUBTOTAL')));
    expect(cents(value('SUBTOTAL')) + cents(value('REDUCERE BON'))).toBe(cents(value('TOTAL')));
    expect(cents(value('CARD')) + cents(value('NUMERAR')) - cents(value('REST'))).toBe(cents(value('TOTAL')));
    expect(cents(value('TOTAL'))).toBe(7046);
    const vat = lines.filter((l) => l.startsWith('TVA ')).map(amount);
    expect(vat).toHaveLength(2);
  });

  it('dates and times are the terminal’s (Europe/Chisinau in production, UTC in this suite)', () => {
    expect(printed.get('sale')).toContain('DATA 24.11.2026');
  });
});
