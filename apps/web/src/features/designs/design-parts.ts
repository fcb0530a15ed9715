import type { Template } from '@pdfme/common';
import { REINFORCEMENT_SIDES, templateFingerprint, type ReinforcementSide, type Side, type SideTemplates } from './design-template';
import type { ReinforcementEdit, ReinforcementEdits } from './reinforcement-tabs';

/**
 * Everything the Designer edits for one project: the inside and (double-sided) outside templates
 * of the mail piece and the reinforcements R1–R3 (docs/requirements/designer.md#design-template template, docs/requirements/print-on-demand-api.md#data), each
 * a name, a type and a one-page template; null where a slot is empty.
 */
export type DesignParts = SideTemplates & ReinforcementEdits;

/** A fingerprint per page of the design, for change detection (`templateFingerprint`). */
export type PartFingerprints = Record<Side, string>;

const SIDES: readonly Side[] = ['inside', 'outside', ...REINFORCEMENT_SIDES];

/** Every template of the design: inside, outside and the reinforcements' (null where there is none). */
export const partTemplates = (parts: DesignParts): Array<Template | null> => SIDES.map((s) => templateOf(parts, s));

/** The template shown on `side`'s tab, or null (no outside on a single-sided project, an empty slot). */
export function templateOf(parts: DesignParts, side: Side): Template | null {
  if (side === 'inside' || side === 'outside') return parts[side];
  return parts[side]?.template ?? null;
}

/** `parts` with `template` on `side`; an empty reinforcement slot stays empty (nothing to edit there). */
export function withTemplate(parts: DesignParts, side: Side, template: Template): DesignParts {
  if (side === 'inside' || side === 'outside') return { ...parts, [side]: template };
  const edit = parts[side];
  return edit ? { ...parts, [side]: { ...edit, template } } : parts;
}

/** `parts` with the reinforcement in `side` replaced (null empties the slot). */
export function withReinforcement(parts: DesignParts, side: ReinforcementSide, edit: ReinforcementEdit | null): DesignParts {
  return { ...parts, [side]: edit };
}

const reinforcementFingerprint = (edit: ReinforcementEdit | null) =>
  edit ? `${JSON.stringify([edit.name, edit.type])}\n${templateFingerprint(edit.template)}` : 'null';

/** The fingerprint of each page: its template, and for a reinforcement also its name and type. */
export function partFingerprints(parts: DesignParts): PartFingerprints {
  return {
    inside: templateFingerprint(parts.inside),
    outside: templateFingerprint(parts.outside),
    r1: reinforcementFingerprint(parts.r1),
    r2: reinforcementFingerprint(parts.r2),
    r3: reinforcementFingerprint(parts.r3),
  };
}

/** The pages whose content differs from `saved` (the fingerprints of what the server holds). */
export function changedSides(parts: DesignParts, saved: PartFingerprints): Side[] {
  const now = partFingerprints(parts);
  return SIDES.filter((s) => now[s] !== saved[s]);
}
