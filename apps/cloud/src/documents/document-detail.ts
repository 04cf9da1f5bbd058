// One fiscal document for the console: the document with what its paper carried (the receipt
// view lays it out like the printed one: the merchant's header, lines, TOTAL, VAT per rate,
// payments, change, receipt and Z numbers, date and time as printed (in the document's zone), the
// device's serial number and tax office (from its terminal's health report), the MEV or offline code,
// the QR code's verification link), and how it relates to others: a sale's refunds with what
// they gave back so far, line by line (a refund's lines sit at the sale's line positions),
// or a refund's sale. A refund the tax server refused gave nothing back and is not counted.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DeviceHealthReport } from '@fiscal-pos/platform-protocol';
import { fromMilli, fromMinor } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { fiscalDocuments, terminalHealth, terminals } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { requireMerchant } from '../merchants/merchants.js';
import { FiscalDocument, presentDocument, type FiscalDocumentRow } from './document-schemas.js';
import { localDateTime } from './fiscal-time.js';

type FiscalIdentity = NonNullable<DeviceHealthReport['fiscalIdentity']>;

const SaleLink = z.object({
  id: z.string(),
  receiptNumber: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  total: z.number(),
});

export const DocumentDetail = z
  .object({
    document: FiscalDocument,
    terminalName: z.string(),
    merchant: z
      .object({ name: z.string(), idno: z.string().nullable(), address: z.string().nullable() })
      .describe(
        "The receipt header: the merchant's name, fiscal code (IDNO) and address as the cloud has them",
      ),
    printedAt: z
      .object({ date: z.string().describe('DD.MM.YYYY'), time: z.string().describe('HH:MM:SS') })
      .describe("Date and time of issue as the receipt prints them, in the document's time zone (timeZone)"),
    device: z
      .object({
        serialNumber: z.string().nullable().describe('NR. SERIE: the fiscal device’s serial number'),
        taxOfficeAddress: z
          .string()
          .nullable()
          .describe('SFS: the address of the tax office the device is registered at'),
      })
      .describe(
        'What the receipt prints of its fiscal device, as the terminal last reported it (its health report); ' +
          'null each until the terminal reports it',
      ),
    refunds: z.array(FiscalDocument).describe("A sale's refunds, oldest first; empty for other documents"),
    refunded: z
      .object({
        total: z.number().describe('Given back by refunds the tax server did not refuse'),
        remaining: z.number(),
        lines: z.array(z.object({ position: z.number().int(), quantity: z.number(), amount: z.number() })),
      })
      .nullable()
      .describe('For a sale: what its refunds gave back so far, in total and per line position'),
    sale: SaleLink.nullable().describe('For a refund: the sale it gives back'),
  })
  .meta({ id: 'FiscalDocumentDetail' });
export type DocumentDetail = z.infer<typeof DocumentDetail>;

export async function getDocumentDetail(
  db: Queryable,
  options: { merchantId: string; documentId: string },
): Promise<DocumentDetail> {
  const t = fiscalDocuments;
  const [found] = await db
    .select({
      document: t,
      terminalName: terminals.name,
      identity: sql<FiscalIdentity | null>`${terminalHealth.report}->'fiscalIdentity'`,
    })
    .from(t)
    .innerJoin(terminals, eq(terminals.id, t.terminalId))
    .leftJoin(terminalHealth, eq(terminalHealth.terminalId, t.terminalId))
    .where(and(eq(t.merchantId, options.merchantId), eq(t.id, options.documentId)))
    .limit(1);
  if (!found) throw new ProblemError('not_found', `No fiscal document ${options.documentId}.`);
  const { document } = found;
  const merchant = await requireMerchant(db, options.merchantId);
  const related = (type: 'sale' | 'refund') =>
    document.saleId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(t)
          .where(and(eq(t.terminalId, document.terminalId), eq(t.saleId, document.saleId), eq(t.type, type)))
          .orderBy(asc(t.createdAt), asc(t.id));
  const refunds = document.type === 'sale' ? await related('refund') : [];
  const [sale] = document.type === 'refund' ? await related('sale') : [];
  return {
    // Documents of terminals before the registration number was pushed: the one it reports now.
    document: {
      ...presentDocument(document),
      registrationNumber: document.registrationNumber ?? found.identity?.registrationNumber ?? null,
    },
    terminalName: found.terminalName,
    merchant: { name: merchant.name, idno: merchant.idno, address: merchant.address },
    printedAt: printed(document.createdAt, document.timeZone),
    device: {
      serialNumber: found.identity?.serialNumber ?? null,
      taxOfficeAddress: found.identity?.taxOfficeAddress ?? null,
    },
    refunds: refunds.map(presentDocument),
    refunded: document.type === 'sale' ? refundedSoFar(document, refunds) : null,
    sale: sale
      ? {
          id: sale.id,
          receiptNumber: sale.receiptNumber,
          createdAt: sale.createdAt.toISOString(),
          total: fromMinor(sale.totalMinor),
        }
      : null,
  };
}

function refundedSoFar(sale: FiscalDocumentRow, refunds: readonly FiscalDocumentRow[]) {
  const given = refunds.filter((r) => r.status !== 'failed');
  const perLine = new Map<number, { quantityMilli: number; amount: number }>();
  for (const line of given.flatMap((r) => r.lines)) {
    const sum = perLine.get(line.position) ?? { quantityMilli: 0, amount: 0 };
    perLine.set(line.position, {
      quantityMilli: sum.quantityMilli + line.quantityMilli,
      amount: sum.amount + line.amount,
    });
  }
  const total = given.reduce((sum, r) => sum + r.totalMinor, 0);
  return {
    total: fromMinor(total),
    remaining: fromMinor(sale.totalMinor - total),
    lines: [...perLine]
      .sort(([a], [b]) => a - b)
      .map(([position, sum]) => ({
        position,
        quantity: fromMilli(sum.quantityMilli),
        amount: fromMinor(sum.amount),
      })),
  };
}

const printed = (at: Date, timeZone: string) => {
  const { date, time } = localDateTime(at, timeZone);
  return { date, time };
};
