/** Characters per line of an 80 mm thermal printer with its default font. */
export const PAPER_WIDTH = 48;

function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += width) out.push(text.slice(i, i + width));
  return out;
}

/**
 * Lays out one print line: one column is left aligned, two are left and right, three are
 * left, centre and right; a single empty string is a blank spacer. Text that does not fit is
 * wrapped rather than cut, so nothing the ERP sent is lost on paper.
 */
export function layoutLine(columns: readonly string[], width = PAPER_WIDTH): string[] {
  const [a = '', b = '', c = ''] = columns;
  if (columns.length <= 1) return a === '' ? [''] : wrap(a, width);
  if (columns.length === 2) {
    if (a.length + b.length + 1 > width)
      return [...wrap(a, width), ...wrap(b, width).map((l) => l.padStart(width))];
    return [a + ' '.repeat(width - a.length - b.length) + b];
  }
  if (a.length + b.length + c.length + 2 > width) {
    return [...wrap(a, width), ...wrap(b, width), ...wrap(c, width).map((l) => l.padStart(width))];
  }
  const centreStart = Math.max(a.length + 1, Math.floor((width - b.length) / 2));
  const left = a.padEnd(centreStart) + b;
  return [left + ' '.repeat(Math.max(1, width - left.length - c.length)) + c];
}

export function layoutDocument(
  lines: readonly (readonly string[])[],
  feedLines: number,
  width = PAPER_WIDTH,
): string[] {
  return [...lines.flatMap((line) => layoutLine(line, width)), ...Array<string>(feedLines).fill('')];
}
