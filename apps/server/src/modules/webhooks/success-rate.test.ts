import { describe, expect, it } from 'vitest';
import { successRate } from './success-rate.js';

describe('a webhook\'s success rate', () => {
  it('is unknown (null) before any delivery attempt', () => {
    expect(successRate({ successCount: 0, failureCount: 0, lastTriggered: null })).toBeNull();
  });

  it('is 0 % while every attempt so far failed, also when the deliveries are still being retried', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(successRate({ successCount: 0, failureCount: 0, lastTriggered: at })).toBe(0);
    expect(successRate({ successCount: 0, failureCount: 3, lastTriggered: at })).toBe(0);
  });

  it('is successful ÷ finished deliveries, in percent to one decimal', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    expect(successRate({ successCount: 2, failureCount: 1, lastTriggered: at })).toBe(66.7);
    expect(successRate({ successCount: 4, failureCount: 0, lastTriggered: at })).toBe(100);
  });
});
