// What the pages that set a password from a mailed link share (AcceptInvitationPage.tsx,
// ResetPages.tsx): the field the password is chosen in, and the way to sign-in once it is set.
import { useNavigate } from 'react-router';
import type { SignInState } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { TextField, type TextFieldProps } from '../../ui/Field.js';

/** The password being chosen, with the rules as its hint; password managers offer to make one up. */
export function NewPasswordField(props: Omit<TextFieldProps, 'label' | 'hint' | 'type'>) {
  const t = useT();
  return (
    <TextField
      label={t.auth.newPassword}
      hint={t.auth.passwordHint}
      type="password"
      autoComplete="new-password"
      required
      {...props}
    />
  );
}

/** Sign-in in place of the link's page (Back does not return to a used link), saying what was done. */
export function useSignInAfter(notice: NonNullable<SignInState['notice']>) {
  const navigate = useNavigate();
  return () => navigate('/sign-in', { replace: true, state: { notice } satisfies SignInState });
}
