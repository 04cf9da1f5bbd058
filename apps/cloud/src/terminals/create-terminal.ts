// A new terminal for a merchant: pending, with its first activation code.
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { terminals } from '../db/schema.js';
import { newId } from '../ids.js';
import { requireMerchant } from '../merchants/merchants.js';
import { presentIssuedCode, replaceActivationCode } from './issue-activation-code.js';
import type { IssuedActivationCode } from './terminal-schemas.js';

export async function createTerminal(
  ctx: { db: Db; clock: Clock },
  options: { merchantId: string; name: string },
): Promise<z.infer<typeof IssuedActivationCode>> {
  return ctx.db.transaction(async (tx) => {
    await requireMerchant(tx, options.merchantId);
    const now = ctx.clock.now();
    const terminalId = newId('trm');
    await tx.insert(terminals).values({
      id: terminalId,
      merchantId: options.merchantId,
      name: options.name,
      status: 'pending',
      createdAt: now,
    });
    const issued = await replaceActivationCode(tx, terminalId, now);
    return presentIssuedCode(tx, { merchantId: options.merchantId, terminalId, ...issued });
  });
}
