// Sign-in with a username and password (the session routes of the API).
import { Page } from '../ui/page';

export function SignIn() {
  return (
    <main id="main" className="sign-in">
      <Page title="Sign in to Depot">
        <p>Password sign-in is not available yet.</p>
      </Page>
    </main>
  );
}
