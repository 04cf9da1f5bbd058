/** Typed helpers for the simulator's admin API (tests, scripts). */
import type { FaultSettings, FaultSettingsInput } from './faults/fault-switch.js';
import type { ReversalRecord, TransactionRecord } from './transactions/transaction-store.js';

export interface AdminAuth {
  /** Needed only when the simulator runs with ADMIN_TOKEN. */
  adminToken?: string;
}

/** A transaction as the admin API shows it. */
export type TransactionView = Omit<TransactionRecord, 'requestHash' | 'reply'>;
export type ReversalView = Omit<ReversalRecord, 'reply'>;

export class CardSimAdminError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`card-sim admin answered ${status}: ${body}`);
    this.name = 'CardSimAdminError';
  }
}

export function setCardFault(
  adminUrl: string,
  settings: FaultSettingsInput,
  auth: AdminAuth = {},
): Promise<FaultSettings> {
  return call<FaultSettings>(adminUrl, 'PUT', '/admin/fault', settings, auth);
}

export function getCardFault(adminUrl: string, auth: AdminAuth = {}): Promise<FaultSettings> {
  return call<FaultSettings>(adminUrl, 'GET', '/admin/fault', undefined, auth);
}

export async function listCardTransactions(
  adminUrl: string,
  filter: {
    operation?: TransactionView['operation'];
    reference?: string;
    after?: number;
    limit?: number;
  } = {},
  auth: AdminAuth = {},
): Promise<TransactionView[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  const path = `/admin/transactions${query.size > 0 ? `?${query.toString()}` : ''}`;
  return (await call<{ transactions: TransactionView[] }>(adminUrl, 'GET', path, undefined, auth))
    .transactions;
}

export async function listCardReversals(adminUrl: string, auth: AdminAuth = {}): Promise<ReversalView[]> {
  return (await call<{ reversals: ReversalView[] }>(adminUrl, 'GET', '/admin/reversals', undefined, auth))
    .reversals;
}

async function call<T>(
  adminUrl: string,
  method: 'GET' | 'PUT',
  path: string,
  body: unknown,
  auth: AdminAuth,
): Promise<T> {
  const response = await fetch(new URL(path, adminUrl), {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth.adminToken === undefined ? {} : { authorization: `Bearer ${auth.adminToken}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok) throw new CardSimAdminError(response.status, text);
  return JSON.parse(text) as T;
}
