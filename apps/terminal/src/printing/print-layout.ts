import stringWidth from 'string-width';
import type { PrintLine } from './receipt-printer.js';

/** Characters per line of an 80 mm thermal printer with its default font (PRINTER_COLUMNS). */
export const PAPER_WIDTH = 48;

/**
 * Columns on paper are display width, not characters: a wide (CJK) character takes two, a
 * combining mark none (string-width), so a line with them does not overflow its row.
 */
const widthOf = (text: string): number => stringWidth(text);

/** Pieces of `text` of at most `width` columns each, cut between characters (code points). */
function wrap(text: string, width: number): string[] {
  if (widthOf(text) <= width) return [text];
  const out: string[] = [];
  let line = '';
  for (const character of text) {
    if (widthOf(line + character) > width && line !== '') {
      out.push(line);
      line = '';
    }
    line += character;
  }
  if (line !== '') out.push(line);
  return out;
}

const padStart = (text: string, width: number) => ' '.repeat(Math.max(0, width - widthOf(text))) + text;
const padEnd = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - widthOf(text)));

/**
 * Lays out one print line: one column is left aligned, two are left and right, three are
 * left, centre and right; a single empty string is a blank spacer. Text that does not fit is
 * wrapped rather than cut, so nothing the ERP sent is lost on paper.
 */
export function layoutLine(columns: readonly string[], width = PAPER_WIDTH): string[] {
  const [a = '', b = '', c = ''] = columns;
  if (columns.length <= 1) return a === '' ? [''] : wrap(a, width);
  if (columns.length === 2) {
    if (widthOf(a) + widthOf(b) + 1 > width)
      return [...wrap(a, width), ...wrap(b, width).map((l) => padStart(l, width))];
    return [a + ' '.repeat(width - widthOf(a) - widthOf(b)) + b];
  }
  if (a === '' && c === '') {
    // Centred text alone (a title, the merchant): each wrapped piece centred on its own.
    return wrap(b, width).map((piece) =>
      padEnd(' '.repeat(Math.floor((width - widthOf(piece)) / 2)) + piece, width),
    );
  }
  if (widthOf(a) + widthOf(b) + widthOf(c) + 2 > width) {
    return [...wrap(a, width), ...wrap(b, width), ...wrap(c, width).map((l) => padStart(l, width))];
  }
  const centreStart = Math.max(widthOf(a) + 1, Math.floor((width - widthOf(b)) / 2));
  const left = padEnd(a, centreStart) + b;
  return [left + ' '.repeat(Math.max(1, width - widthOf(left) - widthOf(c))) + c];
}

/** How far the continuation lines of request text are indented (PrintLine `text`). */
const CONTINUATION_INDENT = '  ';

/** Request text wrapped with a hanging indent: the first piece at the margin, the rest indented. */
function layoutText(text: string, width: number): string[] {
  const [first = '', ...rest] = wrap(text, width);
  const continued =
    rest.length === 0 ? [] : wrap(rest.join('').trimStart(), width - CONTINUATION_INDENT.length);
  return [first, ...continued.map((piece) => CONTINUATION_INDENT + piece)];
}

/** A large line takes two columns of paper per character: it is laid out on half the width. */
export function layoutPrintLine(line: PrintLine, width = PAPER_WIDTH): string[] {
  if ('large' in line) return layoutLine(line.large, Math.floor(width / 2));
  if ('text' in line) return layoutText(line.text, width);
  return layoutLine(line, width);
}

export function layoutDocument(
  lines: readonly PrintLine[],
  feedLines: number,
  width = PAPER_WIDTH,
): string[] {
  return [...lines.flatMap((line) => layoutPrintLine(line, width)), ...Array<string>(feedLines).fill('')];
}
