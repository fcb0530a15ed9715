import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The text of each page of a PDF, read back with poppler's `pdftotext -layout` (CI installs
 * poppler-utils). Throws when pdftotext rejects the file, so a damaged PDF fails the test.
 */
export function pdfPageTexts(pdf: Buffer | Uint8Array): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-pdftext-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const pages = text.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return pages;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Collapses runs of whitespace, so assertions do not depend on layout spacing. */
export const squashSpaces = (s: string) => s.replace(/\s+/g, ' ').trim();
