// Webhooks in the console (docs/webhooks.md), as an author would: on the modpack's Webhooks tab,
// add an endpoint (a real receiver), copy its secret shown once, send a test event and see it in
// the delivery log, send it again (the same Depot-Delivery id reaches the receiver), and delete it.
import type { Browser } from 'playwright-core';
import { eventually, must, type TestStack } from '../support';
import {
  browserSuite,
  browserTest,
  checkAccessibility,
  describeInBrowser,
  flash,
  heading,
  signIn,
} from '../support/browser';
import { signatureValid, startReceiver, type Receiver } from '../support/webhook-receiver';

describeInBrowser()('webhooks in the console', () => {
  let t: TestStack;
  let browser: Browser;
  let receiver: Receiver;

  browserSuite(
    __filename,
    async (stack, b) => {
      [t, browser] = [stack, b];
      receiver = await startReceiver();
      must(await t.admin.post('/api/modpack', { name: 'Hooked', slug: 'hooked' }), 201, 'pack');
    },
    { services: { hooks: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' } } },
  );
  afterAll(async () => {
    await receiver?.close();
  });

  browserTest(
    () => browser,
    'add a webhook, copy its secret, send a test event and again, read the log, delete it',
    async ({ page }) => {
      await signIn(page, t);
      await page.goto(`${t.url}/console/modpacks/hooked/webhooks`);
      await heading(page, 'Hooked');
      await page.getByText('No webhooks yet.').waitFor();
      await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/depot`);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secretField = page.getByLabel(`Secret of the webhook ${receiver.url}/depot`, { exact: true });
      await secretField.waitFor();
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByText('Copied to the clipboard.').first().waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
      await page.getByRole('button', { name: 'Done' }).click();
      await checkAccessibility(page, 'modpack webhooks');

      await page.getByRole('button', { name: 'Send test event' }).click();
      await flash(page, `A test event is on its way to ${receiver.url}/depot.`);
      const row = page.getByRole('row').filter({ hasText: 'ping' });
      await row.filter({ hasText: 'delivered' }).waitFor();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].headers['depot-event']).toBe('ping');
      expect(signatureValid(receiver.received[0], secret)).toBe(true);

      await row.getByRole('button', { name: 'Send again' }).click();
      await eventually(async () => receiver.received.length === 2, 5000);
      expect(receiver.received[1].headers['depot-delivery']).toBe(receiver.received[0].headers['depot-delivery']);

      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Delete webhook', exact: true }).click();
      await flash(page, `Webhook ${receiver.url}/depot deleted.`);
      await page.getByText('No webhooks yet.').waitFor();
      expect(must(await t.admin.get('/api/manage/modpacks/hooked/hooks'), 200, 'list')).toEqual({ webhooks: [] });
    },
  );
});
