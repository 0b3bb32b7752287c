// The pack doctor: what a launcher and Technic Platform will see of a modpack and, for each reason
// a launcher would show it offline or fail to install it, the cause and the fix (the diagnosis is
// the API's; this page shows it and links to where each fix is made in the console).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api';
import { paths } from '../paths';
import { Table } from '../ui/table';
import { ErrorNotice, Loading } from '../ui/feedback';
import { Section } from '../ui/page';

type Finding = Schemas['DoctorFinding'];
type View = Schemas['LauncherView'];

/** Where in the console each kind of finding is fixed. */
function fixIn(slug: string, code: Finding['code']): { to: string; label: string } | null {
  switch (code) {
    case 'no-published-build':
    case 'build-without-mods':
    case 'file-name-collision':
      return { to: paths.modpack(slug), label: 'Open the builds' };
    case 'recommended-unset':
    case 'recommended-missing':
    case 'recommended-unpublished':
    case 'recommended-private':
    case 'latest-unset':
    case 'latest-missing':
    case 'latest-unpublished':
    case 'latest-private':
      return { to: paths.modpack(slug), label: 'Open the builds (publish, set recommended and latest)' };
    case 'private-without-client':
      return { to: paths.clients, label: 'Open the launcher clients' };
    case 'version-without-md5':
    case 'version-md5-invalid':
      return { to: paths.mods, label: 'Open the mod library' };
    case 'api-root-unreachable':
      return null;
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
              const where = fixIn(slug, f.code);
              return (
                <li key={`${f.code}-${i}`} className={`finding ${f.severity}`}>
                  <p>
                    <strong className="severity">{f.severity === 'error' ? 'Error' : 'Warning'}:</strong> {f.message}
                  </p>
                  <p>
                    <strong>Fix:</strong> {f.fix}
                  </p>
                  {where ? (
                    <p>
                      <Link to={where.to}>{where.label}</Link>
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
