// Short confirmations after an action ("Invitation sent"), announced politely to screen readers.
// A success leaves by itself after a while; an error stays until dismissed.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api/problem.js';
import { useT } from '../i18n/i18n.js';
import { errorMessage } from './States.js';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const SUCCESS_VISIBLE_MS = 6000;

const ToastContext = createContext<((kind: ToastKind, text: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = next.current++;
      setToasts((all) => [...all, { id, kind, text }]);
      if (kind === 'success') setTimeout(() => dismiss(id), SUCCESS_VISIBLE_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="ui-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`ui-toast ui-toast--${toast.kind}`}>
            <span>{toast.text}</span>
            <button
              type="button"
              className="ui-toast__close"
              onClick={() => dismiss(toast.id)}
              aria-label={t.common.dismiss}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * `const toast = useToast()`: `toast.success(t.users.removed(email))` after an action, and
 * `toast.failure(error)` in a mutation's onError, which says any failure in the person's language
 * except a 401 (the session ended: the sign-in page says so, see app/session.tsx).
 */
export function useToast() {
  const show = useContext(ToastContext);
  const t = useT();
  if (!show) throw new Error('useToast outside ToastProvider');
  return useMemo(
    () => ({
      success: (text: string) => show('success', text),
      failure: (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) show('error', errorMessage(t, error));
      },
    }),
    [show, t],
  );
}
