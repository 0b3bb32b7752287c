// A page of the console: its title in the tab and as the one h1, which takes the focus when the
// page opens so that keyboard and screen reader users start at the new content (a single-page app
// does not move the focus by itself).
import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorNotice, Loading } from './feedback';

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Depot`;
  }, [title]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="section">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A page's main data: the loading line while it comes, the page (titled `title`) with the API's
 * refusal if it fails, the page itself once it is there.
 */
export function PageData<T>({
  query,
  title,
  what,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  title: string;
  what?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.error || query.data === undefined) {
    return (
      <Page title={title}>
        <ErrorNotice error={query.error} />
      </Page>
    );
  }
  return <>{children(query.data)}</>;
}
