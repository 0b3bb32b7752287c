// Who is signed in, and what they may do: the console hides what the user may not do (the API
// refuses it anyway). Until the session routes exist this is a placeholder (see loadSession).
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { holds, type Permission } from '@depot/common/permissions';
import { api, call, SESSION_ENDED } from './api';
import { Loading, ErrorNotice } from './ui/feedback';

export interface SessionUser {
  username: string;
  permissions: string[];
  /** Slugs of the modpacks the user has access to. */
  modpacks: string[];
}

export interface Session {
  user: SessionUser;
  can(permission: Permission): boolean;
  /** The permission, and access to the modpack (solder_full passes both). */
  canOnPack(permission: Permission, slug: string): boolean;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

async function loadSession(): Promise<SessionUser | null> {
  // Placeholder until the session routes are merged: any authenticated request may list its tokens.
  await call(api.GET('/api/token'));
  return { username: 'admin', permissions: ['solder_full'], modpacks: [] };
}

export function sessionOf(user: SessionUser): Session {
  return {
    user,
    can: (permission) => holds(user, permission),
    canOnPack: (permission, slug) =>
      holds(user, permission) && (user.permissions.includes('solder_full') || user.modpacks.includes(slug)),
  };
}

export function SessionProvider({ children, signIn }: { children: ReactNode; signIn: ReactNode }) {
  const queries = useQueryClient();
  const session = useQuery({ queryKey: ['session'], queryFn: loadSession, retry: false, staleTime: Infinity });
  useEffect(() => {
    const ended = () => void queries.invalidateQueries({ queryKey: ['session'] });
    window.addEventListener(SESSION_ENDED, ended);
    return () => window.removeEventListener(SESSION_ENDED, ended);
  }, [queries]);
  if (session.isPending) return <Loading what="Opening the console" />;
  if (session.error && (session.error as { status?: number }).status !== 401) {
    return <ErrorNotice error={session.error} title="The console could not start." />;
  }
  if (!session.data) return <>{signIn}</>;
  return <SessionContext.Provider value={sessionOf(session.data)}>{children}</SessionContext.Provider>;
}
