import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, eventually, mappedProject, SAME_ORIGIN, screenshotOnFailure, serverAndBrowser } from './support.ts';

/**
 * docs/requirements/notifications.md#notifications end to end, on the quick start's defaults (no SMTP server: mail is kept in the Outbox):
 * create an SMS and an email notification for us-500 on the Notification Configuration screen,
 * scan James Butt's short link as a phone would, and find the text message (at Verizon's
 * email-to-SMS gateway) and the email in the Outbox and in each notification's delivery history.
 * A half-filled form comes back after a reload.
 */
const env = serverAndBrowser();
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('SMS and email notifications of a scan arrive in the Outbox and the delivery history', { timeout: 180_000 }, async () => {
  const { context, projectId, listId } = await mappedProject(env.browser, env.server.url, { email: 'notify@example.test', project: { name: 'Notify' } });
  const saved = await context.request.post('/api/qr/config', { headers: SAME_ORIGIN, data: { listId, config: { baseUrl: 'https://example.com/welcome', variables: {} } } });
  assert.equal(saved.status(), 200, await saved.text());
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await screenshotOnFailure(page, 'notifications', async () => {
    await page.goto(`/notifications?project=${projectId}&listId=${listId}`);
    await page.getByRole('heading', { name: 'Notification Configuration' }).waitFor();
    await page.getByText('Configuring for list: us-500.csv').waitFor();
    await page.getByText(/No mail server is configured \(SMTP_URL\)/).waitFor();

    // SMS: the form refuses to save without a phone and carrier, with the spec's words.
    await page.getByRole('button', { name: 'Add New SMS Notification' }).click();
    const sms = page.getByRole('form', { name: 'New SMS notification' });
    await sms.getByLabel('Name').fill('Owner phone');
    await sms.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name, phone number, and carrier are required').waitFor();
    await sms.getByLabel('Phone number').fill('555-123-4567');
    await sms.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'Verizon' });
    await sms.getByRole('button', { name: 'Save' }).click();
    await page.getByText('SMS notification saved successfully').waitFor();
    await page.getByRole('list', { name: 'SMS notifications' }).getByText('Owner phone').waitFor();

    // Email to two recipients.
    await page.getByRole('button', { name: 'Add New Email Notification' }).click();
    const email = page.getByRole('form', { name: 'New email notification' });
    await email.getByLabel('Name').fill('Sales inbox');
    await email.getByRole('textbox', { name: 'Recipient 1' }).fill('sales@example.com');
    await email.getByRole('button', { name: 'Add recipient' }).click();
    await email.getByRole('textbox', { name: 'Recipient 2' }).fill('owner@example.org');
    await email.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email notification saved successfully').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'notifications.png'), fullPage: true });

    // Unsaved edits of a form survive a reload (and so the trip through sign-in).
    await page.getByRole('button', { name: 'Add New Webhook Notification' }).click();
    await page.getByRole('form', { name: 'New webhook notification' }).getByRole('textbox', { name: 'Name' }).fill('Half-written CRM hook');
    await page.reload();
    await eventually(
      async () => (await page.getByRole('form', { name: 'New webhook notification' }).getByRole('textbox', { name: 'Name' }).inputValue().catch(() => '')) === 'Half-written CRM hook',
      'the webhook form comes back with its name',
    );
    await page.getByRole('form', { name: 'New webhook notification' }).getByRole('button', { name: 'Cancel' }).click();

    // A recipient scans James Butt's mail piece.
    const preview = await (await context.request.get(`/api/data-preview/list/${listId}`)).json();
    const james = preview.records.find((r: { fields: Record<string, string> }) => r.fields.first_name === 'James');
    const phone = await env.browser.newContext({ userAgent: IPHONE });
    const scan = await phone.request.get(james.short_url, { maxRedirects: 0 });
    assert.equal(scan.status(), 302);
    await phone.close();

    // Both messages are in the Outbox: the SMS at Verizon's gateway, the email with its subject.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Open the Outbox' }).click();
    await page.waitForURL(/\/outbox$/);
    const table = page.getByRole('table', { name: 'Kept messages' });
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return (await table.getByText('5551234567@vtext.com').count()) > 0 && (await table.getByText('QR code scanned by James Butt').count()) > 0;
    }, 'the SMS and the email reach the outbox', 20_000);
    await page.getByRole('button', { name: 'Show the message to 5551234567@vtext.com' }).click();
    await page.getByText(/^Scan: James Butt, 6649 N Blue Gum St, New Orleans, LA 70116 at .+ Total scans: 1$/).waitFor();

    // The delivery history shows the SMS delivered.
    await page.goto(`/notifications?project=${projectId}&listId=${listId}`);
    await page.getByRole('link', { name: 'History of Owner phone' }).click();
    await page.waitForURL(/\/notifications\/[0-9a-f-]+\/history$/);
    await page.locator('tr.plain-table-row').first().getByText(/success/i).waitFor();
    await page.getByRole('button', { name: /^Details of the success delivery of / }).first().click();
    await page.getByText(/"outbox": true/).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'notification-history.png'), fullPage: true });
  });
  await context.close();
});
