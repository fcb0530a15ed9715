import { CAPITALIZATIONS, autoMap, isCustomField, isUspsField, type Capitalization, type Mappings } from './fields.js';
import type { TListMappings } from './mappings.js';

// Rules of column mappings (docs/requirements/projects.md#data), apart from the zod schemas in mappings.ts so that the
// mapping screen does not load zod for them (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB gzip).

/**
 * Capitalization is kept only for mapped, non-USPS fields (docs/requirements/projects.md#rules); other entries are
 * dropped rather than refused, since the mapping screen may still hold settings of fields the
 * user unmapped.
 */
export function keepCapitalization(mappings: Mappings, capitalization: Record<string, Capitalization>): Record<string, Capitalization> {
  const mapped = new Set(Object.values(mappings));
  return Object.fromEntries(Object.entries(capitalization).filter(([field]) => mapped.has(field) && !isUspsField(field)));
}

/**
 * Fields mapped from more than one column, with those columns: only custom fields may take
 * several columns (docs/requirements/projects.md#data).
 */
export function overusedFields(mappings: Mappings): Array<{ field: string; columns: string[] }> {
  const byField = new Map<string, string[]>();
  for (const [column, field] of Object.entries(mappings)) byField.set(field, [...(byField.get(field) ?? []), column]);
  return [...byField].filter(([field, columns]) => columns.length > 1 && !isCustomField(field)).map(([field, columns]) => ({ field, columns }));
}

/**
 * The mappings in force for a list (docs/requirements/projects.md#rules), written once for the designer, the preview and
 * print: the saved mappings with their capitalization (unknown modes dropped, and only for
 * mapped non-USPS fields, as `keepCapitalization`), or — when nothing is saved — the
 * auto-mapping of the headers with `saved: false`.
 */
export function effectiveMappings(
  headers: string[],
  saved: { mappings: Mappings; fieldSettings: { capitalization?: Record<string, string> | null } } | null | undefined,
): TListMappings {
  if (!saved) return { mappings: autoMap(headers), fieldSettings: { capitalization: {} }, saved: false };
  const modes = Object.entries(saved.fieldSettings.capitalization ?? {})
    .filter((e): e is [string, Capitalization] => (CAPITALIZATIONS as readonly string[]).includes(e[1]));
  return {
    mappings: saved.mappings,
    fieldSettings: { capitalization: keepCapitalization(saved.mappings, Object.fromEntries(modes)) },
    saved: true,
  };
}
