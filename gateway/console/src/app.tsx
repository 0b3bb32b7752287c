// The console's frame: sign-in, then a header, the navigation (what the user may use) and the page.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api';
import { paths } from './paths';
import { SessionProvider, useSession } from './session';
import { ErrorNotice, FlashMessage, FlashProvider, Loading, PageErrorBoundary } from './ui/feedback';
import { RequirePermission } from './ui/permission';
import { SignIn } from './pages/sign-in';

// Each page is its own chunk: the first visit downloads the frame and the page it opens.
const Modpacks = lazy(() => import('./pages/modpacks'));
const NewModpack = lazy(() => import('./pages/modpack-new'));
const Modpack = lazy(() => import('./pages/modpack'));
const Build = lazy(() => import('./pages/build'));
const NewBuild = lazy(() => import('./pages/build-new'));
const Mods = lazy(() => import('./pages/mods'));
const NewMod = lazy(() => import('./pages/mod-new'));
const Mod = lazy(() => import('./pages/mod'));
const Clients = lazy(() => import('./pages/clients'));
const Keys = lazy(() => import('./pages/keys'));
const Users = lazy(() => import('./pages/users'));
const User = lazy(() => import('./pages/user'));
const Tokens = lazy(() => import('./pages/tokens'));
const Account = lazy(() => import('./pages/account'));
const NotFound = lazy(() => import('./pages/not-found'));

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal is final; a failure to reach Depot or a service outage is tried once more.
      retry: (count, error) => count < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queries}>
      <BrowserRouter basename="/console">
        <SessionProvider signIn={<SignIn />}>
          <Frame>
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/" element={<Navigate to={paths.modpacks} replace />} />
                <Route path="/sign-in" element={<Navigate to={paths.modpacks} replace />} />
                <Route path="/modpacks" element={<Modpacks />} />
                <Route
                  path="/modpacks/new"
                  element={
                    <RequirePermission permission="modpacks_create" title="New modpack" doing="Creating modpacks">
                      <NewModpack />
                    </RequirePermission>
                  }
                />
                <Route path="/modpacks/:slug/builds/new" element={<NewBuild />} />
                <Route path="/modpacks/:slug/builds/:build" element={<Build />} />
                <Route path="/modpacks/:slug/:tab?" element={<Modpack />} />
                <Route path="/mods" element={<Mods />} />
                <Route
                  path="/mods/new"
                  element={
                    <RequirePermission permission="mods_create" title="New mod" doing="Creating mods">
                      <NewMod />
                    </RequirePermission>
                  }
                />
                <Route path="/mods/:slug" element={<Mod />} />
                <Route
                  path="/clients"
                  element={
                    <RequirePermission
                      permission="solder_clients"
                      title="Launcher clients"
                      doing="Managing launcher clients"
                    >
                      <Clients />
                    </RequirePermission>
                  }
                />
                <Route
                  path="/keys"
                  element={
                    <RequirePermission permission="solder_keys" title="Platform keys" doing="Managing platform keys">
                      <Keys />
                    </RequirePermission>
                  }
                />
                <Route path="/users" element={<UsersOnly title="Users" page={<Users />} />} />
                <Route path="/users/new" element={<UsersOnly title="New user" page={<User />} />} />
                <Route path="/users/:username" element={<UsersOnly title="User" page={<User />} />} />
                <Route path="/tokens" element={<Tokens />} />
                <Route path="/account" element={<Account />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </Frame>
        </SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function UsersOnly({ title, page }: { title: string; page: ReactNode }) {
  return (
    <RequirePermission permission="solder_users" title={title} doing="Managing users">
      {page}
    </RequirePermission>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const links: { to: string; label: string; shown: boolean }[] = [
    { to: paths.modpacks, label: 'Modpacks', shown: true },
    { to: paths.mods, label: 'Mod library', shown: true },
    { to: paths.clients, label: 'Launcher clients', shown: session.can('solder_clients') },
    { to: paths.keys, label: 'Platform keys', shown: session.can('solder_keys') },
    { to: paths.users, label: 'Users', shown: session.can('solder_users') },
    { to: paths.tokens, label: 'API tokens', shown: true },
  ];
  return (
    <FlashProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Depot</span>
        <nav aria-label="Account" className="account-nav">
          <span className="who">
            Signed in as <strong>{session.user.username}</strong>
          </span>
          <ul>
            <li>
              <NavLink to={paths.account}>Account</NavLink>
            </li>
            <li>
              <SignOutButton />
            </li>
          </ul>
        </nav>
      </header>
      <div className="body">
        <nav aria-label="Main" className="side">
          <ul>
            {links
              .filter((l) => l.shown)
              .map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to}>{l.label}</NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <FlashMessage />
          <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
        </main>
      </div>
    </FlashProvider>
  );
}

function SignOutButton() {
  const session = useSession();
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <button type="button" className="link" onClick={() => session.signOut().catch((err: unknown) => setError(err))}>
        Sign out
      </button>
      {error ? <ErrorNotice error={error} title="Not signed out." /> : null}
    </>
  );
}
