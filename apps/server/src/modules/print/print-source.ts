import type { Template } from '@pdfme/common';
import {
  effectivePermitType, PIECE_RECORD_KEY, PRODUCT_PERMIT_UNAVAILABLE, projectIndiciaLines,
  type FieldSettings, type Mappings, type PaperSize, type ReinforcementSlot, type TQrStyle,
} from '@mailcraft/shared';
import { buildPieceInputs, designMergeFields, QR_VECTOR_TYPE } from '@mailcraft/shared/designs';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { findSavedDesign } from '../designs/designs.service.js';
import { getReinforcement } from '../reinforcements/reinforcements.service.js';
import type { RenderFonts } from '../fonts/builtin-fonts.js';
import { renderFonts } from '../fonts/fonts.service.js';
import {
  getOwnedList, presortedRecordBatches, printableRecordBatches, printableRecordCount, printableRecordsAt, type EditedRecordRow, type MailingListRow,
} from '../mailing-lists/mailing-lists.service.js';
import { printMapFields } from '../maps/map-fields.js';
import { findPermit } from '../permits/permits.service.js';
import { ensureShortLinks, listQrStyle, shortLinksFor } from '../qr-codes/qr-codes.service.js';
import { getOwnedProject } from '../projects/projects.service.js';
import { imbSettingsFor, type ImbSettings } from '../tracking/imb-settings.js';
import { proofImb, type ImbAssigner } from '../tracking/mail-pieces.service.js';
import { prepareImageEffects, type ImageEffects } from './render/image-effects.js';
import { composePieceTemplate } from './render/print-template.js';
import { printedFields } from './printed-record.js';

const READ_BATCH = 500;
/**
 * Pieces whose inputs are built between two turns of the event loop: a batch of 500 is built in
 * slices of a few milliseconds, so requests are answered while a print file is read (docs/architecture.md#bounded-work-in-threads).
 */
const BUILD_SLICE = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Everything needed to render a project's mail pieces, checked and loaded once. */
export type PrintSource = {
  projectName: string;
  list: MailingListRow;
  /** The saved design's version (see `findSavedDesign`). */
  designVersion: number;
  total: number;
  template: Template;
  mappings: Mappings;
  fieldSettings: FieldSettings;
  indiciaText: string;
  /** The fonts the render threads print with, uploaded ones included (docs/requirements/administration.md#administration). */
  fonts: RenderFonts;
  /** The per-record image effects (docs/requirements/administration.md#administration), null when no merge image has one; see `prepareImageEffects`. */
  imageEffects: ImageEffects | null;
  /** The list's column mapped to `sequence` (0-based), or null: print files follow it (docs/requirements/print.md#print presort order). */
  sequenceColumn: number | null;
  /** The list's columns mapped to `presorttrayid` and `presortdate` (0-based), or null: tray-break sheets (docs/requirements/print.md#print). */
  trayColumns: { tray: number | null; date: number | null };
  /** Whether the design prints route-map fields (docs/requirements/maps.md#maps), and the map image among them; null when none. */
  mapFields: { images: boolean } | null;
  /**
   * What the IMbs the product assigns are made of (docs/requirements/mail-tracking.md#imb-assignment): the account's Barcode
   * ID, STID and Mailer ID (the permit's Mailer ID when it has one); null when the account assigns none.
   */
  imb: ImbSettings | null;
};

/** A reinforcement's one page as a single-sided design (docs/requirements/print-on-demand-api.md#data); UNPROCESSABLE when the slot is empty. */
async function reinforcementDesign(ctx: AppContext, project: { id: string; paperSize: PaperSize }, slot: ReinforcementSlot) {
  const r = await getReinforcement(ctx.db, project, slot).catch(() => null);
  if (!r) throw new AppError('UNPROCESSABLE', `Reinforcement R${slot} is not designed`);
  return { inside: r.template_data, outside: null, version: Date.parse(r.updated_at) };
}

/**
 * Loads and checks a project for printing through the modules that own each part — the
 * project, its design, its permit, its list and the list's mappings (shared
 * `effectiveMappings`, as the designer and the preview use).
 * Errors: NOT_FOUND (404) unless the project is the principal's; UNPROCESSABLE (422) when it has
 * no mailing list, an empty list, or no design, or mails under the product permit on a server
 * that has none (PRODUCT_PERMIT_UNAVAILABLE). With `reinforcement`, the piece is that
 * reinforcement's one page, single-sided (docs/requirements/print-on-demand-api.md#data), and its save time stands for the version.
 */
