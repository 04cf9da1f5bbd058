/**
 * The answers to the real-time status request DLE EOT n (Epson ESC/POS): one byte each, bits
 * 1 and 4 always set, the other bits per condition. A driver reads these before and after a
 * job, so the simulator answers them even while it refuses to print.
 */
export interface PrinterCondition {
  coverOpen: boolean;
  paperOut: boolean;
  paperNearEnd: boolean;
}

const FIXED_BITS = 0x12;

export function statusByte(request: number, condition: PrinterCondition): number | null {
  const notReady = condition.coverOpen || condition.paperOut;
  switch (request) {
    case 1: // printer status: bit 3 = off-line
      return FIXED_BITS | (notReady ? 0x08 : 0);
    case 2: // off-line cause: bit 2 = cover open, bit 5 = stopped by paper end, bit 6 = error
      return (
        FIXED_BITS |
        (condition.coverOpen ? 0x04 : 0) |
        (condition.paperOut ? 0x20 : 0) |
        (notReady ? 0x40 : 0)
      );
    case 3: // error cause: no cutter, unrecoverable or auto-recoverable errors in this simulator
      return FIXED_BITS;
    case 4: // roll paper sensor: bits 2-3 = near end, bits 5-6 = paper end
      return FIXED_BITS | (condition.paperNearEnd ? 0x0c : 0) | (condition.paperOut ? 0x60 : 0);
    default:
      return null;
  }
}
