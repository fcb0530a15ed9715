import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { NOTIFICATION_MESSAGES as M, type TNotification, type TNotificationDelivery, type TOutbox } from '@mailcraft/shared';
import { notificationDigestItems } from '../../db/schema/index.js';
import { createMailingList, createProject, onPlan, us500 } from '../../test/factories.js';
import { eventually } from '../../test/eventually.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { createTestApp, signUpUser } from '../../test/harness.js';
import { scanEvent } from '../../test/scan-event.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { nextDigest } from './notification-schedule.js';
import { sendDueDigests } from './notifications.jobs.js';


/** A webhook receiver on 127.0.0.1 answering `status`. */
async function receiver(status = 200) {
  const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/scan`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** An app with an owner on the pro plan and a project with a 3-record us-500 list. */
async function setUp(env: NodeJS.ProcessEnv) {
  const t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOKS: 'true', NOTIFICATION_RETRY_DELAY_SECONDS: '1', ...env } });
  const owner = await signUpUser(t.app);
  await onPlan(t.ctx.db, owner.id, 'pro');
  const projectId = (await createProject(t.ctx.db, owner.id)).id;
  const listId = (await createMailingList(t.ctx.db, owner.id, { ...us500(3), projectId })).id;
  const create = async (body: object): Promise<TNotification> => {
    const res = await owner.req({ method: 'POST', url: '/api/notifications', payload: { project_id: projectId, mailing_list_id: listId, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const history = async (id: string): Promise<TNotificationDelivery[]> => (await owner.req({ method: 'GET', url: `/api/notifications/${id}/history` })).json();
  return { t, owner, projectId, listId, create, history };
}

describe('notifications: sending through SMTP, webhooks and digests', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    s = await setUp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await s?.t.close();
    await smtp?.close();
  });

  it('texts the gateway address and emails both parts on a scan; history shows each success', async () => {
    const sms = await s.create({ type: 'sms', name: 'Phone', phone_number: '(555) 123-4567', carrier_id: 'verizon', timezone: 'America/Chicago' });
    const email = await s.create({ type: 'email', name: 'Team', email_recipients: 'sales@example.com, boss@example.org' });
    const before = smtp.messages.length;
    // After the notifications were made (only later scans notify), on a winter day: 3:04 PM CST in Chicago, whatever the time of the run.
    const scannedAt = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 21, 4));
    await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id, { scannedAt: scannedAt.toISOString(), scanCount: 2 })] });
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const text = mails.find((m) => JSON.stringify(m.to).includes('5551234567@vtext.com'));
    const day = scannedAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(text?.text?.trim()).toBe(`Scan: James Butt, 6649 N Blue Gum St, New Orleans, LA 70116 at ${day}, 3:04 PM CST. Total scans: 2`);
    const mail = mails.find((m) => m.subject === 'QR code scanned by James Butt');
    expect(mail?.text).toContain(`Scanned at: ${day}, 9:04 PM UTC (New Orleans, Louisiana, US)`);
    expect(mail?.html).toContain('<p>James Butt scanned the QR code on their mail piece.</p>');
    expect(JSON.stringify(mail?.to)).toContain('boss@example.org');
    for (const n of [sms, email]) {
      await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
      expect((await s.history(n.id))[0]).toMatchObject({ attempts: 1, response_code: 250, next_retry: null, city: 'New Orleans', country: 'US', scan_timestamp: scannedAt.toISOString() });
    }
    for (const n of [sms, email]) await s.owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` });
  });

  it('cuts a long SMS at a word, and sends only first scans when asked', async () => {
    const n = await s.create({
      type: 'sms', name: 'Long', phone_number: '15551230000', carrier_id: 'tmobile', send_first_scan_only: true,
      sms_template: '{{ full_name }} scanned. '.repeat(12),
    });
    const before = smtp.messages.length;
    // One batch: once the first scan's delivery is sent, the repeat scan's fan-out is done too.
    await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id, { isFirst: false, scanCount: 3 }), scanEvent(s.listId, s.owner.id)] });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(JSON.stringify(mail.to)).toContain('5551230000@tmomail.net');
    const body = mail.text!.trim();
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body).toMatch(/(James|Butt|scanned)…$/);
    await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
    await drainJobs(s.t.ctx.db); // the fan-out and every dispatch have run
    expect(await s.history(n.id)).toHaveLength(1);
    expect(smtp.messages.length - before).toBe(1);
    await s.owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` });
  });

  it('calls a webhook notification signed with its secret, at the composed URL with the selected fields', async () => {
    const rx = await receiver();
    try {
      const n = await s.create({
        type: 'webhook', name: 'CRM', endpoint_url: rx.url,
        variable_mapping: { selectedFields: ['first_name', 'scan_count'], variables: [{ field: 'email', param: 'e' }], staticParams: [{ name: 'src', value: 'mail' }] },
      });
      await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id)] });
      await eventually(() => rx.received.length === 1);
      const [call] = rx.received;
      expect(call.url).toBe('/scan?e=jbutt%40gmail.com&src=mail');
      const body = new Webhook(n.secret_key!).verify(call.body, call.headers as Record<string, string>) as { type: string; data: object };
      expect(body).toMatchObject({ type: 'notification.scan', data: { first_name: 'James', scan_count: '1' } });
      expect(Object.keys(body.data)).toEqual(['first_name', 'scan_count']);
      await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
      expect((await s.history(n.id))[0]).toMatchObject({ response_code: 200, response_body: { ok: true } });
      await s.owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` });
    } finally {
      await rx.close();
    }
  });

  it('retries a failing webhook after retry_delay and gives up after retry_count retries', async () => {
    const rx = await receiver(500);
    try {
      const n = await s.create({ type: 'webhook', name: 'Down', endpoint_url: rx.url, retry_count: 1, retry_delay: 60 });
      await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id)] });
      await eventually(async () => (await s.history(n.id))[0]?.status === 'failed');
      expect(rx.received).toHaveLength(2);
      expect((await s.history(n.id))[0]).toMatchObject({ attempts: 2, response_code: 500, error_message: 'The endpoint answered 500', next_retry: null });
      await s.owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` });
    } finally {
      await rx.close();
    }
  });

  it('sends one daily digest of the period\'s scans at its time, never twice, and none without scans', async () => {
    const n = await s.create({ type: 'email', name: 'Morning', email_recipients: 'digest@example.com', schedule_type: 'daily', schedule_time: '09:00', timezone: 'America/New_York' });
    const quietList = (await createMailingList(s.t.ctx.db, s.owner.id, { ...us500(1), projectId: s.projectId })).id;
    const empty = await s.create({
      mailing_list_id: quietList, type: 'sms', name: 'Quiet', phone_number: '5550001111', carrier_id: 'verizon', schedule_type: 'daily', schedule_time: '09:00', timezone: 'America/New_York',
    });
    const scannedAt = new Date(Date.now() + 60_000).toISOString();
    const before = smtp.messages.length;
    await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id, { scannedAt })] });
    await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id, { scannedAt, fields: { first_name: 'Josephine', last_name: 'Darakjy', full_name: 'Josephine Darakjy' } })] });
    // Scans are kept for the digest (once both are kept, their fan-out is over), nothing is sent now.
    const kept = async () => (await s.t.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.notificationId, n.id))).length;
    await eventually(async () => (await kept()) === 2);
    await drainJobs(s.t.ctx.db); // both fan-outs and any dispatch have run
    expect(await s.history(n.id)).toEqual([]);
    expect(smtp.messages.length).toBe(before);
    const due = nextDigest({ type: 'daily', time: '09:00', day: null, zone: 'America/New_York' }, new Date(Date.now() + 120_000));
    const later = new Date(due.getTime() + 5 * 60_000);
    await sendDueDigests(s.t.ctx, later);
    await sendDueDigests(s.t.ctx, new Date(later.getTime() + 15 * 60_000));
    const [digest] = (await smtp.waitFor(before + 1)).slice(before);
    expect(digest.subject).toMatch(/^2 QR code scans of us-500\.csv since /);
    expect(digest.text).toContain('James Butt scanned the QR code');
    expect(digest.text).toContain('Josephine Darakjy scanned the QR code');
    // One delivery, sent: nothing more can go out.
    await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
    expect(await s.history(n.id)).toHaveLength(1);
    expect(smtp.messages.length - before).toBe(1);
    expect(await s.history(empty.id)).toEqual([]);
  });

  it('test sends: an SMS to the gateway, an email, a signed webhook call; refusals keep the spec\'s words', async () => {
    // Tests go only to the account's own email and to addresses saved in its notifications.
    const phone = await s.create({ type: 'sms', name: 'Test phone', phone_number: '555-123-4567', carrier_id: 'verizon', is_active: false });
    const before = smtp.messages.length;
    const sms = await s.owner.req({ method: 'POST', url: '/api/notifications/sms/test', payload: { phoneNumber: '555-123-4567', carrierId: 'verizon', isLivePreview: true, listId: s.listId } });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json()).toMatchObject({ message: M.smsTested, to: ['5551234567@vtext.com'], outbox: false });
    expect(sms.json().rendered).toMatch(/^Scan: James Butt, 6649 N Blue Gum St, New Orleans, LA 70116 at /);
    const email = await s.owner.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients: s.owner.email, subject: 'Hi {{ first_name }}', content: 'Body {{ city }}' } });
    expect(email.json()).toMatchObject({ message: M.emailTested, rendered: 'Hi Jane' });
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.subject)).toContain('Hi Jane');
    const bad = await s.owner.req({ method: 'POST', url: '/api/notifications/sms/test', payload: { phoneNumber: '', carrierId: 'verizon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(M.smsTestRequired);
    const noRecipient = await s.owner.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients: ' , x' } });
    expect(noRecipient.json().error.message).toBe(M.emailTestRequired);
    const broken = await s.owner.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients: s.owner.email, content: '{% for %}' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/^The template could not be read: /);
    await s.owner.req({ method: 'DELETE', url: `/api/notifications/${phone.id}` });

    const rx = await receiver();
    const down = await receiver(503);
    try {
      const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      const ok = await s.owner.req({ method: 'POST', url: '/api/notifications/webhook/test', payload: { endpointUrl: `${rx.url}?src=mail`, mailingListFields: { first_name: 'Jane' }, scanData: { scan_count: '1' }, secretKey: secret } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe(M.webhookTested);
      expect(new Webhook(secret).verify(rx.received[0].body, rx.received[0].headers as Record<string, string>)).toMatchObject({ type: 'notification.test', data: { first_name: 'Jane', scan_count: '1' } });
      const failed = await s.owner.req({ method: 'POST', url: '/api/notifications/webhook/test', payload: { endpointUrl: down.url } });
      expect(failed.statusCode, failed.body).toBe(502);
      expect(failed.json().error.message).toBe(`${M.testWebhookFailed}: The endpoint answered 503`);
      const none = await s.owner.req({ method: 'POST', url: '/api/notifications/webhook/test', payload: { endpointUrl: '' } });
      expect(none.json().error.message).toBe(M.webhookTestRequired);
    } finally {
      await rx.close();
      await down.close();
    }
  });
});

describe('notifications: retries through a refusing SMTP server, and the outbox without one', () => {
  it('shows attempts and next_retry while the mail server refuses, then success', async () => {
    const smtp = await startSmtpSink({ refuseFirst: 2 });
    const s = await setUp({ SMTP_URL: smtp.url });
    try {
      const n = await s.create({ type: 'email', name: 'Team', email_recipients: 'sales@example.com', retry_count: 3, retry_delay: 60 });
      await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id)] });
      await eventually(async () => (await s.history(n.id))[0]?.attempts === 2);
      const retrying = (await s.history(n.id))[0];
      expect(retrying).toMatchObject({ status: 'pending', response_code: 451 });
      expect(retrying.error_message).toContain('Try again later');
      expect(retrying.next_retry).not.toBeNull();
      await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
      expect((await s.history(n.id))[0]).toMatchObject({ attempts: 3, response_code: 250, next_retry: null, error_message: null });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await s.t.close();
      await smtp.close();
    }
  }, 60_000);

  it('keeps SMS and email in the owner\'s outbox when SMTP_URL is unset', async () => {
    const s = await setUp({});
    try {
      const other = await signUpUser(s.t.app);
      const n = await s.create({ type: 'sms', name: 'Phone', phone_number: '5551234567', carrier_id: 'verizon' });
      await s.t.ctx.events.publish('scans.recorded', { scans: [scanEvent(s.listId, s.owner.id)] });
      await eventually(async () => (await s.history(n.id))[0]?.status === 'success');
      expect((await s.history(n.id))[0].response_body).toEqual({ outbox: true });
      const outbox: TOutbox = (await s.owner.req({ method: 'GET', url: '/api/outbox' })).json();
      expect(outbox.delivery).toBe('outbox');
      expect(outbox.messages[0]).toMatchObject({ to: '5551234567@vtext.com' });
      expect(outbox.messages[0].text).toMatch(/^Scan: James Butt/);
      const test = await s.owner.req({ method: 'POST', url: '/api/notifications/email/test', payload: { recipients: s.owner.email } });
      expect(test.json()).toMatchObject({ message: M.emailTested, outbox: true });
      expect(((await s.owner.req({ method: 'GET', url: '/api/outbox' })).json() as TOutbox).messages).toHaveLength(2);
      expect(((await other.req({ method: 'GET', url: '/api/outbox' })).json() as TOutbox).messages).toEqual([]);
    } finally {
      await s.t.close();
    }
  });
});
