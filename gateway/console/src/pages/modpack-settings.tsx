// A modpack's settings tab: every field, recommended and latest, clone and delete, each shown to
// whoever may use it.
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { useRefreshPack, type ManagedBuilds, type ModpackRecord } from '../packs';
import { useSession } from '../session';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, useFlash } from '../ui/feedback';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../ui/form';
import { Section } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { modpackChanges, ModpackNameFields, ModpackVisibilityFields } from './modpack-form';

export function Settings({ pack, builds }: { pack: ModpackRecord; builds: ManagedBuilds }) {
  const session = useSession();
  const navigate = useNavigate();
  const flash = useFlash();
  const queries = useQueryClient();
  const refresh = useRefreshPack(pack.slug);
  const canManage = session.canOnPack('modpacks_manage', pack.slug);
  const buildOptions = [
    { value: '', label: 'None' },
    ...builds.map(({ build: b }) => ({
      value: b.version,
      label: `${b.version}${b.is_published ? '' : ' (not published)'}`,
    })),
  ];
  const save = useSubmit(
    async (v) => {
      const body = modpackChanges(v, pack);
      return Object.keys(body).length
        ? call(api.PUT('/api/modpack/{slug}', { params: { path: { slug: pack.slug } }, body }))
        : null;
    },
    async (saved) => {
      await refresh();
      if (!saved) return flash.show('Nothing changed.');
      flash.show('Modpack saved.');
      if (saved.slug !== pack.slug) {
        void queries.invalidateQueries({ queryKey: ['session'] });
        navigate(paths.modpackSettings(saved.slug), { replace: true });
      }
    },
  );
  const clone = useSubmit(
    (v) =>
      call(
        api.POST('/api/modpack/{slug}/clone', {
          params: { path: { slug: pack.slug } },
          body: { name: v.text('name'), slug: v.text('slug'), hidden: v.checked('hidden') },
        }),
      ),
    (copy) => {
      void queries.invalidateQueries({ queryKey: ['modpacks'] });
      void queries.invalidateQueries({ queryKey: ['session'] });
      flash.show(`Modpack cloned as ${copy.name}.`);
      navigate(paths.modpack(copy.slug));
    },
  );
  const remove = async () => {
    await call(api.DELETE('/api/modpack/{slug}', { params: { path: { slug: pack.slug } } }));
    queries.removeQueries({ queryKey: ['modpack', pack.slug] });
    void queries.invalidateQueries({ queryKey: ['modpacks'] });
    flash.show(`Modpack ${pack.name} deleted.`);
    navigate(paths.modpacks);
  };
  if (!canManage && !session.can('modpacks_create') && !session.canOnPack('modpacks_delete', pack.slug)) {
    return <p>You may not change this modpack.</p>;
  }
  return (
    <>
      {canManage ? (
        <Section title="Settings">
          <form onSubmit={save.onSubmit} noValidate className="form">
            <ErrorNotice error={save.error} />
            <ModpackNameFields pack={pack} errors={save.fields} />
            <TextField name="url" label="Website" type="url" defaultValue={pack.url} errors={save.fields} />
            <ModpackVisibilityFields pack={pack} errors={save.fields} />
            <SelectField
              name="recommended"
              label="Recommended build"
              options={buildOptions}
              defaultValue={pack.recommended}
              errors={save.fields}
              hint="The build launchers install by default."
            />
            <SelectField
              name="latest"
              label="Latest build"
              options={buildOptions}
              defaultValue={pack.latest}
              errors={save.fields}
              hint="The build players who choose “latest” get."
            />
            <TextField
              name="order"
              label="Order"
              inputMode="numeric"
              defaultValue={pack.order}
              errors={save.fields}
              hint="A number kept for your own sorting; launchers ignore it."
            />
            <SubmitButton busy={save.busy}>Save modpack</SubmitButton>
          </form>
        </Section>
      ) : null}
      {session.canOnPack('modpacks_create', pack.slug) ? (
        <Section title="Clone">
          <p>A new modpack with a copy of every build and its mods.</p>
          <form onSubmit={clone.onSubmit} noValidate className="form" aria-label="Clone the modpack">
            <ErrorNotice error={clone.error} />
            <ModpackNameFields
              pack={{ name: `${pack.name} (copy)`, slug: `${pack.slug}-copy` }}
              errors={clone.fields}
              suggestSlug
            />
            <CheckboxField
              name="hidden"
              label="Hidden"
              defaultChecked
              errors={clone.fields}
              hint="The copy keeps the original's other settings, private included."
            />
            <SubmitButton busy={clone.busy}>Clone modpack</SubmitButton>
          </form>
        </Section>
      ) : null}
      {session.canOnPack('modpacks_delete', pack.slug) ? (
        <Section title="Delete">
          <ConfirmButton
            label="Delete modpack"
            title={`Delete ${pack.name}?`}
            confirmLabel="Delete modpack"
            onConfirm={remove}
          >
            {() => (
              <p>
                The modpack <span className="mono">{pack.slug}</span> and its {builds.length} build(s) will be deleted.
                Launchers will no longer find it. Mods stay in the library. This cannot be undone.
              </p>
            )}
          </ConfirmButton>
        </Section>
      ) : null}
    </>
  );
}
