// The console's addresses, all under /console/ (the cloud answers every one of them with
// index.html). Signed-out pages: sign-in, password reset, invitation. Everything else is under
// the signed-in shell (RequireSession + AppShell) and listed in areas.ts.
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { AcceptInvitationPage } from '../pages/auth/AcceptInvitationPage.js';
import { ResetCompletePage, ResetRequestPage } from '../pages/auth/ResetPages.js';
import { SignInPage } from '../pages/auth/SignInPage.js';
import { Loading } from '../ui/States.js';
import { AppShell, NotFound } from './AppShell.js';
import { AREAS } from './areas.js';
import { SessionExpiryWatch, useSessionQuery, type SignInState } from './session.js';
import { ErrorState } from '../ui/States.js';

function Root() {
  return (
    <>
      <SessionExpiryWatch />
      <Outlet />
    </>
  );
}

function RequireSession() {
  const session = useSessionQuery();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) {
    const state: SignInState = { from: location.pathname + location.search };
    return <Navigate to="/sign-in" replace state={state} />;
  }
  return <AppShell />;
}

export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        { path: 'sign-in', element: <SignInPage /> },
        { path: 'reset', element: <ResetRequestPage /> },
        // The link the cloud mails: <console URL>/console/password-reset/<token>.
        { path: 'password-reset/:token', element: <ResetCompletePage /> },
        { path: 'invitation/:token', element: <AcceptInvitationPage /> },
        {
          element: <RequireSession />,
          children: [
            ...AREAS.map((area) => ({
              ...(area.path === '' ? { index: true } : { path: area.path }),
              lazy: async () => ({ Component: (await area.load()).default }),
            })),
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/console' },
);
