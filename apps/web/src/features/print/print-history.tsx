import { Alert, Button, Empty, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorDetail } from '../../lib/api-client';
import { printFileUrl, usePrintJobs, type TPrintJob } from './print-api';
import { fileSize, fmtCount } from './print-format';

const STATUS: Record<TPrintJob['status'], { color: string; text: string }> = {
  queued: { color: 'default', text: 'Queued' },
  running: { color: 'processing', text: 'Rendering' },
  done: { color: 'success', text: 'Ready' },
  failed: { color: 'error', text: 'Failed' },
};

/**
 * The project's print files, newest first (issue 6: print files are kept): time, records, list,
 * design version, size, and a download link for each finished one — still listed after a reload
 * or on another device, since the server keeps them (GET /api/projects/{id}/print-jobs).
 */
export function PrintHistory({ projectId }: { projectId: string }) {
  const jobs = usePrintJobs(projectId);
  if (jobs.isError) {
    return <Alert type="error" showIcon title={`Failed to load earlier print files: ${errorDetail(jobs.error)}`} action={<Button size="small" onClick={() => jobs.refetch()}>Try again</Button>} />;
  }
  return (
    <Table<TPrintJob>
      className="print-history"
      size="small"
      rowKey="id"
      loading={jobs.isPending}
      dataSource={jobs.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No print files yet" /> }}
      columns={[
        { title: 'Started', dataIndex: 'created_at', render: (v: string) => new Date(v).toLocaleString() },
        { title: 'Records', dataIndex: 'total', align: 'right', render: (v: number) => fmtCount(v) },
        { title: 'Mailing list', dataIndex: 'list_name', render: (v: string | null) => v ?? '—' },
        { title: 'Design', dataIndex: 'design_version', render: (v: number | null) => (v != null ? `Version ${v}` : '—') },
        { title: 'Size', dataIndex: 'file_size', align: 'right', render: (v: number | null) => (v != null ? fileSize(v) : '—') },
        { title: 'Status', dataIndex: 'status', render: (v: TPrintJob['status'], job) => <Tag color={STATUS[v].color} title={job.error}>{STATUS[v].text}</Tag> },
        {
          title: '',
          key: 'download',
          render: (_: unknown, job) => job.status === 'done' && (
            <Button size="small" href={printFileUrl(job.id)} download icon={<DownloadOutlined aria-hidden />} aria-label={`Download the print file started ${new Date(job.created_at).toLocaleString()}`}>
              Download
            </Button>
          ),
        },
      ]}
    />
  );
}
