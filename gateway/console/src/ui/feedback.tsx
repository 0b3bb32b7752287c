// How the console tells what happened: loading, a refusal or failure of the API (never a blank
// page), and a short confirmation after a change.
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../api';
import { fieldMessage } from '../wording';

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="loading" role="status">
      {what}…
    </p>
  );
}

/**
 * An error of the API (or any other) as a message. Field errors (422) are listed here as a summary,
 * each linked to its field and worded with the field's label as the form shows it, and shown again
 * next to their fields.
 */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [labels, setLabels] = useState<Record<string, FieldOnScreen>>({});
  // The fields are rendered by the form around the notice: their labels are read from the page
  // before it is painted, so that the summary names them as the person sees them, in their order.
  useLayoutEffect(() => {
    setLabels(fieldsOnScreen(ref.current?.closest('form'), error instanceof ApiError ? Object.keys(error.fields) : []));
  }, [error]);
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = (error instanceof ApiError ? Object.entries(error.fields) : []).sort(
    ([a], [b]) => (labels[a]?.order ?? Infinity) - (labels[b]?.order ?? Infinity),
  );
  return (
    <div className="notice error" role="alert" ref={ref}>
      <p>
        {title ? <strong>{title} </strong> : null}
        {message}
      </p>
      {fields.length ? (
        <ul>
          {fields.map(([field, messages]) => {
            const at = labels[field];
            const text = messages.map((m) => fieldMessage(m, field, at?.label)).join(' ');
            return (
              <li key={field}>
                {at ? (
                  <a
                    href={`#${at.target.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      at.target.focus();
                    }}
                  >
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

interface FieldOnScreen {
  /** What takes the focus from the summary: the field, or the first box of a group. */
  target: HTMLElement;
  label: string;
  /** Its place in the form. */
  order: number;
}

/** The fields of `form` named `names` (form.tsx marks each with its label): id, label and place. */
function fieldsOnScreen(form: HTMLFormElement | null | undefined, names: string[]): Record<string, FieldOnScreen> {
  const found: Record<string, FieldOnScreen> = {};
  if (!form) return found;
  const marked = [...form.querySelectorAll<HTMLElement>('[data-label]')];
  for (const name of names) {
    const order = marked.findIndex((el) => el.dataset.field === name || el.getAttribute('name') === name);
    if (order < 0) continue;
    const el = marked[order];
    // A group of checkboxes is reached by its first box.
    const target = el.matches('fieldset') ? el.querySelector<HTMLElement>('input') : el;
    if (target) found[name] = { target, label: el.dataset.label!, order };
  }
  return found;
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

/**
 * Holds the confirmation of the last change ("Mod created."); FlashMessage shows it. The next
 * change the person makes dismisses it (useSubmit, the confirm dialog), so that a confirmation never
 * stands above the refusal of what came after it.
 */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const shownAt = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pathname } = useLocation();
  const show = useCallback((m: string) => {
    setMessage('');
    shownAt.current = Date.now();
    clearTimeout(pending.current);
    // A new message even when it repeats the last one: screen readers announce changes. (Not
    // requestAnimationFrame: browsers hold it back in a tab that is not in view.)
    pending.current = setTimeout(() => setMessage(m), 30);
  }, []);
  const dismiss = useCallback(() => {
    clearTimeout(pending.current);
    setMessage('');
  }, []);
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
