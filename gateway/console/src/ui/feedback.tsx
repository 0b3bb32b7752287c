// How the console tells what happened: loading, a refusal or failure of the API (never a blank
// page), and a short confirmation after a change.
import { Component, createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../api';

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="loading" role="status">
      {what}…
    </p>
  );
}

/**
 * An error of the API (or any other) as a message. Field errors (422) are listed here as a summary
 * and shown again next to their fields.
 */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  return (
    <div className="notice error" role="alert">
      <p>
        {title ? <strong>{title} </strong> : null}
        {message}
      </p>
      {fields.length ? (
        <ul>
          {fields.map(([field, messages]) => (
            <li key={field}>{messages.join(' ')}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A query's waiting or failure, shown where its data will be. */
export function QueryStatus({ query, what }: { query: { isPending: boolean; error: unknown }; what?: string }) {
  if (query.isPending) return <Loading what={what} />;
  return <ErrorNotice error={query.error} />;
}

interface Flash {
  message: string;
  show(message: string): void;
  dismiss(): void;
}

const FlashContext = createContext<Flash>({ message: '', show: () => undefined, dismiss: () => undefined });

/** Holds the confirmation of the last change ("Mod created."); FlashMessage shows it. */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const shownAt = useRef(0);
  const { pathname } = useLocation();
  const show = useCallback((m: string) => {
    setMessage('');
    shownAt.current = Date.now();
    // A new message even when it repeats the last one: screen readers announce changes. (Not
    // requestAnimationFrame: browsers hold it back in a tab that is not in view.)
    setTimeout(() => setMessage(m), 30);
  }, []);
  const dismiss = useCallback(() => setMessage(''), []);
  // A message outlives the navigation that follows its change ("Mod created." on the new mod's
  // page), not the ones after.
  useEffect(() => {
    if (Date.now() - shownAt.current > 1500) setMessage('');
  }, [pathname]);
  return <FlashContext.Provider value={{ message, show, dismiss }}>{children}</FlashContext.Provider>;
}

/** A polite live region, at the top of the page content. */
export function FlashMessage() {
  const { message, dismiss } = useContext(FlashContext);
  return (
    <div className="flash" role="status" aria-live="polite">
      {message ? (
        <p className="notice success">
          {message}{' '}
          <button type="button" className="link" onClick={dismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}

export const useFlash = () => useContext(FlashContext);

/**
 * Whatever goes wrong while a page renders (a bug, a page's code that no longer exists on the
 * server after an upgrade) is shown as a message with a way out, never as a blank page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = /dynamically imported module|Importing a module script failed/i.test(String(this.state.error));
    return (
      <div className="notice error" role="alert">
        <p>
          {chunk
            ? 'The console was updated on the server. Reload the page to use the new version.'
            : `This page could not be shown: ${this.state.error instanceof Error ? this.state.error.message : String(this.state.error)}`}
        </p>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </div>
    );
  }
}
