// The pack doctor: what a launcher and Technic Platform will see of a modpack and, for each reason
// a launcher would show it offline or fail to install it, the cause and the fix (the diagnosis is
// the API's; this page shows it, with each fix said as it is made in the console and a link there).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { paths } from '../paths';
import { Table } from '../ui/table';
import { ErrorNotice, Loading } from '../ui/feedback';
import { Section } from '../ui/page';

type Finding = Schemas['DoctorFinding'];
type View = Schemas['LauncherView'];

/**
 * Each kind of finding's fix, said as it is made in the console, with a link to where. (The API's
 * own `fix` speaks to scripts: the HTTP request or admin command that makes it.)
 */
function fixOf(slug: string, f: Finding): { text: string; to?: string; label?: string } {
  const builds = { to: paths.modpack(slug), label: 'Open the builds' };
  switch (f.code) {
    case 'no-published-build':
      return { text: 'Open a build, give it its mods, tick “Published” in its settings and save it.', ...builds };
    case 'recommended-unset':
    case 'recommended-missing':
    case 'latest-unset':
    case 'latest-missing':
      return {
        text: `Press “Set ${f.code.startsWith('recommended') ? 'recommended' : 'latest'}” on a published build.`,
        ...builds,
      };
    case 'recommended-unpublished':
    case 'latest-unpublished':
      return {
        text: `Publish that build (tick “Published” in its settings), or press “Set ${f.code.startsWith('recommended') ? 'recommended' : 'latest'}” on a published one.`,
        ...builds,
      };
    case 'recommended-private':
    case 'latest-private':
      return { text: 'If every player should get it, untick “Private” in that build’s settings.', ...builds };
    case 'private-without-client':
      return {
        text: 'Link your players’ launchers to it on the Launcher clients page, or untick “Private” in the modpack’s settings.',
        to: paths.clients,
        label: 'Open the launcher clients',
      };
    case 'modpack-hidden':
      return {
        text: 'When it is ready for everyone, untick “Hidden” in the modpack’s settings: launchers list it from then on.',
        to: paths.modpack(slug),
        label: 'Open the modpack',
      };
    case 'build-without-mods':
      return { text: 'Add its mods on the build’s page, or untick “Published” there.', ...builds };
    case 'file-name-collision':
      return {
        text: 'Keep only one of those mods in the build (“Remove” on the build’s page), or use versions whose file names differ.',
        ...builds,
      };
    case 'version-breaks-rule': {
      const mod = /^Mod (\S+) version /.exec(f.message)?.[1];
      return {
        text: 'Add a version with a plain name to the mod (drop its file on the mod’s page), then choose it for that mod on the build’s page.',
        ...(mod ? { to: paths.mod(mod), label: 'Open the mod' } : builds),
      };
    }
    case 'version-without-md5':
    case 'version-md5-invalid': {
      // The API's message names the mod first: "Mod <slug> version <version> has …".
      const mod = /^Mod (\S+) version /.exec(f.message)?.[1];
      return {
        text: 'Give the version the md5 of its archive on the mod’s page: “Rehash” has Depot compute it from the archive on the mirror, “Edit” takes one you paste.',
        ...(mod ? { to: paths.mod(mod), label: 'Open the mod' } : { to: paths.mods, label: 'Open the mod library' }),
      };
    }
    case 'archive-missing':
    case 'archive-md5-mismatch':
    case 'archives-unchecked': {
      // The API's message names the mod: "The archive of <slug> <version> …" / "The archives of …".
      const mod = /^The archives? of (\S+) /.exec(f.message)?.[1];
      return {
        text: f.fix,
        ...(mod ? { to: paths.mod(mod), label: 'Open the mod' } : { to: paths.mods, label: 'Open the mod library' }),
      };
    }
    case 'server-pack-unavailable':
    case 'loader-unset': {
      // The API's message names the build: "The server pack of build <version> …" / "The loader of build(s) <version> …".
      const version = /of builds? (\S+) /.exec(f.message)?.[1];
      const build = version ? { to: paths.build(slug, version), label: 'Open the build' } : builds;
      return f.code === 'loader-unset'
        ? { text: 'Choose its loader and the loader’s version under “Server” on the build’s page.', ...build }
        : {
            text: 'Make sure Depot holds every archive of the build (drop the file on the mod’s page), keep only one of two mods that bring the same file, or choose “Players only” on the build’s page for mods the server does not need.',
            ...build,
          };
    }
    case 'server-packs-unchecked':
      return { text: 'Open the doctor again in a moment.' };
    case 'client-mod-on-server':
    case 'server-mod-on-client': {
      // The API's message names the mod first: "Mod <slug> version <version> says …".
      const mod = /^Mod (\S+) version /.exec(f.message)?.[1];
      const where = f.code === 'client-mod-on-server' ? '“Client only”' : '“Server only”';
      return {
        text: `Set “Runs on” to ${where} for that version on the mod’s page, or choose where it goes on each build’s page (a build’s own choice wins).`,
        ...(mod ? { to: paths.mod(mod), label: 'Open the mod' } : builds),
      };
    }
    case 'export-without-jar':
    case 'export-path-outside': {
      // The API's message names the mod: "The archive of mod <slug> version <version> …".
      const mod = /^The archive of mod (\S+) version /.exec(f.message)?.[1];
      return {
        text:
          f.code === 'export-without-jar'
            ? 'If it is a mod, drop an archive with its jar under mods/ on the mod’s page; if it holds only configs, nothing is missing.'
            : 'Drop an archive whose files all lie under the instance’s folders (mods/, config/, …) on the mod’s page.',
        ...(mod ? { to: paths.mod(mod), label: 'Open the mod' } : { to: paths.mods, label: 'Open the mod library' }),
      };
    }
    case 'export-loader-archive': {
      // The API's message names the builds: "… the .mrpack and packwiz pack of build(s) <version> …".
      const version = /packwiz pack of builds? ([^\s,]+)/.exec(f.message)?.[1];
      return {
        text: 'Other launchers install the loader themselves: make sure the build’s loader and its version are chosen under “Server” on the build’s page.',
        ...(version ? { to: paths.build(slug, version), label: 'Open the build' } : builds),
      };
    }
    case 'api-root-unreachable':
      return {
        text: 'Ask whoever runs Depot to check its public address (the PUBLIC_URL it is given), DNS, TLS and the proxy in front of it: the address must answer as Depot, without a redirect.',
      };
  }
}

