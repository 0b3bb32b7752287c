// The bootstrap admin's console password on the first `npm start`: without ADMIN_PASSWORD, auth
// generates one for an admin who has none yet and returns it this once; the launcher prints it in
// its banner, never in a service's log. Later starts find a password and print none.
import { createClient } from '@depot/common/grpc';
import { AuthService } from '@depot/proto';

/** The password generated now, or undefined when admin already had one. */
export async function initialAdminPassword(authAddress: string): Promise<string | undefined> {
  const auth = createClient(AuthService, authAddress, { deadlineMs: 10_000 });
  try {
    const { generated_password } = await auth.SetPassword({ username: 'admin', only_if_unset: true });
    return generated_password;
  } finally {
    auth.close();
  }
}
