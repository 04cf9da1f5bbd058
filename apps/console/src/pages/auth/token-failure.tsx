import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/problem.js';
import { useT } from '../../i18n/i18n.js';
import { errorMessage } from '../../ui/States.js';

/** The cloud's answers to a link that is unknown, used, withdrawn or expired (docs/cloud-api.md). */
const LINK_PROBLEMS = new Set<string | undefined>([
  'invitation_invalid',
  'invitation_used',
  'invitation_expired',
  'reset_link_invalid',
  'reset_link_expired',
]);

/**
 * How the token-bearing pages (reset, invitation) say a failure: field errors inline, a used or
 * expired link as such, anything else as the common sentence, in an alert above the form.
 */
export function useTokenFailure(form: {
  showServerErrors: (error: unknown) => boolean;
}): [ReactNode, (error: Error) => void] {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: Error) => {
    setMessage(null);
    if (error instanceof ApiError && LINK_PROBLEMS.has(error.code)) return setMessage(t.auth.tokenInvalid);
    if (!form.showServerErrors(error)) setMessage(errorMessage(t, error));
  };
  const failure = message && (
    <p className="ui-form__error" role="alert">
      {message}
    </p>
  );
  return [failure, fail];
}
