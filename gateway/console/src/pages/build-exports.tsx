// A build for other launchers (docs/exports.md): its .mrpack and packwiz URLs, each with a copy
// button and the launchers that take it, the modpack's recommended and latest URLs when this build
// is one of them, and what the exports leave out. Asking makes the .mrpack when it is not made yet.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api';
import { CopyField } from '../ui/copy-field';
import { ErrorNotice, Loading } from '../ui/feedback';
import { Section } from '../ui/page';

export function BuildExports({ slug, version }: { slug: string; version: string }) {
  const exports = useQuery({
    queryKey: ['modpack', slug, 'build', version, 'exports'],
    queryFn: () =>
      call(
        api.GET('/api/manage/modpacks/{slug}/builds/{build}/exports', { params: { path: { slug, build: version } } }),
      ),
  });
  const data = exports.data;
  return (
    <Section title="Other launchers">
      <p>
        Prism Launcher, MultiMC, ATLauncher, the Modrinth App, XMCL and itzg&apos;s <code>MODRINTH_MODPACK</code> take
        the .mrpack; <code>packwiz-installer</code> and <code>PACKWIZ_URL</code> take the packwiz pack.toml, and update
        on every start.
      </p>
      {exports.error ? <ErrorNotice error={exports.error} /> : null}
      {!data && !exports.error ? <Loading /> : null}
      {data ? (
        <>
          <CopyField label=".mrpack of this build" value={data.mrpack.url} />
          {data.mrpack.recommended_url ? (
            <CopyField
              label=".mrpack of the recommended build"
              value={data.mrpack.recommended_url}
              hint="Always the modpack's recommended build."
            />
          ) : null}
          {data.mrpack.latest_url ? (
            <CopyField label=".mrpack of the latest build" value={data.mrpack.latest_url} />
          ) : null}
          <CopyField label="packwiz pack.toml of this build" value={data.packwiz.url} />
          {data.packwiz.recommended_url ? (
            <CopyField
              label="packwiz pack.toml of the recommended build"
              value={data.packwiz.recommended_url}
              hint="packwiz-installer follows it to each new recommended build."
            />
          ) : null}
          {data.problems.length ? (
            <div role="region" aria-label="What the exports leave out">
              <p>The exports leave out:</p>
              <ul>
                {data.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p>The exports carry the whole build.</p>
          )}
        </>
      ) : null}
    </Section>
  );
}
