import type { Template } from '@pdfme/common';
import {
  REINFORCEMENT_MESSAGES, REINFORCEMENT_TYPES, type ReinforcementSlot, type TDesignTemplate, type TReinforcementDesign,
} from '@mailcraft/shared';
import { onProjectPage, REINFORCEMENT_SIDES, SIDE_LABELS, type ReinforcementSide, type Side } from './design-template';

/** 'image' (printed) or 'digital' (sent as a picture), docs/requirements/designer.md#reinforcements */
export type ReinforcementType = (typeof REINFORCEMENT_TYPES)[number];

/** A reinforcement as the Designer edits it: its name, type and one-page template (mm). */
export type ReinforcementEdit = { name: string; type: ReinforcementType; template: Template };
/** Each reinforcement tab's content; null where the slot is empty. */
export type ReinforcementEdits = Record<ReinforcementSide, ReinforcementEdit | null>;

/** Longest reinforcement name the server takes (ZReinforcementSaveSchema). */
export const REINFORCEMENT_NAME_MAX = 100;
/** Characters of a reinforcement's name shown on its tab. */
const TAB_NAME_CHARS = 24;

/** 'r1' → 1. */
export const slotOfSide = (side: ReinforcementSide): ReinforcementSlot => Number(side.slice(1)) as ReinforcementSlot;
/** 1 → 'r1'. */
export const sideOfSlot = (slot: ReinforcementSlot): ReinforcementSide => `r${slot}`;

/** No reinforcement in any slot. */
export const noReinforcements = (): ReinforcementEdits => ({ r1: null, r2: null, r3: null });

/** `template` with its first page only: a reinforcement has one page (docs/requirements/print-on-demand-api.md#data "They have 1 side"). */
export function onePage(template: Template): Template {
  return template.schemas.length <= 1 ? template : { ...template, schemas: template.schemas.slice(0, 1) };
}

/** A saved (or drafted) reinforcement template on the project's page, first page only. */
export const reinforcementPage = (template: TDesignTemplate | Template | null | undefined, paperSize: string): Template =>
  onePage(onProjectPage(template as TDesignTemplate | null | undefined, paperSize));

/**
 * A new reinforcement of `slot` (docs/requirements/print-on-demand-api.md#data): a blank page at the project's paper size with the
 * spec's 6.35 mm padding, named 'Reinforcement {slot}', printed ('image').
 */
export function blankReinforcement(slot: ReinforcementSlot, paperSize: string): ReinforcementEdit {
  return { name: `Reinforcement ${slot}`, type: 'image', template: reinforcementPage(null, paperSize) };
}

/**
 * The project's saved reinforcements (GET /api/projects/{id}/reinforcements, only existing slots)
 * as the Designer's tabs; each template is put on the project's page (`onProjectPage`) with one page.
 */
export function reinforcementsFromServer(list: readonly TReinforcementDesign[], paperSize: string): ReinforcementEdits {
  const edits = noReinforcements();
  for (const r of list) {
    if (r.slot < 1 || r.slot > 3) continue;
    edits[sideOfSlot(r.slot as ReinforcementSlot)] = {
      name: r.name, type: r.type, template: reinforcementPage(r.template_data, paperSize),
    };
  }
  return edits;
}

/**
 * Why a reinforcement name cannot be saved, or null: 'Reinforcement name is required' when blank
 * after trimming (docs/requirements/print-on-demand-api.md#order-form-rules, the server's ZReinforcementSaveSchema), or too long.
 */
export function reinforcementNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return REINFORCEMENT_MESSAGES.nameRequired;
  if (trimmed.length > REINFORCEMENT_NAME_MAX) return `Reinforcement name must be at most ${REINFORCEMENT_NAME_MAX} characters`;
  return null;
}

/** One tab of the Designer: its page, label and whether its slot is empty (offers 'Add reinforcement'). */
export type EditorTab = { key: Side; label: string; empty: boolean };

/** The label of a page: 'Outside (address side)', 'Inside', 'Mail piece' (single-sided), 'R1 · Thank you' or 'R1 +'. */
export function sideLabel(side: Side, double: boolean, reinforcements: ReinforcementEdits): string {
  if (side === 'inside' || side === 'outside') return double ? SIDE_LABELS[side] : 'Mail piece';
  const edit = reinforcements[side];
  const tag = side.toUpperCase();
  if (!edit) return `${tag} +`;
  const name = edit.name.trim();
  if (!name) return tag;
  return `${tag} · ${name.length > TAB_NAME_CHARS ? `${name.slice(0, TAB_NAME_CHARS - 1)}…` : name}`;
}

/**
 * The Designer's tabs (docs/requirements/workflow.md#route-table, docs/requirements/print-on-demand-api.md#data): Outside and Inside of a double-sided project (the
 * one page of a single-sided one), then R1, R2 and R3.
 */
export function editorTabs(double: boolean, reinforcements: ReinforcementEdits): EditorTab[] {
  const main: Side[] = double ? ['outside', 'inside'] : ['inside'];
  return [
    ...main.map((key) => ({ key, label: sideLabel(key, double, reinforcements), empty: false })),
    ...REINFORCEMENT_SIDES.map((key) => ({ key, label: sideLabel(key, double, reinforcements), empty: !reinforcements[key] })),
  ];
}
