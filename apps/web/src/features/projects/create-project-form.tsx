import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Collapse, Form, Input, Radio, Row, Select, Typography, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { NEW_PROJECT_DEFAULTS, PERMIT_TYPES, type PaperSize, type PermitType, type TemplateType, type TPermit } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { PermitList, type PermitSelectHow } from '../permits/permit-list';
import { usePermits, useProductPermit } from '../permits/permits-api';
import { MailerFields } from './mailer-fields';
import { PERMIT_TYPE_LABELS } from './project-labels';
import { useCreateProject } from './projects-api';
import { setSelectedProject } from './selected-project';

type Values = {
  name: string;
  description: string;
  template_type: TemplateType;
  paper_size: PaperSize;
  sides: 'single' | 'double';
  permit_type: PermitType;
};

const INITIAL: Values = { name: '', description: '', ...NEW_PROJECT_DEFAULTS };

/**
 * Advanced section (spec 000 §2): the mailing permit choice — Mailcraft's (only when the server
 * offers it, issue 6), one of the user's own ('custom'), or none — and, for 'custom' only, the
 * permit list: the radio and the 'Selected' card always agree. The default permit is preselected
 * (spec 000 §4).
 */
function PermitChoice({ form, permitId, setPermitId, productAvailable }: {
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

/**
 * Create New Project form (spec 000 §2 "Project list screen", §4, §5): name (required — Create is
 * disabled without it), description, mailer type, size, sides, and an Advanced section with the
 * mailing permit choice and permit management. Defaults: self_mailer, 8.5x11, double, Mailcraft
 * permit. After creating: a blank design is created (failure tolerated), the project is selected
 * and the user goes to /upload?project={id}. Failure: 'Failed to create project'.
 */
export function CreateProjectForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateProject();
  const name: string = Form.useWatch('name', form) ?? '';
  const permitType: PermitType = Form.useWatch('permit_type', form) ?? 'product';
  const [permitId, setPermitId] = useState<string | null>(null);
  const missingPermit = permitType === 'custom' && !permitId;
  const product = useProductPermit();
  const productAvailable = product.data?.available ?? false;
  // The spec's default is Mailcraft's permit; a server without one defaults to no permit (issue 6).
  useEffect(() => {
    if (product.data && !product.data.available && form.getFieldValue('permit_type') === 'product') form.setFieldValue('permit_type', 'none');
  }, [product.data, form]);

  const submit = (v: Values) => {
    if (!v.name.trim() || missingPermit) return;
    create.mutate(
      {
        name: v.name.trim(),
        description: v.description?.trim() ?? '',
        template_type: v.template_type,
        paper_size: v.paper_size,
        sides: v.sides,
        permit_type: v.permit_type === 'product' && !productAvailable ? 'none' : v.permit_type,
        permit_id: v.permit_type === 'custom' ? permitId : null,
      },
      {
        onSuccess: (project) => {
          setSelectedProject(project.id);
          navigate(`/upload?project=${project.id}`);
        },
      },
    );
  };

  return (
    <Card title="Create New Project" className="create-card">
      <Form
        form={form}
        name="create-project"
        layout="vertical"
        initialValues={INITIAL}
        // The store's values: the Advanced panel's fields count even before it was ever opened.
        onFinish={() => submit({ ...INITIAL, ...form.getFieldsValue(true) })}
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item label="Project name" name="name" required>
              <Input placeholder="e.g. Spring open house" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item label="Description" name="description">
              <Input placeholder="What is this mailing for? (optional)" maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        <MailerFields form={form} />
        <Collapse
          items={[{ key: 'advanced', label: 'Advanced', children: <PermitChoice form={form} permitId={permitId} setPermitId={setPermitId} productAvailable={productAvailable} /> }]}
        />
        {create.isError && (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title="Failed to create project" description={errorDetail(create.error)} />
        )}
        <div className="create-actions">
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={create.isPending}
            disabled={!name.trim() || missingPermit}
          >
            Create
          </Button>
        </div>
      </Form>
    </Card>
  );
}
