// A terminal exchanges its activation code, once, for what it needs to join the platform: its
// id and name, the merchant's fiscal identity for the receipt header, a device credential and
// its X-API-Key. Everything happens in one transaction with the code row locked, so two
// concurrent attempts with one code cannot both succeed, and a refused code changes nothing.
// Activating again (a replaced device, with a new code) revokes what the old device held.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { merchants, terminalActivationCodes, terminals } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { hashTypedActivationCode } from './activation-code.js';
import { issueDeviceCredential, revokeDeviceCredentials } from '../device-access/device-credentials.js';
import { issueActivationApiKey, revokeTerminalApiKeys } from './terminal-api-keys.js';
import { allows, type TerminalStatus } from './terminal-lifecycle.js';
import type { Activation } from '@fiscal-pos/platform-protocol';
import { ACCEPTED_CAPABILITIES, presentDeviceMerchant } from './terminal-schemas.js';

const UNKNOWN = 'No terminal waits for this activation code; check it, or ask for a new one.';

export async function activateTerminal(
  ctx: { db: Db; clock: Clock },
  typedCode: string,
): Promise<z.infer<typeof Activation>> {
  const hash = hashTypedActivationCode(typedCode);
  if (hash === undefined)
    throw new ProblemError('invalid_activation_code', `${UNKNOWN} A code has 8 characters, XXXX-XXXX.`);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [found] = await tx
      .select({ code: terminalActivationCodes, terminal: terminals, merchant: merchants })
      .from(terminalActivationCodes)
      .innerJoin(terminals, eq(terminals.id, terminalActivationCodes.terminalId))
      .innerJoin(merchants, eq(merchants.id, terminals.merchantId))
      .where(eq(terminalActivationCodes.hash, hash))
      .for('update');
    if (!found || !allows(found.terminal.status as TerminalStatus, 'activate'))
      throw new ProblemError('invalid_activation_code', UNKNOWN);
    const { code, terminal, merchant } = found;
    if (code.usedAt !== null)
      throw new ProblemError(
        'activation_code_used',
        'This activation code was used already; ask for a new one.',
      );
    if (code.expiresAt.getTime() <= now.getTime())
      throw new ProblemError(
        'activation_code_expired',
        'This activation code has expired; ask for a new one.',
      );
    await tx
      .update(terminalActivationCodes)
      .set({ usedAt: now })
      .where(eq(terminalActivationCodes.hash, hash));
    await tx
      .update(terminals)
      .set({ status: 'active', activatedAt: now })
      .where(eq(terminals.id, terminal.id));
    await revokeDeviceCredentials(tx, terminal.id, now);
    await revokeTerminalApiKeys(tx, terminal.id, now);
    return {
      terminalId: terminal.id,
      publicId: terminal.publicId,
      terminalName: terminal.name,
      merchant: presentDeviceMerchant(merchant),
      deviceCredential: await issueDeviceCredential(tx, { terminalId: terminal.id, now }),
      apiKey: await issueActivationApiKey(tx, terminal.id, now),
      capabilities: ACCEPTED_CAPABILITIES,
    };
  });
}
