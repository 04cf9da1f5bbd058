// The operator's changes to a terminal: renaming it, and deactivating it for good (a stolen or
// retired device): its credentials and API keys are revoked and its unused code deleted, so
// nothing it held works and no code activates it again.
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { terminalActivationCodes, terminals } from '../db/schema.js';
import { revokeDeviceCredentials } from '../device-access/device-credentials.js';
import { revokeTerminalApiKeys } from './terminal-api-keys.js';
import type { Terminal } from './terminal-schemas.js';
import { lockTerminalFor, showTerminal } from './terminal-store.js';

interface TerminalRef {
  merchantId: string;
  terminalId: string;
}

export async function renameTerminal(
  ctx: { db: Db },
  options: TerminalRef & { name: string },
): Promise<z.infer<typeof Terminal>> {
  return ctx.db.transaction(async (tx) => {
    await lockTerminalFor(tx, { ...options, action: 'rename' });
    await tx.update(terminals).set({ name: options.name }).where(eq(terminals.id, options.terminalId));
    return showTerminal(tx, options.merchantId, options.terminalId);
  });
}

export async function deactivateTerminal(
  ctx: { db: Db; clock: Clock },
  options: TerminalRef,
): Promise<z.infer<typeof Terminal>> {
  return ctx.db.transaction(async (tx) => {
    await lockTerminalFor(tx, { ...options, action: 'deactivate' });
    const now = ctx.clock.now();
    await tx
      .update(terminals)
      .set({ status: 'deactivated', deactivatedAt: now })
      .where(eq(terminals.id, options.terminalId));
    await revokeDeviceCredentials(tx, options.terminalId, now);
    await revokeTerminalApiKeys(tx, options.terminalId, now);
    await tx
      .delete(terminalActivationCodes)
      .where(
        and(
          eq(terminalActivationCodes.terminalId, options.terminalId),
          isNull(terminalActivationCodes.usedAt),
        ),
      );
    return showTerminal(tx, options.merchantId, options.terminalId);
  });
}
