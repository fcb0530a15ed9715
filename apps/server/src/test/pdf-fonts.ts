import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The fonts of a PDF as poppler's `pdffonts` lists them — name (pdf-lib's subset tag and numeric
 * suffix removed) and whether it is embedded. Throws when pdffonts rejects the file.
 */
export function pdfFonts(pdf: Uint8Array): Array<{ name: string; embedded: boolean }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-pdffonts-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const out = execFileSync('pdffonts', [path.join(dir, 'in.pdf')], { encoding: 'utf8' });
    return out.split('\n').slice(2).filter(Boolean).map((line) => {
      const cols = line.trim().split(/\s+/);
      return { name: cols[0].replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''), embedded: cols.at(-5) === 'yes' };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
