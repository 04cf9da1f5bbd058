/**
 * A streaming parser of the ESC/POS byte stream: it keeps the print state (code page, bold,
 * size, alignment), turns text into lines, and reports what a printer reacts to (status
 * requests, QR codes, cuts). Bytes arrive in arbitrary TCP chunks, so an incomplete command
 * waits for the next chunk. An unknown command is reported, never skipped silently: the
 * simulator exists to catch bytes a real printer would misprint.
 */

import iconv from 'iconv-lite';

/**
 * ESC t n tables (Epson numbering) the simulator knows, as iconv-lite names: the ones the
 * encoder picks for Romanian (PC852, WPC1250) and Russian (PC866, WPC1251).
 */
const CODE_PAGES: Record<number, string> = {
  0: 'cp437',
  16: 'cp1252',
  17: 'cp866',
  18: 'cp852',
  45: 'cp1250',
  46: 'cp1251',
};

export interface PrintedLine {
  text: string;
  bold: boolean;
  widthScale: number;
  heightScale: number;
  align: 'left' | 'center' | 'right';
}

export type ParserEvent =
  | { kind: 'status-request'; request: number }
  | { kind: 'qr'; payload: string }
  | { kind: 'cut' }
  | { kind: 'init' }
  | { kind: 'error'; message: string };

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;
const FS = 0x1c;
const LF = 0x0a;

/** Result of trying one command at `at`: bytes it used, or `null` when more bytes are needed. */
type Step = number | null;

export class EscPosParser {
  #pending: Buffer = Buffer.alloc(0);
  #textBytes: number[] = [];
  #encoding = CODE_PAGES[0]!;
  #bold = false;
  #widthScale = 1;
  #heightScale = 1;
  #align: PrintedLine['align'] = 'left';
  #qrData: Buffer | null = null;
  readonly lines: PrintedLine[] = [];
  readonly qrPayloads: string[] = [];

  constructor(private readonly emit: (event: ParserEvent) => void) {}

  push(chunk: Buffer): void {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    let at = 0;
    while (at < this.#pending.length) {
      const used = this.#step(this.#pending, at);
      if (used === null) break;
      at += used;
    }
    this.#pending = this.#pending.subarray(at);
  }

  /** Lines and QR codes printed since the last call; the page the printer would cut off. */
  takePage(): { lines: PrintedLine[]; qrPayloads: string[] } {
    this.#flushText();
    if (this.#current !== '') this.#newLine();
    return { lines: this.lines.splice(0), qrPayloads: this.qrPayloads.splice(0) };
  }

  #step(b: Buffer, at: number): Step {
    const byte = b[at]!;
    if (byte === LF) {
      this.#newLine();
      return 1;
    }
    if (byte === 0x0d) return 1; // CR: the printers we target print on LF only
    if (byte === ESC) return this.#esc(b, at);
    if (byte === GS) return this.#gs(b, at);
    if (byte === DLE) return this.#dle(b, at);
    if (byte === FS) return this.#fs(b, at);
    if (byte < 0x20 || byte === 0x7f) {
      this.emit({ kind: 'error', message: `unknown control byte 0x${hex(byte)}` });
      return 1;
    }
    // A line's style is the one its first character printed in: drivers switch bold and size
    // off again before the line feed.
    this.#startStyle ??= this.#lineStyle();
    this.#textBytes.push(byte);
    return 1;
  }

