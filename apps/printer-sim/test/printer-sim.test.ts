/**
 * The printer simulator as a process over TCP: text in the code pages our receipts use
 * (Romanian in WPC1250, Russian in PC866), QR payloads, pages stored at each cut, DLE EOT
 * status answers per fault mode, unknown commands logged, `offline` refusing connections and
 * `disconnect-mid-job` dropping the connection.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { Readable } from 'node:stream';
import * as PImage from 'pureimage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPrinterSimProcess, type PrinterSimProcess } from '../src/index.js';

let dataDir: string;
let sim: PrinterSimProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'printer-sim-'));
  sim = await startPrinterSimProcess({ dataDir });
});

afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await admin('PUT', '/admin/fault', { mode: 'ok' });
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sim.adminUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(sim.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends bytes and collects what the printer answers until it has `answers` bytes. */
async function exchange(bytes: Buffer, answers: number): Promise<Buffer> {
  const socket = await open();
  const received: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const all = Buffer.concat(received);
      if (all.length >= answers) resolve(all);
    });
  });
  socket.write(bytes);
  const result = answers === 0 ? Buffer.alloc(0) : await done;
  await new Promise<void>((resolve) => socket.end(resolve));
  return result;
}

const ESC = 0x1b;
const GS = 0x1d;
const cp1250 = (text: string) =>
  Buffer.from([...text].map((c) => ({ ă: 0xe3, â: 0xe2, î: 0xee, ş: 0xba, ţ: 0xfe })[c] ?? c.charCodeAt(0)));
// PC866: А..п at 0x80..0xAF, р..я at 0xE0..0xEF.
const cp866 = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (c >= 'А' && c <= 'п') return code - 0x410 + 0x80;
      if (c >= 'р' && c <= 'я') return code - 0x440 + 0xe0;
      return code;
    }),
  );

function qr(payload: string): Buffer {
  const data = Buffer.from(payload);
  const store = Buffer.concat([
    Buffer.of(GS, 0x28, 0x6b, (data.length + 3) & 0xff, (data.length + 3) >> 8, 49, 80, 48),
    data,
  ]);
  return Buffer.concat([store, Buffer.of(GS, 0x28, 0x6b, 3, 0, 49, 81, 48)]);
}

