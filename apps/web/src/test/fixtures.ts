import type { TListMappings, TListPreview, TProject } from '@mailcraft/shared';
import type { TMailingList } from '../features/mailing-lists/mailing-lists-api';

/** A project as GET /api/projects/{id} presents it; `overrides` change any field. */
export function aProject(overrides: Partial<TProject> = {}): TProject {
  return {
    id: 'project-1', name: 'Spring mailer', description: '', template_type: 'self_mailer', paper_size: '8.5x11',
    sides: 'double', permit_type: 'none', mailing_permit_id: null, list_id: null, list_size: null, list_name: null,
    has_template: false, progress: 0, created_at: '2026-01-01T00:00:00.000Z', thumbnail_inside: null,
    thumbnail_outside: null, thumbnail_r1: null, thumbnail_r2: null, thumbnail_r3: null,
    ...overrides,
  };
}

/** A mailing list as GET /api/lists presents it. */
export function aMailingList(overrides: Partial<TMailingList> = {}): TMailingList {
  return {
    id: 'list-1', name: 'customers.csv', row_count: 2, created_at: '2026-01-01T00:00:00.000Z', project_id: 'project-1', column_count: 6,
    ...overrides,
  };
}

/** A page of GET /api/lists/{id}/preview. */
export function aPreview(headers: string[], rows: string[][]): TListPreview {
  return { headers, rows, total: rows.length, offset: 0, limit: 10 };
}

/** GET /api/mappings/list/{id}. */
export function someMappings(mappings: Record<string, string>, saved = true): TListMappings {
  return { mappings, fieldSettings: { capitalization: {} }, saved };
}
