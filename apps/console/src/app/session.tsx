// Who is signed in: GET /api/console/v1/session, asked once and kept by TanStack Query under
// SESSION_KEY. A 401 there means nobody is; a 401 on any other call means the session ended
// (expired, signed out elsewhere, user removed): every cached answer is dropped and the person
// is sent to sign-in with a message, coming back to the same page after signing in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, CONSOLE_API, data, onSessionEnded, setCsrfToken } from '../api/client.js';
import { ApiError } from '../api/problem.js';

export const SESSION_KEY = ['session'] as const;

async function fetchSession() {
  try {
    const session = await data(api.GET(`${CONSOLE_API}/session`));
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export type Session = NonNullable<Awaited<ReturnType<typeof fetchSession>>>;
export type Role = Session['user']['role'];

export const useSessionQuery = () =>
  useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, retry: false });

/** The signed-in person's session; only under the signed-in shell (RequireSession). */
export function useSession(): Session {
  const { data: session } = useSessionQuery();
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

const RANK: Record<Role, number> = { viewer: 0, manager: 1, owner: 2 };

/** Whether `role` is `least` or above. */
export const roleAllows = (role: Role, least: Role): boolean => RANK[role] >= RANK[least];

/** Whether the signed-in person's role is `least` or above (the cloud checks again). */
export function useRoleAllows(least: Role): boolean {
  return roleAllows(useSession().user.role, least);
}

/** Why the sign-in page is shown, carried in the navigation's state. */
export interface SignInState {
  notice?: 'expired' | 'signedOut' | 'passwordReset' | 'invitationAccepted';
  /** Where to go back to after signing in. */
  from?: string;
}

/** Forgets the session and every answer cached under it, then shows sign-in. */
export function useEndSession() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (state: SignInState) => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(SESSION_KEY, null);
      void navigate('/sign-in', { replace: true, state });
    },
    [client, navigate],
  );
}

/** Mounted once under the router: a signed-in call's 401 ends the session with a message. */
export function SessionExpiryWatch() {
  const end = useEndSession();
  const location = useLocation();
  useEffect(() => {
    onSessionEnded(() => end({ notice: 'expired', from: location.pathname + location.search }));
  }, [end, location]);
  return null;
}
