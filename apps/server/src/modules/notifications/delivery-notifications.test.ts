import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { autoMap, DEFAULT_SMS_TEMPLATE, type TNotification, type TNotificationDelivery } from '@mailcraft/shared';
import { mailingListRecords, notificationDigestItems } from '../../db/schema/index.js';
import { createMailingList, createProject, onPlan, saveColumnMappings, us500 } from '../../test/factories.js';
import { eventually } from '../../test/eventually.js';
import { drainJobs } from '../../test/jobs-finished.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { insertPiece, mailTracked, type TestPiece } from '../../test/mail-pieces.js';
import { scanEvent } from '../../test/scan-event.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { nextDigest } from './notification-schedule.js';
import { sendDueDigests } from './notifications.jobs.js';

/**
 * Notifications on delivery events (docs/requirements/mail-tracking.md#delivery-events; docs/requirements/notifications.md#rules): a
 * notification reporting `mail.delivered` emails or texts when a piece of its list is delivered, naming the addressee
 * and the stage, through the same SMTP path, history and digests as scans.
 */
describe('notifications on delivery events', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let owner: TestUser;
  let projectId: string;
  let listId: string;
  let pieces: TestPiece[];
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    owner = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro');
    projectId = (await createProject(t.ctx.db, owner.id)).id;
    const { headers, rows } = us500(3);
    listId = (await createMailingList(t.ctx.db, owner.id, { headers, rows, projectId })).id;
    await saveColumnMappings(t.ctx.db, listId, autoMap(headers));
    const records = await t.ctx.db.select().from(mailingListRecords).where(eq(mailingListRecords.listId, listId)).orderBy(asc(mailingListRecords.rowIndex));
    pieces = [];
    for (const record of records.slice(0, 2)) pieces.push(await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId: record.id, projectId }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const create = async (body: object): Promise<TNotification> => {
    const res = await owner.req({ method: 'POST', url: '/api/notifications', payload: { project_id: projectId, mailing_list_id: listId, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const history = async (id: string): Promise<TNotificationDelivery[]> => (await owner.req({ method: 'GET', url: `/api/notifications/${id}/history` })).json();
  const remove = (n: TNotification) => owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` });

  it('emails when a piece is delivered, naming its addressee and stage; scans and repeats send nothing more', async () => {
    const email = await create({ type: 'email', name: 'Delivered', email_recipients: 'ops@example.com', events: ['mail.delivered'], timezone: 'America/Chicago' });
    expect(email.events).toEqual(['mail.delivered']);
    // Reporting scans too, with the scan template: a delivery still reads as one.
    const sms = await create({ type: 'sms', name: 'Phone', phone_number: '5551234567', carrier_id: 'verizon', events: ['scan', 'mail.delivered'], sms_template: DEFAULT_SMS_TEMPLATE });
    const before = smtp.messages.length;
    const change = mailTracked(pieces[0], { occurredAt: '2026-11-25T21:04:00.000Z' });
    await t.ctx.events.publish('mail.tracked', { changes: [change, mailTracked(pieces[1], { type: 'mail.out_for_delivery', stage: 'out_for_delivery', previousStage: 'in_local_area' })] });
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const mail = mails.find((m) => m.subject === 'Delivered: mail piece for James Butt');
    expect(mail?.text).toContain('The mail piece for James Butt is now: Delivered.');
    expect(mail?.text).toContain('Scanned at: Nov 25, 2026, 3:04 PM CST (New Orleans, LA 70116)');
    expect(mail?.text).toContain(`IMb: ${pieces[0].imb}`);
    const text = mails.find((m) => JSON.stringify(m.to).includes('5551234567@vtext.com'));
    expect(text?.text?.trim()).toMatch(/^Delivered: mail piece for James Butt, 6649 N Blue Gum St, New Orleans, LA 70116 \(/);
    await eventually(async () => (await history(email.id))[0]?.status === 'success');
    expect(await history(email.id)).toEqual([expect.objectContaining({ scan_timestamp: change.occurredAt, city: 'New Orleans', country: 'US', attempts: 1 })]);

    // The same event again, and a QR code scan of the list: the delivery-only email sends nothing.
    await t.ctx.events.publish('mail.tracked', { changes: [change] });
    await t.ctx.events.publish('scans.recorded', { scans: [scanEvent(listId, owner.id, { scannedAt: new Date(Date.now() + 60_000).toISOString() })] });
    await eventually(async () => (await history(sms.id)).length === 2);
    await drainJobs(t.ctx.db);
    expect(await history(email.id)).toHaveLength(1);
    expect(smtp.messages.length - before).toBe(3);
    expect(smtp.messages.at(-1)?.text).toMatch(/^Scan: James Butt/);
    await remove(email);
    await remove(sms);
  });

  it('sends a morning digest of the pieces delivered since the last one, with nothing else in it', async () => {
    const n = await create({
      type: 'email', name: 'Morning', email_recipients: 'ops@example.com', events: ['mail.delivered'], schedule_type: 'daily', schedule_time: '08:00', timezone: 'America/Chicago',
    });
    const before = smtp.messages.length;
    const at = new Date(Date.now() + 60_000).toISOString();
    await t.ctx.events.publish('mail.tracked', {
      changes: [
        mailTracked(pieces[0], { occurredAt: at }), mailTracked(pieces[1], { occurredAt: at }),
        mailTracked(pieces[1], { type: 'mail.in_transit', stage: 'accepted', previousStage: null, occurredAt: at }),
      ],
    });
    await drainJobs(t.ctx.db);
    const kept = await t.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.notificationId, n.id));
    expect(kept).toHaveLength(2);
    expect(await history(n.id)).toEqual([]);
    const due = nextDigest({ type: 'daily', time: '08:00', day: null, zone: 'America/Chicago' }, new Date(Date.now() + 120_000));
    await sendDueDigests(t.ctx, new Date(due.getTime() + 5 * 60_000));
    const [digest] = (await smtp.waitFor(before + 1)).slice(before);
    expect(digest.subject).toMatch(/^2 pieces delivered of us-500\.csv since /);
    expect(digest.text).toContain('The mail piece for James Butt is now: Delivered');
    expect(digest.text).toContain('The mail piece for Josephine Darakjy is now: Delivered');
    await eventually(async () => (await history(n.id))[0]?.status === 'success');
    await sendDueDigests(t.ctx, new Date(due.getTime() + 20 * 60_000));
    await drainJobs(t.ctx.db);
    expect(await history(n.id)).toHaveLength(1);
    expect(smtp.messages.length - before).toBe(1);
    await remove(n);
  });

  it('needs at least one event', async () => {
    const res = await owner.req({ method: 'POST', url: '/api/notifications', payload: { project_id: projectId, mailing_list_id: listId, type: 'email', name: 'x', email_recipients: 'a@example.com', events: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose at least one event to notify about');
  });
});
