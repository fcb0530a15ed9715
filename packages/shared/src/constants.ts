/**
 * Business constants from docs/requirements/designer.md#limits (and §3–§5 where noted). Shared by server and web so the
 * rules are written once.
 */

/** Mailer types (docs/requirements/projects.md#project.template_type). */
export const TEMPLATE_TYPES = ['self_mailer', 'postcard'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Sides of a mail piece (docs/requirements/projects.md#data). */
export const SIDES = ['single', 'double'] as const;
export type Sides = (typeof SIDES)[number];

/** Permit types (docs/requirements/projects.md#data): the product's own permit, a custom one, or none. */
export const PERMIT_TYPES = ['product', 'custom', 'none'] as const;
export type PermitType = (typeof PERMIT_TYPES)[number];

/**
 * Paper sizes in millimetres (width × height, portrait). 8.5x11 and 6x9 from docs/requirements/designer.md#limits;
 * the others are the template-setup sizes of docs/requirements/projects.md#rules (ISO 216 for A sizes).
 */
export const PAPER_SIZES_MM = {
  '8.5x11': { width: 215.9, height: 279.4 },
  '6x9': { width: 152.4, height: 228.6 },
  '11x17': { width: 279.4, height: 431.8 },
  '12x18': { width: 304.8, height: 457.2 },
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
  A2: { width: 420, height: 594 },
} as const;
export type PaperSize = keyof typeof PAPER_SIZES_MM;
export const PAPER_SIZES = Object.keys(PAPER_SIZES_MM) as PaperSize[];

/** Required background image size in pixels at 300 DPI (docs/requirements/designer.md#limits). 6x9 derived the same way. */
export const PIXEL_SIZES_300DPI: Record<PaperSize, { width: number; height: number }> = {
  '8.5x11': { width: 2550, height: 3300 },
  '6x9': { width: 1800, height: 2700 },
  '11x17': { width: 3300, height: 5100 },
  '12x18': { width: 3600, height: 5400 },
  A4: { width: 2480, height: 3508 },
  A3: { width: 3508, height: 4961 },
  A2: { width: 4961, height: 7016 },
};

/** Paper sizes offered on the template setup screen (docs/requirements/projects.md#rules). */
export const TEMPLATE_SETUP_PAPER_SIZES: PaperSize[] = ['8.5x11', '11x17', '12x18', 'A4', 'A3', 'A2'];

/**
 * Mailer sizes allowed per type (docs/requirements/projects.md#rules: 'Additional sizes coming soon').
 * The first entry is the size a type resets to when the type changes (docs/requirements/workflow.md#workflow-order).
 */
export const MAILER_SIZES: Record<TemplateType, PaperSize[]> = {
  self_mailer: ['8.5x11'],
  postcard: ['6x9'],
};
export const MORE_SIZES_MESSAGE = 'Additional sizes coming soon';

/** Page padding on all sides in mm (docs/requirements/designer.md#limits). */
export const PAGE_PADDING_MM = 6.35;

/** New project defaults (docs/requirements/workflow.md#workflow-order). */
export const NEW_PROJECT_DEFAULTS = {
  template_type: 'self_mailer' as TemplateType,
  paper_size: '8.5x11' as PaperSize,
  sides: 'double' as Sides,
  permit_type: 'product' as PermitType,
};

/** Permit rules (docs/requirements/projects.md#rules). */
export const PERMIT_LINE_MAX = 20;
export const PERMIT_LINE_SMALL_TEXT_OVER = 15;
export const PERMIT_LINE_COUNT = 6;
/** Line defaults (docs/requirements/projects.md#rules): seven words for six lines; line 6 holds 'CITY, STATE'. */
export const PERMIT_LINE_DEFAULTS = ['PRESORTED', 'STANDARD', 'U.S. POSTAGE', 'PAID', 'PERMIT NO.', 'CITY, STATE'] as const;

/** Timings in milliseconds (docs/requirements/designer.md#limits). */
export const AUTH_STATUS_CACHE_MS = 5 * 60_000;
export const KEEP_ALIVE_MS = 5 * 60_000;
/**
 * The header that marks a status call as a session check (docs/requirements/account-and-settings.md#session-check): the check reads
 * the session without extending it, so an idle tab's session can still run out and be warned about.
 * Kept here, apart from the auth zod schemas, so the entry chunk does not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
export const SESSION_CHECK_HEADER = 'x-session-check';
export const SUCCESS_MESSAGE_MS = 3_000;
export const PROJECT_EDIT_CLOSE_MS = 1_500;

/** Data preview page sizes (docs/requirements/designer.md#limits). */
export const PREVIEW_PAGE_SIZES = [10, 25, 50] as const;
export const MAPPING_PREVIEW_ROWS = 3;

/** Default design element (docs/requirements/designer.md#limits). */
export const DEFAULT_ELEMENT_FONT = 'Roboto-Regular';
export const DEFAULT_ELEMENT_FONT_SIZE = 24;

/** Upload limits (docs/requirements/mailing-lists.md#upload). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 250_000;
export const UPLOAD_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;
/** Bounds on the work one upload may cause (docs/architecture.md#security-baseline): inflated size of an .xlsx part in bytes … */
export const XLSX_MAX_PART_BYTES = 200 * 1024 * 1024;
/** … of the shared-strings part, which the reader holds in memory whole … */
export const XLSX_MAX_SHARED_STRINGS_BYTES = 100 * 1024 * 1024;
/** … of the styles and workbook parts, also held whole (Excel writes them at a few MB) … */
export const XLSX_MAX_META_PART_BYTES = 16 * 1024 * 1024;
/** … blank rows skipped, characters in one cell … */
export const UPLOAD_MAX_BLANK_ROWS = 250_000;
export const CELL_MAX_CHARS = 10_000;
/** … and imports running at once per user and in all; the rest wait this many seconds, then 429. */
export const IMPORTS_PER_USER = 1;
export const IMPORTS_AT_ONCE = 2;
export const IMPORT_WAIT_SECONDS = 20;
/**
 * Columns of an imported sheet, the header's and any named `Column N` after it. Mailing lists
 * carry tens of columns; an .xls sheet holds at most 256. A row of thousands of empty-looking
 * columns is a hostile or broken file, and every column is a field of every record.
 */
export const UPLOAD_MAX_COLUMNS = 500;
/**
 * Cells (data rows × columns) of an imported sheet: UPLOAD_MAX_ROWS rows of 20 columns. Bounds
 * what one upload writes to the database whatever the shape of the sheet (the row limit alone
 * let 250,000 rows of 500 columns through).
 */
export const UPLOAD_MAX_CELLS = 5_000_000;
/**
 * Characters of cell text in one imported file: twice what the largest upload (UPLOAD_MAX_BYTES)
 * holds as CSV. A small .xlsx can repeat one long shared string in every cell, so the text an
 * upload expands to is bounded apart from its size in bytes.
 */
export const UPLOAD_MAX_TEXT_CHARS = 100_000_000;
/**
 * Cells with a value in a legacy .xls workbook, counted before it is read: SheetJS reads an .xls
 * whole, at ~0.5 KB of memory per cell (1,000,000 cells ≈ 500 MB), where .csv and .xlsx stream.
 * 65,536 rows (the format's most) of 15 columns fit.
 */
export const XLS_MAX_CELLS = 1_000_000;
/**
 * Seconds an upload may spend parsing, in its worker thread, not counting the time it waits for
 * the database: the 100,000-row benchmark parses in about 2 s.
 */
export const IMPORT_PARSE_SECONDS = 60;


/** Session inactivity timeout in seconds (sessions extended by the keep-alive). */
export const SESSION_IDLE_SECONDS = 60 * 60;

/** Status of a print job (docs/requirements/workflow.md#api print calls): queued → running → done | failed. */
export const PRINT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Absolute session lifetime in seconds (docs/architecture.md#security-baseline): a session ends 30 days after sign-in however active; the cookie's Max-Age. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
