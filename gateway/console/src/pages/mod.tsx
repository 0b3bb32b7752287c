// One mod: its details, its versions (mod-versions.tsx), and deleting the mod, saying which builds
// it takes the mod from.
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { paths } from '../paths';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, useFlash } from '../ui/feedback';
import { SubmitButton } from '../ui/form';
import { Page, PageData, Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { ModFields, modBody } from './mod-form';
import { UseList, Versions, type ManagedMod, type Use, type VersionEntry } from './mod-versions';

export default function Mod() {
  const { slug = '' } = useParams();
  const session = useSession();
  // Who may change the mod reads it with its versions' records and their uses; anyone else as the
  // launcher API shows it.
  if (session.can('mods_manage')) return <ManagedModPage slug={slug} />;
  return <ModView slug={slug} />;
}

function ModView({ slug }: { slug: string }) {
  const mod = useQuery({
    queryKey: ['mod', slug, 'public'],
    queryFn: () => call(api.GET('/api/mod/{slug}', { params: { path: { slug } } })),
  });
  return (
    <PageData query={mod} title="Mod" what="Loading the mod">
      {(m) => <PublicMod mod={m} />}
    </PageData>
  );
}

function PublicMod({ mod: m }: { mod: Schemas['ModView'] }) {
  return (
    <Page title={m.pretty_name}>
      <p className="mono muted">{m.name}</p>
      <Details mod={m} />
      <Section title="Versions">
        {m.versions.length ? (
          <ul>
            {m.versions.map((v) => (
              <li key={v} className="mono">
                {v}
              </li>
            ))}
          </ul>
        ) : (
          <p>No versions yet.</p>
        )}
      </Section>
    </Page>
  );
}

function Details({ mod }: { mod: Pick<Schemas['Mod'], 'author' | 'link' | 'description'> }) {
  return (
    <Section title="Details">
      <dl className="details">
        <dt>Author</dt>
        <dd>{mod.author ?? '—'}</dd>
        <dt>Website</dt>
        <dd>{mod.link ? <a href={mod.link}>{mod.link}</a> : '—'}</dd>
        <dt>Description</dt>
        <dd>{mod.description ?? '—'}</dd>
      </dl>
    </Section>
  );
}

function ManagedModPage({ slug }: { slug: string }) {
  const mod = useQuery({
    queryKey: ['mod', slug],
    queryFn: () => call(api.GET('/api/manage/mods/{slug}', { params: { path: { slug } } })),
  });
  return (
    <PageData query={mod} title="Mod" what="Loading the mod">
      {(data) => <ModPage key={slug} data={data} />}
    </PageData>
  );
}

/** Every build holding one of the versions, once each. */
function buildsUsing(versions: VersionEntry[]): Use[] {
  const seen = new Map<number, Use>();
  for (const v of versions) for (const use of v.builds) seen.set(use.build.id, use);
  return [...seen.values()];
}

function ModPage({ data }: { data: ManagedMod }) {
  const { mod, versions } = data;
  const session = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const update = useSubmit(
    (v) => call(api.PUT('/api/mod/{slug}', { params: { path: { slug: mod.name } }, body: modBody(v, true) })),
    (saved) => {
      void queries.invalidateQueries({ queryKey: ['mods'] });
      void queries.invalidateQueries({ queryKey: ['mod', mod.name] });
      flash.show('Mod saved.');
      if (saved.name !== mod.name) navigate(paths.mod(saved.name), { replace: true });
    },
  );
  const remove = async () => {
    await call(api.DELETE('/api/mod/{slug}', { params: { path: { slug: mod.name } } }));
    queries.removeQueries({ queryKey: ['mod', mod.name] });
    void queries.invalidateQueries({ queryKey: ['mods'] });
    void queries.invalidateQueries({ queryKey: ['modpack'] });
    flash.show(`Mod ${mod.pretty_name} deleted.`);
    navigate(paths.mods);
  };
  const losing = buildsUsing(versions);

  return (
    <Page
      title={mod.pretty_name}
      actions={
        session.can('mods_delete') ? (
          <ConfirmButton
            label="Delete mod"
            title={`Delete ${mod.pretty_name}?`}
            confirmLabel="Delete mod"
            onConfirm={remove}
          >
            {() => (
              <>
                <p>
                  The mod <span className="mono">{mod.name}</span> and its {versions.length} version(s) will be deleted.
                  This cannot be undone.
                </p>
                {losing.length ? (
                  <>
                    <p>
                      <strong>{losing.length} build(s) lose the mod:</strong>
                    </p>
                    <UseList uses={losing} />
                  </>
                ) : (
                  <p>No build uses it.</p>
                )}
              </>
            )}
          </ConfirmButton>
        ) : null
      }
    >
      <p className="mono muted">{mod.name}</p>
      <Versions mod={mod} versions={versions} />
      <Section title="Details">
        <form onSubmit={update.onSubmit} noValidate className="form">
          <ErrorNotice error={update.error} />
          <ModFields mod={mod} errors={update.fields} notes />
          <SubmitButton busy={update.busy}>Save mod</SubmitButton>
        </form>
      </Section>
    </Page>
  );
}
