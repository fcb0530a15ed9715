import type { Template } from '@pdfme/common';
import { REINFORCEMENT_TYPES } from '@mailcraft/shared';
import { REINFORCEMENT_SIDES } from './design-template';
import type { DesignParts } from './design-parts';
import { reinforcementPage, type ReinforcementEdit, type ReinforcementEdits } from './reinforcement-tabs';

/** A design being edited, kept in the browser until it is saved (docs/requirements/workflow.md#clear-states-and-fast-pages: autosave of drafts). */
export type DesignDraft = {
  /** ISO time of the last change. */
  savedAt: string;
  /** `updated_at` of the saved design the draft started from, or null for a never-saved design. */
  baseUpdatedAt: string | null;
  inside: Template;
  outside: Template | null;
  /**
   * The reinforcement tabs as edited (docs/requirements/print-on-demand-api.md#data), null for an empty slot. Absent in drafts
   * written before reinforcements existed, or for a slot the draft does not know: the saved one applies.
   */
  reinforcements?: Partial<ReinforcementEdits>;
};

const key = (userId: string, projectId: string) => `mailcraft.designDraft.${userId}.${projectId}`;

const isTemplate = (t: unknown): t is Template => !!t && typeof t === 'object' && Array.isArray((t as Template).schemas);
const isEdit = (e: unknown): e is ReinforcementEdit => {
  const r = e as ReinforcementEdit | null;
  return !!r && typeof r.name === 'string' && (REINFORCEMENT_TYPES as readonly string[]).includes(r.type) && isTemplate(r.template);
};

/** The draft's readable reinforcement slots; a malformed slot is left out (the saved one applies). */
function readReinforcements(raw: unknown): Partial<ReinforcementEdits> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const out: Partial<ReinforcementEdits> = {};
  for (const side of REINFORCEMENT_SIDES) {
    const value = (raw as Record<string, unknown>)[side];
    if (value === null) out[side] = null;
    else if (isEdit(value)) out[side] = value;
  }
  return out;
}

/** The latest of several ISO save times (the design's and its reinforcements'), or null when none. */
export function latestSave(times: readonly (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  for (const t of times) if (t && (!latest || Date.parse(t) > Date.parse(latest))) latest = t;
  return latest;
}

/**
 * The user's draft of a project's design, or null. A draft older than `savedUpdatedAt` (the design
 * or one of its reinforcements saved since, elsewhere: pass `latestSave` of them) is dropped. Kept
 * per user and project in localStorage, so it survives a reload and a trip through sign-in. Drafts
 * written before reinforcements (no `reinforcements`) stay readable.
 */
export function readDraft(userId: string, projectId: string, savedUpdatedAt: string | null): DesignDraft | null {
  try {
    const raw = localStorage.getItem(key(userId, projectId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as DesignDraft;
    if (!isTemplate(draft.inside) || !draft.savedAt) return null;
    if (savedUpdatedAt && Date.parse(savedUpdatedAt) > Date.parse(draft.savedAt)) {
      clearDraft(userId, projectId);
      return null;
    }
    const reinforcements = readReinforcements(draft.reinforcements);
    const { reinforcements: _raw, ...rest } = draft;
    return reinforcements ? { ...rest, reinforcements } : rest;
  } catch {
    return null;
  }
}

/** Stores the draft; a full storage quota is ignored (the Save button still works). */
export function writeDraft(userId: string, projectId: string, draft: DesignDraft): void {
  try {
    localStorage.setItem(key(userId, projectId), JSON.stringify(draft));
  } catch {
    /* quota exceeded or storage disabled: autosave is a convenience */
  }
}

/** Forgets the user's draft of the project (after a save, or when the user discards it). */
export function clearDraft(userId: string, projectId: string): void {
  localStorage.removeItem(key(userId, projectId));
}

/**
 * The draft of `parts` at `now` (ISO). `keepReinforcements` replaces the reinforcement slots (the
 * earlier draft's, when the saved reinforcements could not be loaded and so were not edited).
 */
export function draftOf(
  parts: DesignParts,
  baseUpdatedAt: string | null,
  now: string,
  keepReinforcements?: Partial<ReinforcementEdits>,
): DesignDraft {
  return {
    savedAt: now,
    baseUpdatedAt,
    inside: parts.inside,
    outside: parts.outside,
    reinforcements: keepReinforcements ?? { r1: parts.r1, r2: parts.r2, r3: parts.r3 },
  };
}

/**
 * The parts a draft restores over `saved` (the server's): the draft's inside and (double-sided)
 * outside; each reinforcement slot the draft holds, put on the project's page with one page; the
 * saved one for a slot it does not hold (an old-format draft holds none). `withReinforcements`
 * false (they could not be loaded) keeps `saved`'s slots.
 */
export function partsFromDraft(
  draft: DesignDraft,
  saved: DesignParts,
  opts: { double: boolean; paperSize: string; withReinforcements: boolean },
): DesignParts {
  const parts: DesignParts = { ...saved, inside: draft.inside, outside: opts.double ? draft.outside ?? saved.outside : null };
  if (!opts.withReinforcements || !draft.reinforcements) return parts;
  for (const side of REINFORCEMENT_SIDES) {
    if (!(side in draft.reinforcements)) continue;
    const edit = draft.reinforcements[side];
    parts[side] = edit ? { ...edit, template: reinforcementPage(edit.template, opts.paperSize) } : null;
  }
  return parts;
}
