import type { Template } from '@pdfme/common';
import type {
  ReinforcementSlot, TDesignTemplate, TProjectDesign, TProjectDesignSave, TReinforcementDesign, TReinforcementSave,
} from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { REINFORCEMENT_SIDES, type ReinforcementSide, type Side } from './design-template';
import { changedSides, type DesignParts, type PartFingerprints } from './design-parts';
import { reinforcementNameError, slotOfSide, type ReinforcementEdit } from './reinforcement-tabs';

/** What one Save sends: the mail piece's design, and the reinforcements that changed. */
export type SavePlan = { design: boolean; reinforcements: ReinforcementSide[] };

/**
 * What Save sends (docs/requirements/print-on-demand-api.md#print-on-demand-api): every reinforcement whose name, type or template differs from
 * `saved`; the design when a side of it changed, when it was never saved, or when no reinforcement
 * changed (Save then posts the design as it always did).
 */
export function planSave(parts: DesignParts, saved: PartFingerprints, opts: { designNeverSaved: boolean }): SavePlan {
  const changed = changedSides(parts, saved);
  const reinforcements = REINFORCEMENT_SIDES.filter((s) => changed.includes(s) && parts[s]);
  const design = opts.designNeverSaved || changed.includes('inside') || changed.includes('outside') || reinforcements.length === 0;
  return { design, reinforcements };
}

/** POST /api/templates/project/{id}/design body: both templates (outside null when single-sided) and thumbnails. */
export function designPayload(parts: DesignParts, double: boolean, thumbnails: { inside?: string; outside?: string }): TProjectDesignSave {
  return {
    template_data_inside: parts.inside as unknown as TDesignTemplate,
    template_data_outside: double ? (parts.outside as unknown as TDesignTemplate) : null,
    thumbnails,
  };
}

/** PUT /api/projects/{id}/reinforcements/{slot} body (docs/requirements/print-on-demand-api.md#data): trimmed name, type, one-page template, thumbnail if made. */
export function reinforcementPayload(edit: ReinforcementEdit, thumbnail?: string): TReinforcementSave {
  return {
    name: edit.name.trim(),
    type: edit.type,
    template_data: edit.template as unknown as TDesignTemplate,
    ...(thumbnail ? { thumbnail } : {}),
  };
}

/** How the page thumbnails are made and the design and reinforcements posted (the workspace passes the real ones). */
export type SaveDeps = {
  /** A PNG data URL of page 1 of the template (`renderThumbnail`); throws when it cannot be made. */
  thumbnail: (template: Template) => Promise<string>;
  saveDesign: (body: TProjectDesignSave) => Promise<TProjectDesign>;
  saveReinforcement: (slot: ReinforcementSlot, body: TReinforcementSave) => Promise<TReinforcementDesign>;
};

/** A part that was not saved and why (the server's message, or 'Reinforcement name is required'). */
export type SaveFailure = { part: 'design' | ReinforcementSide; message: string };

export type SaveOutcome = {
  /** The pages now saved as they were sent. */
  saved: Side[];
  failures: SaveFailure[];
  /** Why a saved page's preview image could not be made (it was saved without one). */
  thumbnailErrors: string[];
  /** `updated_at` of the saved design, when the design was saved. */
  designUpdatedAt: string | null;
};

async function tryThumbnail(deps: SaveDeps, template: Template, errors: string[]): Promise<string | undefined> {
  try {
    return await deps.thumbnail(template);
  } catch (err) {
    errors.push(errorDetail(err));
    return undefined;
  }
}

/**
 * Saves `parts` as `plan` says (docs/requirements/print-on-demand-api.md#print-on-demand-api, docs/requirements/print-on-demand-api.md#data): first the design with its inside/outside
 * thumbnails, then each planned reinforcement with its own thumbnail, one after another. A
 * reinforcement with an invalid name is not sent (its failure is the name message). Never throws:
 * each part that fails is listed in `failures`, the others are saved; a thumbnail that cannot be
 * made is left out of its request (the server keeps the previous one).
 */
export async function saveDesignParts(parts: DesignParts, plan: SavePlan, double: boolean, deps: SaveDeps): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { saved: [], failures: [], thumbnailErrors: [], designUpdatedAt: null };
  if (plan.design) {
    const [inside, outside] = await Promise.all([
      tryThumbnail(deps, parts.inside, outcome.thumbnailErrors),
      double && parts.outside ? tryThumbnail(deps, parts.outside, outcome.thumbnailErrors) : Promise.resolve(undefined),
    ]);
    const thumbnails = { ...(inside ? { inside } : {}), ...(outside ? { outside } : {}) };
    try {
      const result = await deps.saveDesign(designPayload(parts, double, thumbnails));
      outcome.saved.push('inside', 'outside');
      outcome.designUpdatedAt = result.updated_at ?? new Date().toISOString();
    } catch (err) {
      outcome.failures.push({ part: 'design', message: errorDetail(err) });
    }
  }
  for (const side of plan.reinforcements) {
    const edit = parts[side];
    if (!edit) continue;
    const nameError = reinforcementNameError(edit.name);
    if (nameError) {
      outcome.failures.push({ part: side, message: nameError });
      continue;
    }
    const thumbnail = await tryThumbnail(deps, edit.template, outcome.thumbnailErrors);
    try {
      await deps.saveReinforcement(slotOfSide(side), reinforcementPayload(edit, thumbnail));
      outcome.saved.push(side);
    } catch (err) {
      outcome.failures.push({ part: side, message: errorDetail(err) });
    }
  }
  return outcome;
}

/** The error banner's text for failed parts: 'Failed to save design: {message}; {message}' (each message once). */
export const saveErrorText = (failures: readonly SaveFailure[]) =>
  `Failed to save design: ${[...new Set(failures.map((f) => f.message))].join('; ')}`;
