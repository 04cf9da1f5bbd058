/** The DLE EOT answers as the driver reads them (Epson ESC/POS bit meanings). */
import { describe, expect, it } from 'vitest';
import { printerStateOf } from '../../src/printing/escpos-status.js';

const answers = (...bytes: number[]) => Uint8Array.from(bytes);

describe('printerStateOf', () => {
  it.each([
    [[0x12, 0x12, 0x12], 'ready'],
    [[0x12, 0x12, 0x1e], 'paper-near-end'],
    [[0x1a, 0x72, 0x72], 'paper-out'],
    [[0x1a, 0x56, 0x12], 'cover-open'],
    [[0x1a, 0x52, 0x12], 'offline'],
    // Paper end seen only by the sensor still stops printing.
    [[0x12, 0x12, 0x72], 'paper-out'],
  ] as const)('%j is %s', (bytes, state) => {
    expect(printerStateOf(answers(...bytes))).toBe(state);
  });

  it('refuses what is not three status bytes', () => {
    expect(() => printerStateOf(answers(0x12, 0x12))).toThrow(/not an ESC\/POS status/);
    expect(() => printerStateOf(answers(0x41, 0x12, 0x12))).toThrow(/not an ESC\/POS status/);
  });
});
