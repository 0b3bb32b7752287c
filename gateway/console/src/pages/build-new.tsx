// A new build: where it starts from first (its mods and settings copied into the form), then its
// own fields.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { packKeys, useModpack } from '../packs';
import { ErrorNotice, Loading, useFlash } from '../ui/feedback';
import { SubmitButton } from '../ui/form';
import { Page } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { BuildFields, buildBody, minecraftVersionsOf } from './build-form';
import { BuildSourceFields, buildSource } from './build-source';

export default function NewBuild() {
  const { slug = '' } = useParams();
  const pack = useModpack(slug);
  const [sourceSlug, setSourceSlug] = useState(slug);
  const source = useModpack(sourceSlug);
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const submit = useSubmit(
    async (v) => {
      const source = buildSource(v, slug);
      const build = await call(
        api.POST('/api/modpack/{slug}/build', {
          params: { path: { slug } },
          body: { ...buildBody(v), ...source },
        }),
      );
      // Made from a build of this pack: its page compares it with that one.
      return {
        build,
        from: source.clone_from !== null && source.clone_from_modpack === null ? source.clone_from : null,
      };
    },
    ({ build, from }) => {
      for (const queryKey of packKeys(slug)) void queries.invalidateQueries({ queryKey });
      flash.show(`Build ${build.version} created.`);
      navigate(
        from
          ? `${paths.build(slug, build.version)}?from=${encodeURIComponent(from)}`
          : paths.build(slug, build.version),
      );
    },
  );
  if (pack.isPending) return <Loading />;
  // The Minecraft versions offered: those of this modpack's builds and of the one started from.
  const minecraft = minecraftVersionsOf(
    [...(pack.data?.builds ?? []), ...(source.data?.builds ?? [])].map((b) => b.build),
  );
  return (
    <Page title={pack.data ? `New build of ${pack.data.modpack.name}` : 'New build'}>
      <ErrorNotice error={pack.error} />
      {pack.data ? (
        <form onSubmit={submit.onSubmit} noValidate className="form">
          <ErrorNotice error={submit.error} />
          <BuildSourceFields
            modpack={pack.data.modpack}
            errors={submit.fields}
            sourceSlug={sourceSlug}
            onSourceSlug={setSourceSlug}
          />
          <BuildFields errors={submit.fields} minecraftVersions={minecraft} />
          <SubmitButton busy={submit.busy}>Create build</SubmitButton>
        </form>
      ) : null}
    </Page>
  );
}
