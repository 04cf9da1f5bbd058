// Forgotten password: ask for a link by e-mail (the answer is the same whether or not the address
// has an account), then choose a new password at the mailed link's /console/password-reset/:token (with the
// authenticator's code too when the account has two-factor sign-in: totp-step.tsx).
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { SignInSchema } from '../../api/cloud-schemas.js';
import { ApiError } from '../../api/problem.js';
import { PasswordResetBody, TokenPasswordBody } from '../../api/schemas.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { AuthFrame, BackToSignIn } from './AuthFrame.js';
import { NewPasswordField, useSignInAfter } from './new-password.js';
import { useTokenFailure } from './token-failure.js';
import { isTotpRequired, TotpField, useTotpStep } from './totp-step.js';

const ResetCompleteBody = TokenPasswordBody.extend({ totp: SignInSchema.shape.totp });

export function ResetRequestPage() {
  const t = useT();
  const form = useSchemaForm(PasswordResetBody, { email: '' });
  const [failure, fail] = useTokenFailure(form);
  const request = useMutation({
    mutationFn: (body: typeof PasswordResetBody._output) =>
      data(api.POST(`${CONSOLE_API}/auth/password-reset`, { body })),
    onError: fail,
  });
  return (
    <AuthFrame title={t.auth.resetTitle} lead={t.auth.resetLead}>
      {request.isSuccess ? (
        <p className="ui-notice" role="status">
          {t.auth.resetSent}
        </p>
      ) : (
        <>
          {failure}
          <form className="ui-form" noValidate onSubmit={form.submit((body) => request.mutate(body))}>
            <TextField
              label={t.auth.email}
              type="email"
              autoComplete="email"
              required
              {...form.field('email')}
            />
            <Button type="submit" variant="primary" busy={request.isPending}>
              {t.auth.resetSend}
            </Button>
          </form>
        </>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}

export function ResetCompletePage() {
  const t = useT();
  const { token = '' } = useParams();
  const signIn = useSignInAfter('passwordReset');
  const form = useSchemaForm(ResetCompleteBody, { token, password: '' });
  const [failure, fail] = useTokenFailure(form);
  const totp = useTotpStep();
  const complete = useMutation({
    mutationFn: (body: typeof ResetCompleteBody._output) =>
      data(api.POST(`${CONSOLE_API}/auth/password-reset/complete`, { body })),
    onSuccess: signIn,
    onError: (error) => {
      if (isTotpRequired(error)) {
        form.setValues((values) => ({ ...values, totp: '' }));
        return totp.ask();
      }
      if (error instanceof ApiError && error.code === 'verification_failed')
        return form.setErrors({ totp: t.auth.totpWrong });
      fail(error);
    },
  });
  return (
    <AuthFrame title={t.auth.resetCompleteTitle}>
      {failure}
      <form className="ui-form" noValidate onSubmit={form.submit((body) => complete.mutate(body))}>
        <NewPasswordField {...form.field('password')} />
        {totp.asked && <TotpField {...form.field('totp')} />}
        <Button type="submit" variant="primary" busy={complete.isPending}>
          {t.auth.resetComplete}
        </Button>
      </form>
      <BackToSignIn />
    </AuthFrame>
  );
}