export async function loadPrintSource(
  ctx: AppContext, principal: Principal, projectId: string, opts: { reinforcement?: ReinforcementSlot } = {},
): Promise<PrintSource> {
  const project = await getOwnedProject(ctx.db, principal, projectId);
  // A list id that is no longer the owner's list reads as no list; any other failure is thrown.
  const list = project.listId
    ? await getOwnedList(ctx.db, principal, project.listId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    })
    : null;
  if (!list) throw new AppError('UNPROCESSABLE', 'Upload a mailing list before creating print files');
  const design = opts.reinforcement
    ? await reinforcementDesign(ctx, project, opts.reinforcement)
    : await findSavedDesign(ctx.db, project.id);
  if (!design?.inside) throw new AppError('UNPROCESSABLE', 'Design the mailer before creating print files');
  if (list.rowCount === 0) throw new AppError('UNPROCESSABLE', 'The mailing list has no records to print');
  // Records excluded at the address check (docs/requirements/print.md#print) neither print nor count.
  const total = await printableRecordCount(ctx.db, list);
  if (total === 0) throw new AppError('UNPROCESSABLE', 'Every record of the mailing list is excluded from printing');
  const permitType = effectivePermitType(project.permitType, project.mailingPermitId);
  // An indicia without its permit number is not a legal imprint: refuse rather than print one (docs/requirements/workflow.md#clear-states-and-fast-pages).
  if (permitType === 'product' && !ctx.config.productPermit) throw new AppError('UNPROCESSABLE', PRODUCT_PERMIT_UNAVAILABLE);
  const permit = permitType === 'custom' && project.mailingPermitId ? await findPermit(ctx.db, principal, project.mailingPermitId) : null;
  const fonts = await renderFonts(ctx);
  const template = await composePieceTemplate(
    { inside: design.inside, outside: design.outside },
    { sides: opts.reinforcement ? 'single' : project.sides, paperSize: project.paperSize },
    fonts.names,
  );
  const { mappings, fieldSettings } = await getListMappings(ctx, principal, list.id);
  await ensureShortLinks(ctx.db, list.id);
  const qrStyle = await listQrStyle(ctx.db, list.id);
  if (qrStyle) applyQrStyle(template, qrStyle);
  const imageEffects = await prepareImageEffects(ctx, template);
  return {
    projectName: project.name,
    list,
    designVersion: design.version,
    total,
    template,
    mappings,
    fieldSettings,
    indiciaText: projectIndiciaLines(permitType, permit, ctx.config.productPermit)?.join('\n') ?? '',
    fonts: { key: fonts.key, fallback: fonts.fallback, files: fonts.files },
    imageEffects,
    sequenceColumn: columnOf(list.headers, mappings, 'sequence'),
    trayColumns: { tray: columnOf(list.headers, mappings, 'presorttrayid'), date: columnOf(list.headers, mappings, 'presortdate') },
    mapFields: mapFieldsOf(template),
    imb: await imbSettingsFor(ctx.db, principal, permit?.mailerId ?? null),
  };
}

/** Whether `template` prints route-map fields (map_image, distance, duration), and the image among them. */
function mapFieldsOf(template: Template): { images: boolean } | null {
  const used = new Set(designMergeFields(template));
  return used.has('map_image') || used.has('distance') || used.has('duration') ? { images: used.has('map_image') } : null;
}

/** The index of the column mapped to standard field `field` (e.g. `sequence`, docs/requirements/mailing-lists.md#usps-fields fields), or null. */
function columnOf(headers: string[], mappings: Record<string, string>, field: string): number | null {
  const i = headers.findIndex((h) => mappings[h] === field);
  return i < 0 ? null : i;
}

/**
 * Draws every QR element of `template` in the list's QR style (docs/requirements/maps.md#data "QR style options"),
 * so the print file shows what the QR screen showed: error correction, dot style, colours and
 * transparency replace the element's own settings. Mutates `template`.
 */
function applyQrStyle(template: Template, style: TQrStyle): void {
  const { errorCorrection, dotStyle, foregroundColor, backgroundColor, transparent } = style;
  for (const pageSchemas of template.schemas) {
    for (const schema of pageSchemas) {
      if (schema.type === QR_VECTOR_TYPE) Object.assign(schema, { errorCorrection, dotStyle, foregroundColor, backgroundColor, transparent });
    }
  }
}

