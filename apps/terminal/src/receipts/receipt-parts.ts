import { formatMinor, fromBp, type Minor, type VatLine } from '@fiscal-pos/fiscal';
import type { MerchantIdentity } from '../config.js';
import type { FiscalIdentity } from '../fiscalization/fiscal-identity.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintLine } from '../printing/receipt-printer.js';
import { localParts } from './local-date.js';
import { printedFiscalCode } from './printed-fiscal-code.js';

/**
 * The parts every printed document shares, in Romanian as a Moldovan fiscal receipt prints them:
 * the merchant's header, the labels of payments and VAT, the date and time in the terminal's
 * time zone, and the fiscal footer. One module for the text of every document (sale, refund,
 * cash, reports, duplicate), whatever prints it.
 */

export interface ReceiptHeader {
  merchant: MerchantIdentity;
  terminalId: string;
  registrationNumber: string;
  /** The device's serial number and tax office, as fiscalization gave them; null: not given. */
  identity: FiscalIdentity | null;
}

/** ACPS payment codes as receipts name them. */
const PAYMENT_LABELS: Readonly<Record<string, string>> = {
  '1': 'NUMERAR',
  '2': 'CARD',
  '3.1': 'VOUCHER',
  '3.2': 'CEC / CERTIFICAT VALORIC',
  '3.3': 'TICHET VALORIC',
  '5': 'TICHET DE MASA',
  '6': 'ABONAMENT',
  '7': 'ALT INSTRUMENT DE PLATA',
  '8.1': 'CREDIT',
  '8.2': 'LEASING',
  '8.3': 'AVANS',
  '8.4': 'ARVUNA',
  '8.5': 'GAJ',
  '8.8': 'COMPENSARE',
  '8.9': 'ALTA MODALITATE',
};

export function paymentLabel(code: string): string {
  return PAYMENT_LABELS[code] ?? `PLATA ${code}`;
}

/** `A 8%`, `_ SCUTIT` for the exempt code. */
function vatCodeLabel(line: Pick<VatLine, 'code' | 'rateBp'>): string {
  return line.rateBp === null ? `${line.code} SCUTIT` : `${line.code} ${fromBp(line.rateBp)}%`;
}

/**
 * An amount given back, `-7.22`; zero stays `0.00`: paper never prints a negative zero (the
 * exempt code's VAT on a refund would read `TVA _ SCUTIT -0.00`).
 */
export function negativeAmount(amount: Minor): string {
  return amount === 0 ? formatMinor(0) : `-${formatMinor(amount)}`;
}

/** `TVA A 8%   1.23`, one line per code; `given back` prints them as amounts returned. */
export function vatLines(vat: readonly VatLine[], givenBack = false): string[][] {
  return vat.map((line) => [
    `TVA ${vatCodeLabel(line)}`,
    givenBack ? negativeAmount(line.vatAmount) : formatMinor(line.vatAmount),
  ]);
}

/**
 * A report's amounts per VAT rate: for each code the total with VAT (`TOTAL A 8%`), then the VAT
 * in it (`TVA A 8%`). The totals add up to the report's TOTAL, the VAT lines to its VAT.
 */
export function vatRateTotalLines(vat: readonly VatLine[]): string[][] {
  return vat.flatMap((line) => [
    [`TOTAL ${vatCodeLabel(line)}`, formatMinor(line.gross)],
    [`TVA ${vatCodeLabel(line)}`, formatMinor(line.vatAmount)],
  ]);
}

/** `NUMERAR   10.00`, one line per ACPS code. */
export function paymentLines(payments: readonly { code: string; amount: Minor }[]): string[][] {
  return payments.map((p) => [paymentLabel(p.code), formatMinor(p.amount)]);
}

/** What the bank's card terminal gave for a card payment or a card refund, under its payment line. */
export function cardLines(card: {
  scheme: string | null;
  maskedPan: string | null;
  rrn: string;
  authCode: string | null;
  bankTerminalId: string;
  chequeNumber: string;
}): string[][] {
  return [
    [`  ${card.scheme ?? 'CARD'} ${card.maskedPan ?? ''}`.trimEnd()],
    [`  RRN ${card.rrn}`, `AUTORIZARE ${card.authCode ?? '-'}`],
    [`  TERMINAL ${card.bankTerminalId}`, `CEC ${card.chequeNumber}`],
  ];
}

/** `DATA 24.11.2026 ORA 00:30:00`, in the terminal's time zone (the process's TZ). */
export function dateTimeLine(iso: string): string[] {
  const { year, month, day, time } = localParts(iso);
  return [`DATA ${day}.${month}.${year}`, `ORA ${time}`];
}

/**
 * The merchant, centred (its name large), then the fiscal device: its registration number, its
 * serial number and the tax office (SFS) where it was registered. The taxpayer's code prints as
 * `COD FISCAL`, the regulation's own word for it (HG 141/2019, Anexa nr. 1, pct. 24, element 1):
 * "denumirea, codul fiscal, sediul"); for a company it is the IDNO. The office's address wraps
 * over the lines it needs. See docs/terminal-api.md, "Printed documents and the regulation".
 */
export function merchantHeader(header: ReceiptHeader): PrintLine[] {
  const { merchant, identity } = header;
  return [
    { large: ['', merchant.name, ''] },
    ...(merchant.idno ? [['', `COD FISCAL ${merchant.idno}`, '']] : []),
    ...(merchant.address ? [['', merchant.address, '']] : []),
    ['NR. INREGISTRARE', header.registrationNumber],
    ...(identity ? [['NR. SERIE', identity.serialNumber], [`SFS: ${identity.taxOfficeAddress}`]] : []),
  ];
}

/**
 * The code the fiscal server (MEV) gave the document, labelled as such: `COD FISCAL` is the
 * taxpayer's code (the IDNO, printed in the header). While the server has not
 * registered it, the terminal's offline code, labelled as that, and the offline mark.
 */
export function documentCodeLines(op: FiscalOperationRecord): string[][] {
  const offline = op.isOffline && op.fiscalCode === null;
  return [
    [offline ? 'COD OFFLINE' : 'COD DOCUMENT MEV', printedFiscalCode(op)],
    ...(offline ? [['', 'REGIM OFFLINE', '']] : []),
  ];
}

/**
 * The end of every fiscal receipt: its receipt and Z report numbers, date and time, and the
 * document's code (documentCodeLines).
 */
export function fiscalFooter(op: FiscalOperationRecord): string[][] {
  return [
    [''],
    ...(op.receiptNumber === null ? [] : [['BON NR.', String(op.receiptNumber)]]),
    ['RAPORT Z NR.', String(op.reportNumber)],
    dateTimeLine(op.createdAt),
    ...documentCodeLines(op),
  ];
}

/** The verification link under the QR code, so that it can be typed when it cannot be scanned. */
export function verificationLines(qrCodeData: string): string[][] {
  return [[''], ['VERIFICARE:'], [qrCodeData]];
}
