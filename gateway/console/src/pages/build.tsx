// One build: its mods (build-mods.tsx) and its settings.
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { packKeys, useBuild, useModpack, type AssignedMod, type BuildRecord } from '../packs';
import type { Schemas } from '../api';

type Loader = Schemas['ManagedBuild']['loader'];
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SubmitButton } from '../ui/form';
import { Page, Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { BuildChangelog } from './build-changelog';
import { BuildFields, buildChanges, minecraftVersionsOf } from './build-form';
import { AddMod, BuildMods } from './build-mods';
import { BuildServer } from './build-server';
import { BuildExports } from './build-exports';
import { FilesToMods } from './files-to-mods';
import { useModLibrary } from './mods';

export default function Build() {
  const { slug = '', build: version = '' } = useParams();
  const pack = useModpack(slug);
  const build = useBuild(slug, version);
  // Set when the page opens right after the build was made from another (build-new.tsx).
  const [search] = useSearchParams();
  if (pack.isPending || build.isPending) return <Loading what="Loading the build" />;
  const error = pack.error ?? build.error;
  if (error || !pack.data || !build.data) {
    return (
      <Page title={`Build ${version}`}>
        <ErrorNotice error={error} />
      </Page>
    );
  }
  return (
    <BuildPage
      key={`${slug}/${version}`}
      slug={slug}
      packName={pack.data.modpack.name}
      minecraftVersions={minecraftVersionsOf(pack.data.builds.map((b) => b.build))}
      otherBuilds={pack.data.builds.map((b) => b.build.version).filter((v) => v !== version)}
      madeFrom={search.get('from') ?? undefined}
      build={build.data.build}
      loader={build.data.loader}
      mods={build.data.mods}
    />
  );
}

function BuildPage({
  slug,
  packName,
  minecraftVersions,
  otherBuilds,
  madeFrom,
  build,
  loader,
  mods,
}: {
  slug: string;
  packName: string;
  loader: Loader;
  /** The pack's other builds, creation order (what the changelog may compare with). */
  otherBuilds: string[];
  madeFrom?: string;
  /** The Minecraft versions the pack's builds use, offered in the settings. */
  minecraftVersions: string[];
  build: BuildRecord;
  mods: AssignedMod[];
}) {
  const session = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const canManage = session.canOnPack('modpacks_manage', slug);
  const library = useModLibrary();
  const refresh = () =>
    Promise.all(
      [...packKeys(slug), ['modpack', slug, 'build', build.version]].map((queryKey) =>
        queries.invalidateQueries({ queryKey }),
      ),
    );
  const save = useSubmit(
    async (v) => {
      const body = buildChanges(v, build);
      return Object.keys(body).length
        ? call(api.PUT('/api/modpack/{slug}/{build}', { params: { path: { slug, build: build.version } }, body }))
        : null;
    },
    async (saved) => {
      if (!saved) return flash.show('Nothing changed.');
      await refresh();
      flash.show('Build saved.');
      if (saved.version !== build.version) navigate(paths.build(slug, saved.version), { replace: true });
    },
  );
  const remove = async () => {
    await call(api.DELETE('/api/modpack/{slug}/{build}', { params: { path: { slug, build: build.version } } }));
    await Promise.all(packKeys(slug).map((queryKey) => queries.invalidateQueries({ queryKey })));
    flash.show(`Build ${build.version} deleted.`);
    navigate(paths.modpack(slug));
  };
  return (
    <Page
      title={`${packName} ${build.version}`}
      actions={
        canManage ? (
          <ConfirmButton
            label="Delete build"
            title={`Delete build ${build.version}?`}
            confirmLabel="Delete build"
            onConfirm={remove}
          >
            {() => (
              <p>
                Build <span className="mono">{build.version}</span> and its list of {mods.length} mod(s) will be
                deleted; the mods stay in the library.
              </p>
            )}
          </ConfirmButton>
        ) : null
      }
    >
      <p>
        <Link to={paths.modpack(slug)}>Back to {packName}</Link>
      </p>
      <Section title="Mods">
        <BuildMods slug={slug} version={build.version} mods={mods} canManage={canManage} onChange={refresh} />
        {canManage ? <AddMod slug={slug} version={build.version} assigned={mods} onAdded={refresh} /> : null}
        {canManage && session.can('mods_manage') && library.data ? (
          <FilesToMods
            library={library.data}
            build={{
              modpack: slug,
              build: build.version,
              assigned: new Map(mods.map((m) => [m.mod.name, m.version.version])),
            }}
            onDone={() =>
              Promise.all([
                refresh(),
                queries.invalidateQueries({ queryKey: ['mods'] }),
                queries.invalidateQueries({ queryKey: ['mod'] }),
              ])
            }
          />
        ) : null}
      </Section>
      <BuildChangelog
        slug={slug}
        version={build.version}
        published={build.is_published}
        builds={otherBuilds}
        initialFrom={madeFrom}
        canManage={canManage}
        onChange={refresh}
      />
      <BuildServer slug={slug} version={build.version} loader={loader} canManage={canManage} onChange={refresh} />
      <BuildExports slug={slug} version={build.version} />
      {canManage ? (
        <Section title="Settings">
          <form onSubmit={save.onSubmit} noValidate className="form">
            <ErrorNotice error={save.error} />
            <BuildFields build={build} errors={save.fields} minecraftVersions={minecraftVersions} />
            <SubmitButton busy={save.busy}>Save build</SubmitButton>
          </form>
        </Section>
      ) : null}
    </Page>
  );
}
