import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { PROJECT_EDIT_CLOSE_MS, type PaperSize, type TemplateType, type TProject } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { MailerFields } from './mailer-fields';
import { useUpdateProject } from './projects-api';

type Values = { name: string; description: string; template_type: TemplateType; paper_size: PaperSize; sides: 'single' | 'double' };

/** 'Failed to update project: {detail}', or the generic message when the server said nothing (docs/requirements/workflow.md#messages). */
const updateFailure = (err: unknown) => {
  const detail = errorDetail(err);
  return detail ? `Failed to update project: ${detail}` : 'Failed to update project. Please try again.';
};

/**
 * Inline project editing (docs/requirements/workflow.md#route-table "Project list screen"): name, description, template_type,
 * paper_size and sides. Save is disabled without a name; success shows 'Project updated
 * successfully' and closes after 1.5 s (PROJECT_EDIT_CLOSE_MS); a failure shows
 * 'Failed to update project: {detail}' and keeps the edits on screen.
 */
export function ProjectEditForm({ project, onClose }: { project: TProject; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateProject();
  const [saved, setSaved] = useState(false);
  const name: string = Form.useWatch('name', form) ?? project.name;

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => onCloseRef.current(), PROJECT_EDIT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = (v: Values) => {
    if (!v.name.trim()) return;
    update.mutate(
      { id: project.id, ...v, name: v.name.trim(), description: v.description?.trim() ?? '' },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <Form
      form={form}
      name={`edit-project-${project.id}`}
      layout="vertical"
      size="small"
     
      initialValues={{
        name: project.name,
        description: project.description ?? '',
        template_type: project.template_type,
        paper_size: project.paper_size,
        sides: project.sides,
      }}
      onFinish={submit}
      onClick={(e) => e.stopPropagation()}
      aria-label={`Edit project ${project.name}`}
    >
      <Form.Item label="Project name" name="name" required>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
      </Form.Item>
      <MailerFields form={form} stacked />
      {saved && <Alert type="success" showIcon title="Project updated successfully" style={{ marginBottom: 12 }} />}
      {update.isError && <Alert type="error" showIcon title={updateFailure(update.error)} style={{ marginBottom: 12 }} />}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button onClick={onClose} disabled={update.isPending}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!name.trim() || saved}>
          Save
        </Button>
      </div>
    </Form>
  );
}