async function waitForPages(count: number): Promise<{ text: string; qrPayloads: string[] }[]> {
  for (;;) {
    const { pages } = (await admin('GET', '/admin/pages')) as {
      pages: { text: string; qrPayloads: string[] }[];
    };
    if (pages.length >= count) return pages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('printing', () => {
  it('keeps a page per cut with Romanian, Russian and the QR payload', async () => {
    const before = ((await admin('GET', '/admin/pages')) as { pages: unknown[] }).pages.length;
    const job = Buffer.concat([
      Buffer.of(ESC, 0x40, ESC, 0x74, 45, ESC, 0x45, 1),
      cp1250('Mulţumim, în ţară şi â ă'),
      Buffer.of(0x0a, ESC, 0x45, 0, ESC, 0x74, 17),
      cp866('Привет'),
      Buffer.of(0x0a),
      qr('https://sfs.md/check?id=42'),
      Buffer.of(GS, 0x56, 66, 0),
    ]);
    await exchange(job, 0);
    const pages = await waitForPages(before + 1);
    const page = pages[before]!;
    expect(page.text).toBe('Mulţumim, în ţară şi â ă\nПривет\n[QR https://sfs.md/check?id=42]');
    expect(page.qrPayloads).toEqual(['https://sfs.md/check?id=42']);
  });

  it('parses every command @point-of-sale/receipt-printer-encoder emits for a receipt', async () => {
    const before = ((await admin('GET', '/admin/pages')) as { pages: unknown[] }).pages.length;
    const errorsBefore = ((await admin('GET', '/admin/errors')) as { errors: unknown[] }).errors.length;
    // The encoder has no comma-below ș ț in any ESC/POS code page (it prints '?'): the driver
    // must send the cedilla forms ş ţ, which PC852 and WPC1250 have.
    const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 32 })
      .initialize()
      .codepage('auto')
      .align('center')
      .bold(true)
      .size(2, 2)
      .line('TOTAL 12,50')
      .size(1, 1)
      .bold(false)
      .align('left')
      .line('Mulţumim în ţară şi ă â')
      .line('Спасибо за покупку')
      .qrcode('https://mev.sfs.md/receipt?id=7')
      .cut()
      .encode();
    await exchange(Buffer.from(bytes), 0);
    const page = (await waitForPages(before + 1))[before]!;
    expect(page.text.split('\n').filter((line) => line !== '')).toEqual([
      '     TOTAL 12,50', // the encoder centres in software, in double-width columns
      'Mulţumim în ţară şi ă â',
      'Спасибо за покупку',
      '[QR https://mev.sfs.md/receipt?id=7]',
    ]);
    expect(page.qrPayloads).toEqual(['https://mev.sfs.md/receipt?id=7']);
    expect(((await admin('GET', '/admin/errors')) as { errors: unknown[] }).errors.length).toBe(errorsBefore);
  });

  it('draws a page as a PNG on request, text and QR symbol included', async () => {
    const before = ((await admin('GET', '/admin/pages')) as { pages: unknown[] }).pages.length;
    const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 32 })
      .initialize()
      .codepage('auto')
      .bold(true)
      .size(2, 2)
      .line('TOTAL 12,50')
      .size(1, 1)
      .bold(false)
      .line('Mulţumim, Спасибо')
      .qrcode('https://mev.sfs.md/receipt?id=8')
      .cut()
      .encode();
    await exchange(Buffer.from(bytes), 0);
    const page = (await waitForPages(before + 1))[before]! as unknown as { id: number };
    const response = await fetch(`${sim.adminUrl}/admin/pages/${page.id}/image`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    const image = await PImage.decodePNGFromStream(Readable.from([png]));
    expect(image.width).toBeGreaterThan(300);
    expect(image.height).toBeGreaterThan(200);
    let dark = 0;
    for (let y = 0; y < image.height; y += 2)
      for (let x = 0; x < image.width; x += 2) if (image.getPixelRGBA(x, y) >>> 24 < 0x80) dark += 1;
    // Text and a QR symbol of 25+ modules of 4 px: thousands of dark samples, not a blank sheet.
    expect(dark).toBeGreaterThan(500);
    expect(existsSync(join(dataDir, 'pages', `${String(page.id).padStart(6, '0')}.png`))).toBe(true);
    const html = await (await fetch(`${sim.adminUrl}/admin`)).text();
    expect(html).toContain(`/admin/pages/${page.id}/image`);
  });

  it('logs an unknown command instead of skipping it silently', async () => {
    await exchange(Buffer.of(ESC, 0x40, ESC, 0x99, 0x0a, GS, 0x56, 0), 0);
    for (;;) {
      const { errors } = (await admin('GET', '/admin/errors')) as { errors: { message: string }[] };
      if (errors.some((e) => e.message === 'unknown command ESC 0x99')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

describe('status and faults', () => {
  const status = () => exchange(Buffer.of(0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 4), 3);

  it('answers DLE EOT for a ready printer', async () => {
    expect([...(await status())]).toEqual([0x12, 0x12, 0x12]);
  });

  it.each([
    ['paper-out', [0x1a, 0x72, 0x72]],
    ['cover-open', [0x1a, 0x56, 0x12]],
    ['paper-near-end', [0x12, 0x12, 0x1e]],
  ] as const)('reports %s', async (mode, expected) => {
    await admin('PUT', '/admin/fault', { mode });
    expect([...(await status())]).toEqual(expected);
  });

  it('prints nothing while the paper is out', async () => {
    const before = ((await admin('GET', '/admin/pages')) as { pages: unknown[] }).pages.length;
    await admin('PUT', '/admin/fault', { mode: 'paper-out' });
    await exchange(Buffer.concat([Buffer.of(ESC, 0x40), Buffer.from('lost\n'), Buffer.of(GS, 0x56, 0)]), 0);
    await status();
    expect(((await admin('GET', '/admin/pages')) as { pages: unknown[] }).pages.length).toBe(before);
  });

  it('refuses connections when offline, and prints again after', async () => {
    await admin('PUT', '/admin/fault', { mode: 'offline' });
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await admin('PUT', '/admin/fault', { mode: 'ok' });
    expect([...(await status())]).toEqual([0x12, 0x12, 0x12]);
  });

  it('drops the connection in the middle of a job', async () => {
    await admin('PUT', '/admin/fault', { mode: 'disconnect-mid-job' });
    const socket = await open();
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(Buffer.concat([Buffer.of(ESC, 0x40), Buffer.from('first line\n')]));
    await closed;
  });

  it('answers late when slow', async () => {
    await admin('PUT', '/admin/fault', { mode: 'slow', delayMs: 50 });
    expect([...(await status())]).toEqual([0x12, 0x12, 0x12]);
  });
});
