import { z } from 'zod';
import { CAPITALIZATIONS, TARGET_FIELDS, autoMap, isCustomField, isUspsField, type Capitalization, type Mappings } from './fields.js';

const ZTargetField = z.string().refine((f) => TARGET_FIELDS.includes(f), {
  error: (issue) => `'${String(issue.input)}' is not a field that columns can be mapped to`,
});

const ZCapitalization = z.enum(CAPITALIZATIONS, {
  error: (issue) => `'${String(issue.input)}' is not a capitalization option (use ${CAPITALIZATIONS.join(', ')})`,
});

/**
 * Capitalization is kept only for mapped, non-USPS fields (spec 000 §5); other entries are
 * dropped rather than refused, since the mapping screen may still hold settings of fields the
 * user unmapped.
 */
export function keepCapitalization(mappings: Mappings, capitalization: Record<string, Capitalization>): Record<string, Capitalization> {
  const mapped = new Set(Object.values(mappings));
  return Object.fromEntries(Object.entries(capitalization).filter(([field]) => mapped.has(field) && !isUspsField(field)));
}

/**
 * Fields mapped from more than one column, with those columns: only custom fields may take
 * several columns (spec 000 §3, §5).
 */
export function overusedFields(mappings: Mappings): Array<{ field: string; columns: string[] }> {
  const byField = new Map<string, string[]>();
  for (const [column, field] of Object.entries(mappings)) byField.set(field, [...(byField.get(field) ?? []), column]);
  return [...byField].filter(([field, columns]) => columns.length > 1 && !isCustomField(field)).map(([field, columns]) => ({ field, columns }));
}

/**
 * POST /api/lists/map-columns (spec 000 §7): `fileId` is the list id; `mappings` maps column name
 * → target field (TARGET_FIELDS); `fieldSettings.capitalization` maps target field → mode
 * (CAPITALIZATIONS); `fieldSettings` may be left out or null. A non-custom field may be used by
 * one column only; the message names the field. Capitalization of unmapped or USPS fields is removed by the transform. Whether each
 * column exists in the list is checked by the server.
 */
export const ZMapColumnsSchema = z
  .object({
    fileId: z.string({ error: 'fileId is required' }).min(1, 'fileId is required').max(100).describe('The mailing list'),
    mappings: z.record(z.string().min(1, 'Column names cannot be empty'), ZTargetField).describe('Column name → target field'),
    fieldSettings: z.object({
      capitalization: z.record(z.string(), ZCapitalization).nullish().describe('Target field → capitalization mode'),
    }).nullish().describe('Per-field settings'),
  })
  .superRefine((v, ctx) => {
    for (const { field, columns } of overusedFields(v.mappings)) {
      ctx.addIssue({
        code: 'custom',
        path: ['mappings'],
        message: `The field ${field} can be mapped from one column only; it is mapped from ${columns.map((c) => `'${c}'`).join(' and ')}`,
      });
    }
  })
  .transform((v) => ({
    fileId: v.fileId,
    mappings: v.mappings,
    fieldSettings: { capitalization: keepCapitalization(v.mappings, v.fieldSettings?.capitalization ?? {}) },
  }));
export type TMapColumnsInput = z.input<typeof ZMapColumnsSchema>;
export type TMapColumns = z.output<typeof ZMapColumnsSchema>;

/** GET /api/mappings/list/{id}: saved mappings, or the auto-mapping with `saved: false`. */
export const ZListMappingsSchema = z.object({
  mappings: z.record(z.string(), z.string()).describe('Column name → target field'),
  fieldSettings: z.object({
    capitalization: z.record(z.string(), z.enum(CAPITALIZATIONS)).describe('Target field → capitalization mode'),
  }).describe('Per-field settings'),
  saved: z.boolean().describe('False while these are the automatic suggestions'),
}).meta({ id: 'ListMappings' });
export type TListMappings = z.infer<typeof ZListMappingsSchema>;

/** POST /api/lists/map-columns answers this. */
export const ZOkSchema = z.object({ ok: z.literal(true).describe('Always true') });

/**
 * The mappings in force for a list (spec 000 §5), written once for the designer, the preview and
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
