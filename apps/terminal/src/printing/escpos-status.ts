import type { PrinterState } from './receipt-printer.js';

/** The real-time status requests a driver sends: DLE EOT 1 (printer), 2 (off-line cause), 4 (paper). */
export const STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 4);

/**
 * The printer's state from its three answers to STATUS_REQUEST (Epson ESC/POS bit meanings):
 * off-line cause bit 2 is cover open and bit 5 paper end; the paper sensor's bits 5–6 are paper
 * end and bits 2–3 near end; printer status bit 3 is off-line for any other reason. An answer
 * that is not a status byte (bits 0, 4 set or bit 1 clear per the specification's fixed bits)
 * is refused, since it means the byte stream is not what the driver thinks.
 */
export function printerStateOf(answers: Uint8Array): PrinterState {
  if (answers.length !== 3 || [...answers].some((byte) => (byte & 0x93) !== 0x12)) {
    throw new Error(`not an ESC/POS status answer: ${Buffer.from(answers).toString('hex')}`);
  }
  const [printer = 0, offlineCause = 0, paper = 0] = answers;
  if ((offlineCause & 0x04) !== 0) return 'cover-open';
  if ((offlineCause & 0x20) !== 0 || (paper & 0x60) !== 0) return 'paper-out';
  if ((printer & 0x08) !== 0) return 'offline';
  if ((paper & 0x0c) !== 0) return 'paper-near-end';
  return 'ready';
}
