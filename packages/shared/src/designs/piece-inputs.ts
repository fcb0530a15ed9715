/**
 * From a design template and one record's mapped fields to the pdfme input of one mail piece.
 * Used by the server renderer (print files, previews) and the web Designer's preview.
 */
import type { Schema, Template } from '@pdfme/common';
import { TARGET_FIELDS } from '../fields.js';
import { IMB_TYPE } from './imb.js';
import { INDICIA_TYPE } from './indicia.js';
import { isPrintMapField, PRINT_MAP_FIELDS } from './map-fields.js';
import { QR_VECTOR_TYPE } from './qr-vector.js';

/** Per-piece values that do not come from the record's fields. */
export type PieceContext = {
  /** The project's permit lines joined by '\n' (see `indiciaLines`); '' when no permit is selected. */
  indiciaText: string;
  /** The record's personal URL that `qrVector` elements encode; '' prints no code. */
  qrUrl: string;
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const FIELD_BY_KEY = new Map([...TARGET_FIELDS, ...PRINT_MAP_FIELDS].map((f) => [squash(f), f]));
const fieldOf = (name: string): string | undefined => FIELD_BY_KEY.get(squash(name));

/**
 * The target field an element's name stands for. pdfme's Designer renames duplicates
 * ('first_name copy', 'first_name copy 2'; other tools 'first_name 2', 'first_name (2)'), and
 * people type 'First Name': all map to 'first_name'. A name that is no field comes back with the
 * copy suffix removed (so callers can tell it is not a field by checking `isMergeField`).
 */
export function templateFieldName(elementName: string): string {
  const name = elementName.trim();
  const direct = fieldOf(name);
  if (direct) return direct;
  let base = name;
  for (;;) {
    const next = base.replace(/\s+copy(\s+\d+)?$/i, '').replace(/\s+\(?\d+\)?$/, '').trim();
    if (next === base || !next) break;
    base = next;
  }
  return fieldOf(base) ?? base;
}

/** Whether a (normalised) name is one of the mapping target fields (docs/requirements/projects.md#data) or a maps field (docs/requirements/maps.md#maps: distance, duration, map_image). */
export const isMergeField = (name: string): boolean => FIELD_BY_KEY.get(squash(name)) === name || isPrintMapField(name);

/** The `{variable}` names of a multiVariableText element: its declared variables and those in its text. */
function mvtVariables(el: Schema): string[] {
  const declared = Array.isArray(el.variables) ? (el.variables as unknown[]).map(String) : [];
  const inText = [...String(el.text ?? '').matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
  return [...new Set([...declared, ...inText])];
}

/**
 * The target fields a design prints (docs/requirements/workflow.md#clear-states-and-fast-pages: the preview warns about fields the list does not
 * map): `text` elements named after a field, `multiVariableText` variables that are fields, and
 * `{field}` placeholders in read-only texts. Sorted, each once.
 */
export function designMergeFields(template: Template): string[] {
  const used = new Set<string>();
  const add = (name: string) => {
    const field = templateFieldName(name);
    if (isMergeField(field)) used.add(field);
  };
  for (const page of template.schemas) {
    for (const el of page) {
      if (el.type === 'multiVariableText') mvtVariables(el).forEach(add);
      else if (el.type === 'text' && el.readOnly) for (const m of String(el.content ?? '').matchAll(/\{([^{}]+)\}/g)) add(m[1]);
      else if (el.type === 'text') add(el.name);
      else if (el.type === 'image' && templateFieldName(el.name) === 'map_image') used.add('map_image');
      else if (el.type === IMB_TYPE && !el.readOnly) used.add('imbno');
    }
  }
  return [...used].sort();
}

/**
 * The pdfme input (element name → string value) of one mail piece:
 * - `text` named after a field ('first_name', 'First Name', 'first_name copy') → the record's
 *   value with its capitalisation, '' when the record has none; a text element whose name is no
 *   field keeps its own content (a caption the designer typed);
 * - `multiVariableText` → JSON of `{variable: value}` for every `{variable}` (pdfme's own
 *   mechanism); unknown variable names → '';
 * - `indicia` → `ctx.indiciaText`; `qrVector` → `ctx.qrUrl`; `imb` → the record's `encodedimbno`,
 *   else its `imbno` (docs/requirements/print.md#print: the Intelligent Mail barcode), '' when it has neither;
 * - read-only (static) elements are left to pdfme; any other element keeps its content.
 * The fields are also added under their own names (where no element has that name), so a
 * read-only text's `{first_name}` placeholder resolves through pdfme's `replacePlaceholders`.
 *
 * `fields` is one record from shared `mapRecord` (target → value).
 */
export function buildPieceInputs(template: Template, fields: Record<string, string>, ctx: PieceContext): Record<string, string> {
  const input: Record<string, string> = {};
  const names = new Set<string>();
  for (const page of template.schemas) {
    for (const el of page) {
      names.add(el.name);
      if (el.readOnly) continue;
      switch (el.type) {
        case INDICIA_TYPE: input[el.name] = ctx.indiciaText; break;
        case QR_VECTOR_TYPE: input[el.name] = ctx.qrUrl; break;
        case IMB_TYPE: input[el.name] = fields.encodedimbno || fields.imbno || ''; break;
        case 'multiVariableText': {
          const vars: Record<string, string> = {};
          for (const v of mvtVariables(el)) vars[v] = fields[templateFieldName(v)] ?? fields[v] ?? '';
          input[el.name] = JSON.stringify(vars);
          break;
        }
        case 'text': {
          const field = templateFieldName(el.name);
          input[el.name] = isMergeField(field) ? (fields[field] ?? '') : (el.content ?? '');
          break;
        }
        case 'image':
          // An image named map_image prints the record's own route map (a data URL), else its own picture.
          input[el.name] = templateFieldName(el.name) === 'map_image' ? (fields.map_image ?? '') : (el.content ?? '');
          break;
        default: input[el.name] = el.content ?? '';
      }
    }
  }
  for (const [field, value] of Object.entries(fields)) if (!names.has(field)) input[field] = value;
  return input;
}
