// The signed-in frame: a skip link, the header (menu button under 48rem, language, who is signed
// in, sign out), the side navigation and the page. After each navigation the new page's h1 takes
// the focus, so a screen reader announces it and Tab continues from the page, not the menu.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { api, CONSOLE_API, data } from '../api/client.js';
import { useT } from '../i18n/i18n.js';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.js';
import { Button } from '../ui/Button.js';
import { Loading } from '../ui/States.js';
import { AREAS } from './areas.js';
import { roleAllows, useEndSession, useSession } from './session.js';

export function AppShell() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const end = useEndSession();
  const signOut = useMutation({
    mutationFn: () => data(api.POST(`${CONSOLE_API}/auth/sign-out`)),
    onSettled: () => end({ notice: 'signedOut' }),
  });
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (main.current?.querySelector<HTMLElement>('h1') ?? main.current)?.focus();
  }, [location.pathname]);

  return (
    <div className="ui-shell">
      <a className="ui-skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <header className="ui-shell__header">
        <button
          type="button"
          className="ui-shell__menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> {t.app.menu}
        </button>
        <Link to="/" className="ui-shell__brand">
          {t.app.name} <span className="ui-shell__merchant">{session.merchant.name}</span>
        </Link>
        <div className="ui-shell__tools">
          <LanguageSwitcher />
          <span className="ui-shell__user" title={t.app.signedInAs(session.user.email)}>
            {session.user.email}
          </span>
          <Button variant="ghost" onClick={() => signOut.mutate()} busy={signOut.isPending}>
            {t.app.signOut}
          </Button>
        </div>
      </header>
      <div className="ui-shell__body">
        <nav
          id="main-nav"
          className={`ui-shell__nav${menuOpen ? ' ui-shell__nav--open' : ''}`}
          aria-label={t.app.mainNav}
        >
          <ul>
            {AREAS.filter((area) => !area.least || roleAllows(session.user.role, area.least)).map((area) => (
              <li key={area.path}>
                <NavLink to={`/${area.path}`} end={area.path === ''} onClick={() => setMenuOpen(false)}>
                  {t.nav[area.label]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" ref={main} tabIndex={-1} className="ui-shell__main">
          {navigation.state === 'loading' ? <Loading /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}

export function NotFound() {
  const t = useT();
  return (
    <section>
      <h1 tabIndex={-1}>{t.app.notFound}</h1>
      <p>
        <Link to="/">{t.app.backHome}</Link>
      </p>
    </section>
  );
}
