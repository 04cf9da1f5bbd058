import { parsePrintRequest } from '@fiscal-pos/fiscal';
import type { Clock } from '../clock.js';
import { ApiError } from '../http/api-error.js';
import type { RouteKit } from '../http/route-kit.js';
import type { PrintResult } from './print-contract.js';
import { assertPrinterAvailable, printOnRequest } from './print-on-request.js';
import type { ReceiptPrinter } from './receipt-printer.js';

/** POST /api/print: non-fiscal text, no fiscal lock, waits until the printer took it. */
export function registerPrintRoutes(kit: RouteKit, printer: ReceiptPrinter, clock: Clock): void {
  kit.post('/api/print', async (request): Promise<PrintResult> => {
    const parsed = parsePrintRequest(request.body);
    if (!parsed.ok) throw ApiError.validation(parsed.issues);
    assertPrinterAvailable(printer);
    const { lines, feedLines, cut } = parsed.value;
    await printOnRequest(printer, { kind: 'text', lines, feedLines, cut });
    return { linesCount: lines.length, printedAt: clock.now().toISOString() };
  });
}
