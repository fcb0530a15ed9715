import {
  baseUrlError, cleanParamName, DEFAULT_QR_STYLE, fromVariableMapping, paramNameError, QR_DEFAULT_PARAMS, QR_MESSAGES,
  type TQrConfigRecord, type TQrStyle, type TQrVariable, type TStaticParam,
} from '@mailcraft/shared';

/** The QR screen's editable configuration (docs/requirements/maps.md#data): what POST /api/qr/config sends as `config`. */
export type QrDraft = {
  baseUrl: string;
  variables: Record<string, TQrVariable>;
  staticParams: TStaticParam[];
  style: TQrStyle;
};

/** The saved configuration as a draft, or an empty one before the first save. */
export function draftFromRecord(record: TQrConfigRecord | undefined): QrDraft {
  if (!record) return { baseUrl: '', variables: {}, staticParams: [], style: { ...DEFAULT_QR_STYLE } };
  const { variables, staticParams } = fromVariableMapping(record.variable_mapping);
  return { baseUrl: record.base_url, variables: variables as Record<string, TQrVariable>, staticParams, style: { ...DEFAULT_QR_STYLE, ...record.style } };
}

/**
 * A field toggled on gets its default parameter name and capitalization original; toggled off it
 * is removed from the variables (docs/requirements/qr-codes.md#qr-configuration configuration).
 */
export function toggleField(draft: QrDraft, field: string, on: boolean): QrDraft {
  const variables = { ...draft.variables };
  if (on) variables[field] = { param: QR_DEFAULT_PARAMS[field] ?? field, capitalization: 'original' };
  else delete variables[field];
  return { ...draft, variables };
}

/** Changes one selected field's settings. */
export const setVariable = (draft: QrDraft, field: string, patch: Partial<TQrVariable>): QrDraft =>
  ({ ...draft, variables: { ...draft.variables, [field]: { ...draft.variables[field], ...patch } } });

/** 'Add Static Parameter': a new empty row (docs/requirements/maps.md#screens). */
export const addStatic = (draft: QrDraft): QrDraft => ({ ...draft, staticParams: [...draft.staticParams, { name: '', value: '' }] });

/** Edits static row `i`; typed names are lowercased and stripped of other characters (docs/requirements/qr-codes.md#rules). */
export function setStatic(draft: QrDraft, i: number, patch: Partial<TStaticParam>): QrDraft {
  const next = { ...draft.staticParams[i], ...patch };
  if (patch.name !== undefined) next.name = cleanParamName(patch.name);
  return { ...draft, staticParams: draft.staticParams.map((p, j) => (j === i ? next : p)) };
}

export const removeStatic = (draft: QrDraft, i: number): QrDraft => ({ ...draft, staticParams: draft.staticParams.filter((_, j) => j !== i) });

/** Messages by place: `baseUrl`, `field:{name}`, `static:{i}`. */
export type DraftErrors = Record<string, string>;

/**
 * The draft's problems, with the spec's messages (docs/requirements/qr-codes.md#rules): every selected field's parameter
 * name, the static rows that have a value, duplicates, and the destination URL. The server runs
 * the same shared schema.
 */
export function validateDraft(draft: QrDraft): DraftErrors {
  const errors: DraftErrors = {};
  const seen = new Set<string>();
  for (const [field, v] of Object.entries(draft.variables)) {
    const error = paramNameError(v.param) ?? (seen.has(v.param) ? QR_MESSAGES.paramDuplicate : null);
    if (error) errors[`field:${field}`] = error;
    seen.add(v.param);
  }
  draft.staticParams.forEach((p, i) => {
    if (!p.name && !p.value) return; // an empty row is simply not stored
    const error = paramNameError(p.name) ?? (seen.has(p.name) ? QR_MESSAGES.paramDuplicate : null);
    if (error) errors[`static:${i}`] = error;
    seen.add(p.name);
  });
  const urlIssue = baseUrlError(draft.baseUrl);
  if (urlIssue) errors.baseUrl = urlIssue;
  return errors;
}
