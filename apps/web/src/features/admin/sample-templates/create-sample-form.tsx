import { useState } from 'react';
import { Alert, App, Button, Input } from 'antd';
import { SAMPLE_TEMPLATE_LIMITS, sampleTypeLabel, type TemplateType } from '@mailcraft/shared';
import { NativeSelect } from '../../../components/native-select';
import { errorDetail } from '../../../lib/api-client';
import { useProjects } from '../../projects/projects-api';
import { useCreateSample } from './sample-templates-api';

/**
 * 'Create from a project' (docs/requirements/administration.md#administration): one of the administrator's own projects with a design, a
 * name and an optional description → a new hidden sample with the project's type, size and
 * design. A failure shows the server's message and keeps what was typed.
 */
export function CreateSampleForm() {
  const { message } = App.useApp();
  const projects = useProjects();
  const create = useCreateSample();
  const [projectId, setProjectId] = useState<string>();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const designed = (projects.data ?? []).filter((p) => p.has_template);
  const submit = async () => {
    if (!projectId) return;
    try {
      const sample = await create.mutateAsync({ projectId, name: name.trim(), description: description.trim() });
      message.success(`Created '${sample.name}' (hidden: publish it to show it in the gallery)`);
      setProjectId(undefined);
      setName('');
      setDescription('');
    } catch {
      // shown below from create.error
    }
  };
  return (
    <form className="admin-sample-create" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <label>
        Project
        <NativeSelect
          aria-label="Project" value={projectId} placeholder={projects.isPending ? 'Loading…' : 'Choose one of your projects'}
          onChange={(id) => { setProjectId(id); if (!name) setName(designed.find((p) => p.id === id)?.name ?? ''); }}
          options={designed.map((p) => ({ value: p.id, label: `${p.name} — ${sampleTypeLabel(p.template_type as TemplateType)} ${p.paper_size}` }))}
        />
      </label>
      <label>
        Name
        <Input aria-label="Name" value={name} maxLength={SAMPLE_TEMPLATE_LIMITS.name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="admin-sample-create-wide">
        Description (optional)
        <Input.TextArea aria-label="Description (optional)" value={description} maxLength={SAMPLE_TEMPLATE_LIMITS.description} autoSize={{ minRows: 2 }} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <div className="admin-sample-create-wide">
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!projectId || !name.trim()}>Create sample template</Button>
        {projects.isSuccess && designed.length === 0 && <span className="admin-hint"> None of your projects has a design yet.</span>}
      </div>
      {projects.isError && <Alert className="admin-sample-create-wide" type="error" showIcon title={`Failed to load projects: ${errorDetail(projects.error)}`} />}
      {create.isError && <Alert className="admin-sample-create-wide" type="error" showIcon title={`Could not create the sample template: ${errorDetail(create.error)}`} />}
    </form>
  );
}
