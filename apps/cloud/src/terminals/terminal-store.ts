// Reading terminals. Every query names the merchant: a terminal id of another merchant is 404.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { terminals } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { ACTION_WORDS, allows, type TerminalAction, type TerminalStatus } from './terminal-lifecycle.js';
import type { Terminal } from './terminal-schemas.js';

export type TerminalRow = typeof terminals.$inferSelect;

// Written out in SQL: drizzle renders a column inside a select list unqualified, and a bare
// "id" in the subquery would mean the key's id. The current key is the acknowledged one no successor has replaced yet (a replaced key gets an
// expiry when its successor is acknowledged); a pending key is one not yet acknowledged.
const SUMMARY_COLUMNS = {
  apiKeyLastFour: sql<string | null>`(select k.last_four from terminal_api_keys k
    where k.terminal_id = terminals.id and k.revoked_at is null and k.acknowledged_at is not null
      and k.expires_at is null
    order by k.created_at desc limit 1)`,
  apiKeyRotationPending: sql<boolean>`exists (select 1 from terminal_api_keys k
    where k.terminal_id = terminals.id and k.revoked_at is null and k.acknowledged_at is null)`,
};

/** The terminal's X-API-Key as lists show it (last four, a rotation waiting), for a select of terminals. */
export const apiKeyColumns = () => SUMMARY_COLUMNS;

/** The relay's count of dials (relay/relay-routes.ts) is no part of the admin view. */
type TerminalSummaryRow = Omit<TerminalRow, 'relayLinkSeq'> & {
  apiKeyLastFour: string | null;
  apiKeyRotationPending: boolean;
};

function presentTerminal(row: TerminalSummaryRow): z.infer<typeof Terminal> {
  return {
    id: row.id,
    merchantId: row.merchantId,
    publicId: row.publicId,
    name: row.name,
    status: row.status as TerminalStatus,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    apiKeyLastFour: row.apiKeyLastFour,
    apiKeyRotationPending: row.apiKeyRotationPending,
  };
}

export async function listTerminals(db: Queryable, merchantId: string): Promise<z.infer<typeof Terminal>[]> {
  const rows = await db
    .select({ ...terminalColumns(), ...SUMMARY_COLUMNS })
    .from(terminals)
    .where(eq(terminals.merchantId, merchantId))
    .orderBy(asc(terminals.createdAt), asc(terminals.id));
  return rows.map(presentTerminal);
}

/** The terminal as the admin API shows it, or 404. */
export async function showTerminal(
  db: Queryable,
  merchantId: string,
  terminalId: string,
): Promise<z.infer<typeof Terminal>> {
  const [row] = await db
    .select({ ...terminalColumns(), ...SUMMARY_COLUMNS })
    .from(terminals)
    .where(and(eq(terminals.merchantId, merchantId), eq(terminals.id, terminalId)))
    .limit(1);
  if (!row) throw notFound(terminalId);
  return presentTerminal(row);
}

/**
 * The terminal locked for a change, or 404; 409 terminal_status_conflict when its status does
 * not allow the action. Locking serialises concurrent changes of one terminal.
 */
export async function lockTerminalFor(
  tx: Queryable,
  options: { merchantId: string; terminalId: string; action: TerminalAction },
): Promise<TerminalRow> {
  const [row] = await tx
    .select()
    .from(terminals)
    .where(and(eq(terminals.merchantId, options.merchantId), eq(terminals.id, options.terminalId)))
    .for('update');
  if (!row) throw notFound(options.terminalId);
  if (!allows(row.status as TerminalStatus, options.action))
    throw new ProblemError(
      'terminal_status_conflict',
      `Terminal ${row.id} is ${row.status}: it cannot ${ACTION_WORDS[options.action]}.`,
    );
  return row;
}

function terminalColumns() {
  return {
    id: terminals.id,
    merchantId: terminals.merchantId,
    publicId: terminals.publicId,
    name: terminals.name,
    status: terminals.status,
    createdAt: terminals.createdAt,
    activatedAt: terminals.activatedAt,
    deactivatedAt: terminals.deactivatedAt,
  };
}

const notFound = (terminalId: string) => new ProblemError('not_found', `No terminal ${terminalId}.`);
