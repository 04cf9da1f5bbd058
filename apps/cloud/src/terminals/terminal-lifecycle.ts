// The life of a terminal, as a table. Created pending (an activation code waits for it); the
// first activation makes it active, and a replaced device activates it again with a new code;
// deactivation is final (its credentials are revoked and no code activates it any more).
import type { TERMINAL_STATUSES } from '@fiscal-pos/platform-protocol';

export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** What each status allows; anything else is 409 terminal_status_conflict. */
const ALLOWED: Readonly<Record<TerminalStatus, readonly TerminalAction[]>> = {
  pending: ['activate', 'issueCode', 'deactivate', 'rename'],
  active: ['activate', 'issueCode', 'deactivate', 'rename', 'rotateApiKey'],
  deactivated: ['rename'],
};

export type TerminalAction = 'activate' | 'issueCode' | 'deactivate' | 'rename' | 'rotateApiKey';

/** For refusals: what was asked, in words. */
export const ACTION_WORDS: Readonly<Record<TerminalAction, string>> = {
  activate: 'be activated',
  issueCode: 'get an activation code',
  deactivate: 'be deactivated',
  rename: 'be renamed',
  rotateApiKey: 'have its API key rotated (it has none until activated)',
};

export function allows(status: TerminalStatus, action: TerminalAction): boolean {
  return ALLOWED[status].includes(action);
}
