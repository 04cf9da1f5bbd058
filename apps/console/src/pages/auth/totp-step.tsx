// The second step of signing in (sign-in, password reset) for an account with two-factor sign-in:
// the cloud answers 401 totp_required to a right password without a code, and the page then shows
// the code field, focused, and sends everything again with it.
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/problem.js';
import { useT } from '../../i18n/i18n.js';
import { TextField, type TextFieldProps } from '../../ui/Field.js';

export const isTotpRequired = (error: unknown) => error instanceof ApiError && error.code === 'totp_required';

/** Whether the code is asked for; `ask()` shows the field and gives it the focus. */
export function useTotpStep(): { asked: boolean; ask: () => void } {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked) document.querySelector<HTMLElement>('[name="totp"]')?.focus();
  }, [asked]);
  return { asked, ask: () => setAsked(true) };
}

/** The authenticator's 6-digit code, as phones and password managers fill it in. */
export function TotpCodeField(props: Omit<TextFieldProps, 'label'>) {
  const t = useT();
  return (
    <TextField
      label={t.auth.totpCode}
      hint={t.auth.totpHint}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      required
      {...props}
    />
  );
}

/** The code asked for at sign-in, with the sentence saying why it is asked. */
export function TotpField(props: Omit<TextFieldProps, 'label'>) {
  const t = useT();
  return (
    <>
      <p className="ui-notice" role="status">
        {t.auth.totpAsked}
      </p>
      <TotpCodeField {...props} />
    </>
  );
}
