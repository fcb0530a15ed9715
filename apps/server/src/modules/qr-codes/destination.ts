import { destinationUrl, effectiveMappings, fromVariableMapping, mapRecord, type TQrConfigRecord } from '@mailcraft/shared';

/** What a destination is built from: the record, its list's mapping and the QR configuration. */
export type DestinationSource = {
  recordId: string;
  headers: string[];
  values: string[];
  mappings: Record<string, string> | null;
  fieldSettings: { capitalization?: Record<string, string> } | null;
  baseUrl: string | null;
  variableMapping: TQrConfigRecord['variable_mapping'] | null;
};

/**
 * The record's mapped fields (shared `mapRecord` over the list's mappings in force — shared
 * `effectiveMappings`, as print and the designer use) with `record_id` falling back to our
 * record id when the list maps no record_id column.
 */
export function recordFields(src: Pick<DestinationSource, 'recordId' | 'headers' | 'values' | 'mappings' | 'fieldSettings'>): Record<string, string> {
  const saved = src.mappings ? { mappings: src.mappings, fieldSettings: src.fieldSettings ?? {} } : null;
  const { mappings, fieldSettings } = effectiveMappings(src.headers, saved);
  const fields = mapRecord(src.headers, src.values, mappings, fieldSettings);
  if (!fields.record_id) fields.record_id = src.recordId;
  return fields;
}

/**
 * Where the record's short link redirects (docs/requirements/notifications.md#rules, shared `destinationUrl`), or null when
 * the list has no QR configuration yet.
 */
export function destinationOf(src: DestinationSource, fields = recordFields(src)): string | null {
  if (!src.baseUrl || !src.variableMapping) return null;
  return destinationUrl({ baseUrl: src.baseUrl, ...fromVariableMapping(src.variableMapping) }, fields);
}
