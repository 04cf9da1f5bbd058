import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { layoutPrintLine } from './print-layout.js';
import type { PrintDocument } from './receipt-printer.js';

/**
 * No ESC/POS code page has the comma-below ș ț (docs/printer.md): thermal printers print the
 * cedilla forms ş ţ, which PC852 and WPC1250 have, as Romanian receipts do in practice.
 */
const COMMA_BELOW: Readonly<Record<string, string>> = { ș: 'ş', Ș: 'Ş', ț: 'ţ', Ț: 'Ţ' };

/**
 * Text as the printer may receive it. Requests already refuse control characters; this is the
 * last line of defence for anything else that reaches paper (a product name from the
 * catalog): a control byte is a printer command, never text.
 */
export function printableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/[șȘțȚ]/g, (c) => COMMA_BELOW[c] ?? c);
}

type EncoderOptions = NonNullable<ConstructorParameters<typeof ReceiptPrinterEncoder>[0]>;

/**
 * The code pages the encoder may pick from, those of Epson-compatible printers that hold our
 * languages: Romanian (ă â î ş ţ, the „” quotes) in PC852 or WPC1250, Russian in PC866 or WPC1251.
 */
const CODE_PAGES: EncoderOptions['codepageCandidates'] = [
  'cp437',
  'cp852',
  'windows1250',
  'cp866',
  'windows1251',
  'windows1252',
];

/**
 * A document as ESC/POS bytes for a printer of `columns` characters per line: our own layout
 * (one module for paper, journal and e-mail) line by line, large lines bold in double size on
 * half the columns, the verification link as a native QR symbol, feed and cut. The encoder
 * picks the code page per character run (PC852/WPC1250 for Romanian, PC866 for Russian).
 */
export function encodeDocument(document: PrintDocument, columns: number): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    feedBeforeCut: 0,
    codepageMapping: 'epson',
    codepageCandidates: CODE_PAGES,
  })
    .initialize()
    .codepage('auto');
  for (const line of document.lines) {
    const large = 'large' in line;
    if (large) encoder.bold(true).size(2, 2);
    for (const text of layoutPrintLine(line, columns)) encoder.line(printableText(text));
    if (large) encoder.size(1, 1).bold(false);
  }
  if (document.qrCode !== undefined) {
    encoder.align('center').qrcode(document.qrCode, { model: 2, size: 6, errorlevel: 'm' }).align('left');
  }
  if (document.feedLines > 0) encoder.newline(document.feedLines);
  if (document.cut) encoder.cut('partial');
  return encoder.encode();
}
