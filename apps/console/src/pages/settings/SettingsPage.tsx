// The signed-in person's own settings: the console's language in this browser, two-factor
// sign-in, and signing out of every device (every session of the account ends, this one included).
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useEndSession } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useToast } from '../../ui/Toasts.js';
import { TwoFactorSection } from './TwoFactorSection.js';

export default function SettingsPage() {
  const t = useT();
  const toast = useToast();
  const end = useEndSession();
  const languageHeading = useId();
  const accountHeading = useId();
  const [confirming, setConfirming] = useState(false);
  const everywhere = useMutation({
    mutationFn: () => data(api.POST(`${CONSOLE_API}/auth/sign-out-everywhere`)),
    onSuccess: () => end({ notice: 'signedOut' }),
    onError: (error) => {
      setConfirming(false);
      toast.failure(error);
    },
  });
  return (
    <>
      <PageHeader title={t.settings.title} lead={t.settings.lead} />
      <section className="ui-section" aria-labelledby={languageHeading}>
        <h2 id={languageHeading}>{t.app.language}</h2>
        <p>{t.settings.languageLead}</p>
        <LanguageSwitcher />
      </section>
      <TwoFactorSection />
      <section className="ui-section" aria-labelledby={accountHeading}>
        <h2 id={accountHeading}>{t.settings.account}</h2>
        <p>{t.settings.signOutEverywhereLead}</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t.settings.signOutEverywhere}
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t.settings.signOutEverywhereConfirm}
        confirmLabel={t.settings.signOutEverywhere}
        danger
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t.settings.signOutEverywhereLead}</p>
      </ConfirmDialog>
    </>
  );
}
