import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { draftOf, latestSave, partsFromDraft, readDraft, writeDraft, type DesignDraft } from './design-draft';
import type { DesignParts } from './design-parts';
import { blankReinforcement, noReinforcements } from './reinforcement-tabs';

const page = (name: string) =>
  ({ basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[{ name, type: 'text', position: { x: 10, y: 10 }, width: 50, height: 10 }]] }) as unknown as Template;
const saved: DesignParts = {
  inside: page('saved inside'), outside: page('saved outside'), ...noReinforcements(),
  r2: { name: 'Saved R2', type: 'digital', template: page('saved r2') },
};
const KEY = 'mailcraft.designDraft.u1.p1';
const opts = { double: true, paperSize: '8.5x11', withReinforcements: true };

describe('the design draft with reinforcements', () => {
  it('keeps every tab: the sides, an added reinforcement and an emptied slot', () => {
    const parts: DesignParts = { ...saved, inside: page('edited'), r1: blankReinforcement(1, '8.5x11'), r2: null };
    writeDraft('u1', 'p1', draftOf(parts, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'));

    const draft = readDraft('u1', 'p1', '2026-01-01T00:00:00.000Z')!;
    const restored = partsFromDraft(draft, saved, opts);
    expect(restored.inside).toEqual(page('edited'));
    expect(restored.r1).toEqual(blankReinforcement(1, '8.5x11'));
    expect(restored.r2).toBeNull();
    expect(restored.r3).toBeNull();
  });

  it('reads a draft written before reinforcements: the saved reinforcements apply', () => {
    const old = { savedAt: '2026-01-02T00:00:00.000Z', baseUpdatedAt: null, inside: page('old draft'), outside: page('old outside') };
    localStorage.setItem(KEY, JSON.stringify(old));

    const draft = readDraft('u1', 'p1', null)!;
    expect(draft.reinforcements).toBeUndefined();
    const restored = partsFromDraft(draft, saved, opts);
    expect(restored.inside).toEqual(page('old draft'));
    expect(restored.r2).toEqual(saved.r2);
  });

  it('leaves out a malformed reinforcement slot and keeps the saved one', () => {
    localStorage.setItem(KEY, JSON.stringify({
      savedAt: '2026-01-02T00:00:00.000Z', baseUpdatedAt: null, inside: page('i'), outside: null,
      reinforcements: { r1: { name: 'Ok', type: 'image', template: page('r1') }, r2: { name: 'Bad', type: 'fax', template: page('x') } },
    }));
    const restored = partsFromDraft(readDraft('u1', 'p1', null)!, saved, opts);
    expect(restored.r1?.name).toBe('Ok');
    expect(restored.r2).toEqual(saved.r2);
    expect(restored.outside).toEqual(saved.outside);
  });

  it('is dropped when a reinforcement was saved after it', () => {
    writeDraft('u1', 'p1', draftOf(saved, null, '2026-01-02T00:00:00.000Z'));
    const latest = latestSave(['2026-01-01T00:00:00.000Z', null, '2026-01-03T00:00:00.000Z']);
    expect(latest).toBe('2026-01-03T00:00:00.000Z');
    expect(readDraft('u1', 'p1', latest)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('restores only the sides when the reinforcements could not be loaded, and keeps their draft as it was', () => {
    const draft: DesignDraft = draftOf({ ...saved, r1: blankReinforcement(1, '8.5x11') }, null, '2026-01-02T00:00:00.000Z');
    const restored = partsFromDraft(draft, { ...saved, r2: null }, { ...opts, withReinforcements: false });
    expect(restored.r1).toBeNull();
    const rewritten = draftOf(restored, null, '2026-01-03T00:00:00.000Z', draft.reinforcements);
    expect(rewritten.reinforcements?.r1).toEqual(blankReinforcement(1, '8.5x11'));
  });
});
