import type { TProject } from '@mailcraft/shared';
import { useEffects } from '../admin/effects/effects-api';
import { useListMappings } from '../column-mappings/column-mappings-api';
import { useListPreview } from '../mailing-lists/mailing-lists-api';
import { usePermits, useProductPermit } from '../permits/permits-api';

/** Rows of the list the Designer fetches for its sample values (`useDesignFields`); the first one is shown. */
export const DESIGN_SAMPLE_ROWS = 3;

/**
 * Renders nothing: starts the requests of the Designer's Fields panel (the list's mappings, its
 * first rows, the permits) and of its image effects, with the same hooks and so the same cache
 * entries as the workspace (`useDesignFields`, `useDesignerEffects`), while pdfme's code is still
 * downloading — they used to wait for it. Imports none of pdfme.
 */
export function PrefetchDesignerData({ project }: { project: TProject }) {
  useListMappings(project.list_id);
  useListPreview(project.list_id, 0, DESIGN_SAMPLE_ROWS);
  usePermits();
  useProductPermit();
  useEffects();
  return null;
}
