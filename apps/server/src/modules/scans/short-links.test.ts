import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_MESSAGES, type TDataPreview, type TListAnalytics, type TQrConfigInput } from '@mailcraft/shared';
import { mailPieces } from '../../db/schema/index.js';
import { createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { expectError } from '../../test/expect-error.js';
import { createMailingList, onPlan, us500 } from '../../test/factories.js';
import { insertPiece } from '../../test/mail-pieces.js';
import { scansPurgeIpsJob } from './scans.jobs.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const CONFIG: TQrConfigInput = {
  baseUrl: 'https://shop.example.com/welcome?campaign=spring',
  variables: {
    first_name: { param: 'fname', capitalization: 'original' },
    last_name: { param: 'lname', capitalization: 'upper' },
    city: { param: 'city', capitalization: 'lower' },
    zip: { param: 'zip', capitalization: 'original' },
  },
  staticParams: [{ name: 'src', value: 'mail' }, { name: 'bad name', value: 'dropped' }, { name: 'empty', value: '' }],
  style: { dotStyle: 'dots', foregroundColor: '#1A2B3C' },
};

describe('QR configuration, short links and scans', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let listId: string;
  let preview: TDataPreview;

  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { TRUST_PROXY: 'true' } });
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
    listId = (await createMailingList(t.ctx.db, owner.id, us500(30))).id;
  }, 60_000);
  afterAll(() => t?.close());

  it('answers an empty configuration list before the first save, and 404 for another user\'s list', async () => {
    expect((await owner.req({ method: 'GET', url: `/api/qr/list/${listId}` })).json()).toEqual([]);
    expectError(await other.req({ method: 'GET', url: `/api/qr/list/${listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await other.req({ method: 'POST', url: '/api/qr/config', payload: { listId, config: CONFIG } }), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await other.req({ method: 'GET', url: `/api/data-preview/list/${listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await other.req({ method: 'GET', url: `/api/maps/qr-map-data/${listId}?limit=25` }), 404, 'NOT_FOUND', 'Mailing list not found');
    // Before routes are generated: the first 25 records, without map data.
    const mapData = (await owner.req({ method: 'GET', url: `/api/maps/qr-map-data/${listId}?limit=25` })).json();
    expect(mapData).toHaveLength(25);
    expect(mapData[0]).toMatchObject({ distance: null, duration: null, s3_url: null });
  });

  it('refuses invalid parameter names with the spec\'s messages', async () => {
    const save = (variables: object, extra: object = {}) =>
      owner.req({ method: 'POST', url: '/api/qr/config', payload: { listId, config: { ...CONFIG, variables, ...extra } } });
    const message = async (variables: object, extra: object = {}) => (await save(variables, extra)).json().error.message as string;
    expect(await message({ first_name: { param: '' } })).toContain(QR_MESSAGES.paramRequired);
    expect(await message({ first_name: { param: 'page' } })).toContain(QR_MESSAGES.paramReserved);
    expect(await message({ first_name: { param: 'utm_source' } })).toContain(QR_MESSAGES.paramReserved);
    expect(await message({ first_name: { param: 'First Name' } })).toContain(QR_MESSAGES.paramCharacters);
    expect(await message({ first_name: { param: 'x' }, last_name: { param: 'x' } })).toContain(QR_MESSAGES.paramDuplicate);
    expect(await message({}, { baseUrl: 'javascript:alert(1)' })).toContain(QR_MESSAGES.baseUrlInvalid);
    expect(await message({}, { style: { size: 200 } })).toContain('Size goes in steps of 32');
    expect((await save({ not_a_field: { param: 'x' } })).statusCode).toBe(400);
  });

  it('refuses to save without the qr_codes feature, with the spec\'s wording', async () => {
    const gated = await signUpUser(t.app);
    const list = await createMailingList(t.ctx.db, gated.id, us500(3));
    await onPlan(t.ctx.db, gated.id, 'free', { qr_codes: false });
    expectError(await gated.req({ method: 'POST', url: '/api/qr/config', payload: { listId: list.id, config: CONFIG } }),
      402, 'PAYMENT_REQUIRED', 'You need to upgrade your plan to save QR code configurations', { feature: 'qr_codes' });
    expect((await gated.req({ method: 'GET', url: `/api/qr/list/${list.id}` })).json()).toEqual([]);
  });

  it('saves the configuration with its style and drops invalid static parameters', async () => {
    const res = await owner.req({ method: 'POST', url: '/api/qr/config', payload: { listId, config: CONFIG } });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.base_url).toBe(CONFIG.baseUrl);
    expect(saved.variable_mapping['static:src']).toEqual({ param: 'src', isStatic: true, value: 'mail' });
    expect(Object.keys(saved.variable_mapping)).not.toContain('static:empty');
    expect(saved.style).toEqual({ errorCorrection: 'M', dotStyle: 'dots', size: 256, foregroundColor: '#1A2B3C', backgroundColor: '#FFFFFF', transparent: false, margin: 4 });
    const again = (await owner.req({ method: 'GET', url: `/api/qr/list/${listId}` })).json();
    expect(again).toHaveLength(1);
    expect(again[0].created_at).toBe(saved.created_at);
  });

  it('previews the first records with distinct unguessable short links', async () => {
    preview = (await owner.req({ method: 'GET', url: `/api/data-preview/list/${listId}?page=1&limit=25` })).json();
    expect(preview.total).toBe(25);
    expect(preview.records).toHaveLength(25);
    expect(preview.records[0].fields.first_name).toBe('James');
    const codes = preview.records.map((r) => r.short_url.replace('http://localhost:8080/', ''));
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
    const page5 = (await owner.req({ method: 'GET', url: `/api/data-preview/list/${listId}?page=5&limit=5` })).json();
    expect(page5.records.map((r: { record_id: string }) => r.record_id)).toEqual(preview.records.slice(20).map((r) => r.record_id));
    const beyond = (await owner.req({ method: 'GET', url: `/api/data-preview/list/${listId}?page=6&limit=5` })).json();
    expect(beyond.records).toEqual([]);
  });

  it('records a scan, then redirects to the record\'s own destination with base64 values', async () => {
    const code = preview.records[0].short_url.split('/').pop()!;
    const res = await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE, 'x-forwarded-for': '8.8.8.8' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.com/welcome');
    expect(url.searchParams.get('campaign')).toBe('spring');
    expect(url.searchParams.get('fname')).toBe(b64('James'));
    expect(url.searchParams.get('lname')).toBe(b64('BUTT'));
    expect(url.searchParams.get('city')).toBe(b64('new orleans'));
    expect(url.searchParams.get('zip')).toBe(b64('70116'));
    expect(url.searchParams.get('src')).toBe('mail');

    const { recentScans } = (await owner.req({ method: 'GET', url: '/api/analytics/scans' })).json();
    expect(recentScans).toHaveLength(1);
    expect(recentScans[0]).toMatchObject({
      contact: { firstName: 'James', lastName: 'Butt', email: 'jbutt@gmail.com' },
      location: { city: 'Mountain View', region: 'California', country: 'US' },
      mailingList: { id: listId, name: 'us-500.csv' },
      device: 'mobile',
      isFirst: true,
    });
    expect((await other.req({ method: 'GET', url: '/api/analytics/scans' })).json().recentScans).toEqual([]);
  });

  it('stores bots, HEAD requests and link scanners apart and leaves them out of every count', async () => {
    const code = preview.records[1].short_url.split('/').pop()!;
    const bot = await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } });
    expect(bot.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'HEAD', url: `/${code}`, headers: { 'user-agent': IPHONE } })).statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: `/${code}` })).statusCode).toBe(302); // no user agent
    const analytics = (await owner.req({ method: 'GET', url: `/api/analytics/lists/${listId}` })).json();
    expect(analytics.bot_scans).toBe(3);
    expect(analytics.summary).toMatchObject({ total_scans: 1, unique_scans: 1, row_count: 30 });
    expect(analytics.summary.scan_rate).toBeCloseTo(1 / 30);
    expect((await owner.req({ method: 'GET', url: '/api/analytics/scans' })).json().recentScans).toHaveLength(1);
  });

  it('counts a repeat scan in the total but not as unique, and lists the scanned records', async () => {
    const code = preview.records[0].short_url.split('/').pop()!;
    await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE, 'x-forwarded-for': '81.2.69.142' } });
    const analytics = (await owner.req({ method: 'GET', url: `/api/analytics/lists/${listId}` })).json();
    expect(analytics.summary).toMatchObject({ total_scans: 2, unique_scans: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(analytics.by_day).toEqual([{ date: today, total: 2, unique: 1 }]);
    expect(analytics.top_locations).toEqual(expect.arrayContaining([
      { city: 'Mountain View', region: 'California', country: 'US', scans: 1 },
      { city: 'London', region: 'England', country: 'GB', scans: 1 },
    ]));
    expect(analytics.devices).toEqual([{ name: 'mobile', scans: 2 }]);
    const records = (await owner.req({ method: 'GET', url: `/api/analytics/lists/${listId}/records` })).json();
    expect(records).toMatchObject({ total: 1, records: [{ record_id: preview.records[0].record_id, name: 'James Butt', scans: 2 }] });
    const recent = (await owner.req({ method: 'GET', url: '/api/analytics/scans' })).json().recentScans;
    expect(recent.map((s: { isFirst: boolean }) => s.isFirst)).toEqual([false, true]);
    expectError(await other.req({ method: 'GET', url: `/api/analytics/lists/${listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await other.req({ method: 'GET', url: `/api/analytics/lists/${listId}/records` }), 404, 'NOT_FOUND', 'Mailing list not found');
    expectError(await other.req({ method: 'GET', url: `/api/analytics/scans?listId=${listId}` }), 404, 'NOT_FOUND', 'Mailing list not found');
  });

  it('counts scans by days after their mail piece\'s in-home time (the latest before each scan)', async () => {
    const analytics = async () => (await owner.req({ method: 'GET', url: `/api/analytics/lists/${listId}` })).json() as TListAnalytics;
    expect((await analytics()).after_in_home).toEqual([]);
    const recordId = preview.records[0].record_id;
    const delivered = async (inHomeAt: Date) => {
      const piece = await insertPiece(t.ctx.db, { userId: owner.id, listId, recordId });
      await t.ctx.db.update(mailPieces).set({ stage: 'delivered', stageAt: inHomeAt, inHomeAt }).where(eq(mailPieces.id, piece.id));
    };
    // An older campaign's piece (40 days ago), this one's (2 days and an hour ago), and one delivered after the scans.
    await delivered(new Date(Date.now() - 40 * 86_400_000));
    await delivered(new Date(Date.now() - 2 * 86_400_000 - 3_600_000));
    await delivered(new Date(Date.now() + 86_400_000));
    // The two human scans of the record are 2 days after the latest in-home before them; bots count nowhere.
    expect((await analytics()).after_in_home).toEqual([{ days: 2, scans: 2 }]);
    expect((await other.req({ method: 'GET', url: `/api/analytics/lists/${listId}` })).statusCode).toBe(404);
  });

  it('exports every scan as CSV, bots flagged', async () => {
    const res = await owner.req({ method: 'GET', url: `/api/analytics/lists/${listId}/scans.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="us-500-scans.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('scanned_at,record_id,first_name,last_name,email,city,region,country,device_type,os,browser,referrer,first_scan,bot');
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toContain(',James,Butt,jbutt@gmail.com,Mountain View,California,US,mobile,iOS,Safari,,yes,no');
    expect(lines.filter((l) => l.endsWith(',yes'))).toHaveLength(3);
    expect((await other.req({ method: 'GET', url: `/api/analytics/lists/${listId}/scans.csv` })).statusCode).toBe(404);
  });

  it('forgets scanners\' IP addresses after 30 days and keeps the place', async () => {
    await t.ctx.db.execute(sql`UPDATE scans SET scanned_at = now() - interval '31 days' WHERE ip = '8.8.8.8'`);
    await scansPurgeIpsJob.handler({}, t.ctx, { jobId: 'test', signal: new AbortController().signal });
    const rows = (await t.ctx.db.execute(sql`SELECT ip, city FROM scans WHERE city = 'Mountain View'`)) as unknown as { rows: Array<{ ip: string | null; city: string }> };
    expect(rows.rows).toEqual([{ ip: null, city: 'Mountain View' }]);
    const recent = (await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM scans WHERE ip = '81.2.69.142'`)) as unknown as { rows: Array<{ n: number }> };
    expect(recent.rows[0].n).toBe(1);
  });

  it('answers a plain 404 page for an unknown code and leaves other paths to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ZZZZZZZZZZ', headers: { 'user-agent': IPHONE } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Link not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json().error.code).toBe('NOT_FOUND');
  });

  it('keeps a code working after the configuration changes, and answers 404 once the list is deleted', async () => {
    const code = preview.records[2].short_url.split('/').pop()!;
    await owner.req({ method: 'POST', url: '/api/qr/config', payload: { listId, config: { ...CONFIG, baseUrl: 'https://other.example.org/' } } });
    const moved = await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE } });
    expect(moved.headers.location).toMatch(/^https:\/\/other\.example\.org\/\?fname=/);
    expect((await owner.req({ method: 'DELETE', url: `/api/lists/${listId}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE } })).statusCode).toBe(404);
  });
});

describe('short links under a flood', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answer one address a plain 429 page past SCAN_RATE_LIMIT a minute, and record nothing more', async () => {
    t = await createTestApp({ workers: false, env: { SCAN_RATE_LIMIT: '3' } });
    const owner = await signUpUser(t.app);
    const list = await createMailingList(t.ctx.db, owner.id, us500(2));
    await owner.req({ method: 'POST', url: '/api/qr/config', payload: { listId: list.id, config: CONFIG } });
    const code = (await owner.req({ method: 'GET', url: `/api/data-preview/list/${list.id}` })).json().records[0].short_url.split('/').pop();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE } })).statusCode);
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    const last = await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': IPHONE } });
    expect(last.headers['content-type']).toContain('text/html');
    expect(last.body).toContain('Too many requests');
    const analytics = (await owner.req({ method: 'GET', url: `/api/analytics/lists/${list.id}` })).json();
    expect(analytics.summary.total_scans).toBe(3);
  });
});
