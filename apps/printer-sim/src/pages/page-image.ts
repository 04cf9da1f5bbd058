/**
 * A printed page as a PNG a person can look at: thermal paper, the text in DejaVu Sans Mono
 * (it has every Romanian and Cyrillic letter), large lines in double size, bold where the
 * printer printed bold, QR codes as real QR symbols of their payload.
 */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import * as PImage from 'pureimage';
import QRCode from 'qrcode';
import type { PrintedLine } from '../escpos/escpos-parser.js';

const FONT_SIZE = 20;
const CHAR_WIDTH = 12;
const LINE_HEIGHT = 26;
const MARGIN = 16;
const QR_MODULE = 4;

const { resolve: resolvePackageFile } = createRequire(import.meta.url);

let fontsLoaded = false;
function loadFonts(): void {
  if (fontsLoaded) return;
  PImage.registerFont(resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'), 'Mono').loadSync();
  PImage.registerFont(
    resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'),
    'MonoBold',
  ).loadSync();
  fontsLoaded = true;
}

/** How tall a line is drawn: text by its height scale, a QR symbol by its modules. */
function heightOf(line: PrintedLine, qr: QRCode.QRCode | null): number {
  return qr ? qr.modules.size * QR_MODULE + LINE_HEIGHT : LINE_HEIGHT * line.heightScale;
}

export async function renderPageImage(
  lines: readonly PrintedLine[],
  qrPayloads: readonly string[],
): Promise<Buffer> {
  loadFonts();
  const payloads = [...qrPayloads];
  const rows = lines.map((line) => {
    const qr =
      line.text.startsWith('[QR ') && payloads.length > 0
        ? QRCode.create(payloads.shift()!, { errorCorrectionLevel: 'M' })
        : null;
    return { line, qr };
  });
  const columns = Math.max(
    32,
    ...rows.map(({ line, qr }) => (qr ? 0 : [...line.text].length * line.widthScale)),
  );
  const width = MARGIN * 2 + columns * CHAR_WIDTH;
  const height = MARGIN * 2 + rows.reduce((sum, { line, qr }) => sum + heightOf(line, qr), 0);
  const image = PImage.make(width, height);
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#fdfdf8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  let y = MARGIN;
  for (const { line, qr } of rows) {
    if (qr) {
      const size = qr.modules.size * QR_MODULE;
      const left = Math.floor((width - size) / 2);
      for (let row = 0; row < qr.modules.size; row++) {
        for (let col = 0; col < qr.modules.size; col++) {
          if (qr.modules.get(row, col))
            ctx.fillRect(left + col * QR_MODULE, y + row * QR_MODULE, QR_MODULE, QR_MODULE);
        }
      }
    } else if (line.text.trim() !== '') {
      const scale = Math.max(line.widthScale, line.heightScale);
      ctx.font = `${FONT_SIZE * scale}pt ${line.bold ? 'MonoBold' : 'Mono'}`;
      ctx.fillText(line.text, MARGIN, y + LINE_HEIGHT * line.heightScale - 6);
    }
    y += heightOf(line, qr);
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await PImage.encodePNGToStream(image, out);
  return Buffer.concat(chunks);
}
