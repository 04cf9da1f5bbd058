import { formatMinor } from '@fiscal-pos/fiscal';
import { layoutPrintLine } from '../printing/print-layout.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { cheapestSmsText } from './sms-segments.js';

/** A receipt as an e-mail and as an SMS, in the language the sale asked for. */
export interface ReceiptMessage {
  subject: string;
  /** The printed receipt, line for line (the same layout as the paper one), the link never wrapped. */
  text: string;
  html: string;
  sms: string;
  qrCodeData: string;
}

type Language = 'ro' | 'en' | 'ru';

const WORDING: Record<
  Language,
  {
    sale: string;
    refund: string;
    intro: string;
    link: string;
    sms: (n: number, total: string, url: string) => string;
  }
> = {
  ro: {
    sale: 'Bonul fiscal nr.',
    refund: 'Bonul fiscal de retur nr.',
    intro: 'Vă mulțumim. Bonul dumneavoastră fiscal:',
    link: 'Verificați bonul',
    sms: (n, total, url) => `Bon fiscal nr. ${n}: ${total} MDL. Verificare: ${url}`,
  },
  en: {
    sale: 'Your receipt no.',
    refund: 'Your refund receipt no.',
    intro: 'Thank you. Your fiscal receipt:',
    link: 'Verify the receipt',
    sms: (n, total, url) => `Receipt no. ${n}: ${total} MDL. Verify: ${url}`,
  },
  ru: {
    sale: 'Кассовый чек №',
    refund: 'Чек возврата №',
    intro: 'Спасибо. Ваш фискальный чек:',
    link: 'Проверить чек',
    sms: (n, total, url) => `Чек № ${n}: ${total} MDL. Проверка: ${url}`,
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The content id of the QR image the HTML part shows (an inline attachment of the e-mail). */
export const QR_CONTENT_ID = 'qr@receipt';

/**
 * The receipt as the customer receives it: the text part is the printed document itself (one
 * layout module for paper and e-mail), the HTML part the same text with the verification link
 * and its QR code; the SMS a short line with the total and the link, in Latin letters when that
 * makes it fewer segments (sms-segments.ts).
 */
export function receiptMessage(
  document: PrintDocument,
  o: { kind: 'sale' | 'refund'; language: string; receiptNumber: number; total: number; qrCodeData: string },
): ReceiptMessage {
  const words = WORDING[(o.language in WORDING ? o.language : 'ro') as Language];
  // The paper wraps the verification link at its width; a plain-text reader would open the first
  // piece of it, so in the e-mail it stands whole on its own line.
  const printed = document.lines
    .flatMap((line) =>
      Array.isArray(line) && line.length === 1 && line[0] === o.qrCodeData
        ? [o.qrCodeData]
        : layoutPrintLine(line),
    )
    .join('\n');
  const subject = `${o.kind === 'refund' ? words.refund : words.sale} ${o.receiptNumber}`;
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(words.intro)}</p>`,
    `<pre style="font-family: monospace">${escapeHtml(printed)}</pre>`,
    `<p><img src="cid:${QR_CONTENT_ID}" alt="QR"></p>`,
    `<p><a href="${escapeHtml(o.qrCodeData)}">${escapeHtml(words.link)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject,
    text: `${words.intro}\n\n${printed}\n`,
    html,
    sms: cheapestSmsText(words.sms(o.receiptNumber, formatMinor(o.total), o.qrCodeData)),
    qrCodeData: o.qrCodeData,
  };
}
