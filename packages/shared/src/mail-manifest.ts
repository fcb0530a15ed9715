import { z } from 'zod';

/**
 * The mail manifest of a print file (docs/requirements/mail-tracking.md#imb-assignment: "the file a mail house asks for"):
 * one CSV row per piece that carries an IMb, in print order.
 */

/** The manifest's columns, in order: piece number in the file, list record number, IMb digits, addressee and address. */
export const MANIFEST_COLUMNS = ['piece', 'record', 'imb', 'name', 'address_1', 'address_2', 'city', 'state', 'zip'] as const;

/** GET /api/print-jobs/{jobId}/manifest.csv path parameters. */
export const ZManifestParams = z.object({
  jobId: z.string().max(100).describe('Print job id (UUID) of a print file that is not a proof'),
});
export type TManifestParams = z.infer<typeof ZManifestParams>;

/** The URL of a print file's manifest (GET /api/print-jobs/{jobId}/manifest.csv). */
export const manifestUrl = (jobId: string) => `/api/print-jobs/${encodeURIComponent(jobId)}/manifest.csv`;
