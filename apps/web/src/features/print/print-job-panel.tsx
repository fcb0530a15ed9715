import { useEffect, useState } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiError, errorDetail } from '../../lib/api-client';
import { Link } from 'react-router';
import { useFeature } from '../subscriptions/use-feature';
import { useQueryClient } from '@tanstack/react-query';
import { printFileUrl, printKeys, usePrintJob, useShownPrintJob, useStartPrint, type TPrintCheck } from './print-api';
import { printCheckLines } from './print-check-alert';
import { fmtCount } from './print-format';
import { PrintProgress } from './print-progress';
import { PreflightReport } from './preflight-report';
import { DEFAULT_PRINT_OPTIONS, PrintOptions } from './print-options';
import { useApprovals } from './approvals-api';

const fmt = fmtCount;

/**
 * Generating the print file (print preview step): 'Generate print file' starts a job (POST
 * /api/projects/{id}/print), which is polled every second with its progress ('Rendering 240 of
 * 500 mail pieces'), then merging, the preflight and saving, each named (`PrintProgress`); when done, a
 * link downloads the PDF; a failed job shows its error. The page shows the project's latest job
 * (`useShownPrintJob`), so reopening it resumes where it was, with the latest file's preflight. Gated on the
 * plan's `print_files` feature (docs/requirements/plans-and-billing.md#plan-gating), with the upgrade link when it is missing. When the
 * print check (`check`) has warnings, Generate asks first and 'Generate anyway' is the user's
 * explicit choice (docs/requirements/workflow.md#clear-states-and-fast-pages); the server refuses an unconfirmed start too. While the check is
 * still loading (`checking`), or the approvals are, Generate waits, so a quick click cannot skip the question.
 * docs/requirements/print.md#print: the print options (bleed, crop marks, tray breaks) are chosen before Generate or
 * 'Download proof' (a proof job: the first pieces and those the last preflight flagged); a
 * finished file shows its preflight report above the download; generating the final file of a
 * design version not yet approved asks first (the approval step, see ApprovalCard).
 */
export function PrintJobPanel({ projectId, canGenerate, check, checking = false }: {
  projectId: string; canGenerate: boolean; check?: TPrintCheck; checking?: boolean;
}) {
  const { message, modal } = App.useApp();
  const [jobId, setJobId] = useShownPrintJob(projectId);
  const job = usePrintJob(jobId);
  const start = useStartPrint(projectId);
  const [options, setOptions] = useState(DEFAULT_PRINT_OPTIONS);
  const printFiles = useFeature('print_files');
  const client = useQueryClient();
  const status = job.data?.status;
  // The history lists the new job at once and again when it ends.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: printKeys.history(projectId) });
  }, [client, projectId, jobId, status]);

  // A remembered job the server no longer knows (cleaned up, other database): forget it.
  const gone = job.error instanceof ApiError && job.error.status === 404;
  useEffect(() => {
    if (gone) setJobId(null);
  }, [gone, setJobId]);

  const approvals = useApprovals(projectId);
  const startPrint = (confirmWarnings: boolean, proof = false) =>
    start.mutate({ confirmWarnings, options: { ...options, proof } }, {
      onSuccess: ({ jobId: id }) => setJobId(id),
      onError: (err) => {
        // 409: the list or design changed since the check loaded; show the new warnings.
        if (err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey: printKeys.check(projectId) });
        void message.error(`Failed to start the print file: ${errorDetail(err)}`);
      },
    });
  const generate = (proof: boolean) => {
    const warnings = !!check && check.warnings > 0;
    // docs/requirements/print.md#print: the approval step comes before the final file; skipping it is the user's explicit choice.
    const version = approvals.data?.current_version;
    const unapproved = !proof && approvals.data && version != null && !approvals.data.approved;
    if (!warnings && !unapproved) return startPrint(false, proof);
    const lines = [
      ...(unapproved ? [`Design version ${version} is not approved: download a proof, check it and approve the version, so the file is named as approved.`] : []),
      ...(warnings && check ? printCheckLines(check) : []),
    ];
    modal.confirm({
      title: warnings ? `Generate the ${proof ? 'proof' : 'print file'} with these problems?` : 'Generate a print file of an unapproved design?',
      content: <ul className="print-check-lines">{lines.map((l) => <li key={l}>{l}</li>)}</ul>,
      okText: 'Generate anyway',
      cancelText: 'Cancel',
      onOk: () => startPrint(warnings, proof),
    });
  };

  const data = job.data;
  const running = !!jobId && (!data || data.status === 'queued' || data.status === 'running') && !job.isError;
  return (
    <div className="print-job">
      {data && (data.status === 'queued' || data.status === 'running') && <PrintProgress job={data} />}
      {data?.status === 'done' && data.preflight && <PreflightReport preflight={data.preflight} />}
      {data?.status === 'done' && (
        <Alert
          type="success"
          showIcon
          title={data.options?.proof ? 'Your proof is ready' : 'Your print file is ready'}
          description={`${fmt(data.total)} mail pieces in one PDF${data.options?.proof ? ', marked PROOF: check them, then approve the design version' : ''}${data.created_at ? `, started ${new Date(data.created_at).toLocaleString()}` : ''}.`}
          action={
            <Button type="primary" href={printFileUrl(jobId!)} download icon={<DownloadOutlined aria-hidden />}>
              {data.options?.proof ? 'Download proof (PDF)' : 'Download print file (PDF)'}
            </Button>
          }
        />
      )}
      {data?.status === 'failed' && (
        <Alert type="error" showIcon title="The print file could not be generated" description={data.error || 'The job failed without a message.'} />
      )}
      {job.isError && !gone && (
        <Alert
          type="error"
          showIcon
          title={`Failed to check the print file: ${errorDetail(job.error)}`}
          action={<Button size="small" onClick={() => job.refetch()}>Try again</Button>}
        />
      )}
      <PrintOptions value={options} onChange={setOptions} disabled={running} />
      <Space className="print-job-actions" wrap>
        <Button
          type={data?.status === 'done' ? 'default' : 'primary'}
          size="large"
          onClick={() => generate(false)}
          loading={start.isPending && !start.variables?.options.proof}
          disabled={!canGenerate || running || checking || approvals.isPending || !printFiles.allowed}
        >
          Generate print file
        </Button>
        <Button
          size="large"
          onClick={() => generate(true)}
          loading={start.isPending && !!start.variables?.options.proof}
          disabled={!canGenerate || running || checking || !printFiles.allowed}
          title="The first 10 pieces and up to 10 that the last preflight flagged, marked PROOF, in a few seconds"
        >
          Download proof
        </Button>
        {!printFiles.loading && !printFiles.allowed && (
          <Typography.Text type="secondary">
            Print files are not in your plan. <Link to={printFiles.upgradeHref}>Upgrade</Link>
          </Typography.Text>
        )}
        {running && !data && <Typography.Text type="secondary">Checking the print file…</Typography.Text>}
      </Space>
    </div>
  );
}
