// The mod library: every mod, searched as you type and shown in a virtual list, so that thousands
// of mods stay responsive (only the rows in view are in the page).
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { api, call } from '../api';
import { paths } from '../paths';
import { useSession } from '../session';
import { QueryStatus } from '../ui/feedback';
import { Page } from '../ui/page';
import type { ModEntry } from '../files/names';
import { FilesToMods } from './files-to-mods';

const ROW_HEIGHT = 44;
export const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export type { ModEntry };

/**
 * The library, sorted by display name; shared with the build page's "add a mod" search. The
 * picker route answers any signed-in user, also while the public mod API is switched off.
 */
export function useModLibrary() {
  return useQuery({
    queryKey: ['mods'],
    queryFn: () => call(api.GET('/api/manage/mods')),
    select: (data): ModEntry[] =>
      data.mods
        .map((m) => ({ name: m.name, pretty: m.pretty_name }))
        .sort((a, b) => collator.compare(a.pretty, b.pretty) || collator.compare(a.name, b.name)),
  });
}

export function matches(mod: ModEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || mod.name.toLowerCase().includes(q) || mod.pretty.toLowerCase().includes(q);
}

export default function Mods() {
  const session = useSession();
  const mods = useModLibrary();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDeferredValue(search);
  const shown = useMemo(() => (mods.data ?? []).filter((m) => matches(m, query)), [mods.data, query]);

  const onSearch = (value: string) => {
    setSearch(value);
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <Page
      title="Mod library"
      actions={
        session.can('mods_create') ? (
          <Link className="button primary" to={paths.newMod}>
            New mod
          </Link>
        ) : null
      }
    >
      {session.can('mods_manage') && mods.data ? (
        <FilesToMods
          level={2}
          library={mods.data}
          onDone={() =>
            Promise.all([
              queries.invalidateQueries({ queryKey: ['mods'] }),
              queries.invalidateQueries({ queryKey: ['mod'] }),
            ])
          }
        />
      ) : null}
      <div className="field search">
        <label htmlFor="mod-search">Search mods</label>
        <input
          id="mod-search"
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Name or slug"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <QueryStatus query={mods} what="Loading the mod library" />
      {mods.data ? (
        <>
          <p className="count" role="status">
            {query.trim()
              ? `${shown.length.toLocaleString('en')} of ${mods.data.length.toLocaleString('en')} mods match “${query.trim()}”.`
              : `${mods.data.length.toLocaleString('en')} mods.`}
          </p>
          {shown.length ? <ModList mods={shown} /> : null}
          {mods.data.length === 0 ? (
            <p>The library is empty.{session.can('mods_create') ? ' Create the first mod with “New mod”.' : ''}</p>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

function ModList({ mods }: { mods: ModEntry[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: mods.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  return (
    <div ref={scroller} className="virtual" tabIndex={0} role="region" aria-label="Mods">
      <ul className="mod-list" style={{ height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((row) => {
          const mod = mods[row.index];
          return (
            <li
              key={mod.name}
              aria-setsize={mods.length}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
            >
              <Link to={paths.mod(mod.name)}>{mod.pretty}</Link>
              <span className="mono muted">{mod.name}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
