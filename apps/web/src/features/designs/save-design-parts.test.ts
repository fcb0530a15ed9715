import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import type { ReinforcementSlot, TProjectDesign, TProjectDesignSave, TReinforcementDesign, TReinforcementSave } from '@mailcraft/shared';
import { ApiError } from '../../lib/api-client';
import { partFingerprints, type DesignParts } from './design-parts';
import { noReinforcements } from './reinforcement-tabs';
import { planSave, reinforcementPayload, saveDesignParts, saveErrorText, type SaveDeps } from './save-design-parts';

const page = (name: string) =>
  ({ basePdf: { width: 152.4, height: 228.6, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[{ name, type: 'text', position: { x: 10, y: 10 }, width: 50, height: 10 }]] }) as unknown as Template;
const saved: DesignParts = {
  inside: page('inside'), outside: page('outside'), ...noReinforcements(),
  r1: { name: 'Thank you', type: 'image', template: page('r1') },
  r2: { name: 'Coupon', type: 'digital', template: page('r2') },
};
const savedPrints = partFingerprints(saved);

/** Fake thumbnails and server: records what was sent; `fail` maps a part to the server's message. */
function fakeDeps(fail: Partial<Record<'design' | `r${ReinforcementSlot}` | 'thumbnail', string>> = {}) {
  const sent: { design: TProjectDesignSave[]; reinforcements: { slot: ReinforcementSlot; body: TReinforcementSave }[] } = { design: [], reinforcements: [] };
  const deps: SaveDeps = {
    thumbnail: async (t) => {
      if (fail.thumbnail) throw new Error(fail.thumbnail);
      return `data:image/png;base64,${btoa(t.schemas[0][0]?.name ?? 'blank')}`;
    },
    saveDesign: async (body) => {
      if (fail.design) throw new ApiError(400, 'Bad Request', fail.design);
      sent.design.push(body);
      return { ...body, updated_at: '2026-03-01T00:00:00.000Z' } as unknown as TProjectDesign;
    },
    saveReinforcement: async (slot, body) => {
      if (fail[`r${slot}`]) throw new ApiError(400, 'Bad Request', fail[`r${slot}`]!);
      sent.reinforcements.push({ slot, body });
      return { slot, ...body } as unknown as TReinforcementDesign;
    },
  };
  return { deps, sent };
}

describe('what Save sends', () => {
  it('sends the reinforcements whose name, type or template changed, and not the unchanged design', () => {
    const parts: DesignParts = { ...saved, r1: { ...saved.r1!, name: 'Thanks!' }, r3: { name: 'New', type: 'image', template: page('r3') } };
    expect(planSave(parts, savedPrints, { designNeverSaved: false })).toEqual({ design: false, reinforcements: ['r1', 'r3'] });
    expect(planSave({ ...saved, r2: { ...saved.r2!, type: 'image' } }, savedPrints, { designNeverSaved: false }).reinforcements).toEqual(['r2']);
  });

  it('sends the design when a side changed, when it was never saved, or when nothing else changed', () => {
    expect(planSave({ ...saved, outside: page('moved') }, savedPrints, { designNeverSaved: false })).toEqual({ design: true, reinforcements: [] });
    expect(planSave({ ...saved, r1: { ...saved.r1!, name: 'x' } }, savedPrints, { designNeverSaved: true }).design).toBe(true);
    expect(planSave(saved, savedPrints, { designNeverSaved: false })).toEqual({ design: true, reinforcements: [] });
  });

  it('posts a reinforcement with its trimmed name, type, one-page template and thumbnail', () => {
    expect(reinforcementPayload({ name: '  Thank you ', type: 'digital', template: page('r') }, 'data:image/png;base64,AA==')).toEqual({
      name: 'Thank you', type: 'digital', template_data: page('r'), thumbnail: 'data:image/png;base64,AA==',
    });
    expect(reinforcementPayload({ name: 'x', type: 'image', template: page('r') })).not.toHaveProperty('thumbnail');
  });
});

