import { z } from 'zod';
import { PRINT_JOB_STATUSES } from './constants.js';

/** A print job (spec 000 §7 print calls): progress of rendering a project's print file. */
export const ZPrintJobSchema = z.object({
  id: z.string().describe('Print job id (UUID)'),
  status: z.enum(PRINT_JOB_STATUSES).describe('queued → running → done | failed'),
  done: z.number().int().describe('Mail pieces rendered so far'),
  total: z.number().int().describe('Mail pieces to render'),
  error: z.string().optional().describe('Why the job failed'),
  created_at: z.string().describe('ISO 8601 time the job was created'),
}).meta({ id: 'PrintJob' });
export type TPrintJob = z.infer<typeof ZPrintJobSchema>;

/** POST /api/projects/{id}/print answers 202 with the new job's id. */
export const ZPrintJobCreatedSchema = z.object({
  jobId: z.string().describe('The new print job; poll GET /api/print-jobs/{jobId}'),
});

/** GET /api/print-jobs/{jobId}… path parameters. */
export const ZPrintJobParams = z.object({
  jobId: z.string().max(100).describe('Print job id (UUID)'),
});

/** GET /api/projects/{id}/print/preview?count= — how many mail pieces to render (1–10). */
export const ZPrintPreviewQuerySchema = z.object({
  count: z.coerce.number().int().min(1, 'count must be at least 1').max(10, 'count must be at most 10').default(3)
    .describe('Mail pieces to render from the start of the list'),
});
