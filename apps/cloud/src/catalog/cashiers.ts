// Cashiers of the merchant: name, role and a 4-digit PIN kept only as a slow hash
// (pin-hash.ts). The administration API never shows the hash; the catalog feed gives the
// terminal its verifier (see "Catalog feed" in docs/platform.md).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { cashiers } from '../db/schema.js';
import { newId } from '../ids.js';
import type { Cashier } from '@fiscal-pos/platform-protocol';
import type { CreateCashierBody, UpdateCashierBody } from './catalog-schemas.js';
import { nextCatalogVersion } from '../catalog-base/catalog-version.js';
import { hashPin } from './pin-hash.js';

type CashierRow = typeof cashiers.$inferSelect;

export const presentCashier = (row: CashierRow): Cashier => ({
  id: row.id,
  name: row.name,
  role: row.role,
  version: row.version,
});

const live = (merchantId: string, id: string) =>
  and(eq(cashiers.merchantId, merchantId), eq(cashiers.id, id), isNull(cashiers.deletedAt));

export async function listCashiers(db: Queryable, merchantId: string): Promise<Cashier[]> {
  const rows = await db
    .select()
    .from(cashiers)
    .where(and(eq(cashiers.merchantId, merchantId), isNull(cashiers.deletedAt)))
    .orderBy(asc(cashiers.name), asc(cashiers.id));
  return rows.map(presentCashier);
}

export async function createCashier(db: Db, merchantId: string, body: CreateCashierBody): Promise<Cashier> {
  // Hashed before the transaction: scrypt takes tens of milliseconds and holds no lock.
  const pinHash = await hashPin(body.pin);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cashiers)
      .values({
        id: newId('csh'),
        merchantId,
        name: body.name,
        role: body.role,
        pinHash,
        version: await nextCatalogVersion(tx, merchantId),
      })
      .returning();
    return presentCashier(row!);
  });
}

/**
 * Changes what the change gives of a cashier (the admin's PUT gives name and role; the
 * console renames, or resets the PIN, alone); a field left out stays.
 */
export async function updateCashier(
  db: Db,
  merchantId: string,
  id: string,
  change: Partial<UpdateCashierBody>,
): Promise<Cashier | undefined> {
  const pinHash = change.pin === undefined ? undefined : await hashPin(change.pin);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: cashiers.id })
      .from(cashiers)
      .where(live(merchantId, id))
      .for('update');
    if (!existing) return undefined;
    const [row] = await tx
      .update(cashiers)
      .set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(pinHash === undefined ? {} : { pinHash }),
        version: await nextCatalogVersion(tx, merchantId),
        updatedAt: sql`now()`,
      })
      .where(eq(cashiers.id, id))
      .returning();
    return presentCashier(row!);
  });
}

export async function deleteCashier(db: Db, merchantId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: cashiers.id })
      .from(cashiers)
      .where(live(merchantId, id))
      .for('update');
    if (!existing) return false;
    await tx
      .update(cashiers)
      .set({
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: await nextCatalogVersion(tx, merchantId),
      })
      .where(eq(cashiers.id, id));
    return true;
  });
}
