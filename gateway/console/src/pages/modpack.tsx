// One modpack: its builds (flags, recommended and latest), its settings (modpack-settings.tsx), its
// webhooks (modpack-webhooks.tsx) and the pack doctor.
import { Link, NavLink, useParams } from 'react-router';
import { api, call, type Schemas } from '../api';
import { paths } from '../paths';
import { useModpack, useRefreshPack, type ManagedBuilds, type ModpackRecord } from '../packs';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { useFlash } from '../ui/feedback';
import { Table } from '../ui/table';
import { Page, PageData, Section } from '../ui/page';
import { visibility } from './modpacks';
import { Doctor } from './doctor';
import { Settings } from './modpack-settings';
import { Webhooks } from './modpack-webhooks';
import NotFound from './not-found';

export default function Modpack() {
  const { slug = '', tab = 'builds' } = useParams();
  const pack = useModpack(slug);
  if (!['builds', 'settings', 'webhooks', 'doctor'].includes(tab)) return <NotFound />;
  return (
    <PageData query={pack} title="Modpack" what="Loading the modpack">
      {(data) => <ModpackPage slug={slug} tab={tab} data={data} />}
    </PageData>
  );
}

function ModpackPage({ slug, tab, data }: { slug: string; tab: string; data: Schemas['ManagedModpack'] }) {
  const tabs = [
    { to: paths.modpack(slug), label: 'Builds', end: true },
    { to: paths.modpackSettings(slug), label: 'Settings', end: false },
    { to: paths.modpackWebhooks(slug), label: 'Webhooks', end: false },
    { to: paths.doctor(slug), label: 'Pack doctor', end: false },
  ];
  const { modpack, builds } = data;
  return (
    <Page title={modpack.name}>
      <p className="muted">
        <span className="mono">{modpack.slug}</span> · {visibility(modpack)}
      </p>
      <nav aria-label="Modpack sections" className="tabs">
        <ul>
          {tabs.map((t) => (
            <li key={t.to}>
              <NavLink to={t.to} end={t.end}>
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'builds' ? <Builds pack={modpack} builds={builds} key={`b-${slug}`} /> : null}
      {tab === 'settings' ? <Settings pack={modpack} builds={builds} key={`s-${slug}`} /> : null}
      {tab === 'webhooks' ? <Webhooks slug={slug} key={`w-${slug}`} /> : null}
      {tab === 'doctor' ? <Doctor slug={slug} key={`d-${slug}`} /> : null}
    </Page>
  );
}

/** The columns of the builds table (also each cell's label where rows are shown as cards, on a phone). */
const COLUMNS = {
  build: 'Build',
  minecraft: 'Minecraft',
  mods: 'Mods',
  published: 'Published',
  private: 'Private',
  recommended: 'Recommended',
  latest: 'Latest',
  actions: 'Actions',
};

function Builds({ pack, builds }: { pack: ModpackRecord; builds: ManagedBuilds }) {
  const session = useSession();
  const flash = useFlash();
  const refresh = useRefreshPack(pack.slug);
  const canManage = session.canOnPack('modpacks_manage', pack.slug);
  const setPointer = async (field: 'recommended' | 'latest', version: string) => {
    await call(api.PUT('/api/modpack/{slug}', { params: { path: { slug: pack.slug } }, body: { [field]: version } }));
    await refresh();
    flash.show(`Build ${version} is now the ${field} build.`);
  };
  const remove = async (version: string) => {
    await call(api.DELETE('/api/modpack/{slug}/{build}', { params: { path: { slug: pack.slug, build: version } } }));
    await refresh();
    flash.show(`Build ${version} deleted.`);
  };
  return (
    <Section title="Builds">
      {canManage ? (
        <p>
          <Link className="button primary" to={paths.newBuild(pack.slug)}>
            New build
          </Link>
        </p>
      ) : null}
      {builds.length === 0 ? <p>No builds yet.</p> : null}
      {builds.length ? (
        <Table
          headers={[
            COLUMNS.build,
            COLUMNS.minecraft,
            COLUMNS.mods,
            COLUMNS.published,
            COLUMNS.private,
            COLUMNS.recommended,
            COLUMNS.latest,
            canManage && COLUMNS.actions,
          ]}
          cards
        >
          {builds.map(({ build: b, mod_count }) => (
            <tr key={b.version}>
              <th scope="row" className="mono">
                <Link to={paths.build(pack.slug, b.version)}>{b.version}</Link>
              </th>
              <td data-label={COLUMNS.minecraft}>{b.minecraft}</td>
              <td data-label={COLUMNS.mods}>{mod_count}</td>
              <td data-label={COLUMNS.published}>{b.is_published ? 'Yes' : 'No'}</td>
              <td data-label={COLUMNS.private}>{b.private ? 'Yes' : 'No'}</td>
              <td data-label={COLUMNS.recommended}>
                <Pointer
                  field="recommended"
                  current={pack.recommended === b.version}
                  version={b.version}
                  canManage={canManage}
                  onSet={setPointer}
                />
              </td>
              <td data-label={COLUMNS.latest}>
                <Pointer
                  field="latest"
                  current={pack.latest === b.version}
                  version={b.version}
                  canManage={canManage}
                  onSet={setPointer}
                />
              </td>
              {canManage ? (
                <td className="actions">
                  <div className="action-row">
                    <ConfirmButton
                      label="Delete"
                      what={`build ${b.version}`}
                      title={`Delete build ${b.version}?`}
                      confirmLabel="Delete build"
                      onConfirm={() => remove(b.version)}
                    >
                      {() => (
                        <p>
                          Build <span className="mono">{b.version}</span> and its list of mods will be deleted; the mods
                          stay in the library.
                          {pack.recommended === b.version || pack.latest === b.version
                            ? ' It is the recommended or latest build: launchers will show the pack offline until you pick another.'
                            : ''}
                        </p>
                      )}
                    </ConfirmButton>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
      ) : null}
    </Section>
  );
}

function Pointer({
  field,
  current,
  version,
  canManage,
  onSet,
}: {
  field: 'recommended' | 'latest';
  current: boolean;
  version: string;
  canManage: boolean;
  onSet: (field: 'recommended' | 'latest', version: string) => Promise<void>;
}) {
  const flash = useFlash();
  if (current) return <strong className="badge">{field === 'recommended' ? 'Recommended' : 'Latest'}</strong>;
  if (!canManage) return <span className="muted">—</span>;
  return (
    <button
      type="button"
      className="small"
      onClick={() => onSet(field, version).catch((err: Error) => flash.show(`Not changed: ${err.message}`))}
    >
      Set {field}
      <span className="visually-hidden"> to {version}</span>
    </button>
  );
}
