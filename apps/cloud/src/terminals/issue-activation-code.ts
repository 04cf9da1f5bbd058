// Activation codes for a terminal: one at creation, a new one on request (a replaced or reset
// device). A new code replaces an unused earlier one, so at most one code can activate a
// terminal at any time.
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/database.js';
import { terminalActivationCodes } from '../db/schema.js';
import { ACTIVATION_CODE_TTL_MS, generateActivationCode } from './activation-code.js';
import type { IssuedActivationCode } from './terminal-schemas.js';
import { lockTerminalFor, showTerminal } from './terminal-store.js';

export async function replaceActivationCode(
  tx: Queryable,
  terminalId: string,
  now: Date,
): Promise<{ code: string; expiresAt: Date }> {
  await tx
    .delete(terminalActivationCodes)
    .where(and(eq(terminalActivationCodes.terminalId, terminalId), isNull(terminalActivationCodes.usedAt)));
  const code = generateActivationCode();
  const expiresAt = new Date(now.getTime() + ACTIVATION_CODE_TTL_MS);
  await tx.insert(terminalActivationCodes).values({ hash: code.hash, terminalId, createdAt: now, expiresAt });
  return { code: code.display, expiresAt };
}

/** The terminal with its fresh code, as the admin API answers. */
export async function presentIssuedCode(
  tx: Queryable,
  options: { merchantId: string; terminalId: string; code: string; expiresAt: Date },
): Promise<z.infer<typeof IssuedActivationCode>> {
  return {
    terminal: await showTerminal(tx, options.merchantId, options.terminalId),
    activationCode: options.code,
    activationCodeExpiresAt: options.expiresAt.toISOString(),
  };
}

export async function issueActivationCode(
  ctx: { db: Db; clock: Clock },
  options: { merchantId: string; terminalId: string },
): Promise<z.infer<typeof IssuedActivationCode>> {
  return ctx.db.transaction(async (tx) => {
    const terminal = await lockTerminalFor(tx, { ...options, action: 'issueCode' });
    const issued = await replaceActivationCode(tx, terminal.id, ctx.clock.now());
    return presentIssuedCode(tx, { ...options, ...issued });
  });
}
