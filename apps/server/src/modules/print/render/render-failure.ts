import { AppError } from '../../../platform/errors.js';

/** Absolute file paths (POSIX or Windows) as they appear in Node's and libraries' error messages. */
const FILE_PATH = /(?:[A-Za-z]:\\|\/)(?:[^\s'"()<>,:;]+[\\/])+[^\s'"()<>,:;]*/g;

/**
 * The sentence a failed print job shows its owner, never a temporary file's path or a stack: an
 * AppError's own message; for a render thread that ran out of heap, that the design needs more
 * memory than a render may have; for a file-system error (a `code` such as ENOENT or ENOSPC),
 * that the file could not be written; otherwise 'Rendering failed: ' and the error's message
 * (pdfme names the element and input it choked on) with any file path in it taken out.
 */
export function renderFailureMessage(err: unknown): string {
  if (err instanceof AppError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return 'Rendering failed: the design needs more memory than a render may use. Use fewer or smaller images and try again.';
  }
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return 'Rendering failed: the print file could not be written. Please try again.';
  const message = err instanceof Error ? err.message : String(err);
  return `Rendering failed: ${message.replace(FILE_PATH, 'a temporary file').slice(0, 500)}`;
}
