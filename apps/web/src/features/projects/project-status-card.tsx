import { Alert, Button, Progress, Skeleton, Tag } from 'antd';
import { Card } from '../../components/card';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { projectProgress, type TProjectStatus } from '@mailcraft/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { AddressCheckStatus } from '../column-mappings/address-check-status';

/**
 * A project's status (docs/requirements/projects.md#project status): the current list (name and row count), whether
 * the template exists (the blank design made with the project counts, docs/requirements/workflow.md#clear-states-and-fast-pages) and whether it is
 * designed yet, and the progress — list 50 %, design 50 %; with a list, its address check line
 * (docs/requirements/print.md#print). Error: 'Failed to load project status'.
 */
export function ProjectStatusCard({ status, projectId }: { status: UseQueryResult<TProjectStatus>; projectId: string }) {
  if (status.isPending) return <Card title="Status"><Skeleton active paragraph={{ rows: 3 }} /></Card>;
  if (status.isError) {
    return (
      <Card title="Status">
        <Alert
          type="error"
          showIcon
          title="Failed to load project status"
          action={<Button size="small" onClick={() => status.refetch()}>Retry</Button>}
        />
      </Card>
    );
  }
  const { list, template, designed } = status.data;
  const percent = projectProgress(!!list, designed);
  const done = (yes: boolean) =>
    yes ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-hidden /> : <MinusCircleOutlined style={{ color: '#bfbfbf' }} aria-hidden />;
  return (
    <Card title="Status">
      <Progress percent={percent} aria-label={`Progress ${percent}%`} status={percent === 100 ? 'success' : 'normal'} />
      <div className="status-row" style={{ marginTop: 8 }}>
        <span className="label">{done(!!list)} Mailing list</span>
        <span>
          {list ? (
            <>
              <strong>{list.name}</strong> · {list.row_count.toLocaleString()} {list.row_count === 1 ? 'record' : 'records'}
            </>
          ) : (
            'No list yet'
          )}
        </span>
      </div>
      {list && <AddressCheckStatus projectId={projectId} listId={list.id} />}
      <div className="status-row">
        <span className="label">{done(template)} Template</span>
        <Tag color={template ? 'green' : 'default'}>{template ? 'Yes' : 'No'}</Tag>
      </div>
      <div className="status-row">
        <span className="label">{done(designed)} Design</span>
        <span>{designed ? 'Designed' : template ? 'Blank — open the Designer' : 'Not started'}</span>
      </div>
    </Card>
  );
}
