import { useId } from 'react';
import { Form, Radio, Select, Typography, type FormInstance } from 'antd';
import { PERMIT_TYPES, type PaperSize, type PermitType, type TemplateType, type TPermit } from '@mailcraft/shared';
import { PermitList, type PermitSelectHow } from '../permits/permit-list';
import { usePermits } from '../permits/permits-api';
import { PERMIT_TYPE_LABELS } from './project-labels';

/** The Create New Project form's values. */
export type CreateProjectValues = {
  name: string;
  description: string;
  template_type: TemplateType;
  paper_size: PaperSize;
  sides: 'single' | 'double';
  permit_type: PermitType;
};
type Values = CreateProjectValues;

/**
 * Advanced section (docs/requirements/workflow.md#route-table): the mailing permit choice — Mailcraft's (only when the server
 * offers it, docs/requirements/workflow.md#clear-states-and-fast-pages), one of the user's own ('custom'), or none — and, for 'custom' only, the
 * permit list: the radio and the 'Selected' card always agree. The default permit is preselected
 * (docs/requirements/workflow.md#workflow-order).
 */
export function PermitChoice({ form, permitId, setPermitId, productAvailable }: {
  form: FormInstance<Values>;
  permitId: string | null;
  setPermitId: (id: string | null) => void;
  productAvailable: boolean;
}) {
  const permitType: PermitType = Form.useWatch('permit_type', form) ?? 'product';
  const permits = usePermits();
  const selectId = useId();
  const onSelect = (permit: TPermit | null, how: PermitSelectHow) => {
    setPermitId(permit?.id ?? null);
    if (how === 'user' && permit) form.setFieldValue('permit_type', 'custom');
  };
  return (
    <>
      <Form.Item label="Mailing permit" name="permit_type">
        <Radio.Group
          aria-label="Mailing permit"
          options={PERMIT_TYPES.filter((t) => t !== 'product' || productAvailable).map((t) => ({ value: t, label: PERMIT_TYPE_LABELS[t] }))}
        />
      </Form.Item>
      {permitType === 'custom' && (
        <Form.Item
          label="Permit"
          htmlFor={selectId}
          help={!permitId ? 'Choose one of your permits, or add a new one below.' : undefined}
          validateStatus={!permitId ? 'warning' : undefined}
        >
          <Select
            id={selectId}
            value={permitId ?? undefined}
            onChange={(id: string) => setPermitId(id)}
            placeholder="Choose a permit"
            loading={permits.isPending}
            options={(permits.data ?? []).map((p) => ({ value: p.id, label: p.is_default ? `${p.name} (default)` : p.name }))}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
      )}
      {permitType === 'custom' && (
        <>
          <Typography.Title level={5} style={{ marginTop: 8 }}>Your mailing permits</Typography.Title>
          <PermitList selectedId={permitId} onSelect={onSelect} />
        </>
      )}
    </>
  );
}

