import { eq, isNotNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailingListRecords, scans } from '../../db/schema/index.js';
import { createMailingList } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { scansRepo } from './scans.repo.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ workers: false }); });
afterAll(async () => { await t.close(); });

describe('the scans IP purge', () => {
  it('clears the IP address of every scan older than 30 days in bounded batches, keeping the place and newer scans', async () => {
    const user = await signUpUser(t.app);
    const list = await createMailingList(t.ctx.db, user.id, { headers: ['name'], rows: [['Ann']] });
    const [record] = await t.ctx.db.select({ id: mailingListRecords.id }).from(mailingListRecords).where(eq(mailingListRecords.listId, list.id));
    const day = 86_400_000;
    const row = (i: number, ageDays: number) => ({
      code: `c${i}`, recordId: record.id, listId: list.id, userId: user.id, ip: `203.0.113.${i % 250}`, city: 'Boston',
      scannedAt: new Date(Date.now() - ageDays * day - i * 1000),
    });
    // More old scans than one purge statement takes (5,000), and a few recent ones.
    for (let i = 0; i < 12_000; i += 2000) await t.ctx.db.insert(scans).values(Array.from({ length: 2000 }, (_, j) => row(i + j, 31)));
    await t.ctx.db.insert(scans).values(Array.from({ length: 10 }, (_, j) => row(j, 2)));

    expect(await scansRepo.purgeIps(t.ctx.db, 30)).toBe(12_000);
    const withIp = await t.ctx.db.select({ city: scans.city, at: scans.scannedAt }).from(scans).where(and(eq(scans.listId, list.id), isNotNull(scans.ip)));
    expect(withIp).toHaveLength(10);
    expect(withIp.every((s) => s.at.getTime() > Date.now() - 3 * day)).toBe(true);
    const [kept] = await t.ctx.db.select({ city: scans.city }).from(scans).where(eq(scans.code, 'c11999'));
    expect(kept.city).toBe('Boston');
  });
});
