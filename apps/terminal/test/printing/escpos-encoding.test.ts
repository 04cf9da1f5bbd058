/**
 * Lines end in LF alone: LF CR, the encoder's default, prints double-spaced on printers set to
 * treat CR as a new line as well.
 */
import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/printing/escpos-encoding.js';

describe('the ESC/POS bytes of a document', () => {
  it('end every line in LF, with no CR anywhere', () => {
    const bytes = encodeDocument(
      {
        kind: 'text',
        lines: [['Pâine', '12.50'], { large: ['', 'TOTAL 12.50', ''] }, ['Чай']],
        feedLines: 2,
        cut: true,
      },
      48,
    );
    expect(bytes.includes(0x0d)).toBe(false);
    // Three lines, then two fed.
    expect(bytes.filter((byte) => byte === 0x0a).length).toBeGreaterThanOrEqual(5);
  });
});
