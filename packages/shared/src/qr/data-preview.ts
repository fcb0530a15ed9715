import { z } from 'zod';

/** Data preview and map data cover the first 25 records only (docs/requirements/qr-codes.md#rules). */
export const QR_PREVIEW_MAX_RECORDS = 25;
/** Preview URLs show 5 records per page (docs/requirements/maps.md#screens). */
export const QR_PREVIEW_PAGE_SIZE = 5;

/** GET /api/data-preview/list/{listId}?page&limit (docs/requirements/maps.md#api). */
export const ZDataPreviewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1).describe('Page, from 1'),
  limit: z.coerce.number().int().min(1).max(QR_PREVIEW_MAX_RECORDS).default(QR_PREVIEW_MAX_RECORDS)
    .describe(`Records per page (1–${QR_PREVIEW_MAX_RECORDS})`),
});

/** One previewed record: its values, its mapped fields and its short link. */
export const ZPreviewRecordSchema = z.object({
  record_id: z.string().describe('The record'),
  short_url: z.string().describe('The record\'s short link, {PUBLIC_URL}/{code}'),
  fields: z.record(z.string(), z.string()).describe('Mapped fields (target field → value) after the list\'s capitalization'),
});

/**
 * The data preview (docs/requirements/maps.md#api): headers and rows of the list's first 25 records, each with its
 * short link and mapped fields, so the screen shows real destination URLs.
 */
export const ZDataPreviewSchema = z.object({
  headers: z.array(z.string()).describe('Column names'),
  rows: z.array(z.array(z.string())).describe('Values per record, in column order'),
  records: z.array(ZPreviewRecordSchema).describe('The same records: id, short link, mapped fields'),
  total: z.number().int().describe(`Records previewable: the list's records, at most ${QR_PREVIEW_MAX_RECORDS}`),
  page: z.number().int().describe('This page'),
  limit: z.number().int().describe('Records per page'),
}).meta({ id: 'DataPreview' });
export type TDataPreview = z.infer<typeof ZDataPreviewSchema>;

/** One record's map data (docs/requirements/maps.md#data "Map data per record"); empty until maps exist. */
export const ZQrMapDataSchema = z.object({
  record_id: z.string().describe('The record'),
  distance: z.number().nullable().describe('Driving distance, metres'),
  duration: z.number().nullable().describe('Driving time, seconds'),
  s3_url: z.string().nullable().describe('URL of the route map image'),
});
