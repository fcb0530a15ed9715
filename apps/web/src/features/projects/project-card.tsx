import { useState, type MouseEvent } from 'react';
import { Alert, Button, Tag, Tooltip } from 'antd';
import { Card } from '../../components/card';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { TProject } from '@mailcraft/shared';
import { ProjectThumbnails } from './project-thumbnails';
import { ProjectEditForm } from './project-edit-form';
import { SIDES_LABELS, TEMPLATE_TYPE_LABELS, formatDate, labelOf } from './project-labels';
import { useDeleteProject } from './projects-api';

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * One project of the project list (docs/requirements/workflow.md#route-table "Project list screen"): name, type, thumbnails
 * (inside, outside, R1, R2, R3), created date, an edit icon (inline editing) and a delete icon
 * asking 'Confirm delete?' with Yes/No inline. Clicking the card opens /projects/{id}.
 * Delete failure: 'Failed to delete project. Please try again.'
 */
export function ProjectCard({ project }: { project: TProject }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const remove = useDeleteProject();

  if (mode === 'edit') {
    return (
      <Card className="project-card editing" title="Edit project" size="small">
        <ProjectEditForm project={project} onClose={() => setMode('view')} />
      </Card>
    );
  }

  return (
    <Card
      hoverable
      className="project-card"
      data-testid="project-card"
      onClick={mode === 'view' ? () => navigate(`/projects/${project.id}`) : undefined}
    >
      <div className="project-card-head">
        <Link to={`/projects/${project.id}`} className="project-card-title" onClick={stop} title={project.name}>
          {project.name}
        </Link>
        <div className="project-card-icons" onClick={stop}>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label={`Edit project ${project.name}`} onClick={() => setMode('edit')} />
          </Tooltip>
          <Tooltip title="Delete">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete project ${project.name}`}
              onClick={() => {
                remove.reset();
                setMode('confirm');
              }}
            />
          </Tooltip>
        </div>
      </div>
      <div>
        <Tag color={project.template_type === 'postcard' ? 'purple' : 'blue'} style={{ marginInlineEnd: 8 }}>
          {labelOf(TEMPLATE_TYPE_LABELS, project.template_type)}
        </Tag>
        <span className="page-subtitle">{project.paper_size} · {labelOf(SIDES_LABELS, project.sides)}</span>
      </div>
      {project.description && <p className="project-card-desc">{project.description}</p>}
      <ProjectThumbnails project={project} />
      {remove.isError && (
        <Alert type="error" showIcon title="Failed to delete project. Please try again." onClick={stop} />
      )}
      <div className="project-card-foot" onClick={stop}>
        {mode === 'confirm' ? (
          <div className="confirm-inline" role="group" aria-label={`Confirm deleting ${project.name}`}>
            <span>Confirm delete?</span>
            <Button
              size="small"
              type="primary"
              danger
              loading={remove.isPending}
              onClick={() => remove.mutate(project.id, { onError: () => setMode('view') })}
            >
              Yes
            </Button>
            <Button size="small" onClick={() => setMode('view')} disabled={remove.isPending}>No</Button>
          </div>
        ) : (
          <span>Created {formatDate(project.created_at)}</span>
        )}
      </div>
    </Card>
  );
}
