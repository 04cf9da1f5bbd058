// How the fleet's pages write times, money and a terminal's state, in the person's language.
import { useI18n } from '../../i18n/i18n.js';
import type { Messages } from '../../i18n/messages.js';

export function useFleetFormat() {
  const { locale } = useI18n();
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'MDL' });
  const count = new Intl.NumberFormat(locale);
  return {
    when: (iso: string) => dateTime.format(new Date(iso)),
    mdl: (amount: number) => money.format(amount),
    count: (n: number) => count.format(n),
  };
}

export interface TerminalConnection {
  status: 'pending' | 'active' | 'deactivated';
  online: boolean;
  lastSeenAt: string | null;
}

/** "Online", "Last seen …", "Never seen", or why it cannot be online. */
export function connectionText(
  t: Messages,
  when: (iso: string) => string,
  terminal: TerminalConnection,
): string {
  if (terminal.status === 'pending') return t.fleet.pending;
  if (terminal.status === 'deactivated') return t.fleet.deactivated;
  if (terminal.online) return t.fleet.online;
  return terminal.lastSeenAt === null ? t.fleet.neverSeen : t.fleet.lastSeen(when(terminal.lastSeenAt));
}
