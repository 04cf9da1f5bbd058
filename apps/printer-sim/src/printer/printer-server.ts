/**
 * The printer's TCP port (9100 on a real one): one parser per connection, status answers
 * written back on the same socket, a page stored at every cut unless a fault stops printing.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { EscPosParser, type ParserEvent } from '../escpos/escpos-parser.js';
import { statusByte } from '../escpos/status-bytes.js';
import type { FaultSwitch } from '../faults/fault-switch.js';
import type { PageStore } from '../pages/page-store.js';

export function buildPrinterServer(deps: { faults: FaultSwitch; pages: PageStore; logger: Logger }): Server {
  return createServer((socket) => serveConnection(socket, deps));
}

function serveConnection(
  socket: Socket,
  deps: { faults: FaultSwitch; pages: PageStore; logger: Logger },
): void {
  const { faults, pages, logger } = deps;
  // A printer answers each status byte at once; Nagle's algorithm would hold the second and
  // third answers of a DLE EOT burst for the driver's delayed ACK (about 40 ms each).
  socket.setNoDelay(true);
  // Events are handled one after another so a slow status answer keeps its order with the cut.
  let queue = Promise.resolve();
  // A page came out on this connection: in silent-after-job, status requests go unanswered since.
  let printedHere = false;
  const handle = async (event: ParserEvent) => {
    const { mode, delayMs } = faults.settings;
    if (mode === 'slow' && (event.kind === 'status-request' || event.kind === 'cut')) await sleep(delayMs);
    switch (event.kind) {
      case 'status-request': {
        if (mode === 'silent-after-job' && printedHere) return;
        const answer = statusByte(event.request, faults.condition());
        if (answer === null) pages.addError(`unknown status request DLE EOT ${event.request}`);
        else if (!socket.destroyed) socket.write(Buffer.of(answer));
        return;
      }
      case 'cut': {
        const page = parser.takePage();
        const { paperOut, coverOpen } = faults.condition();
        if (paperOut || coverOpen) return;
        const stored = pages.add(page.lines, page.qrPayloads);
        printedHere = true;
        logger.info({ page: stored.id }, 'page printed');
        return;
      }
      case 'error':
        pages.addError(event.message);
        logger.error({ message: event.message }, 'ESC/POS error');
        return;
      case 'init':
      case 'qr':
        return;
    }
  };
  const parser = new EscPosParser((event) => {
    queue = queue.then(() => handle(event));
  });
  socket.on('data', (chunk: Buffer) => {
    parser.push(chunk);
    if (faults.settings.mode === 'disconnect-mid-job' && parser.lines.length > 0) {
      parser.takePage();
      socket.destroy();
    }
  });
  socket.on('error', (error) => logger.debug({ err: error }, 'printer connection error'));
}
