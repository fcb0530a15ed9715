import { useEffect } from 'react';
import { Alert, Button, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { Card } from '../../components/card';
import type { TProject } from '@mailcraft/shared';
import { RecentActivity } from '../scans/recent-activity';
import { CreateProjectForm } from './create-project-form';
import { ProjectCard } from './project-card';
import { useProjects } from './projects-api';
import { clearSelectedProject } from './selected-project';
import './projects.css';

const newestFirst = (a: TProject, b: TProject) => b.created_at.localeCompare(a.created_at);

function ProjectGrid() {
  const projects = useProjects();
  if (projects.isPending) {
    return (
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} sm={12} lg={8}><Card><Skeleton active /></Card></Col>
        ))}
      </Row>
    );
  }
  if (projects.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load projects"
        action={<Button size="small" onClick={() => projects.refetch()}>Retry</Button>}
      />
    );
  }
  if (projects.data.length === 0) {
    return (
      <Card>
        <Empty description="No projects yet">
          <Typography.Text type="secondary">Create your first project above to start a mailing.</Typography.Text>
        </Empty>
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]} role="list" aria-label="Projects">
      {[...projects.data].sort(newestFirst).map((p) => (
        <Col key={p.id} xs={24} sm={12} lg={8} role="listitem">
          <ProjectCard project={p} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * /projects — the project list screen (docs/requirements/workflow.md#route-table "Project list screen"): the Create New Project
 * form and the user's projects as cards. Opening it clears the selected project (docs/requirements/workflow.md#workflow-order).
 * Errors: 'Failed to load projects'; empty state: 'No projects yet'.
 */
export function ProjectListPage() {
  useEffect(() => clearSelectedProject(), []);
  return (
    <div>
      <div className="page-header">
        <div>
          <Typography.Title level={2}>Projects</Typography.Title>
          <div className="page-subtitle">Each project is one mail piece: its list, its design and its print files.</div>
        </div>
      </div>
      <CreateProjectForm />
      <div className="section-title">
        <Typography.Title level={4}>Your projects</Typography.Title>
      </div>
      <ProjectGrid />
      <RecentActivity />
    </div>
  );
}
