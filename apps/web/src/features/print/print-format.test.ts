import { describe, expect, it } from 'vitest';
import { fileSize, timeLeft } from './print-format';

describe('print formatting', () => {
  it('says how long is left in words a user reads at a glance', () => {
    expect(timeLeft(0.4)).toBe('about 1 s left');
    expect(timeLeft(42)).toBe('about 42 s left');
    expect(timeLeft(185)).toBe('about 3 min left');
    expect(timeLeft(3900)).toBe('about 1 h 5 min left');
  });
  it('gives file sizes in KB, MB or GB', () => {
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(14.2 * 1024 * 1024)).toBe('14.2 MB');
    expect(fileSize(1.3 * 1024 ** 3)).toBe('1.3 GB');
  });
});
