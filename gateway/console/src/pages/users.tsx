// Users: who may sign in to the console and use the API, with their permissions and the modpacks
// they may manage.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { QueryStatus } from '../ui/feedback';
import { Table } from '../ui/table';
import { Page } from '../ui/page';

export function useUsers() {
  return useQuery({
    queryKey: ['users'],
    queryFn: () => call(api.GET('/api/user', { params: { query: { include: 'email,two_factor' } } })),
  });
}

export default function Users() {
  const users = useUsers();
  return (
    <Page
      title="Users"
      actions={
        <Link className="button primary" to={paths.newUser}>
          New user
        </Link>
      }
    >
      <QueryStatus query={users} />
      {users.data?.users.length ? (
        <Table headers={['Username', 'Permissions', 'Modpacks', 'Two-factor sign-in']}>
          {users.data.users.map((u) => (
            <tr key={u.username}>
              <th scope="row">
                <Link to={paths.user(u.username)}>{u.username}</Link>
              </th>
              <td>{u.permissions.length ? u.permissions.join(', ') : 'none'}</td>
              <td>{u.modpacks.length ? u.modpacks.join(', ') : 'none'}</td>
              <td>{'two_factor' in u && u.two_factor ? 'on' : 'off'}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </Page>
  );
}
