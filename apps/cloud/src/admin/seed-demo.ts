// Demo data: a merchant with the module on, its fiscal identity, content blocks, products, a
// cashier, an all-scopes key, a terminal waiting for activation (npm start activates the
// embedded one) and a console owner with a generated password (npm start prints it), so the
// developer can sign in to the console at once.
import { VAT_CODES } from '@fiscal-pos/fiscal';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { createKey, type CreatedKey } from '../keys/keys.js';
import { SCOPES } from '../keys/scopes.js';
import { createMerchant } from '../merchants/merchants.js';
import { createCashier } from '../catalog/cashiers.js';
import type { Cashier } from '@fiscal-pos/platform-protocol';
import { saveContentBlock, saveProduct } from '../products/save-product.js';
import { createTerminal } from '../terminals/create-terminal.js';
import type { IssuedActivationCode } from '../terminals/terminal-schemas.js';
import { randomBytes } from 'node:crypto';
import { base62 } from '../ids.js';
import { findUserByEmail, insertConsoleUser } from '../console-users/console-user-store.js';
import { hashPassword } from '../console-users/passwords.js';

const DEMO_OWNER = 'owner@demo.fiscal-pos.local';

/** The demo's console owner: the fixed address, or one naming the merchant when seeded again. */
async function seedDemoOwner(db: Db, merchantId: string): Promise<{ email: string; password: string }> {
  const email = (await findUserByEmail(db, DEMO_OWNER))
    ? `owner-${merchantId.slice(-8).toLowerCase()}@demo.fiscal-pos.local`
    : DEMO_OWNER;
  const password = base62(randomBytes(12));
  await insertConsoleUser(db, {
    merchantId,
    email,
    role: 'owner',
    passwordHash: await hashPassword(password),
  });
  return { email, password };
}

export async function seedDemo(
  ctx: { db: Db; clock: Clock },
  options: { products: number },
): Promise<{
  merchantId: string;
  key: CreatedKey;
  cashier: Cashier & { pin: string };
  terminal: z.infer<typeof IssuedActivationCode>;
  console: { email: string; password: string };
}> {
  const { db } = ctx;
  const merchant = await createMerchant(db, {
    name: 'Demo Shop SRL',
    integrationActive: true,
    idno: '1003600070656',
    address: 'str. Ștefan cel Mare 1, Chișinău',
  });
  await saveContentBlock(db, merchant.id, {
    key: 'ingredients',
    labels: { ro: 'Ingrediente', ru: 'Состав', en: 'Ingredients' },
    position: 1,
  });
  await saveContentBlock(db, merchant.id, {
    key: 'care',
    labels: { ro: 'Îngrijire', ru: 'Уход', en: 'Care' },
    position: 2,
  });
  for (let i = 1; i <= options.products; i++) {
    const code = `P-${String(i).padStart(6, '0')}`;
    await saveProduct(db, merchant.id, {
      code,
      barcodes: [`48400000${String(i).padStart(5, '0')}`],
      name: { ro: `Produs ${i}`, ru: `Товар ${i}`, en: `Product ${i}` },
      description: { ro: `Descrierea produsului ${i}` },
      priceMinor: 100 + ((i * 37) % 100_000),
      vatCode: VAT_CODES[i % 5]!,
      unit: i % 7 === 0 ? 'kg' : 'pcs',
      category: `Category ${i % 10}`,
      onHandMilli: (i % 50) * 1000,
      content: { ingredients: { ro: 'apă, zahăr', en: 'water, sugar' } },
    });
  }
  // A demo PIN is no secret: it is here so that a shift can be opened for her at once.
  const pin = '1234';
  const cashier = await createCashier(db, merchant.id, { name: 'Ana Popescu', role: 'administrator', pin });
  const key = await createKey(db, { merchantId: merchant.id, scopes: [...SCOPES], name: 'demo' });
  const terminal = await createTerminal(ctx, { merchantId: merchant.id, name: 'Casa 1' });
  const owner = await seedDemoOwner(db, merchant.id);
  return { merchantId: merchant.id, key, cashier: { ...cashier, pin }, terminal, console: owner };
}
