/** The states of a delivery lot; `open` is the only one a sale or a cancel starts from. */
export const LOT_STATUSES = ['open', 'sold', 'cancelled', 'expired'] as const;

export type LotStatus = (typeof LOT_STATUSES)[number];

/**
 * Which state may follow which. `sold → open` is the one way back: the sale that sold the lot
 * was written, then refused by the fiscal server, so nothing was sold. `expired` is reached by
 * time (expiresAt passed), read as such wherever the lot is read.
 */
const LOT_TRANSITIONS: Readonly<Record<LotStatus, readonly LotStatus[]>> = {
  open: ['sold', 'cancelled', 'expired'],
  sold: ['open'],
  cancelled: [],
  expired: [],
};

export function canMove(from: LotStatus, to: LotStatus): boolean {
  return LOT_TRANSITIONS[from].includes(to);
}

/** The stored status with time applied: an open lot past expiresAt is expired. */
export function effectiveStatus(stored: LotStatus, expiresAt: string | null, now: Date): LotStatus {
  return stored === 'open' && expiresAt !== null && expiresAt <= now.toISOString() ? 'expired' : stored;
}
