import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMB_MESSAGES, PERMIT_LINE_DEFAULTS, type TSettings } from '@mailcraft/shared';
import { expectError } from '../../test/expect-error.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

/** PUT /api/account/settings with the user's current time zone and defaults plus `imb`. */
async function saveImb(user: TestUser, imb: Record<string, unknown>) {
  const now = (await user.req({ method: 'GET', url: '/api/account/settings' })).json() as TSettings;
  return user.req({ method: 'PUT', url: '/api/account/settings', payload: { time_zone: now.time_zone, project_defaults: now.project_defaults, ...imb } });
}

const indicia = Object.fromEntries(PERMIT_LINE_DEFAULTS.map((l, i) => [`line${i + 1}`, l]));

describe('Mailer ID settings (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('start empty with Barcode ID 00, save the three fields, and keep them when a save leaves them out', async () => {
    const user = await signUpUser(t.app);
    const fresh = (await user.req({ method: 'GET', url: '/api/account/settings' })).json() as TSettings;
    expect(fresh).toMatchObject({ mailer_id: null, imb_service_type_id: null, imb_barcode_id: '00' });

    const saved = await saveImb(user, { mailer_id: ' 912345678 ', imb_service_type_id: '270', imb_barcode_id: '04' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mailer_id: '912345678', imb_service_type_id: '270', imb_barcode_id: '04' });

    // The preferences form sends only the time zone and the defaults: the Mailer ID stays.
    const prefs = await saveImb(user, {});
    expect(prefs.json()).toMatchObject({ mailer_id: '912345678', imb_service_type_id: '270', imb_barcode_id: '04' });

    const cleared = await saveImb(user, { mailer_id: null });
    expect(cleared.json()).toMatchObject({ mailer_id: null, imb_service_type_id: '270' });
  });

  it('refuses a Mailer ID, Service Type ID or Barcode ID out of shape with a sentence saying what is expected', async () => {
    const user = await signUpUser(t.app);
    for (const mailer_id of ['12345', '923456', '812345678', '12345a']) {
      expectError(await saveImb(user, { mailer_id, imb_service_type_id: '270' }), 400, 'VALIDATION', IMB_MESSAGES.mailerIdFormat, [{ path: '/mailer_id' }]);
    }
    expectError(await saveImb(user, { mailer_id: '123456', imb_service_type_id: '999' }), 400, 'VALIDATION', IMB_MESSAGES.serviceTypeUnknown, [{ path: '/imb_service_type_id' }]);
    expectError(await saveImb(user, { imb_barcode_id: '05' }), 400, 'VALIDATION', IMB_MESSAGES.barcodeIdFormat, [{ path: '/imb_barcode_id' }]);
    // A Mailer ID needs a Service Type ID, sent or already stored.
    expectError(await saveImb(user, { mailer_id: '123456' }), 400, 'VALIDATION', IMB_MESSAGES.serviceTypeRequired, [{ path: '/imb_service_type_id' }]);
    expect((await saveImb(user, { imb_service_type_id: '300' })).statusCode).toBe(200);
    expect((await saveImb(user, { mailer_id: '123456' })).json()).toMatchObject({ mailer_id: '123456', imb_service_type_id: '300' });
    // Nothing refused was stored.
    expect((await user.req({ method: 'GET', url: '/api/account/settings' })).json()).toMatchObject({ imb_barcode_id: '00' });
  });

  it('lets a permit carry the mail owner\'s Mailer ID, set at creation or changed later, and checks its shape', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const created = await user.req({ method: 'POST', url: '/api/templates/permits', payload: { name: 'Client permit', indicia, mailer_id: '987654321' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Client permit', mailer_id: '987654321' });
    const plain = await user.req({ method: 'POST', url: '/api/templates/permits', payload: { name: 'Own permit', indicia } });
    expect(plain.json()).toMatchObject({ mailer_id: null });

    expectError(await user.req({ method: 'POST', url: '/api/templates/permits', payload: { name: 'Bad', indicia, mailer_id: '98765' } }),
      400, 'VALIDATION', IMB_MESSAGES.mailerIdFormat, [{ path: '/mailer_id' }]);

    const id = created.json().id as string;
    const changed = await user.req({ method: 'PATCH', url: `/api/templates/permits/${id}`, payload: { mailer_id: '654321' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, mailer_id: '654321' });
    expect((await user.req({ method: 'PATCH', url: `/api/templates/permits/${id}`, payload: { mailer_id: null } })).json()).toMatchObject({ mailer_id: null });
    expectError(await user.req({ method: 'PATCH', url: `/api/templates/permits/${id}`, payload: { mailer_id: '9' } }), 400, 'VALIDATION', IMB_MESSAGES.mailerIdFormat, [{ path: '/mailer_id' }]);
    expectError(await other.req({ method: 'PATCH', url: `/api/templates/permits/${id}`, payload: { mailer_id: '654321' } }), 404, 'NOT_FOUND', 'Permit not found');

    const listed = (await user.req({ method: 'GET', url: '/api/templates/permits' })).json() as Array<{ name: string; mailer_id: string | null }>;
    expect(listed.map((p) => [p.name, p.mailer_id])).toEqual(expect.arrayContaining([['Client permit', null], ['Own permit', null]]));
  });
});
