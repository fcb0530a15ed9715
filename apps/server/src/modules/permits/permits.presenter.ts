import { indiciaLines, type TPermit } from '@mailcraft/shared';
import type { PermitRow } from './permits.repo.js';

/**
 * Maps a permit row to the API shape (docs/requirements/mailing-lists.md#mailing-list permit). `indicia.text` is always the
 * six lines joined by '\n', recomputed so it never drifts from the lines.
 */
export function presentPermit(row: PermitRow): TPermit {
  const { line1, line2, line3, line4, line5, line6 } = row.indicia;
  const lines = { line1, line2, line3, line4, line5, line6 };
  return {
    id: row.id,
    name: row.name,
    indicia: { ...lines, text: indiciaLines(lines).join('\n') },
    is_default: row.isDefault,
    permit_image: row.permitImage,
    mailer_id: row.mailerId,
    created_at: row.createdAt.toISOString(),
  };
}
