// What a page shows while its data loads, when there is none, and when it could not be had.
import type { ReactNode } from 'react';
import { ApiError } from '../api/problem.js';
import { useT } from '../i18n/i18n.js';
import type { Messages } from '../i18n/messages.js';
import { Button } from './Button.js';

export function Loading() {
  const t = useT();
  return (
    <div className="ui-state" role="status">
      <span className="ui-spinner" aria-hidden="true" />
      {t.common.loading}
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-state ui-state--empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** A sentence a person can act on for any failure of a call (network, 5xx, role, rate). */
export function errorMessage(t: Messages, error: unknown): string {
  if (!(error instanceof ApiError)) return t.common.errorTitle;
  if (error.status === 0) return t.common.errorNetwork;
  if (error.code === 'role_forbidden') return t.common.forbidden;
  if (error.code === 'rate_limited') return t.common.rateLimited;
  if (error.status >= 500) return t.common.errorServer(error.problem?.requestId ?? '?');
  return error.problem?.detail ?? t.common.errorTitle;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="ui-state ui-state--error" role="alert">
      <p className="ui-state__title">{t.common.errorTitle}</p>
      <p>{errorMessage(t, error)}</p>
      {onRetry && <Button onClick={onRetry}>{t.common.retry}</Button>}
    </div>
  );
}
