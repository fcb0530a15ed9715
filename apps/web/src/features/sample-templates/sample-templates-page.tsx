import { useState } from 'react';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { MAILER_SIZES, PAPER_SIZES, TEMPLATE_TYPES, sampleTypeLabel, type PaperSize, type TemplateType, type TSampleTemplate } from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { SampleCard } from './sample-card';
import { useSampleTemplates, type SampleFilter } from './sample-templates-api';
import { UseTemplateDialog } from './use-template-dialog';
import './sample-templates.css';

const ANY = 'any';
const SIZES = PAPER_SIZES.filter((s) => TEMPLATE_TYPES.some((t) => MAILER_SIZES[t].includes(s)));

/**
 * /templates (docs/requirements/designer.md#sample-templates): the gallery of published sample templates — front and back
 * thumbnails, name, type and size — filtered by type and size; 'Use this template' opens the
 * dialog that copies the design into a project and opens the Designer. Loading, empty and error
 * states.
 */
export function SampleTemplatesPage() {
  const [filter, setFilter] = useState<SampleFilter>({});
  const [using, setUsing] = useState<TSampleTemplate | null>(null);
  const samples = useSampleTemplates(filter);
  const filtered = !!(filter.type || filter.size);
  return (
    <div className="templates-page">
      <Typography.Title level={2}>Templates</Typography.Title>
      <Typography.Paragraph type="secondary">Start from a ready-made design: the address block, the postage indicia and a QR code are already in place.</Typography.Paragraph>
      <div className="templates-filters">
        <label>
          Type
          <NativeSelect
            aria-label="Type" value={filter.type ?? ANY}
            onChange={(v) => setFilter((f) => ({ ...f, type: v === ANY ? undefined : (v as TemplateType) }))}
            options={[{ value: ANY, label: 'All types' }, ...TEMPLATE_TYPES.map((t) => ({ value: t, label: sampleTypeLabel(t) }))]}
          />
        </label>
        <label>
          Size
          <NativeSelect
            aria-label="Size" value={filter.size ?? ANY}
            onChange={(v) => setFilter((f) => ({ ...f, size: v === ANY ? undefined : (v as PaperSize) }))}
            options={[{ value: ANY, label: 'All sizes' }, ...SIZES.map((s) => ({ value: s, label: s }))]}
          />
        </label>
        {filtered && <Button onClick={() => setFilter({})}>Clear filters</Button>}
      </div>
      {samples.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : samples.isError ? (
        <Alert type="error" showIcon title={`Failed to load templates: ${errorDetail(samples.error)}`}
          action={<Button size="small" loading={samples.isFetching} onClick={() => void samples.refetch()}>Retry</Button>} />
      ) : samples.data.length === 0 ? (
        <Empty description={filtered ? 'No templates match these filters.' : 'No templates have been published yet.'} />
      ) : (
        <div className="templates-grid">
          {samples.data.map((s) => <SampleCard key={s.id} sample={s} onUse={setUsing} />)}
        </div>
      )}
      {using && <UseTemplateDialog sample={using} onClose={() => setUsing(null)} />}
    </div>
  );
}
