// Two-factor sign-in in the console: turning it on from the account page with a QR code made in
// the page (it carries the secret's otpauth:// URI), the recovery codes shown once, the second
// step of the sign-in page with a code and with a recovery code, and an administrator's reset from
// the user page. Codes come from otplib, as an authenticator app makes them.
import type { Browser, Page } from 'playwright-core';
import { encode } from 'uqr';
import { must, type TestStack } from '../support';
import { Authenticator } from '../support/authenticator';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  expectFocused,
  flash,
  heading,
  signIn,
  signOut,
} from '../support/browser';

/** The dark modules of an SVG path of 1×1 squares (`M<x> <y>h1v1h-1z`...), as "x,y". */
const modulesOfPath = (d: string) => [...d.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`).sort();

/** The dark modules of a QR code of `text`, with its 4-module quiet zone. */
function modulesOf(text: string): string[] {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  return data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`${x},${y}`] : []))).sort();
}

describeInBrowser()('two-factor sign-in in the console', () => {
  let t: TestStack;
  let browser: Browser;

  browserSuite(__filename, async (stack, b) => {
    [t, browser] = [stack, b];
    for (const username of ['ivy', 'jon', 'kim']) {
      must(await t.admin.post('/api/user', { username, password: `${username}-password-1` }), 201, username);
    }
  });

  /** The second step of the sign-in page, after the password. */
  async function passwordStep(page: Page, login: string, password: string) {
    await page.goto(`${t.url}/console/`);
    await page.getByLabel('Username or e-mail address').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Two-factor sign-in');
  }

  browserTest(
    () => browser,
    'turned on with the QR code; recovery codes shown once; signing in with a code, then with a recovery code',
    async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await signIn(page, t, 'ivy', 'ivy-password-1');
      await page.goto(`${t.url}/console/account`);
      await heading(page, 'Your account');
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await section.getByText('Off.', { exact: false }).waitFor();
      await section.getByLabel('Your password').fill('not-my-password');
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await section.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor();
      await section.getByLabel('Your password').fill('ivy-password-1');
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

      const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // The QR code is the otpauth:// URI of that secret, drawn in the page.
      const d = (await qr.locator('path').getAttribute('d'))!;
      expect(modulesOfPath(d)).toEqual(modulesOf(`otpauth://totp/Depot:ivy?secret=${secret}&issuer=Depot`));
      await checkAccessibility(page, 'account: setting up two-factor sign-in (QR code)');
      const app = new Authenticator(secret);

      await section.getByLabel('Code from your authenticator app').fill('000000');
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await section
        .getByRole('alert')
        .filter({ hasText: 'That code is wrong or was used already: wait for the next one.' })
        .waitFor();
      await section.getByLabel('Code from your authenticator app').fill(await app.code());
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      const saved = page.getByRole('region', { name: 'Recovery codes, shown once' });
      await saved.getByText('Save these recovery codes now: they will not be shown again.').waitFor();
      const recovery = await saved.getByRole('listitem').allInnerTexts();
      expect(recovery).toHaveLength(8);
      await saved.getByRole('button', { name: 'Copy the codes' }).click();
      await saved.getByText('Copied to the clipboard.').waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(recovery.join('\n'));
      await checkAccessibility(page, 'account: recovery codes shown once');
      await saved.getByRole('button', { name: 'Done' }).click();
      await saved.waitFor({ state: 'detached' });
      await section.getByText('Recovery codes left: 8.', { exact: false }).waitFor();
      expect(await page.content()).not.toContain(recovery[0]);

      // Signing in now takes a code after the password.
      await signOut(page);
      await passwordStep(page, 'ivy', 'ivy-password-1');
      await checkAccessibility(page, 'sign-in: the code');
      await page.getByLabel('Code from your authenticator app').fill('123456');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'That code is wrong or was used already: wait for the next one.' })
        .waitFor();
      await page.getByLabel('Code from your authenticator app').fill(await app.code());
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();

      // Or a recovery code, once.
      await signOut(page);
      await passwordStep(page, 'ivy', 'ivy-password-1');
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recovery[0]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto(`${t.url}/console/account`);
      await section.getByText('Recovery codes left: 7.', { exact: false }).waitFor();

      // Turned off with a code: the password alone signs in again.
      const off = section.getByRole('form', { name: 'Turn off two-factor sign-in' });
      await off.getByLabel('Code from your authenticator app').fill(await app.code());
      await off.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await flash(page, 'Two-factor sign-in turned off.');
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
      expect((await t.anon.post('/api/session', { login: 'ivy', password: 'ivy-password-1' })).status).toBe(201);
    },
    120_000,
  );

  browserTest(
    () => browser,
    'a code used already is refused in words that cover it, with the focus on the code field',
    async ({ page }) => {
      // kim sets it up through the API (her token), as a script would.
      const token = must(await t.admin.post('/api/user/kim/token', { name: 'phone' }), 201, 'token').token.plaintext;
      const { secret } = must(
        await t.anon.post('/api/account/two-factor', { password: 'kim-password-1' }, { token }),
        201,
        'start',
      );
      const app = new Authenticator(secret);
      must(await t.anon.post('/api/account/two-factor/confirm', { code: await app.code() }, { token }), 200, 'confirm');

      const code = await app.code();
      await passwordStep(page, 'kim', 'kim-password-1');
      await page.getByLabel('Code from your authenticator app').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await signOut(page);

      // Signing in again at once: the app still shows the same code.
      await passwordStep(page, 'kim', 'kim-password-1');
      const field = page.getByLabel('Code from your authenticator app');
      await field.fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'That code is wrong or was used already: wait for the next one.' })
        .waitFor();
      expect(await page.getByRole('main').innerText()).not.toContain('invalid');
      await expectFocused(field);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await checkAccessibility(page, 'sign-in: a code used already');
      // The next code signs in.
      await field.fill(await app.code());
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    },
    120_000,
  );

  browserTest(
    () => browser,
    "an administrator resets a user's two-factor sign-in from the user page",
    async ({ page }) => {
      // jon sets it up through the API (his token), as a script would.
      const token = must(await t.admin.post('/api/user/jon/token', { name: 'phone' }), 201, 'token').token.plaintext;
      const { secret } = must(
        await t.anon.post('/api/account/two-factor', { password: 'jon-password-1' }, { token }),
        201,
        'start',
      );
      must(
        await t.anon.post(
          '/api/account/two-factor/confirm',
          { code: await new Authenticator(secret).code() },
          { token },
        ),
        200,
        'confirm',
      );
      expect((await t.anon.post('/api/session', { login: 'jon', password: 'jon-password-1' })).status).toBe(202);

      await signIn(page, t);
      await page.goto(`${t.url}/console/users`);
      await heading(page, 'Users');
      const row = page.getByRole('row', { name: /^jon/ });
      await row.getByRole('cell', { name: 'on', exact: true }).waitFor();
      await row.getByRole('link', { name: 'jon' }).click();
      await heading(page, 'User jon');
      await page.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      const dialog = page.getByRole('dialog', { name: "Reset jon's two-factor sign-in?" });
      await dialog.getByText('signs in with the password alone', { exact: false }).waitFor();
      await checkAccessibility(page, 'user: reset two-factor sign-in');
      await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await flash(page, 'Two-factor sign-in of jon reset.');
      await page.getByRole('region', { name: 'Two-factor sign-in' }).waitFor({ state: 'detached' });
      expect((await t.anon.post('/api/session', { login: 'jon', password: 'jon-password-1' })).status).toBe(201);
      await page.goto(`${t.url}/console/users`);
      await page.getByRole('row', { name: /^jon/ }).getByRole('cell', { name: 'off', exact: true }).waitFor();
    },
    120_000,
  );
});
