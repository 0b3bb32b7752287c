// A page that needs a permission the user lacks is refused before it is shown, saying what it
// takes: not a form that only the API refuses once filled in, nor buttons that lead to one.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Permission } from '@depot/common/permissions';
import { paths } from '../paths';
import { useSession } from '../session';
import { Page } from './page';

export function RequirePermission({
  permission,
  title,
  doing,
  children,
}: {
  permission: Permission;
  /** The page's title, as the page itself would be titled. */
  title: string;
  /** What the page is for, as the subject of a sentence ("Creating mods"). */
  doing: string;
  children: ReactNode;
}) {
  const session = useSession();
  if (session.can(permission)) return <>{children}</>;
  return (
    <Page title={title}>
      <div className="notice error" role="alert">
        <p>
          You do not have permission to do this. {doing} takes a permission you do not hold: an administrator can give
          it to you.
        </p>
      </div>
      <p>
        <Link to={paths.modpacks}>Go to the modpacks</Link>
      </p>
    </Page>
  );
}
