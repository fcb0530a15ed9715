import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Input, Modal, Radio } from 'antd';
import { SAMPLE_TEMPLATE_MESSAGES, sampleTypeLabel, type TemplateType, type TSampleTemplate } from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { useCreateProject, useProjects } from '../projects/projects-api';
import { useApplySample } from './sample-templates-api';

type Mode = 'existing' | 'new';

/**
 * 'Use this template' (docs/requirements/administration.md#administration): choose one of your projects of the sample's type and size — a
 * project that already has a design is warned that it will be replaced — or create a new project
 * (POST /api/projects with the sample's type, size and sides, then its blank design); the sample
 * is applied and the Designer opens at /projects/{id}/editor. A failure shows the server's message
 * and keeps the dialog and the choices; a project created before a failed apply is kept selected,
 * so trying again does not create a second one.
 */
export function UseTemplateDialog({ sample, onClose }: { sample: TSampleTemplate; onClose: () => void }) {
  const navigate = useNavigate();
  const projects = useProjects();
  const create = useCreateProject();
  const apply = useApplySample();
  const matching = (projects.data ?? []).filter((p) => p.template_type === sample.template_type && p.paper_size === sample.paper_size);
  const [chosenMode, setMode] = useState<Mode>();
  const [projectId, setProjectId] = useState<string>();
  const [name, setName] = useState(sample.name);
  const [error, setError] = useState<string | null>(null);
  const mode: Mode = chosenMode ?? (matching.length > 0 ? 'existing' : 'new');
  const chosen = matching.find((p) => p.id === projectId);
  const busy = create.isPending || apply.isPending;
  const kind = `${sampleTypeLabel(sample.template_type as TemplateType).toLowerCase()} ${sample.paper_size}`;
  const ready = mode === 'new' ? name.trim().length > 0 : !!chosen;

  const submit = async () => {
    setError(null);
    try {
      let id = chosen?.id;
      if (mode === 'new') {
        const project = await create.mutateAsync({
          name: name.trim(), description: '', template_type: sample.template_type, paper_size: sample.paper_size, sides: sample.sides,
        });
        id = project.id;
        setMode('existing');
        setProjectId(project.id);
      }
      if (!id) return;
      await apply.mutateAsync({ sampleId: sample.id, projectId: id });
      navigate(`/projects/${id}/editor`);
    } catch (err) {
      setError(`Could not use the template: ${errorDetail(err)}`);
    }
  };

  return (
    <Modal
      open title={`Use “${sample.name}”`} okText="Use this template" onOk={() => void submit()} onCancel={onClose}
      confirmLoading={busy} okButtonProps={{ disabled: !ready }} cancelButtonProps={{ disabled: busy }}
    >
      <div className="use-template-choice">
        <p>This template is a {kind}. Its design is copied into a {kind} project, and the Designer opens.</p>
        {projects.isError && <Alert type="error" showIcon title={`Failed to load projects: ${errorDetail(projects.error)}`} />}
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as Mode)} disabled={busy}>
          <Radio value="existing" disabled={matching.length === 0}>One of my projects</Radio>
          <Radio value="new">Create a new project</Radio>
        </Radio.Group>
        {mode === 'existing' ? (
          <label>
            Project
            <NativeSelect
              aria-label="Project" value={projectId} onChange={setProjectId} placeholder="Choose a project" disabled={busy}
              options={matching.map((p) => ({ value: p.id, label: p.has_template ? `${p.name} (has a design)` : p.name }))}
            />
          </label>
        ) : (
          <label>
            New project name
            <Input aria-label="New project name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} disabled={busy} />
          </label>
        )}
        {projects.isSuccess && matching.length === 0 && (
          <Alert type="info" showIcon title={`You have no ${kind} project yet: create a new one.`} />
        )}
        {mode === 'existing' && chosen?.has_template && <Alert type="warning" showIcon title={SAMPLE_TEMPLATE_MESSAGES.replaceWarning} />}
        {mode === 'existing' && chosen && chosen.sides !== sample.sides && (
          <Alert type="info" showIcon title={`The project becomes ${sample.sides === 'double' ? 'double' : 'single'}-sided, like the template.`} />
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </Modal>
  );
}
