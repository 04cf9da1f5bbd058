import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n.js';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher.js';

/** The frame of the signed-out pages: the product's name, the language and one card. */
export function AuthFrame({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const t = useT();
  return (
    <main className="ui-auth">
      <div className="ui-auth__card">
        <div className="ui-auth__top">
          <p className="ui-auth__brand">
            {t.app.name} · {t.app.console}
          </p>
          <LanguageSwitcher />
        </div>
        <h1>{title}</h1>
        {lead && <p>{lead}</p>}
        {children}
      </div>
    </main>
  );
}

/** The way back from the pages that lead to sign-in (reset, invitation). */
export function BackToSignIn() {
  const t = useT();
  return (
    <p>
      <Link to="/sign-in">{t.auth.backToSignIn}</Link>
    </p>
  );
}
