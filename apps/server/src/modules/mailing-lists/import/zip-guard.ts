import { createRequire } from 'node:module';
import { LIST_MESSAGES, XLSX_MAX_META_PART_BYTES, XLSX_MAX_PART_BYTES, XLSX_MAX_SHARED_STRINGS_BYTES } from '@mailcraft/shared/list-limits';
import { AppError } from '../../../platform/errors.js';

/** The part of unzipper's directory API used here (unzipper ships no types). */
type ZipEntry = { path: string; uncompressedSize: number; stream(): NodeJS.ReadableStream & { destroy(): void } };
// unzipper is exceljs's own zip reader (a CommonJS module).
const unzipper = createRequire(import.meta.url)('unzipper') as { Open: { buffer(b: Buffer): Promise<{ files: ZipEntry[] }> } };

/**
 * The most a part of the workbook may expand to, in bytes: shared strings are held in memory
 * whole; the reader also holds the styles and workbook parts whole (a 190 MB styles part cost
 * ~310 MB of heap), and Excel itself writes them at a few MB, so they get XLSX_MAX_META_PART_BYTES.
 */
const partLimit = (name: string) =>
  /sharedStrings\.xml$/i.test(name) ? XLSX_MAX_SHARED_STRINGS_BYTES
    : /(styles|workbook)\.xml$/i.test(name) ? XLSX_MAX_META_PART_BYTES
      : XLSX_MAX_PART_BYTES;

/**
 * Checks an .xlsx (a ZIP) before it is parsed (docs/architecture.md#security-baseline "server crash"): every part's
 * declared size, and then its actual inflated size — counted while inflating into nothing,
 * since a declared size can lie — must stay under its limit (200 MB; 100 MB for the shared
 * strings, which the reader keeps in memory). Stops inflating at the limit, so a bomb costs at
 * most that much work. Errors: UNPROCESSABLE (422) LIST_MESSAGES.expandsTooMuch; a ZIP it cannot
 * read → LIST_MESSAGES.invalid.
 */
export async function checkZipExpansion(bytes: Uint8Array): Promise<void> {
  let files: ZipEntry[];
  try {
    files = (await unzipper.Open.buffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).files;
  } catch {
    throw new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid);
  }
  for (const file of files) {
    if (file.uncompressedSize > partLimit(file.path)) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch);
  }
  for (const file of files.filter((f) => /\.xml$/i.test(f.path))) await inflatedWithin(file, partLimit(file.path));
}

/** Inflates one part, counting bytes; throws expandsTooMuch as soon as it passes `limit`. */
function inflatedWithin(file: ZipEntry, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = file.stream();
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        reject(new AppError('UNPROCESSABLE', LIST_MESSAGES.expandsTooMuch));
      }
    });
    stream.on('end', () => resolve());
    stream.on('error', () => reject(new AppError('UNPROCESSABLE', LIST_MESSAGES.invalid)));
  });
}
