// Merchants, their fiscal identity (IDNO and address, printed on their terminals' receipts) and
// their integration module switch (the console will drive these; the admin CLI does now).
import { asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { merchants } from '../db/schema.js';
import { newId } from '../ids.js';
import { ProblemError } from '../http/problem.js';
import { announceAuthChange } from '../keys/auth-changes.js';

export interface Merchant {
  id: string;
  name: string;
  integrationActive: boolean;
  idno: string | null;
  address: string | null;
}

/** What may change after creation; an absent field stays, null clears idno or address. */
export interface MerchantChanges {
  name?: string | undefined;
  idno?: string | null | undefined;
  address?: string | null | undefined;
}

const MERCHANT_COLUMNS = {
  id: merchants.id,
  name: merchants.name,
  integrationActive: merchants.integrationActive,
  idno: merchants.idno,
  address: merchants.address,
};

export async function listMerchants(db: Queryable): Promise<Merchant[]> {
  return db.select(MERCHANT_COLUMNS).from(merchants).orderBy(asc(merchants.createdAt), asc(merchants.id));
}

/** The merchant, or 404. */
export async function requireMerchant(db: Queryable, merchantId: string): Promise<Merchant> {
  const [row] = await db
    .select(MERCHANT_COLUMNS)
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  if (!row) throw new ProblemError('not_found', `No merchant ${merchantId}.`);
  return row;
}

export async function createMerchant(
  db: Queryable,
  options: { name: string; integrationActive?: boolean; idno?: string | null; address?: string | null },
): Promise<Merchant> {
  const [row] = await db
    .insert(merchants)
    .values({
      id: newId('mer'),
      name: options.name,
      integrationActive: options.integrationActive ?? false,
      idno: options.idno ?? null,
      address: options.address ?? null,
    })
    .returning(MERCHANT_COLUMNS);
  return row!;
}

/** The merchant as changed, or 404. */
export async function updateMerchant(
  db: Queryable,
  merchantId: string,
  changes: MerchantChanges,
): Promise<Merchant> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return requireMerchant(db, merchantId);
  const [row] = await db
    .update(merchants)
    .set(set)
    .where(eq(merchants.id, merchantId))
    .returning(MERCHANT_COLUMNS);
  if (!row) throw new ProblemError('not_found', `No merchant ${merchantId}.`);
  return row;
}

/** Returns false when no such merchant exists. */
export async function setIntegrationActive(db: Db, merchantId: string, active: boolean): Promise<boolean> {
  const rows = await db
    .update(merchants)
    .set({ integrationActive: active })
    .where(eq(merchants.id, merchantId))
    .returning({ id: merchants.id });
  announceAuthChange({ merchantId });
  return rows.length === 1;
}
