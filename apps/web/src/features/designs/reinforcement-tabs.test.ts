import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import type { TReinforcementDesign } from '@mailcraft/shared';
import {
  blankReinforcement, editorTabs, noReinforcements, onePage, reinforcementNameError, reinforcementsFromServer, sideLabel,
} from './reinforcement-tabs';

const page = (width: number, height: number, pages = 1) =>
  ({ basePdf: { width, height, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: Array.from({ length: pages }, () => []) }) as unknown as Template;

/** A reinforcement as GET /api/projects/{id}/reinforcements lists it. */
const aReinforcement = (slot: number, name: string, template = page(215.9, 279.4)): TReinforcementDesign => ({
  id: `p-r${slot}`, project_id: 'p', slot, name, type: 'image', size: '8.5x11', thumbnail: null,
  updated_at: '2026-02-01T00:00:00.000Z', template_data: template as unknown as TReinforcementDesign['template_data'],
});

describe('the Designer tabs', () => {
  it('are Outside, Inside and R1–R3 for a double-sided project, labelled by name or offering to add', () => {
    const r = reinforcementsFromServer([aReinforcement(2, 'Thank you')], '8.5x11');
    expect(editorTabs(true, r)).toEqual([
      { key: 'outside', label: 'Outside (address side)', empty: false },
      { key: 'inside', label: 'Inside', empty: false },
      { key: 'r1', label: 'R1 +', empty: true },
      { key: 'r2', label: 'R2 · Thank you', empty: false },
      { key: 'r3', label: 'R3 +', empty: true },
    ]);
  });

  it('are the one page and R1–R3 for a single-sided project', () => {
    expect(editorTabs(false, noReinforcements()).map((t) => t.key)).toEqual(['inside', 'r1', 'r2', 'r3']);
    expect(sideLabel('inside', false, noReinforcements())).toBe('Mail piece');
  });

  it('shorten a long name and show the slot alone while the name is blank', () => {
    const r = { ...noReinforcements(), r1: { ...blankReinforcement(1, '6x9'), name: 'A very long reinforcement name indeed' }, r3: { ...blankReinforcement(3, '6x9'), name: '  ' } };
    expect(sideLabel('r1', true, r)).toBe('R1 · A very long reinforceme…');
    expect(sideLabel('r3', true, r)).toBe('R3');
  });
});

describe('a reinforcement', () => {
  it('starts as a blank page at the project paper size named after its slot, printed', () => {
    const r = blankReinforcement(2, '6x9');
    expect(r.name).toBe('Reinforcement 2');
    expect(r.type).toBe('image');
    expect(r.template.schemas).toEqual([[]]);
    expect(r.template.basePdf).toEqual({ width: 152.4, height: 228.6, padding: [6.35, 6.35, 6.35, 6.35] });
  });

  it('opens from the server on the project page with one page', () => {
    const r = reinforcementsFromServer([aReinforcement(1, 'Follow-up', page(100, 100, 2))], '8.5x11');
    expect(r.r1?.template.schemas).toHaveLength(1);
    expect(r.r1?.template.basePdf).toMatchObject({ width: 215.9, height: 279.4 });
    expect(r.r2).toBeNull();
    expect(onePage(page(100, 100, 3)).schemas).toHaveLength(1);
  });

  it('needs a name', () => {
    expect(reinforcementNameError('   ')).toBe('Reinforcement name is required');
    expect(reinforcementNameError(' Thanks ')).toBeNull();
    expect(reinforcementNameError('x'.repeat(101))).toMatch(/at most 100/);
  });
});