  #esc(b: Buffer, at: number): Step {
    if (at + 1 >= b.length) return null;
    const command = b[at + 1]!;
    const arg = at + 2 < b.length ? b[at + 2]! : null;
    switch (command) {
      case 0x40: // ESC @ initialise
        this.#flushText();
        this.#reset();
        this.emit({ kind: 'init' });
        return 2;
      case 0x74: // ESC t n code page
        if (arg === null) return null;
        this.#setCodePage(arg);
        return 3;
      case 0x45: // ESC E n bold
      case 0x47: // ESC G n double strike
        if (arg === null) return null;
        this.#flushText();
        this.#bold = (arg & 1) === 1;
        return 3;
      case 0x21: // ESC ! n print mode
        if (arg === null) return null;
        this.#flushText();
        this.#bold = (arg & 0x08) !== 0;
        this.#heightScale = arg & 0x10 ? 2 : 1;
        this.#widthScale = arg & 0x20 ? 2 : 1;
        return 3;
      case 0x61: // ESC a n alignment
        if (arg === null) return null;
        this.#flushText();
        this.#align = (['left', 'center', 'right'] as const)[arg % 48] ?? 'left';
        return 3;
      case 0x64: // ESC d n feed n lines
        if (arg === null) return null;
        this.#flushText();
        for (let i = 0; i < arg; i += 1) this.#newLine();
        return 3;
      case 0x2d: // ESC - n underline
      case 0x4d: // ESC M n font
      case 0x52: // ESC R n international character set
      case 0x33: // ESC 3 n line spacing
      case 0x4a: // ESC J n feed dots
      case 0x56: // ESC V n rotation
      case 0x7b: // ESC { n upside down
        return arg === null ? null : 3;
      case 0x32: // ESC 2 default line spacing
        return 2;
      default:
        this.emit({ kind: 'error', message: `unknown command ESC 0x${hex(command)}` });
        return 2;
    }
  }

  #gs(b: Buffer, at: number): Step {
    if (at + 1 >= b.length) return null;
    const command = b[at + 1]!;
    const arg = at + 2 < b.length ? b[at + 2]! : null;
    switch (command) {
      case 0x21: // GS ! n character size
        if (arg === null) return null;
        this.#flushText();
        this.#widthScale = ((arg >> 4) & 0x07) + 1;
        this.#heightScale = (arg & 0x07) + 1;
        return 3;
      case 0x42: // GS B n reverse
      case 0x62: // GS b n smoothing
        return arg === null ? null : 3;
      case 0x56: {
        // GS V m [n] cut
        if (arg === null) return null;
        const length = arg === 65 || arg === 66 ? 4 : 3;
        if (at + length > b.length) return null;
        this.#flushText();
        this.emit({ kind: 'cut' });
        return length;
      }
      case 0x28:
        return this.#gsParen(b, at);
      default:
        this.emit({ kind: 'error', message: `unknown command GS 0x${hex(command)}` });
        return 2;
    }
  }

  /** GS ( k: the 2D code functions; QR (cn = 49) is the one our receipts use. */
  #gsParen(b: Buffer, at: number): Step {
    if (at + 5 > b.length) return null;
    const fn = b[at + 2]!;
    const size = b[at + 3]! + b[at + 4]! * 256;
    const length = 5 + size;
    if (at + length > b.length) return null;
    const body = b.subarray(at + 5, at + length);
    if (fn !== 0x6b || body[0] !== 49) {
      this.emit({ kind: 'error', message: `unknown command GS ( 0x${hex(fn)} cn=${body[0] ?? '?'}` });
      return length;
    }
    const qrFunction = body[1];
    if (qrFunction === 80) this.#qrData = Buffer.from(body.subarray(3));
    else if (qrFunction === 81) {
      if (this.#qrData === null) this.emit({ kind: 'error', message: 'QR print without stored data' });
      else {
        this.#flushText();
        const payload = this.#qrData.toString('utf8');
        this.qrPayloads.push(payload);
        this.lines.push({ ...this.#lineStyle(), text: `[QR ${payload}]` });
        this.emit({ kind: 'qr', payload });
        this.#qrData = null;
      }
    } else if (qrFunction !== 65 && qrFunction !== 67 && qrFunction !== 69) {
      this.emit({ kind: 'error', message: `unknown QR function ${String(qrFunction)}` });
    }
    return length;
  }

  #dle(b: Buffer, at: number): Step {
    if (at + 2 >= b.length) return null;
    if (b[at + 1] !== 0x04) {
      this.emit({ kind: 'error', message: `unknown command DLE 0x${hex(b[at + 1]!)}` });
      return 2;
    }
    this.emit({ kind: 'status-request', request: b[at + 2]! });
    return 3;
  }

  #fs(b: Buffer, at: number): Step {
    if (at + 1 >= b.length) return null;
    if (b[at + 1] === 0x2e) return 2; // FS . cancel Kanji mode: single-byte code pages follow
    this.emit({ kind: 'error', message: `unknown command FS 0x${hex(b[at + 1]!)}` });
    return 2;
  }

  #setCodePage(table: number): void {
    this.#flushText();
    const encoding = CODE_PAGES[table];
    if (encoding === undefined) {
      this.emit({ kind: 'error', message: `unknown code page ${table}` });
      return;
    }
    this.#encoding = encoding;
  }

  #reset(): void {
    this.#encoding = CODE_PAGES[0]!;
    this.#bold = false;
    this.#widthScale = 1;
    this.#heightScale = 1;
    this.#align = 'left';
    this.#qrData = null;
  }

  #lineStyle(): Omit<PrintedLine, 'text'> {
    return {
      bold: this.#bold,
      widthScale: this.#widthScale,
      heightScale: this.#heightScale,
      align: this.#align,
    };
  }

  /** Text is decoded per run of one code page, so pages can switch mid-line. */
  #current = '';
  #startStyle: Omit<PrintedLine, 'text'> | null = null;

  #flushText(): void {
    if (this.#textBytes.length === 0) return;
    this.#current += iconv.decode(Buffer.from(this.#textBytes), this.#encoding);
    this.#textBytes = [];
  }

  #newLine(): void {
    this.#flushText();
    this.lines.push({ ...(this.#startStyle ?? this.#lineStyle()), text: this.#current });
    this.#startStyle = null;
    this.#current = '';
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
