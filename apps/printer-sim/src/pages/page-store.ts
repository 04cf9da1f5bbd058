/**
 * The printed pages (one per cut) and the parser's errors, in memory for the admin API and each
 * page also as a text file under DATA_DIR/pages, so a person can read what was printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrintedLine } from '../escpos/escpos-parser.js';

export interface PrintedPage {
  id: number;
  printedAt: string;
  text: string;
  lines: PrintedLine[];
  qrPayloads: string[];
}

export interface ParserError {
  at: string;
  message: string;
}

export class PageStore {
  readonly pages: PrintedPage[] = [];
  readonly errors: ParserError[] = [];
  readonly #dir: string;

  constructor(dataDir: string) {
    this.#dir = join(dataDir, 'pages');
    mkdirSync(this.#dir, { recursive: true });
  }

  add(lines: PrintedLine[], qrPayloads: string[]): PrintedPage {
    const page: PrintedPage = {
      id: this.pages.length + 1,
      printedAt: new Date().toISOString(),
      text: lines.map((line) => line.text).join('\n'),
      lines,
      qrPayloads,
    };
    this.pages.push(page);
    writeFileSync(join(this.#dir, `${String(page.id).padStart(6, '0')}.txt`), `${page.text}\n`);
    return page;
  }

  addError(message: string): void {
    this.errors.push({ at: new Date().toISOString(), message });
  }
}
