import { keepCapitalization, type Capitalization, type FieldSettings, type Mappings, type TMapColumnsInput } from '@mailcraft/shared';

/**
 * The mapping screen's working copy (docs/requirements/mailing-lists.md#mappings): column → target field, and the
 * capitalization chosen per target field.
 */
export type MappingDraft = { mappings: Mappings; capitalization: Record<string, Capitalization> };

/** Starts a draft from the server's answer, keeping only columns the file has. */
export function draftFrom(headers: string[], mappings: Mappings, settings: FieldSettings): MappingDraft {
  const known = new Set(headers);
  return {
    mappings: Object.fromEntries(Object.entries(mappings).filter(([column, target]) => known.has(column) && !!target)),
    capitalization: { ...(settings.capitalization ?? {}) },
  };
}

/** Columns mapped to `target`, in file order. */
export function columnsOf(draft: MappingDraft, headers: string[], target: string): string[] {
  return headers.filter((h) => draft.mappings[h] === target);
}

/**
 * Maps `columns` to `target`, replacing what the target had (docs/requirements/projects.md#rules). A column belongs to one
 * target at a time, so choosing a column takes it from wherever it was. An empty list clears it.
 */
export function assign(draft: MappingDraft, target: string, columns: string[]): MappingDraft {
  const mappings = Object.fromEntries(Object.entries(draft.mappings).filter(([, t]) => t !== target));
  for (const c of columns) mappings[c] = target;
  return { ...draft, mappings };
}

export function setCapitalization(draft: MappingDraft, target: string, mode: Capitalization): MappingDraft {
  return { ...draft, capitalization: { ...draft.capitalization, [target]: mode } };
}

/**
 * The POST /api/lists/map-columns body (docs/requirements/workflow.md#api). Capitalization is sent only for mapped
 * non-USPS fields (§5).
 */
export function toPayload(listId: string, draft: MappingDraft): TMapColumnsInput {
  return {
    fileId: listId,
    mappings: draft.mappings,
    fieldSettings: { capitalization: keepCapitalization(draft.mappings, draft.capitalization) },
  };
}
