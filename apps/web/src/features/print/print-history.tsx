import { Alert, Button, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { manifestUrl } from '@mailcraft/shared';
import { useNavigate } from 'react-router';
import { PlainTable } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { printFileUrl, usePrintJobs, type TPrintJob } from './print-api';
import { fileSize, fmtCount, preflightSummary } from './print-format';

const STATUS: Record<TPrintJob['status'], { color: string; text: string }> = {
  queued: { color: 'default', text: 'Queued' },
  running: { color: 'processing', text: 'Rendering' },
  done: { color: 'success', text: 'Ready' },
  failed: { color: 'error', text: 'Failed' },
};

/** A finished file's preflight in a few words ('Passed', '2 failures, 1 warning'), coloured; '—' before. */
function PreflightCell({ job }: { job: TPrintJob }) {
  if (!job.preflight) return '—';
  const summary = preflightSummary(job.preflight);
  const tone = summary === 'Passed' ? 'passed' : job.preflight.checks.some((c) => !c.passed) ? 'failed' : 'warned';
  return <span className={`print-history-preflight print-history-preflight-${tone}`}>{summary}</span>;
}

/**
 * The project's print files, newest first (docs/requirements/workflow.md#clear-states-and-fast-pages: print files are kept): time, records, list,
 * design version, size, status, the preflight in a few words, and a download link for each finished one, with a link to its mail
 * tracking (docs/requirements/mail-tracking.md#timelines-and-analytics) and its mail manifest (GET /api/print-jobs/{id}/manifest.csv: each
 * piece's IMb and address, docs/requirements/mail-tracking.md#imb-assignment) unless it is a proof — still listed after a reload
 * or on another device, since the server keeps them (GET /api/projects/{id}/print-jobs).
 */
export function PrintHistory({ projectId }: { projectId: string }) {
  const jobs = usePrintJobs(projectId);
  const navigate = useNavigate();
  const trackingHref = (jobId: string) => `/projects/${projectId}/print-files/${jobId}/tracking`;
  if (jobs.isError) {
    return <Alert type="error" showIcon title={`Failed to load earlier print files: ${errorDetail(jobs.error)}`} action={<Button size="small" onClick={() => jobs.refetch()}>Try again</Button>} />;
  }
  return (
    <PlainTable<TPrintJob>
      className="print-history"
      label="Print files"
      loading={jobs.isPending}
      rows={jobs.data ?? []}
      rowKey={(job) => job.id}
      empty="No print files yet"
      columns={[
        { title: 'Started', render: (job) => new Date(job.created_at).toLocaleString() },
        { title: 'Records', align: 'right', render: (job) => fmtCount(job.total) },
        { title: 'Mailing list', render: (job) => job.list_name ?? '—' },
        { title: 'Design', render: (job) => (job.design_version != null ? `Version ${job.design_version}` : '—') },
        { title: 'Size', align: 'right', render: (job) => (job.file_size != null ? fileSize(job.file_size) : '—') },
        { title: 'Status', render: (job) => <Tag color={STATUS[job.status].color} title={job.error ?? undefined}>{STATUS[job.status].text}</Tag> },
        { title: 'Preflight', render: (job) => <PreflightCell job={job} /> },
        {
          title: '',
          key: 'download',
          render: (job) => job.status === 'done' && (
            <Space size={4}>
              <Button size="small" href={printFileUrl(job.id)} download icon={<DownloadOutlined aria-hidden />} aria-label={`Download the print file started ${new Date(job.created_at).toLocaleString()}`}>
                Download
              </Button>
              {!job.options?.proof && (
                <Button size="small" href={trackingHref(job.id)} onClick={(e) => { e.preventDefault(); navigate(trackingHref(job.id)); }}
                  aria-label={`Tracking of the print file started ${new Date(job.created_at).toLocaleString()}`}>
                  Tracking
                </Button>
              )}
              {!job.options?.proof && (
                <Button size="small" type="link" href={manifestUrl(job.id)} download
                  aria-label={`Download the manifest of the print file started ${new Date(job.created_at).toLocaleString()}`}>
                  Download manifest
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
