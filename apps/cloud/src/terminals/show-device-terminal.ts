// What a terminal learns about itself at each sync: its name and status, the merchant's fiscal
// identity (which may have changed), a rotated X-API-Key waiting for it, and what this cloud accepts.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { merchants, terminals } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import type { AuthenticatedDevice } from '../device-access/device-auth.js';
import { findPendingApiKey } from './terminal-api-keys.js';
import type { TerminalStatus } from './terminal-lifecycle.js';
import type { DeviceTerminal } from '@fiscal-pos/platform-protocol';
import { ACCEPTED_CAPABILITIES, presentDeviceMerchant } from './terminal-schemas.js';

export async function showDeviceTerminal(
  ctx: { db: Db; secrets: SecretsKeyring },
  device: AuthenticatedDevice,
): Promise<z.infer<typeof DeviceTerminal>> {
  const [row] = await ctx.db
    .select({ terminal: terminals, merchant: merchants })
    .from(terminals)
    .innerJoin(merchants, eq(merchants.id, terminals.merchantId))
    .where(and(eq(terminals.id, device.terminalId), eq(terminals.merchantId, device.merchantId)))
    .limit(1);
  // Authentication found the terminal a moment ago; terminals are never deleted.
  if (!row) throw new ProblemError('internal_error', `Terminal ${device.terminalId} vanished.`);
  const { terminal, merchant } = row;
  return {
    terminalId: terminal.id,
    publicId: terminal.publicId,
    terminalName: terminal.name,
    status: terminal.status as TerminalStatus,
    merchant: presentDeviceMerchant(merchant),
    pendingApiKey: await findPendingApiKey(ctx, terminal.id),
    capabilities: ACCEPTED_CAPABILITIES,
  };
}
