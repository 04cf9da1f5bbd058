// Two-factor sign-in of the signed-in person's own account (docs/console.md, Two-factor): set up
// (the secret as a QR code and as text), turned on by the password and a code from the app,
// turned off by a code or, for a lost phone, the password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { TotpEnableSchema } from '../../api/cloud-schemas.js';
import { ApiError } from '../../api/problem.js';
import { SESSION_KEY, useSession, type Session } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { QrCode } from '../../ui/QrCode.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { useToast } from '../../ui/Toasts.js';
import { FormActions } from '../../ui/FormActions.js';
import { TotpCodeField } from '../auth/totp-step.js';

/** A code or a password in one field: a password is never 6 digits (10 characters at least). */
const ProofBody = z.object({ proof: z.string().min(1).max(256) });
const disableBody = (proof: string) => (/^\d{6}$/.test(proof) ? { code: proof } : { password: proof });
const isWrong = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'verification_failed';

/** Keeps the cached session's `totpEnabled` as the cloud now has it, so the page follows. */
function useSetTotpEnabled() {
  const client = useQueryClient();
  return (totpEnabled: boolean) =>
    client.setQueryData<Session | null>(SESSION_KEY, (session) =>
      session ? { ...session, user: { ...session.user, totpEnabled } } : session,
    );
}

type Setup = Awaited<ReturnType<typeof setUpTotp>>;
const setUpTotp = () => data(api.POST(`${CONSOLE_API}/auth/totp/setup`));

function TurnOn({ setup, onDone, onCancel }: { setup: Setup; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useSchemaForm(TotpEnableSchema, { password: '', code: '' });
  const enable = useMutation({
    mutationFn: (body: typeof TotpEnableSchema._output) =>
      data(api.POST(`${CONSOLE_API}/auth/totp/enable`, { body })),
    onSuccess: onDone,
    onError: (error) => {
      if (isWrong(error))
        return form.setErrors(
          'password' in error.fieldErrors()
            ? { password: t.settings.totpWrongProof }
            : { code: t.auth.totpWrong },
        );
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  return (
    <>
      <p>{t.settings.totpScan}</p>
      <QrCode text={setup.uri} alt={t.settings.totpQrAlt} />
      <SecretBox label={t.settings.totpSecret} value={setup.secret} />
      <form className="ui-form" noValidate onSubmit={form.submit((body) => enable.mutate(body))}>
        <TextField
          label={t.auth.password}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <TotpCodeField {...form.field('code')} />
        <FormActions submit={t.settings.totpTurnOn} busy={enable.isPending} onCancel={onCancel} />
      </form>
    </>
  );
}

function TurnOff({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useSchemaForm(ProofBody, { proof: '' });
  const disable = useMutation({
    mutationFn: ({ proof }: typeof ProofBody._output) =>
      data(api.POST(`${CONSOLE_API}/auth/totp/disable`, { body: disableBody(proof) })),
    onSuccess: onDone,
    onError: (error) => {
      if (isWrong(error)) return form.setErrors({ proof: t.settings.totpWrongProof });
      toast.failure(error);
    },
  });
  return (
    <form className="ui-form" noValidate onSubmit={form.submit((body) => disable.mutate(body))}>
      <TextField
        label={t.settings.totpProof}
        hint={t.settings.totpProofHint}
        type="password"
        autoComplete="off"
        required
        {...form.field('proof')}
      />
      <FormActions
        submit={t.settings.totpTurnOff}
        busy={disable.isPending}
        onCancel={onCancel}
        variant="danger"
      />
    </form>
  );
}

export function TwoFactorSection() {
  const t = useT();
  const toast = useToast();
  const heading = useId();
  const { totpEnabled } = useSession().user;
  const setTotpEnabled = useSetTotpEnabled();
  const [changing, setChanging] = useState(false);
  const setUp = useMutation({ mutationFn: setUpTotp, onError: toast.failure });
  const done = (on: boolean) => () => {
    setTotpEnabled(on);
    setChanging(false);
    setUp.reset();
    toast.success(on ? t.settings.totpTurnedOn : t.settings.totpTurnedOff);
  };
  const cancel = () => {
    setChanging(false);
    setUp.reset();
  };
  let body;
  if (totpEnabled)
    body = changing ? (
      <TurnOff onDone={done(false)} onCancel={cancel} />
    ) : (
      <Button variant="danger" onClick={() => setChanging(true)}>
        {t.settings.totpTurnOff}
      </Button>
    );
  else
    body = setUp.data ? (
      <TurnOn setup={setUp.data} onDone={done(true)} onCancel={cancel} />
    ) : (
      <Button variant="primary" busy={setUp.isPending} onClick={() => setUp.mutate()}>
        {t.settings.totpSetUp}
      </Button>
    );
  return (
    <section className="ui-section" aria-labelledby={heading}>
      <h2 id={heading}>{t.settings.totpTitle}</h2>
      <p>{totpEnabled ? t.settings.totpOnLead : t.settings.totpOffLead}</p>
      {body}
    </section>
  );
}
