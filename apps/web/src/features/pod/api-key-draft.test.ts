import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, expiryDate, maskKey, presetOf, rateLimitValid, scopesText } from './api-key-draft';

describe('API key form rules', () => {
  it('starts at rate 100, all access, never expires, live', () => {
    expect(EMPTY_DRAFT).toEqual({ name: '', rate_limit: 100, scopes: ['*:*'], expires_in: null, mode: 'live' });
  });

  it('accepts whole rate limits of 1–1000 per minute', () => {
    expect([1, 100, 1000].every(rateLimitValid)).toBe(true);
    expect([0, 1001, 2.5, null].some(rateLimitValid)).toBe(false);
  });

  it('names scopes by their preset, in any order, else lists them', () => {
    expect(presetOf(['*:delete', '*:post', '*:put'])?.label).toBe('Write only');
    expect(scopesText(['orders:get'])).toBe('Orders: read only');
    expect(scopesText(['orders:get', 'addresses:get'])).toBe('orders:get, addresses:get');
  });

  it('previews the expiry: days from now, or none', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(expiryDate(null, now)).toBeNull();
    expect(expiryDate(30, now)?.toISOString()).toBe('2026-01-31T12:00:00.000Z');
    expect(expiryDate(365, now)?.toISOString()).toBe('2027-01-01T12:00:00.000Z');
  });

  it('masks a full key but its prefix and last four', () => {
    const key = 'live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz';
    expect(maskKey(key)).toBe(`live_AbCd${'•'.repeat(16)}wxyz`);
    expect(maskKey('short')).toBe('•••••');
  });
});
