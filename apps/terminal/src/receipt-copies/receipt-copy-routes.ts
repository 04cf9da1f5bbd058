import type { RouteKit } from '../http/route-kit.js';
import type { ReceiptDuplicate } from './receipt-copy-contract.js';
import { printReceiptDuplicate, type ReceiptDuplicateDeps } from './print-receipt-duplicate.js';

/** POST /api/sales/{saleId}/duplicate: the body is ignored (none, or {}). */
export function registerReceiptCopyRoutes(kit: RouteKit, d: ReceiptDuplicateDeps): void {
  kit.post('/api/sales/:saleId/duplicate', (request): Promise<ReceiptDuplicate> => {
    const { saleId } = request.params as { saleId: string };
    return printReceiptDuplicate(d, saleId);
  });
}
