// A build's server (docs/archives.md#server-packs, #loaders): the loader a server runs it with, set
// here (the launcher's answer does not change), and its server pack's address, which a server's
// start script or Docker image takes.
import { api, call, type Schemas } from '../api';
import { useFlash, ErrorNotice } from '../ui/feedback';
import { SelectField, SubmitButton, TextField } from '../ui/form';
import { Section } from '../ui/page';
import { useSubmit } from '../ui/submit';

type Loader = Schemas['ManagedBuild']['loader'];

const LOADERS = [
  { value: '', label: 'Not set' },
  { value: 'forge', label: 'Forge' },
  { value: 'neoforge', label: 'NeoForge' },
  { value: 'fabric', label: 'Fabric' },
  { value: 'quilt', label: 'Quilt' },
  { value: 'none', label: 'None (vanilla)' },
] as const;

export function BuildServer({
  slug,
  version,
  loader,
  canManage,
  onChange,
}: {
  slug: string;
  version: string;
  loader: Loader;
  canManage: boolean;
  onChange: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const save = useSubmit(
    (v) =>
      call(
        api.PUT('/api/manage/modpacks/{slug}/builds/{build}/loader', {
          params: { path: { slug, build: version } },
          body: {
            name: (v.text('loader') || null) as NonNullable<Loader>['name'] | null,
            version: v.optional('loader_version'),
          },
        }),
      ),
    async () => {
      await onChange();
      flash.show('Loader saved.');
    },
  );
  const pack = `${window.location.origin}/server-packs/${encodeURIComponent(slug)}/builds/${encodeURIComponent(version)}`;
  return (
    <Section title="Server">
      <p>
        Server pack: <a href={pack}>{pack}</a> (the mods and configs a dedicated server needs, without the client-only
        ones, made when first asked for).
      </p>
      {canManage ? (
        <form onSubmit={save.onSubmit} noValidate className="form inline-form" aria-label="Loader">
          <ErrorNotice error={save.error} />
          <SelectField
            name="loader"
            label="Loader"
            options={[...LOADERS]}
            defaultValue={loader?.name ?? ''}
            errors={save.fields}
            hint="What a server runs the build with; a build with a Forge version and no loader set is taken as Forge's."
          />
          <TextField name="loader_version" label="Loader version" defaultValue={loader?.version} errors={save.fields} />
          <SubmitButton busy={save.busy}>Save loader</SubmitButton>
        </form>
      ) : (
        <p>Loader: {loader ? `${loader.name} ${loader.version ?? ''}` : 'not set'}</p>
      )}
    </Section>
  );
}
