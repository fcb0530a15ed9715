import { describe, expect, it } from 'vitest';
import { cutAtWord, splitRecipients } from './notification-rules.js';

describe('notification rules', () => {
  it('cuts a long SMS at a word, never mid-word, within 160 characters', () => {
    const text = 'Scan: James Butt, 6649 N Blue Gum St, New Orleans, LA 70116 at 2026-11-24 08:01 (New Orleans, US). '
      + 'Total scans: 3. Call him back today about the open house on Saturday afternoon please';
    const cut = cutAtWord(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    const kept = cut.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toBe(' '); // the cut falls between words
    expect(cutAtWord('short message')).toBe('short message');
  });

  it('splits recipients on commas and semicolons and keeps only addresses', () => {
    expect(splitRecipients(' a@example.com, b@example.org;; not-an-address ,')).toEqual(['a@example.com', 'b@example.org']);
    expect(splitRecipients(['c@example.net', ' '])).toEqual(['c@example.net']);
  });
});