describe('saving the design and its reinforcements', () => {
  it('saves the design and each changed reinforcement, each with its own thumbnail', async () => {
    const parts: DesignParts = { ...saved, inside: page('new inside'), r2: { ...saved.r2!, template: page('new r2') } };
    const { deps, sent } = fakeDeps();
    const outcome = await saveDesignParts(parts, planSave(parts, savedPrints, { designNeverSaved: false }), true, deps);

    expect(outcome).toEqual({ saved: ['inside', 'outside', 'r2'], failures: [], thumbnailErrors: [], designUpdatedAt: '2026-03-01T00:00:00.000Z' });
    expect(sent.design[0].thumbnails).toEqual({ inside: `data:image/png;base64,${btoa('new inside')}`, outside: `data:image/png;base64,${btoa('outside')}` });
    expect(sent.reinforcements).toEqual([{ slot: 2, body: { name: 'Coupon', type: 'digital', template_data: page('new r2'), thumbnail: `data:image/png;base64,${btoa('new r2')}` } }]);
  });

  it('keeps going when one part fails and reports it with the server message', async () => {
    const parts: DesignParts = { ...saved, inside: page('new inside'), r1: { ...saved.r1!, type: 'digital' }, r2: { ...saved.r2!, name: 'Coupon 2' } };
    const { deps, sent } = fakeDeps({ r1: 'Template must be one page at 6x9' });
    const outcome = await saveDesignParts(parts, planSave(parts, savedPrints, { designNeverSaved: false }), true, deps);

    expect(outcome.saved).toEqual(['inside', 'outside', 'r2']);
    expect(outcome.failures).toEqual([{ part: 'r1', message: 'Template must be one page at 6x9' }]);
    expect(sent.reinforcements.map((r) => r.slot)).toEqual([2]);
    expect(saveErrorText(outcome.failures)).toBe('Failed to save design: Template must be one page at 6x9');
  });

  it('does not send a reinforcement without a name', async () => {
    const parts: DesignParts = { ...saved, r1: { ...saved.r1!, name: '  ' } };
    const { deps, sent } = fakeDeps();
    const outcome = await saveDesignParts(parts, planSave(parts, savedPrints, { designNeverSaved: false }), true, deps);

    expect(outcome.failures).toEqual([{ part: 'r1', message: 'Reinforcement name is required' }]);
    expect(outcome.saved).toEqual([]);
    expect(sent.reinforcements).toEqual([]);
    expect(saveErrorText(outcome.failures)).toBe('Failed to save design: Reinforcement name is required');
  });

  it('saves without a thumbnail that cannot be made, and says so', async () => {
    const parts: DesignParts = { ...saved, r1: { ...saved.r1!, name: 'Hi' } };
    const { deps, sent } = fakeDeps({ thumbnail: 'Font not found' });
    const outcome = await saveDesignParts(parts, planSave(parts, savedPrints, { designNeverSaved: false }), false, deps);

    expect(outcome.saved).toEqual(['r1']);
    expect(outcome.thumbnailErrors).toEqual(['Font not found']);
    expect(sent.reinforcements[0].body).not.toHaveProperty('thumbnail');
  });

  it('reports a failed design save and still saves the reinforcements', async () => {
    const parts: DesignParts = { ...saved, outside: page('new'), r1: { ...saved.r1!, name: 'Hi' } };
    const { deps } = fakeDeps({ design: 'A design side can have at most 2 pages' });
    const outcome = await saveDesignParts(parts, planSave(parts, savedPrints, { designNeverSaved: false }), true, deps);

    expect(outcome.saved).toEqual(['r1']);
    expect(outcome.designUpdatedAt).toBeNull();
    expect(outcome.failures).toEqual([{ part: 'design', message: 'A design side can have at most 2 pages' }]);
  });
});
