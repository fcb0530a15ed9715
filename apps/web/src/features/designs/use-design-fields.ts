import { useMemo } from 'react';
import { fieldLabel, indiciaLines, mapRecord, PRODUCT_PERMIT_UNAVAILABLE, projectIndiciaLines, type TProject } from '@mailcraft/shared';
import { mappedFields } from './design-elements';
import { useListMappings } from '../column-mappings/column-mappings-api';
import { useListPreview } from '../mailing-lists/mailing-lists-api';
import { usePermits, useProductPermit } from '../permits/permits-api';
import type { FieldItem, FieldsPanelProps } from './fields-panel';
import { DESIGN_SAMPLE_ROWS } from './prefetch-designer-data';

/** Fields filled from mapped ones when the list does not map them (shared `withDerivedFields`). */
const DERIVED_FIELDS = ['full_name', 'city_state_zip', 'full_name_mail'];

export type DesignFields = {
  /** What the Fields panel shows, less the props the workspace owns. */
  panel: Omit<FieldsPanelProps, 'sideLabel' | 'disabled' | 'onInsert'>;
  /** The first record's target-field values (mapped, capitalised, derived), {} without a list. */
  record: Record<string, string>;
  /** The project's permit lines joined by '\n'; '' without a permit. */
  indiciaText: string;
};

/**
 * The project's merge fields for the Designer (docs/requirements/mailing-lists.md#mappings, Mailing permit): the mapped
 * target fields of its list (GET /api/mappings/list/{id}) with the first record's values (GET
 * /api/lists/{id}/preview, through shared `mapRecord`, as the print renderer sees them), and the
 * indicia of the project's permit (GET /api/templates/permits). Load failures show as
 * 'Failed to load list data' / 'Failed to load mailing permits' (docs/requirements/workflow.md#messages) and do not block
 * the Designer.
 */
export function useDesignFields(project: TProject): DesignFields {
  const listId = project.list_id;
  const mappings = useListMappings(listId);
  const sample = useListPreview(listId, 0, DESIGN_SAMPLE_ROWS);
  const permits = usePermits();
  const productPermit = useProductPermit();

  return useMemo(() => {
    const m = mappings.data;
    const fields = m ? mappedFields(m.mappings) : [];
    const row = sample.data?.rows[0];
    const record = m && sample.data && row ? mapRecord(sample.data.headers, row, m.mappings, m.fieldSettings) : {};
    const item = (field: string): FieldItem => ({ field, label: fieldLabel(field), sample: record[field] ?? '' });
    const derived = fields.length > 0 && row ? DERIVED_FIELDS.filter((f) => !fields.includes(f) && record[f]) : [];

    let indicia: FieldsPanelProps['indicia'];
    let indiciaText = '';
    if (project.permit_type === 'none') indicia = { unavailable: 'This project is set up without a mailing permit' };
    else if (project.permit_type === 'product') {
      const lines = projectIndiciaLines('product', null, productPermit.data?.indicia ?? null);
      if (lines) {
        indiciaText = lines.join('\n');
        indicia = { text: indiciaText };
      } else indicia = { unavailable: productPermit.isPending ? 'Loading mailing permits…' : PRODUCT_PERMIT_UNAVAILABLE };
    } else if (!project.mailing_permit_id) indicia = { unavailable: 'Choose a mailing permit for this project first' };
    else if (permits.isPending) indicia = { unavailable: 'Loading mailing permits…' };
    else if (permits.isError) indicia = { unavailable: 'Failed to load mailing permits' };
    else {
      const permit = permits.data.find((p) => p.id === project.mailing_permit_id);
      if (permit) {
        indiciaText = indiciaLines(permit.indicia).join('\n');
        indicia = { text: indiciaText };
      } else indicia = { unavailable: 'The project’s mailing permit no longer exists' };
    }

    return {
      record,
      indiciaText,
      panel: {
        fields: fields.map(item),
        derived: derived.map(item),
        loading: !!listId && (mappings.isPending || sample.isPending),
        error: mappings.isError || sample.isError ? 'Failed to load list data' : null,
        mappingHref: listId ? `/upload?project=${project.id}&listId=${listId}&step=mapping` : null,
        uploadHref: `/upload?project=${project.id}`,
        sample: record,
        indicia,
      },
    };
  }, [mappings.data, mappings.isPending, mappings.isError, sample.data, sample.isPending, sample.isError,
    permits.data, permits.isPending, permits.isError, productPermit.data, productPermit.isPending, project, listId]);
}