export function Doctor({ slug }: { slug: string }) {
  const report = useQuery({
    queryKey: ['modpack', slug, 'doctor'],
    queryFn: () => call(api.GET('/api/manage/modpacks/{slug}/doctor', { params: { path: { slug } } })),
    staleTime: 0,
  });
  if (report.isPending) return <Loading what="Examining the modpack" />;
  if (report.error) return <ErrorNotice error={report.error} />;
  const d = report.data;
  const errors = d.findings.filter((f) => f.severity === 'error');
  const warnings = d.findings.filter((f) => f.severity === 'warning');
  return (
    <>
      <Section title="Verdict">
        {errors.length ? (
          <p className="notice error">
            <strong>Launchers show this modpack offline or fail to install it.</strong> {errors.length} problem(s) to
            fix below.
          </p>
        ) : d.findings.some((f) => f.code === 'archives-unchecked') ? (
          // Archives it could not check: no all-clear.
          <p className="notice warning">
            <strong>Some archives could not be checked: launchers may still fail to install this modpack.</strong>{' '}
            {warnings.length} warning(s) below.
          </p>
        ) : (
          <p className="notice success">
            <strong>No problem stops launchers from showing and installing this modpack.</strong>
            {warnings.length ? ` ${warnings.length} warning(s) below.` : ''}
          </p>
        )}
        <p>
          <button type="button" onClick={() => void report.refetch()} disabled={report.isFetching}>
            {report.isFetching ? 'Checking…' : 'Check again'}
          </button>
        </p>
      </Section>
      {d.findings.length ? (
        <Section title="Problems">
          <ol className="findings">
            {d.findings.map((f, i) => {
              const fix = fixOf(slug, f);
              return (
                <li key={`${f.code}-${i}`} className={`finding ${f.severity}`}>
                  <p>
                    <strong className="severity">{f.severity === 'error' ? 'Error' : 'Warning'}:</strong> {f.message}
                  </p>
                  <p>
                    <strong>Fix:</strong> {fix.text}
                  </p>
                  {fix.to ? (
                    <p>
                      <Link to={fix.to}>{fix.label}</Link>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </Section>
      ) : null}
      <Section title="What launchers see">
        <Table headers={['Who', 'In the list', 'Opens', 'Builds', 'Installs']}>
          <ViewRow who="A player's launcher" view={d.launchers.anonymous} />
          <ViewRow who={`A launcher linked to it (${d.linked_clients} linked)`} view={d.launchers.linked_client} />
          <ViewRow who="Technic Platform (with a key)" view={d.launchers.platform} />
        </Table>
      </Section>
      <Section title="API root">
        <dl className="details">
          <dt>Give launchers</dt>
          <dd className="mono">{d.api_root.url ?? 'unknown'}</dd>
          <dt>Answers</dt>
          <dd>{d.api_root.reachable === null ? 'not checked' : d.api_root.reachable ? 'yes' : 'no'}</dd>
          <dt>Detail</dt>
          <dd>{d.api_root.detail}</dd>
        </dl>
      </Section>
    </>
  );
}

function ViewRow({ who, view }: { who: string; view: View }) {
  return (
    <tr>
      <th scope="row">{who}</th>
      <td>{view.listed ? 'Yes' : 'No'}</td>
      <td>{view.shown ? 'Yes' : 'No: “Modpack does not exist” (offline)'}</td>
      <td className="mono">{view.builds.length ? view.builds.join(', ') : 'none'}</td>
      <td>
        {view.installs
          ? `Build ${view.installs.version}, ${view.installs.mods} mod(s)`
          : 'Nothing: no recommended build it can see (offline)'}
      </td>
    </tr>
  );
}
