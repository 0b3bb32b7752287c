// Who is signed in, and what they may do. The session is the API's (an httpOnly cookie the console
// never sees, and the CSRF token its writes carry); the console hides what the user may not do,
// and the API refuses it anyway.
import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { holds, type Permission } from '@depot/common/permissions';
import { api, ApiError, call, SESSION_ENDED, setCsrfToken, type Schemas } from './api';
import { ErrorNotice, Loading } from './ui/feedback';

export type SessionUser = Schemas['Account'];

export interface Session {
  user: SessionUser;
  can(permission: Permission): boolean;
  /** The permission, and access to the modpack (solder_full passes both). */
  canOnPack(permission: Permission, slug: string): boolean;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

const SESSION_KEY = ['session'];

/** Everything read for the previous user (the next one may see less). */
function forgetData(queries: ReturnType<typeof useQueryClient>): void {
  queries.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
}

/** The signed-in user, or null (401: nobody is). */
async function loadSession(): Promise<SessionUser | null> {
  try {
    const session = await call(api.GET('/api/session'));
    setCsrfToken(session.csrf_token ?? undefined);
    return session.user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** A password accepted for a user with two-factor sign-in: the code must follow before this time. */
export interface TwoFactorStep {
  expiresAt: Date;
}

/** The console is the new user's: the CSRF token kept, what the previous user saw forgotten. */
function useStart() {
  const queries = useQueryClient();
  return useCallback(
    (session: Schemas['Session']) => {
      setCsrfToken(session.csrf_token ?? undefined);
      forgetData(queries);
      queries.setQueryData(SESSION_KEY, session.user);
    },
    [queries],
  );
}

/**
 * Signs in: the API sets the cookie and answers the user and the CSRF token; or, for a user with
 * two-factor sign-in, answers 202 and keeps the pending sign-in in a cookie of its own: the code
 * goes to `useCompleteSignIn`.
 */
export function useSignIn() {
  const start = useStart();
  return useCallback(
    async (login: string, password: string): Promise<TwoFactorStep | null> => {
      const session = await call(api.POST('/api/session', { body: { login, password } }));
      if ('two_factor' in session) return { expiresAt: new Date(session.expires_at) };
      start(session);
      return null;
    },
    [start],
  );
}

/** The second step of a sign-in: a code of the authenticator app, or a recovery code. */
export function useCompleteSignIn() {
  const start = useStart();
  return useCallback(
    async (body: { code: string } | { recovery_code: string }) => {
      start(await call(api.POST('/api/session/two-factor', { body })));
    },
    [start],
  );
}

export function SessionProvider({ children, signIn }: { children: ReactNode; signIn: ReactNode }) {
  const queries = useQueryClient();
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, retry: false, staleTime: Infinity });
  useEffect(() => {
    // A session that ended meanwhile (expired, signed out elsewhere): back to the sign-in page.
    // The check of the session answers 401 too: it must not cancel and start itself again (which
    // asked the API hundreds of times a second and never showed the sign-in page).
    const ended = () => {
      if (queries.getQueryData(SESSION_KEY)) {
        void queries.invalidateQueries({ queryKey: SESSION_KEY }, { cancelRefetch: false });
      }
    };
    window.addEventListener(SESSION_ENDED, ended);
    return () => window.removeEventListener(SESSION_ENDED, ended);
  }, [queries]);
  const signOut = useCallback(async () => {
    await call(api.DELETE('/api/session'));
    setCsrfToken(undefined);
    forgetData(queries);
    queries.setQueryData(SESSION_KEY, null);
  }, [queries]);
  if (session.isPending) return <Loading what="Opening the console" />;
  if (session.error) return <ErrorNotice error={session.error} title="The console could not start." />;
  if (!session.data) return <>{signIn}</>;
  return <SessionContext.Provider value={sessionOf(session.data, signOut)}>{children}</SessionContext.Provider>;
}

function sessionOf(user: SessionUser, signOut: () => Promise<void>): Session {
  return {
    user,
    can: (permission) => holds(user, permission),
    canOnPack: (permission, slug) =>
      holds(user, permission) && (user.permissions.includes('solder_full') || user.modpacks.includes(slug)),
    signOut,
  };
}
