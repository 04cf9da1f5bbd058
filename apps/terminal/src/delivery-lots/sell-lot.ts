import { fromMilli } from '@fiscal-pos/fiscal';
import { DomainError } from '../domain-error.js';
import { loadLot, type LotDeps } from './lot-deps.js';
import { canMove, effectiveStatus, type LotStatus } from './lot-status.js';
import type { DeliveryLot, LotSaleReport, LotStore } from './lot-store.js';
import { lotIdOfQrPayload } from './qr-payload.js';

/** How a sale names its lot (either field, or both when they agree). */
interface LotReference {
  deliveryLotId: string | null;
  qrPayload: string | null;
}

/** A sale item as the lot sees it. */
export interface SoldItem {
  lotLineId: string | null;
  productId: string | null;
  name: string;
  quantityMilli: number;
}

function lotIdOf(d: Pick<LotDeps, 'lotSecret'>, ref: LotReference): string | null {
  if (ref.qrPayload === null) return ref.deliveryLotId?.toLowerCase() ?? null;
  const fromQr = lotIdOfQrPayload(d.lotSecret(), ref.qrPayload);
  if (fromQr === null) {
    throw DomainError.validation([
      {
        field: 'qrPayload',
        code: 'QR_PAYLOAD_INVALID',
        message: 'qrPayload is malformed or its check does not match',
      },
    ]);
  }
  if (ref.deliveryLotId !== null && ref.deliveryLotId.toLowerCase() !== fromQr) {
    throw DomainError.validation([
      {
        field: 'qrPayload',
        code: 'QR_PAYLOAD_INVALID',
        message: 'qrPayload names another lot than deliveryLotId',
      },
    ]);
  }
  return fromQr;
}

/** DELIVERY_LOT_NOT_OPEN unless the transition table lets the lot, as it is at `now`, become `to`. */
export function assertCanMove(lot: DeliveryLot, to: LotStatus, now: Date): void {
  const status = effectiveStatus(lot.status, lot.expiresAt, now);
  if (!canMove(status, to)) {
    throw new DomainError('DELIVERY_LOT_NOT_OPEN', `Delivery lot ${lot.id} is ${status}, not open`);
  }
}

/**
 * The lot a sale sells, checked before the sale takes the fiscal lock: the QR check, the lot,
 * its state, and that every lotLineId of the items is a line of it. Null for a sale of no lot.
 */
export function lotForSale(
  d: Pick<LotDeps, 'lots' | 'lotSecret' | 'clock'>,
  ref: LotReference,
  items: readonly SoldItem[],
): DeliveryLot | null {
  const lotId = lotIdOf(d, ref);
  if (lotId === null) return null;
  const lot = loadLot(d, lotId);
  assertCanMove(lot, 'sold', d.clock.now());
  const known = new Set(lot.lines.map((line) => line.lotLineId));
  const unknown = items.flatMap((item, index) =>
    item.lotLineId !== null && !known.has(item.lotLineId)
      ? [
          {
            field: `items[${index}].lotLineId`,
            code: 'LOT_LINE_ID_INVALID',
            message: 'not a line of this lot',
          },
        ]
      : [],
  );
  if (unknown.length > 0) throw DomainError.validation(unknown);
  return lot;
}

/** What the sale did to each line of the lot, and the lines the cashier added. */
export function saleReport(
  lot: DeliveryLot,
  saleId: string,
  soldAt: string,
  items: readonly SoldItem[],
): LotSaleReport {
  const soldMilli = new Map(
    items.flatMap((i) => (i.lotLineId === null ? [] : [[i.lotLineId, i.quantityMilli]])),
  );
  return {
    lotId: lot.id,
    saleId,
    soldAt,
    lines: lot.lines.map((line) => {
      const sold = soldMilli.get(line.lotLineId) ?? 0;
      const status = sold === 0 ? 'removed' : sold === line.quantityMilli ? 'sold' : 'modified';
      return {
        lotLineId: line.lotLineId,
        name: line.name,
        orderedQty: fromMilli(line.quantityMilli),
        soldQty: fromMilli(sold),
        status,
      };
    }),
    extraLines: items
      .filter((i) => i.lotLineId === null)
      .map((i) => ({
        productId: i.productId,
        name: i.name,
        soldQty: fromMilli(i.quantityMilli),
        status: 'added',
      })),
  };
}

/**
 * Marks the lot sold inside the sale's transaction, so the sale and the lot's state stand or
 * fall together; a lot sold or cancelled since lotForSale checked it refuses the whole sale.
 */
export function markLotSold(lots: LotStore, report: LotSaleReport): void {
  if (!lots.markSold(report)) {
    const lot = lots.get(report.lotId);
    const status = lot ? effectiveStatus(lot.status, lot.expiresAt, new Date(report.soldAt)) : 'unknown';
    throw new DomainError('DELIVERY_LOT_NOT_OPEN', `Delivery lot ${report.lotId} is ${status}, not open`);
  }
}
