/**
 * The printed pages (one per cut) and the parser's errors, in memory for the admin API and each
 * page also as a text file under DATA_DIR/pages, and as a PNG once looked at, so a person can
 * read what was printed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrintedLine } from '../escpos/escpos-parser.js';
import { renderPageImage } from './page-image.js';

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

  /**
   * The page as a PNG, drawn the first time someone asks and kept beside its text: drawing
   * takes tens of milliseconds, which a printer answering status bytes has no time for.
   */
  async image(id: number): Promise<Buffer | null> {
    const page = this.pages[id - 1];
    if (!page) return null;
    const file = join(this.#dir, `${String(page.id).padStart(6, '0')}.png`);
    if (existsSync(file)) return readFile(file);
    const png = await renderPageImage(page.lines, page.qrPayloads);
    await writeFile(file, png);
    return png;
  }

  addError(message: string): void {
    this.errors.push({ at: new Date().toISOString(), message });
  }
}
