import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Col, Collapse, Form, Input, Row, Skeleton } from 'antd';
import { Card } from '../../components/card';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { NEW_PROJECT_DEFAULTS, type PermitType } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useProductPermit } from '../permits/permits-api';
import { useSettings } from '../settings/settings-api';
import { MailerFields } from './mailer-fields';
import { useCreateProject } from './projects-api';
import { setSelectedProject } from './selected-project';
import type { CreateProjectValues as Values } from './permit-choice';

/** The Advanced section's permit management loads when the section is first opened (docs/requirements/workflow.md#clear-states-and-fast-pages: first-load size). */
const PermitChoice = lazy(() => import('./permit-choice').then((m) => ({ default: m.PermitChoice })));

const INITIAL: Values = { name: '', description: '', ...NEW_PROJECT_DEFAULTS };

/**
 * Create New Project form (docs/requirements/workflow.md#route-table "Project list screen", §4, §5): name (required — Create is
 * disabled without it), description, mailer type, size, sides, and an Advanced section with the
 * mailing permit choice and permit management. Defaults: the user's from /settings (docs/requirements/administration.md#administration),
 * until they load self_mailer, 8.5x11, double, Mailcraft permit. After creating: a blank design is created (failure tolerated), the project is selected
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
  // The spec's default is Mailcraft's permit; a server without one defaults to no permit (docs/requirements/workflow.md#clear-states-and-fast-pages).
  useEffect(() => {
    if (product.data && !product.data.available && form.getFieldValue('permit_type') === 'product') form.setFieldValue('permit_type', 'none');
  }, [product.data, form]);
  // The user's defaults from /settings (docs/requirements/administration.md#administration), unless they already chose in this form.
  const defaults = useSettings().data?.project_defaults;
  useEffect(() => {
    if (defaults && !form.isFieldsTouched(['template_type', 'paper_size', 'sides', 'permit_type'])) form.setFieldsValue(defaults);
  }, [defaults, form]);

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
          items={[{ key: 'advanced', label: 'Advanced', children: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <PermitChoice form={form} permitId={permitId} setPermitId={setPermitId} productAvailable={productAvailable} />
            </Suspense>
          ) }]}
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
