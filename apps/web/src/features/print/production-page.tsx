import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { Card } from '../../components/card';
import { ApprovalCard } from './approval-card';
import { useProject } from '../projects/projects-api';
import { PreviewGallery } from './preview-gallery';
import { PrintJobPanel } from './print-job-panel';
import { PrintCheckAlert } from './print-check-alert';
import { PrintHistory } from './print-history';
import { ProofViewer } from './proof-viewer';
import { usePrintCheck } from './print-api';
import './print.css';

/** Mail pieces rendered in the preview. */
export const PREVIEW_PIECES = 3;

/**
 * Route /projects/{projectId}/production — the Print Preview (docs/requirements/workflow.md#route-table): warnings before
 * printing, the first mail pieces rendered from real records, a proof of any record, the list's
 * name and record count, the print file (generate, progress, download) and earlier print files. The preview is a PDF rendered by the server and rasterised in the browser;
 * nothing is laid out client-side, so this page needs no fonts of its own (docs/requirements/workflow.md#workflow-order).
 */
export function ProductionPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const check = usePrintCheck(projectId, !!project.data?.list_id && !!project.data?.has_template);

  if (project.isError) {
    return (
      <Result
        status="error"
        title="Failed to load project. Please try again."
        extra={[
          <Button key="retry" type="primary" onClick={() => project.refetch()}>Try again</Button>,
          <Button key="back" onClick={() => navigate('/projects')}>Back to projects</Button>,
        ]}
      />
    );
  }
  if (!project.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const p = project.data;
  const hasList = !!p.list_id;
  const double = p.sides === 'double';
  return (
    <div className="production-page">
      <div className="production-header">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>Print Preview</Typography.Title>
          <Typography.Text type="secondary">{p.name}</Typography.Text>
        </div>
        <Space wrap>
          <Button onClick={() => navigate(`/projects/${p.id}/editor`)}>Back to Designer</Button>
          <Button onClick={() => navigate(`/projects/${p.id}`)}>Back to Project</Button>
        </Space>
      </div>

      {!hasList && (
        <Alert
          type="warning"
          showIcon
          title="This project has no mailing list yet"
          action={<Button size="small" onClick={() => navigate(`/upload?project=${p.id}`)}>Upload a list</Button>}
        />
      )}
      {hasList && !p.has_template && (
        <Alert
          type="info"
          showIcon
          title="Nothing has been designed yet: the pieces below are blank."
          action={<Button size="small" onClick={() => navigate(`/projects/${p.id}/editor`)}>Open the Designer</Button>}
        />
      )}

      {check.data && <PrintCheckAlert check={check.data} projectId={p.id} />}

      <Card title="Mailing" size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'list', label: 'Mailing list', children: p.list_name ?? '—' },
            { key: 'records', label: 'Records', children: p.list_size != null ? p.list_size.toLocaleString('en-US') : '—' },
            { key: 'type', label: 'Mailer', children: `${p.template_type === 'postcard' ? 'Postcard' : 'Self-mailer'}, ${p.paper_size}` },
            { key: 'sides', label: 'Sides', children: double ? 'Double-sided' : 'Single-sided' },
          ]}
        />
      </Card>

      <Card title={`First ${PREVIEW_PIECES} mail pieces`} size="small">
        <PreviewGallery projectId={p.id} count={PREVIEW_PIECES} double={double} enabled={hasList} />
      </Card>

      {hasList && (
        <Card title="Proof any record" size="small">
          <ProofViewer projectId={p.id} total={p.list_size ?? 0} double={double} enabled={hasList} />
        </Card>
      )}

      <Card title="Approval" size="small">
        <ApprovalCard projectId={p.id} />
      </Card>

      <Card title="Print file" size="small">
        <Typography.Paragraph type="secondary">
          One PDF with every mail piece of the list{p.list_size != null ? ` (${p.list_size.toLocaleString('en-US')} records)` : ''}, ready for the printer.
        </Typography.Paragraph>
        <PrintJobPanel key={p.id} projectId={p.id} canGenerate={hasList} check={check.data} checking={check.isLoading} />
      </Card>

      <Card title="Earlier print files" size="small">
        <PrintHistory projectId={p.id} />
      </Card>
    </div>
  );
}
