import { useCallback, useMemo, useState } from 'react';
import { Alert, App, Button, Collapse, Tag, Typography } from 'antd';
import { Card } from '../../components/card';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MAPPING_PREVIEW_ROWS, mapRecord, type Capitalization } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { DataPreviewTable } from '../mailing-lists/data-preview-table';
import type { TMailingList } from '../mailing-lists/mailing-lists-api';
import { useSaveMappings, type TListMappings } from './column-mappings-api';
import { FIELD_GROUPS } from './field-labels';
import { assign, draftFrom, setCapitalization, toPayload } from './mapping-draft';
import { MappingSection } from './mapping-section';
import './column-mappings.css';

type Props = {
  projectId: string;
  list: TMailingList;
  headers: string[];
  /** Raw rows from the start of the list; the first 3 are previewed (docs/requirements/designer.md#limits). */
  sampleRows: string[][];
  initial: TListMappings;
  /** Called once the mappings are saved; by default the editor goes on to /qr/{listId}. */
  onSaved?: () => void;
};

/**
 * The mapping form (docs/requirements/workflow.md#route-table): the three field groups, Back and 'Save Mappings & Continue',
 * then the Data Preview table. Saving posts the mappings and calls `onSaved`, else goes to /qr/{listId} (§4); a failure
 * shows 'Failed to save mappings: {detail}' and keeps the edits. Back clears the selected list and
 * returns to /upload?project={id}.
 */
export function MappingEditor({ projectId, list, headers, sampleRows, initial, onSaved }: Props) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveMappings();
  const [draft, setDraft] = useState(() => draftFrom(headers, initial.mappings, initial.fieldSettings));

  // column → target is exactly "which field uses each column" (a column maps to one field, §5).
  const usedBy = draft.mappings;
  const previews = useMemo(() => {
    const out: Record<string, string[]> = {};
    const settings = { capitalization: draft.capitalization };
    for (const row of sampleRows.slice(0, MAPPING_PREVIEW_ROWS)) {
      const printed = mapRecord(headers, row, draft.mappings, settings);
      for (const target of new Set(Object.values(draft.mappings))) (out[target] ??= []).push(printed[target] ?? '');
    }
    return out;
  }, [draft, headers, sampleRows]);

  const onColumnsChange = useCallback((target: string, columns: string[]) => setDraft((d) => assign(d, target, columns)), []);
  const onCapitalizationChange = useCallback(
    (target: string, mode: Capitalization) => setDraft((d) => setCapitalization(d, target, mode)),
    [],
  );

  const mappedTargets = new Set(Object.values(draft.mappings));
  const mappedColumns = headers.filter((h) => draft.mappings[h]).length;
  const autoMatched = useMemo(() => headers.filter((h) => initial.mappings[h]).length, [headers, initial]);

  const submit = () =>
    save.mutate(toPayload(list.id, draft), {
      onSuccess: () => {
        message.success('Mappings saved');
        if (onSaved) onSaved();
        else navigate(`/qr/${list.id}`);
      },
    });

  return (
    <div className="mapping-page">
      <div className="page-header">
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>Map Columns</Typography.Title>
          <Typography.Text type="secondary">
            <strong>{list.name}</strong> · {list.row_count.toLocaleString()} records · {mappedColumns} of {headers.length} columns mapped
          </Typography.Text>
        </div>
      </div>

      {!initial.saved && (
        <Alert
          className="page-section"
          type="info"
          showIcon
          title={autoMatched ? `We matched ${autoMatched} ${autoMatched === 1 ? 'column' : 'columns'} automatically.` : 'Match your columns to the fields.'}
          description="Check each field below, choose the column it comes from and how its text should be capitalized. The preview shows the first rows as they will print."
        />
      )}

      <Collapse
        className="page-section mapping-groups"
        defaultActiveKey={['standard']}
        items={FIELD_GROUPS.map((g) => {
          const count = g.fields.filter((f) => mappedTargets.has(f)).length;
          return {
            key: g.key,
            label: <Typography.Text strong>{g.title}</Typography.Text>,
            extra: <Tag color={count ? 'blue' : 'default'}>{count} of {g.fields.length} mapped</Tag>,
            children: (
              <MappingSection
                fields={g.fields}
                headers={headers}
                draft={draft}
                usedBy={usedBy}
                previews={previews}
                onColumnsChange={onColumnsChange}
                onCapitalizationChange={onCapitalizationChange}
              />
            ),
          };
        })}
      />

      <div className="mapping-actions">
        {save.isError && (
          <Alert
            className="mapping-save-error"
            type="error"
            showIcon
            role="alert"
            title={`Failed to save mappings: ${errorDetail(save.error)}`}
          />
        )}
        <div className="mapping-actions-buttons">
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/upload?project=${projectId}`)}>Back</Button>
          <Button type="primary" icon={<ArrowRightOutlined aria-hidden />} iconPlacement="end" loading={save.isPending} onClick={submit}>
            Save Mappings & Continue
          </Button>
        </div>
      </div>

      <Card title="Data Preview" className="page-section">
        <DataPreviewTable listId={list.id} step="mapping" printed={{ mappings: draft.mappings, settings: { capitalization: draft.capitalization } }} />
      </Card>
    </div>
  );
}
