// Every modpack the user may see, with what a launcher would make of it at a glance.
import { Link } from 'react-router';
import { paths } from '../paths';
import { useModpacks, type ModpackRecord } from '../packs';
import { useSession } from '../session';
import { QueryStatus } from '../ui/feedback';
import { Table } from '../ui/table';
import { Page } from '../ui/page';

export function visibility(pack: Partial<Pick<ModpackRecord, 'hidden' | 'private'>>): string {
  if (pack.hidden === undefined) return 'Listed';
  if (pack.private) return 'Private';
  return pack.hidden ? 'Hidden' : 'Public';
}

export default function Modpacks() {
  const session = useSession();
  const packs = useModpacks();
  const manages = session.can('modpacks_manage');
  return (
    <Page
      title="Modpacks"
      actions={
        session.can('modpacks_create') ? (
          <Link className="button primary" to={paths.newModpack}>
            New modpack
          </Link>
        ) : null
      }
    >
      <QueryStatus query={packs} what="Loading the modpacks" />
      {manages ? null : <p>You may not manage modpacks: these are the modpacks your launcher would list.</p>}
      {packs.data?.length === 0 ? (
        <p>No modpacks yet.{session.can('modpacks_create') ? ' Create one with “New modpack”.' : ''}</p>
      ) : null}
      {packs.data?.length ? (
        <Table headers={['Modpack', 'Slug', 'Visibility', 'Recommended', 'Latest', 'Builds']}>
          {packs.data.map(({ modpack: pack, buildCount, publishedBuildCount }) => (
            <tr key={pack.id}>
              <th scope="row">{manages ? <Link to={paths.modpack(pack.slug)}>{pack.name}</Link> : pack.name}</th>
              <td className="mono">{pack.slug}</td>
              <td>{visibility(pack)}</td>
              <td className="mono">{pack.recommended ?? '—'}</td>
              <td className="mono">{pack.latest ?? '—'}</td>
              <td>
                {buildCount === undefined
                  ? `${publishedBuildCount} published`
                  : `${buildCount} (${publishedBuildCount} published)`}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Page>
  );
}
