import { z } from 'zod';
import { PRINT_JOB_STATUSES } from './constants.js';
import { ZPreflightSchema, ZPrintOptionsSchema } from './preflight.js';
import { PRINT_JOB_PHASES } from './print-phases.js';

/** A print job (docs/requirements/workflow.md#api print calls): progress of rendering a project's print file. */
export const ZPrintJobSchema = z.object({
  id: z.string().describe('Print job id (UUID)'),
  status: z.enum(PRINT_JOB_STATUSES).describe('queued → running → done | failed'),
  done: z.number().int().describe('Mail pieces rendered so far'),
  total: z.number().int().describe('Mail pieces to render'),
  error: z.string().optional().describe('Why the job failed'),
  created_at: z.string().describe('ISO 8601 time the job was created'),
  started_at: z.string().nullable().describe('ISO 8601 time rendering (last) started, null while queued'),
  finished_at: z.string().nullable().describe('ISO 8601 time the job ended (done or failed), else null'),
  phase: z.enum(PRINT_JOB_PHASES).nullable()
    .describe('What the job is doing while running: preparing (reading the list and design), rendering (`done` of `total` pieces), merging (the rendered pieces into one PDF), preflight (checking the file), storing (saving it); null while queued and once done; for a failed job, the phase it failed in'),
  eta_seconds: z.number().int().nullable()
    .describe('Estimated seconds until every piece is rendered, from the rate so far; null before the first pieces, after the last one, or when not running'),
  list_name: z.string().nullable().describe('The mailing list printed, as named when the job started'),
  design_version: z.number().int().nullable().describe('The design version printed (1 for the first save, +1 per save)'),
  file_size: z.number().int().nullable().describe('Size of the finished PDF in bytes, null until done'),
  options: ZPrintOptionsSchema.describe('The print options the file was started with'),
  preflight: ZPreflightSchema.nullable().describe('The preflight report once the job is done, else null'),
}).meta({ id: 'PrintJob' });
export type TPrintJob = z.infer<typeof ZPrintJobSchema>;

/** GET /api/projects/{id}/print-jobs: the project's print files, newest first (docs/requirements/workflow.md#clear-states-and-fast-pages: print-file history). */
export const ZPrintJobListSchema = z.array(ZPrintJobSchema).meta({ id: 'PrintJobList' });
/** How many earlier print files the history lists. */
export const PRINT_HISTORY_LIMIT = 20;

/** POST /api/projects/{id}/print answers 202 with the new job's id. */
export const ZPrintJobCreatedSchema = z.object({
  jobId: z.string().describe('The new print job; poll GET /api/print-jobs/{jobId}'),
});

/** GET /api/print-jobs/{jobId}… path parameters. */
export const ZPrintJobParams = z.object({
  jobId: z.string().max(100).describe('Print job id (UUID)'),
});

/** GET /api/projects/{id}/print/preview?count=&from= — which mail pieces to render (1–10 from record `from`). */
export const ZPrintPreviewQuerySchema = z.object({
  count: z.coerce.number().int().min(1, 'count must be at least 1').max(10, 'count must be at most 10').default(3)
    .describe('Mail pieces to render'),
  from: z.coerce.number().int().min(0, 'from must be at least 0').max(10_000_000).default(0)
    .describe('0-based index of the first record to render (record number − 1); past the end renders nothing (422)'),
});

/** GET /api/projects/{id}/print/records?q= — find records to proof by name or any other value. */
export const ZProofSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type at least one character').max(100, 'At most 100 characters')
    .describe('Text any value of the record contains (case-insensitive)'),
});

/** One record found for proofing (docs/requirements/workflow.md#clear-states-and-fast-pages: page through any record by number or search by name). */
export const ZProofRecordSchema = z.object({
  record: z.number().int().describe('1-based record number in list order (preview with from = record − 1)'),
  name: z.string().describe('Full name, else company, else \'\''),
  address: z.string().describe('Address line and last line, as they print'),
}).meta({ id: 'ProofRecord' });
export type TProofRecord = z.infer<typeof ZProofRecordSchema>;
/** Records a proof search answers with at most. */
export const PROOF_SEARCH_LIMIT = 10;

/** GET /api/projects/{id}/print/check: what would print badly (docs/requirements/workflow.md#clear-states-and-fast-pages), before generating. */
export const ZPrintCheckSchema = z.object({
  list: z.object({
    id: z.string().describe('The list the project prints from'),
    name: z.string().describe('Its name'),
    row_count: z.number().int().describe('Its records, one mail piece each'),
  }).describe('The project\'s current mailing list'),
  unmapped_fields: z.array(z.object({
    field: z.string().describe('Target field, e.g. first_name'),
    label: z.string().describe('Its display name, e.g. First Name'),
  })).describe('Fields the design prints that no column of the list maps: they print empty on every piece'),
  missing_address: z.object({
    records: z.number().int().describe('Records lacking at least one required address part'),
    parts: z.array(z.object({
      field: z.string().describe('address, city, state, zip or city_state_zip'),
      label: z.string().describe('Display name'),
      records: z.number().int().describe('Records where it is empty'),
    })).describe('Each required part that some records lack, with their count'),
    examples: z.array(z.object({
      record: z.number().int().describe('1-based record number in list order'),
      name: z.string().describe('The record\'s name (full name or company), \'\' when none'),
    })).describe('The first few such records'),
  }).describe('Records whose mail piece would lack part of its address'),
  warnings: z.number().int().describe('How many warnings there are; 0 means ready to print'),
}).meta({ id: 'PrintCheck' });
export type TPrintCheck = z.infer<typeof ZPrintCheckSchema>;

/** POST /api/projects/{id}/print body: confirmation of warnings and the print options (docs/requirements/print.md#print). */
export const ZPrintStartSchema = ZPrintOptionsSchema.extend({
  confirm_warnings: z.boolean().default(false)
    .describe('Generate although GET …/print/check reports warnings (the user\'s explicit choice); without it the server answers 409'),
}).meta({ id: 'PrintStart' });

/** The 409 message when a print is started without confirming its warnings (docs/requirements/workflow.md#clear-states-and-fast-pages). */
export const PRINT_WARNINGS_MESSAGE = 'This print file has warnings (fields the list does not map or records missing address parts). Review them and confirm to generate anyway.';
