// The operator rotates a terminal's X-API-Key (leaked, or routine). The new key is not shown to
// the operator: it goes to the terminal at its next sync, and the current key keeps working
// until the terminal has it plus the grace window (terminal-api-keys.ts).
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { SecretsKeyring } from '../secrets/secrets-keyring.js';
import { issuePendingApiKey } from './terminal-api-keys.js';
import type { Terminal } from './terminal-schemas.js';
import { lockTerminalFor, showTerminal } from './terminal-store.js';

export async function rotateTerminalApiKey(
  ctx: { db: Db; clock: Clock; secrets: SecretsKeyring },
  options: { merchantId: string; terminalId: string; graceSeconds: number },
): Promise<{ terminal: z.infer<typeof Terminal>; apiKey: { id: string; lastFour: string } }> {
  return ctx.db.transaction(async (tx) => {
    await lockTerminalFor(tx, { ...options, action: 'rotateApiKey' });
    const apiKey = await issuePendingApiKey(tx, {
      terminalId: options.terminalId,
      now: ctx.clock.now(),
      graceSeconds: options.graceSeconds,
      secrets: ctx.secrets,
    });
    return { terminal: await showTerminal(tx, options.merchantId, options.terminalId), apiKey };
  });
}
