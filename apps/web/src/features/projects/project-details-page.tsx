import { lazy, Suspense, useEffect } from 'react';
import { Alert, Button, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { Card } from '../../components/card';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { DeliveryFollowUpCard } from './delivery-follow-up-card';
import { ProjectPermitSummary } from './project-permit-summary';
import { ProjectStatusCard } from './project-status-card';
import { ProjectThumbnails } from './project-thumbnails';
import { SIDES_LABELS, TEMPLATE_TYPE_LABELS, formatDate, labelOf } from './project-labels';
import { useProject, useProjectStatus } from './projects-api';
import { setSelectedProject } from './selected-project';
import { WorkflowActions } from './workflow-actions';
import './projects.css';

/** The template setup dialog loads when first opened (docs/requirements/workflow.md#clear-states-and-fast-pages: first-load size). */
const TemplateSetup = lazy(() => import('./template-setup').then((m) => ({ default: m.TemplateSetup })));

const SETUP_PARAM = 'setup';

/**
 * /projects/{projectId} — project details (docs/requirements/workflow.md#route-table): selects the project (§4); shows name,
 * description, type/size/sides, the mailing permit, the status (list, template, progress),
 * thumbnails, the follow-up order after a delivery and the workflow actions. 'Set up template' opens the template setup screen
 * (?setup=template keeps it linkable). Errors: 'Failed to load project. Please try again.' and
 * 'Failed to load project status'.
 */
export function ProjectDetailsPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const project = useProject(projectId);
  const status = useProjectStatus(project.isSuccess ? projectId : null);
  useEffect(() => {
    if (projectId) setSelectedProject(projectId);
  }, [projectId]);

  const setupOpen = params.get(SETUP_PARAM) === 'template';
  const setSetup = (open: boolean) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (open) next.set(SETUP_PARAM, 'template');
      else next.delete(SETUP_PARAM);
      return next;
    });

  const back = <Link to="/projects"><ArrowLeftOutlined /> All projects</Link>;
  if (project.isPending) return <div>{back}<Card style={{ marginTop: 16 }}><Skeleton active /></Card></div>;
  if (project.isError) {
    return (
      <div>
        {back}
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          title="Failed to load project. Please try again."
          action={<Button size="small" onClick={() => project.refetch()}>Retry</Button>}
        />
      </div>
    );
  }

  const p = project.data;
  const hasList = status.data ? !!status.data.list : !!p.list_id;
  const hasTemplate = status.data ? status.data.template : p.has_template;
  return (
    <div>
      {back}
      <div className="page-header" style={{ marginTop: 12 }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} ellipsis={{ tooltip: p.name }}>{p.name}</Typography.Title>
          {p.description && <div className="page-subtitle">{p.description}</div>}
        </div>
      </div>
      <Card title="Next steps" style={{ marginBottom: 16 }}>
        <WorkflowActions projectId={p.id} hasList={hasList} hasTemplate={hasTemplate} onSetUpTemplate={() => setSetup(true)} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Mail piece" style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'type', label: 'Mailer type', children: labelOf(TEMPLATE_TYPE_LABELS, p.template_type) },
                { key: 'size', label: 'Size', children: p.paper_size },
                { key: 'sides', label: 'Sides', children: labelOf(SIDES_LABELS, p.sides) },
                { key: 'permit', label: 'Mailing permit', children: <ProjectPermitSummary project={p} /> },
                { key: 'created', label: 'Created', children: formatDate(p.created_at) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <ProjectStatusCard status={status} projectId={p.id} />
        </Col>
      </Row>
      <Card title="Designs" style={{ marginTop: 16 }}>
        <ProjectThumbnails project={p} size="large" />
      </Card>
      <DeliveryFollowUpCard project={p} />
      {setupOpen && <Suspense fallback={null}><TemplateSetup project={p} onClose={() => setSetup(false)} /></Suspense>}
    </div>
  );
}
