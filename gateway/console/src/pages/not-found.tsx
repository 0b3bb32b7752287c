import { Link } from 'react-router';
import { paths } from '../paths';
import { Page } from '../ui/page';

export default function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        There is no such page in the console. <Link to={paths.modpacks}>Go to the modpacks</Link>.
      </p>
    </Page>
  );
}
