// An invitation's link, /console/invitation/:token: the invited person chooses a password, then signs in.
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { TokenPasswordBody } from '../../api/schemas.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { useSchemaForm } from '../../ui/form.js';
import { AuthFrame, BackToSignIn } from './AuthFrame.js';
import { NewPasswordField, useSignInAfter } from './new-password.js';
import { useTokenFailure } from './token-failure.js';

export function AcceptInvitationPage() {
  const t = useT();
  const { token = '' } = useParams();
  const signIn = useSignInAfter('invitationAccepted');
  const form = useSchemaForm(TokenPasswordBody, { token, password: '' });
  const [failure, fail] = useTokenFailure(form);
  const accept = useMutation({
    mutationFn: (body: typeof TokenPasswordBody._output) =>
      data(api.POST(`${CONSOLE_API}/auth/invitations/accept`, { body })),
    onSuccess: signIn,
    onError: fail,
  });
  return (
    <AuthFrame title={t.auth.invitationTitle} lead={t.auth.invitationLead}>
      {failure}
      <form className="ui-form" noValidate onSubmit={form.submit((body) => accept.mutate(body))}>
        <NewPasswordField {...form.field('password')} />
        <Button type="submit" variant="primary" busy={accept.isPending}>
          {t.auth.invitationAccept}
        </Button>
      </form>
      <BackToSignIn />
    </AuthFrame>
  );
}
