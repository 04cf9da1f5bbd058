// Sign-in: e-mail and password, checked with the cloud's own schema. A wrong
// password is said under the password field; the session's absence or expiry is said on top. An
// account with two-factor sign-in is then asked for its authenticator code (totp-step.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, CONSOLE_API, data, setCsrfToken } from '../../api/client.js';
import { ApiError } from '../../api/problem.js';
import { SESSION_KEY, type SignInState } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import type { Messages } from '../../i18n/messages.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { errorMessage } from '../../ui/States.js';
import { SignInSchema } from '../../api/cloud-schemas.js';
import { AuthFrame } from './AuthFrame.js';
import { isTotpRequired, TotpField, useTotpStep } from './totp-step.js';

const NOTICES: Record<NonNullable<SignInState['notice']>, (t: Messages) => string> = {
  expired: (t) => t.auth.sessionExpired,
  signedOut: (t) => t.auth.signedOut,
  passwordReset: (t) => t.auth.resetDone,
  invitationAccepted: (t) => t.auth.invitationDone,
};

export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = (useLocation().state ?? {}) as SignInState;
  const form = useSchemaForm(SignInSchema, { email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const totp = useTotpStep();

  const signIn = useMutation({
    mutationFn: (body: typeof SignInSchema._output) =>
      data(api.POST(`${CONSOLE_API}/auth/sign-in`, { body })),
    // The answer is the session itself: kept as GET /session's, so the next page needs no call.
    onSuccess: async (session) => {
      setCsrfToken(session.csrfToken);
      client.setQueryData(SESSION_KEY, session);
      await navigate(state.from ?? '/', { replace: true });
    },
    onError: (error) => {
      setFailure(null);
      if (isTotpRequired(error)) {
        form.setValues((values) => ({ ...values, totp: '' }));
        return totp.ask();
      }
      // Once the code is asked, the password was right: a refusal now is about the code.
      if (error instanceof ApiError && error.code === 'invalid_credentials')
        return form.setErrors(
          totp.asked ? { totp: t.auth.totpWrong } : { password: t.auth.invalidCredentials },
        );
      if (!form.showServerErrors(error)) setFailure(errorMessage(t, error));
    },
  });

  return (
    <AuthFrame title={t.auth.signInTitle} lead={t.auth.signInLead}>
      {state.notice && (
        <p className="ui-notice" role="status">
          {NOTICES[state.notice](t)}
        </p>
      )}
      {failure && (
        <p className="ui-form__error" role="alert">
          {failure}
        </p>
      )}
      <form className="ui-form" noValidate onSubmit={form.submit((body) => signIn.mutate(body))}>
        <TextField
          label={t.auth.email}
          type="email"
          autoComplete="username"
          required
          readOnly={totp.asked}
          {...form.field('email')}
        />
        <TextField
          label={t.auth.password}
          type="password"
          autoComplete="current-password"
          required
          readOnly={totp.asked}
          {...form.field('password')}
        />
        {totp.asked && <TotpField {...form.field('totp')} />}
        <Button type="submit" variant="primary" busy={signIn.isPending}>
          {signIn.isPending ? t.auth.signingIn : t.auth.signIn}
        </Button>
      </form>
      <p>
        <Link to="/reset">{t.auth.forgotPassword}</Link>
      </p>
    </AuthFrame>
  );
}