/**
 * The pdfme inputs of the source's mail pieces in list order, in batches read from the
 * database, records excluded at the address check left out (docs/requirements/print.md#print), each with its list record
 * number under PIECE_RECORD_KEY (the preflight names records with it): each record mapped with
 * `printedFields` (shared `mapRecord`, its accepted address fixes applied), its QR code encoding the record's short
 * link `{PUBLIC_URL}/{code}` (docs/requirements/scans-and-analytics.md#scan-recording; every record has one once `loadPrintSource` ran), and —
 * when the design prints them — its route map, distance and driving time (docs/requirements/maps.md#maps). `from`
 * skips to that 0-based record (proofs of any record, docs/requirements/workflow.md#clear-states-and-fast-pages). With `presort` (print files) and a
 * list that maps `sequence`, the pieces come in presort order instead (docs/requirements/print.md#print; `from` is then 0).
 * IMbs (docs/requirements/mail-tracking.md#imb-assignment): with `imbs` (a print file that is not a proof) each batch's
 * pieces get the IMbs it assigns and records; without, a piece whose record has no IMb prints the proof's
 * all-zero-serial one (`proofImb`) when the account assigns IMbs.
 */
export async function* pieceInputBatches(
  ctx: AppContext, source: PrintSource, limit = Infinity, from = 0, opts: { presort?: boolean; imbs?: ImbAssigner } = {},
) {
  const batches = opts.presort && source.sequenceColumn !== null && from === 0
    ? presortedRecordBatches(ctx.db, source.list, source.sequenceColumn, READ_BATCH, limit)
    : printableRecordBatches(ctx.db, source.list, READ_BATCH, limit, from);
  for await (const records of batches) yield pieceInputsOf(ctx, source, records, opts.imbs);
}

/**
 * The pdfme inputs of the pieces at 1-based print-file positions `positions` (presort order when
 * the list maps `sequence`, else list order; see `printableRecordsAt`), in the order given, built as
 * `pieceInputBatches` builds them (docs/requirements/print.md#print: proofs of the pieces a preflight flagged).
 */
export async function pieceInputsAt(ctx: AppContext, source: PrintSource, positions: number[]): Promise<Record<string, string>[]> {
  return pieceInputsOf(ctx, source, await printableRecordsAt(ctx.db, source.list, source.sequenceColumn, positions));
}

/** The pdfme inputs of `records` (see `pieceInputBatches`; `imbs` assigns the IMbs of a print file's pieces). */
async function pieceInputsOf(ctx: AppContext, source: PrintSource, records: EditedRecordRow[], imbs?: ImbAssigner): Promise<Record<string, string>[]> {
  const ids = records.map((r) => r.id);
  const [links, maps] = await Promise.all([
    shortLinksFor(ctx, source.list.id, ids),
    source.mapFields ? printMapFields(ctx, ids, source.mapFields) : null,
  ]);
  const fields: Record<string, string>[] = [];
  for (let i = 0; i < records.length; i++) {
    if (i > 0 && i % BUILD_SLICE === 0) await nextTurn();
    fields.push({ ...printedFields(source, records[i]), ...maps?.get(records[i].id) });
  }
  const pieces = records.map((r, i) => ({ recordId: r.id, recordNumber: r.rowIndex + 1, fields: fields[i], overrides: r.overrides }));
  // The `imb` element prints `imbno` when the record has no `encodedimbno` (shared buildPieceInputs).
  const imbOf = imbs ? await imbs.assign(pieces) : pieces.map((p) => proofImb(source.imb, p));
  const inputs: Record<string, string>[] = [];
  for (let i = 0; i < records.length; i++) {
    if (i > 0 && i % BUILD_SLICE === 0) await nextTurn();
    const r = records[i];
    const imb = imbOf[i];
    inputs.push({
      ...buildPieceInputs(
        source.template,
        imb ? { ...fields[i], imbno: imb } : fields[i],
        { indiciaText: source.indiciaText, qrUrl: links.get(r.id) ?? '' },
      ),
      [PIECE_RECORD_KEY]: String(r.rowIndex + 1), // for the preflight's report; no element has this name
    });
  }
  return source.imageEffects ? source.imageEffects.apply(inputs) : inputs;
}

