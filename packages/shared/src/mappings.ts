import { z } from 'zod';
import { CAPITALIZATIONS, TARGET_FIELDS } from './fields.js';
import { keepCapitalization, overusedFields } from './mapping-rules.js';

const ZTargetField = z.string().refine((f) => TARGET_FIELDS.includes(f), {
  error: (issue) => `'${String(issue.input)}' is not a field that columns can be mapped to`,
});

const ZCapitalization = z.enum(CAPITALIZATIONS, {
  error: (issue) => `'${String(issue.input)}' is not a capitalization option (use ${CAPITALIZATIONS.join(', ')})`,
});

/**
 * POST /api/lists/map-columns (docs/requirements/workflow.md#api): `fileId` is the list id; `mappings` maps column name
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

