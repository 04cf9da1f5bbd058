// Merchants and their integration module switch (the console will drive these; the admin CLI does now).
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
}

const MERCHANT_COLUMNS = {
  id: merchants.id,
  name: merchants.name,
  integrationActive: merchants.integrationActive,
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
  options: { name: string; integrationActive?: boolean },
): Promise<Merchant> {
  const [row] = await db
    .insert(merchants)
    .values({ id: newId('mer'), name: options.name, integrationActive: options.integrationActive ?? false })
    .returning(MERCHANT_COLUMNS);
  return row!;
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
