// An invitation's link, /console/invitation/:token: the invited person chooses a password, then signs in.
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { TokenPasswordBody } from '../../api/schemas.js';
import type { SignInState } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { AuthFrame } from './AuthFrame.js';
import { useTokenFailure } from './token-failure.js';

export function AcceptInvitationPage() {
  const t = useT();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(TokenPasswordBody, { token, password: '' });
  const [failure, fail] = useTokenFailure(form);
  const accept = useMutation({
    mutationFn: (body: typeof TokenPasswordBody._output) =>
      data(api.POST(`${CONSOLE_API}/auth/invitations/accept`, { body })),
    onSuccess: () =>
      navigate('/sign-in', { replace: true, state: { notice: 'invitationAccepted' } satisfies SignInState }),
    onError: fail,
  });
  return (
    <AuthFrame title={t.auth.invitationTitle} lead={t.auth.invitationLead}>
      {failure}
      <form className="ui-form" noValidate onSubmit={form.submit((body) => accept.mutate(body))}>
        <TextField
          label={t.auth.newPassword}
          hint={t.auth.passwordHint}
          type="password"
          autoComplete="new-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" variant="primary" busy={accept.isPending}>
          {t.auth.invitationAccept}
        </Button>
      </form>
      <p>
        <Link to="/sign-in">{t.auth.backToSignIn}</Link>
      </p>
    </AuthFrame>
  );
}
