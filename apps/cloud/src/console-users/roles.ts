// The console's roles, each allowed everything the ones below it are (docs/console.md has the
// table of what each may do; every console route names the least role it needs).
import type { ConsoleRole } from '../db/schema.js';

export type { ConsoleRole };

/** From least to most allowed. */
export const CONSOLE_ROLES = ['viewer', 'manager', 'owner'] as const satisfies readonly ConsoleRole[];

export const roleAllows = (role: ConsoleRole, least: ConsoleRole): boolean =>
  CONSOLE_ROLES.indexOf(role) >= CONSOLE_ROLES.indexOf(least);
