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

/** The characters a single-byte code page holds, as WHATWG's decoder maps its 256 bytes. */
const charactersOf = (encoding: string) =>
  new Set(new TextDecoder(encoding).decode(Uint8Array.from({ length: 256 }, (_, byte) => byte)));

/** Romanian text and Russian text each fit one Windows code page; the encoder is told which. */
const SINGLE_PAGES = [
  ['windows1250', charactersOf('windows-1250')],
  ['windows1251', charactersOf('windows-1251')],
] as const;

/**
 * The code page of one printed line. Choosing it here rather than leaving `auto` to the encoder
 * for every line is what keeps encoding fast (auto tries every candidate per character: 70 ms for
 * a 20-item receipt against 3 ms, docs/benchmarks.md); only a line mixing scripts needs auto.
 */
function codePageOf(text: string): NonNullable<EncoderOptions['codepageCandidates']>[number] | 'auto' {
  for (const [page, characters] of SINGLE_PAGES) {
    if ([...text].every((character) => characters.has(character))) return page;
  }
  return 'auto';
}

/**
 * A document as ESC/POS bytes for a printer of `columns` characters per line: our own layout
 * (one module for paper, journal and e-mail) line by line, large lines bold in double size on
 * half the columns, the verification link as a native QR symbol, feed and cut; each line in the
 * code page that holds it (WPC1250 for Romanian, WPC1251 for Russian, chosen per run otherwise).
 */
export function encodeDocument(document: PrintDocument, columns: number): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    feedBeforeCut: 0,
    // LF alone: LF CR (the encoder's default) prints double-spaced where CR also feeds a line.
    newline: '\n',
    codepageMapping: 'epson',
    codepageCandidates: CODE_PAGES,
  }).initialize();
  for (const line of document.lines) {
    const large = 'large' in line;
    if (large) encoder.bold(true).size(2, 2);
    for (const text of layoutPrintLine(line, columns)) {
      const printable = printableText(text);
      encoder.codepage(codePageOf(printable)).line(printable);
    }
    if (large) encoder.size(1, 1).bold(false);
  }
  if (document.qrCode !== undefined) {
    encoder.align('center').qrcode(document.qrCode, { model: 2, size: 6, errorlevel: 'm' }).align('left');
  }
  if (document.feedLines > 0) encoder.newline(document.feedLines);
  if (document.cut) encoder.cut('partial');
  return encoder.encode();
}
