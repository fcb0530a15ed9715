import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import type { TProjectDesign, TReinforcementDesign } from '@mailcraft/shared';
import { aProject } from '../../test/fixtures';
import { draftOf, readDraft, writeDraft } from './design-draft';
import { withReinforcement, withTemplate } from './design-parts';
import { blankReinforcement } from './reinforcement-tabs';
import { useDesignParts } from './use-design-parts';

const page = (name?: string) =>
  ({ basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [name ? [{ name, type: 'text', position: { x: 10, y: 10 }, width: 50, height: 10 }] : []] }) as unknown as Template;
const project = aProject({ id: 'p1', sides: 'double' });
const design = { template_data_inside: page('inside'), template_data_outside: page('outside'), updated_at: '2026-01-01T00:00:00.000Z' } as unknown as TProjectDesign;
const r1: TReinforcementDesign = {
  id: 'p1-r1', project_id: 'p1', slot: 1, name: 'Thank you', type: 'image', size: '8.5x11', thumbnail: '/t.png',
  updated_at: '2026-01-01T00:00:00.000Z', template_data: page('r1') as unknown as TReinforcementDesign['template_data'],
};
const open = (reinforcements: TReinforcementDesign[] | null = [r1]) =>
  renderHook(() => useDesignParts({ userId: 'u1', project, design, reinforcements }));

describe('the Designer content with reinforcements', () => {
  it('opens the saved design and reinforcements, with nothing unsaved', () => {
    const { result } = open();
    expect(result.current.dirty).toBe(false);
    expect(result.current.parts.current.r1?.name).toBe('Thank you');
    expect(result.current.parts.current.r2).toBeNull();
    expect(result.current.isStored('r1')).toBe(true);
  });

  it('marks an added reinforcement unsaved and keeps it in the draft', () => {
    const { result } = open();
    act(() => result.current.update(withReinforcement(result.current.parts.current, 'r2', blankReinforcement(2, '8.5x11'))));
    expect(result.current.dirty).toBe(true);
    expect(result.current.isStored('r2')).toBe(false);
    expect(readDraft('u1', 'p1', null)?.reinforcements?.r2?.name).toBe('Reinforcement 2');
  });

  it('keeps what failed unsaved after a partial save, and the draft with it', () => {
    const { result } = open();
    const edited = withTemplate(withReinforcement(result.current.parts.current, 'r1', { ...result.current.parts.current.r1!, name: 'Thanks' }), 'inside', page('new'));
    act(() => result.current.update(edited));
    act(() => result.current.markSaved(['inside', 'outside'], edited));
    expect(result.current.dirty).toBe(true);
    expect(readDraft('u1', 'p1', null)?.reinforcements?.r1?.name).toBe('Thanks');

    act(() => result.current.markSaved(['r1'], edited));
    expect(result.current.dirty).toBe(false);
    expect(readDraft('u1', 'p1', null)).toBeNull();
  });

  it('restores a draft over the saved reinforcements and discards it back to them', () => {
    writeDraft('u1', 'p1', draftOf({ inside: page('draft'), outside: page('outside'), r1: null, r2: blankReinforcement(2, '8.5x11'), r3: null }, null, '2026-01-02T00:00:00.000Z'));
    const { result } = open();
    expect(result.current.restoredAt).toBe('2026-01-02T00:00:00.000Z');
    expect(result.current.parts.current.r1).toBeNull();
    expect(result.current.parts.current.r2?.name).toBe('Reinforcement 2');
    expect(result.current.dirty).toBe(true);

    act(() => result.current.discard());
    expect(result.current.parts.current.r1?.name).toBe('Thank you');
    expect(result.current.parts.current.r2).toBeNull();
    expect(result.current.dirty).toBe(false);
    expect(readDraft('u1', 'p1', null)).toBeNull();
  });

  it('empties the slot of a removed reinforcement, saved and edited', () => {
    const { result } = open();
    act(() => result.current.drop('r1'));
    expect(result.current.parts.current.r1).toBeNull();
    expect(result.current.isStored('r1')).toBe(false);
    expect(result.current.dirty).toBe(false);
  });

  it('leaves the reinforcements out when they could not be loaded', () => {
    writeDraft('u1', 'p1', draftOf({ inside: page('draft'), outside: page('outside'), r1: blankReinforcement(1, '8.5x11'), r2: null, r3: null }, null, '2026-01-02T00:00:00.000Z'));
    const { result } = open(null);
    expect(result.current.withReinforcements).toBe(false);
    expect(result.current.parts.current.r1).toBeNull();
    act(() => result.current.update(withTemplate(result.current.parts.current, 'inside', page('again'))));
    expect(readDraft('u1', 'p1', null)?.reinforcements?.r1?.name).toBe('Reinforcement 1');
  });
});
