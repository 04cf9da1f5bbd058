// The merchant's VAT rates for codes A-E. A code the merchant never set has the default of
// the fiscal package (version 0, sent on a full sync); `_` is exempt and fixed.
import { DEFAULT_VAT_TABLE, VAT_CODES, type VatTable } from '@fiscal-pos/fiscal';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { vatRates } from '../db/schema.js';
import type { VatRate } from '@fiscal-pos/platform-protocol';
import { nextCatalogVersion } from '../catalog-base/catalog-version.js';

type VatRateRow = typeof vatRates.$inferSelect;

export const presentVatRate = (row: VatRateRow): VatRate => ({
  code: row.code,
  rateBasisPoints: row.rateBp,
  exempt: false,
  version: row.version,
});

/** Every code: the stored rates, the defaults of codes never set, and `_`. */
export function withDefaults(stored: readonly VatRateRow[]): VatRate[] {
  return VAT_CODES.map((code) => {
    const row = stored.find((r) => r.code === code);
    if (row) return presentVatRate(row);
    const rateBp = DEFAULT_VAT_TABLE[code]?.rateBp ?? null;
    return { code, rateBasisPoints: rateBp ?? 0, exempt: rateBp === null, version: 0 };
  });
}

/** The rates as the fiscal calculation takes them (the terminal's catalog-store.ts reads its copy alike). */
export function vatTableOf(rates: readonly VatRate[]): VatTable {
  const table: VatTable = {};
  for (const rate of rates)
    table[rate.code] = { code: rate.code, rateBp: rate.exempt ? null : rate.rateBasisPoints };
  return table;
}

export async function listVatRates(db: Queryable, merchantId: string): Promise<VatRate[]> {
  return withDefaults(
    await db.select().from(vatRates).where(eq(vatRates.merchantId, merchantId)).orderBy(asc(vatRates.code)),
  );
}

export async function setVatRate(
  db: Db,
  merchantId: string,
  code: VatRateRow['code'],
  rateBp: number,
): Promise<VatRate> {
  return db.transaction(async (tx) => {
    const values = { rateBp, version: await nextCatalogVersion(tx, merchantId), updatedAt: sql`now()` };
    const [row] = await tx
      .insert(vatRates)
      .values({ merchantId, code, ...values })
      .onConflictDoUpdate({ target: [vatRates.merchantId, vatRates.code], set: values })
      .returning();
    return presentVatRate(row!);
  });
}
