import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_SUBJECT, DEFAULT_SMS_TEMPLATE, NOTIFICATION_MESSAGES as M, WEBHOOK_MESSAGES, type TCarrier, type TNotification,
} from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createMailingList, createProject, onPlan, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { gatewayAddress } from './carriers.js';

describe('notifications: carriers and configuration', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let listId: string;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    await onPlan(t.ctx.db, owner.id, 'pro');
    projectId = (await createProject(t.ctx.db, owner.id)).id;
    listId = (await createMailingList(t.ctx.db, owner.id, { ...us500(3), projectId })).id;
  });
  afterAll(() => t?.close());

  const create = (user: TestUser, body: object) =>
    user.req({ method: 'POST', url: '/api/notifications', payload: { project_id: projectId, mailing_list_id: listId, ...body } });
  /** A 400 with the message (schema errors also carry `details`, the service's do not). */
  const invalid = (res: { statusCode: number; body: string; json: () => { error: object } }, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
  };
  const sms = { type: 'sms', name: 'Owner phone', phone_number: '(555) 123-4567', carrier_id: 'verizon' };

  it('lists US carriers, all carriers with international ones, and marks retired gateways', async () => {
    const us: TCarrier[] = (await owner.req({ method: 'GET', url: '/api/carriers' })).json();
    expect(us.every((c) => c.country === 'US')).toBe(true);
    expect(us.find((c) => c.id === 'verizon')).toMatchObject({ name: 'Verizon', gateway_domain: 'vtext.com', retired: false });
    expect(us.find((c) => c.id === 'tmobile')?.gateway_domain).toBe('tmomail.net');
    expect(us.find((c) => c.id === 'att')?.retired).toBe(true);
    const all: TCarrier[] = (await owner.req({ method: 'GET', url: '/api/carriers/all' })).json();
    expect(all.length).toBeGreaterThan(us.length);
    expect(all.some((c) => c.country === 'CA')).toBe(true);
    expect(gatewayAddress('+1 (555) 123-4567', { gatewayDomain: 'vtext.com', country: 'US' })).toBe('5551234567@vtext.com');
  });

  it('creates an SMS notification with the defaults of docs/requirements/notifications.md#rules', async () => {
    const res = await create(owner, { ...sms, timezone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(201);
    const n: TNotification = res.json();
    expect(n).toMatchObject({
      type: 'sms', name: 'Owner phone', carrier_id: 'verizon', sms_template: DEFAULT_SMS_TEMPLATE, schedule_type: 'immediate',
      schedule_time: null, timezone: 'America/New_York', is_active: true, send_first_scan_only: false, retry_count: 3, retry_delay: 300,
      mailing_list_id: listId, project_id: projectId, secret_key: null, endpoint_url: null,
    });
    const listed: TNotification[] = (await owner.req({ method: 'GET', url: `/api/notifications?project=${projectId}&listId=${listId}` })).json();
    expect(listed.map((x) => x.id)).toContain(n.id);
  });

  it('validates each type with the spec\'s messages', async () => {
    invalid(await create(owner, { ...sms, phone_number: '' }), M.smsRequired);
    invalid(await create(owner, { ...sms, carrier_id: 'att' }), M.carrierRetired);
    invalid(await create(owner, { ...sms, carrier_id: 'nope' }), M.carrierUnknown);
    invalid(await create(owner, { type: 'email', name: 'Team', email_recipients: ' , not-an-address' }), M.emailRequired);
    invalid(await create(owner, { type: 'webhook', name: 'CRM' }), M.webhookRequired);
    invalid(await create(owner, { type: 'webhook', name: 'CRM', endpoint_url: 'http://127.0.0.1:9/x' }), WEBHOOK_MESSAGES.privateAddress);
    invalid(await create(owner, { ...sms, retry_count: 11 }), M.retryCount);
    invalid(await create(owner, { ...sms, retry_delay: 59 }), M.retryDelay);
    invalid(await create(owner, { ...sms, schedule_type: 'daily' }), M.scheduleTime);
    invalid(await create(owner, { ...sms, schedule_type: 'weekly', schedule_time: '09:00', schedule_day: 7 }), M.scheduleWeekday);
    invalid(await create(owner, { ...sms, schedule_type: 'monthly', schedule_time: '09:00', schedule_day: 0 }), M.scheduleMonthDay);
    invalid(await create(owner, { ...sms, timezone: 'Mars/Olympus' }), M.timezone);
    invalid(await create(owner, { ...sms, mailing_list_id: '12' }), M.invalidList);
  });

  it('creates email and webhook notifications; the webhook one gets a Standard Webhooks secret', async () => {
    const email: TNotification = (await create(owner, { type: 'email', name: 'Team', email_recipients: 'a@example.com; b@example.org' })).json();
    expect(email).toMatchObject({ email_recipients: 'a@example.com, b@example.org', subject: DEFAULT_EMAIL_SUBJECT });
    const hook = await create(owner, {
      type: 'webhook', name: 'CRM', endpoint_url: 'https://crm.example.com/scan',
      variable_mapping: { selectedFields: ['first_name'], variables: [{ field: 'email', param: 'e' }], staticParams: [{ name: 'src', value: 'mail' }] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect(hook.json().secret_key).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook.json().variable_mapping.staticParams).toEqual([{ name: 'src', value: 'mail' }]);
  });

  it('updates with PUT, keeping id, type and secret; the type cannot change', async () => {
    const hook: TNotification = (await create(owner, { type: 'webhook', name: 'Old', endpoint_url: 'https://a.example.com/h' })).json();
    const put = (body: object) => owner.req({ method: 'PUT', url: `/api/notifications/${hook.id}`, payload: { project_id: projectId, mailing_list_id: listId, ...body } });
    const res = await put({ type: 'webhook', name: 'New', endpoint_url: 'https://b.example.com/h', schedule_type: 'daily', schedule_time: '09:00', timezone: 'Europe/Berlin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: hook.id, name: 'New', endpoint_url: 'https://b.example.com/h', secret_key: hook.secret_key, schedule_type: 'daily', schedule_time: '09:00' });
    expectError(await put(sms), 400, 'VALIDATION', 'The type of a notification cannot change; create a new one');
  });

  it('another user sees 404 for every notification route; delete removes it', async () => {
    const n: TNotification = (await create(owner, sms)).json();
    for (const [method, url, payload] of [
      ['GET', `/api/notifications/${n.id}`], ['PUT', `/api/notifications/${n.id}`, { ...sms, project_id: projectId, mailing_list_id: listId }],
      ['DELETE', `/api/notifications/${n.id}`], ['GET', `/api/notifications/${n.id}/history`], ['GET', `/api/notifications?listId=${listId}`],
    ] as const) {
      expect((await other.req({ method, url, payload })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await create(other, sms)).statusCode).toBe(404);
    expect((await owner.req({ method: 'GET', url: `/api/notifications/${n.id}/history` })).json()).toEqual([]);
    expect((await owner.req({ method: 'DELETE', url: `/api/notifications/${n.id}` })).statusCode).toBe(204);
    expect((await owner.req({ method: 'GET', url: `/api/notifications/${n.id}` })).statusCode).toBe(404);
  });

  it('refuses to save without the notifications feature, naming the type', async () => {
    const free = await signUpUser(t.app);
    await onPlan(t.ctx.db, free.id, 'free');
    const project = await createProject(t.ctx.db, free.id);
    const list = await createMailingList(t.ctx.db, free.id, { ...us500(1), projectId: project.id });
    const res = await free.req({ method: 'POST', url: '/api/notifications', payload: { ...sms, project_id: project.id, mailing_list_id: list.id } });
    expectError(res, 402, 'PAYMENT_REQUIRED', 'You need to upgrade your plan to save SMS notifications', { feature: 'notifications', plan_id: 'free', upgrade_url: '/pricing?feature=notifications' });
    const email = await free.req({ method: 'POST', url: '/api/notifications', payload: { type: 'email', name: 'x', email_recipients: 'a@example.com', project_id: project.id, mailing_list_id: list.id } });
    expectError(email, 402, 'PAYMENT_REQUIRED', 'You need to upgrade your plan to save email notifications', { feature: 'notifications' });
  });
});
