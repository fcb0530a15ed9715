import { randomUUID } from 'node:crypto';
import type { ScanRecorded } from '../jobs/events.js';

/**
 * One scan of a `scans.recorded` event as the scans module publishes it, for tests of its
 * subscribers (webhooks, notifications): James Butt of us-500.csv scanning from New Orleans on an
 * iPhone, now.
 */
export const scanEvent = (listId: string, userId: string, over: Partial<ScanRecorded> = {}): ScanRecorded => ({
  scanId: randomUUID(), userId, listId, listName: 'us-500.csv', recordId: randomUUID(), shortUrl: 'http://localhost:8080/AbCdEfGhIj',
  scannedAt: new Date().toISOString(), isFirst: true, scanCount: 1, location: { city: 'New Orleans', region: 'Louisiana', country: 'US' },
  device: { type: 'mobile', os: 'iOS', browser: 'Safari' }, ip: '203.0.113.9', userAgent: 'iPhone',
  fields: {
    first_name: 'James', last_name: 'Butt', full_name: 'James Butt', email: 'jbutt@gmail.com', custom_1: 'VIP',
    address: '6649 N Blue Gum St', city_state_zip: 'New Orleans, LA 70116',
  },
  ...over,
});
