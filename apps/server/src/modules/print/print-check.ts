import { fieldLabel, mapRecord, requiredAddressParts, unmappedFields, type TPrintCheck } from '@mailcraft/shared';
import { designMergeFields, isPrintMapField } from '@mailcraft/shared/designs';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { printableRecordBatches } from '../mailing-lists/mailing-lists.service.js';
import type { PrintSource } from './print-source.js';
import { loadPrintSource } from './print-source.js';

/** Records read per query while checking. */
const CHECK_BATCH = 5000;
/** Records named as examples of a missing address. */
const EXAMPLES = 5;

/**
 * What would print badly (docs/requirements/workflow.md#clear-states-and-fast-pages), from the same source print files use (`loadPrintSource`):
 * fields the design prints that the list does not map (`unmappedFields`; not the IMb when the product assigns it), and records lacking a
 * required address part (`requiredAddressParts`, after `mapRecord` — trimmed, derived fields
 * filled), with counts per part and the first few records by number and name. Reads the whole
 * list once, in batches. Errors as `loadPrintSource`.
 */
export async function checkPrintSource(ctx: AppContext, source: PrintSource): Promise<TPrintCheck> {
  // The maps fields come from the list's routes (the Maps step), not from its columns; the IMb from the account's
  // Mailer ID when it has one (docs/requirements/mail-tracking.md#imb-assignment).
  const printed = designMergeFields(source.template).filter((f) => !isPrintMapField(f) && !(f === 'imbno' && source.imb));
  const unmapped = unmappedFields(printed, source.mappings);
  const parts = requiredAddressParts(source.mappings);
  const missing = new Map(parts.map((p) => [p, 0]));
  const examples: { record: number; name: string }[] = [];
  let records = 0;
  for await (const batch of printableRecordBatches(ctx.db, source.list, CHECK_BATCH)) {
    for (const r of batch) {
      const fields = mapRecord(source.list.headers, r.values, source.mappings, source.fieldSettings, r.overrides);
      let lacks = false;
      for (const p of parts) {
        if (!fields[p]) {
          missing.set(p, (missing.get(p) ?? 0) + 1);
          lacks = true;
        }
      }
      if (!lacks) continue;
      records += 1;
      if (examples.length < EXAMPLES) examples.push({ record: r.rowIndex + 1, name: fields.full_name || fields.company_name || '' });
    }
  }
  return {
    list: { id: source.list.id, name: source.list.name, row_count: source.list.rowCount },
    unmapped_fields: unmapped.map((field) => ({ field, label: fieldLabel(field) })),
    missing_address: {
      records,
      parts: [...missing].filter(([, n]) => n > 0).map(([field, n]) => ({ field, label: fieldLabel(field), records: n })),
      examples,
    },
    warnings: unmapped.length + (records > 0 ? 1 : 0),
  };
}

/** GET /api/projects/{id}/print/check: `checkPrintSource` for the principal's project (404/422 as `loadPrintSource`). */
export async function checkPrint(ctx: AppContext, principal: Principal, projectId: string): Promise<TPrintCheck> {
  return checkPrintSource(ctx, await loadPrintSource(ctx, principal, projectId));
}
