import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Tag, Typography } from 'antd';
import type { TTrackingImport } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { PlainTable } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { IMPORTS_PER_PAGE, useTrackingImports } from './tracking-api';
import { count, SOURCE_LABEL } from './tracking-format';
import { ScanFileUpload } from './scan-file-upload';
import './tracking.css';

const STATUS: Record<TTrackingImport['status'], { color: string; text: string }> = {
  running: { color: 'processing', text: 'Reading' },
  done: { color: 'success', text: 'Done' },
  failed: { color: 'error', text: 'Failed' },
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The unknown IMbs a batch kept (the first 100), or why there are none. */
function UnmatchedSamples({ batch }: { batch: TTrackingImport }) {
  if (batch.unmatched === 0) return <Typography.Text type="secondary">Every scan of this batch matched one of your pieces.</Typography.Text>;
  return (
    <div className="tracking-unmatched">
      <Typography.Text>
        {`${count(batch.unmatched)} ${batch.unmatched === 1 ? 'scan' : 'scans'} carried an IMb of none of your pieces`}
        {batch.unmatched_samples.length < batch.unmatched ? `; the first ${count(batch.unmatched_samples.length)} different IMbs:` : ':'}
      </Typography.Text>
      <ul aria-label="Unknown IMbs">
        {batch.unmatched_samples.map((imb) => <li key={imb}><code>{imb}</code></li>)}
      </ul>
    </div>
  );
}

/**
 * /tracking — scan data taken in (docs/requirements/mail-tracking.md#scan-data): where scans come from, the upload of
 * an IV-MTR file, and every batch — pushes, uploads, IV-MTR fetches, simulations — newest first with its time, source,
 * file, rows, matched, duplicates, unmatched (a row opens the first unknown IMbs), status and error, 20 per page,
 * refreshed every second while one is being read. Linked from the user menu.
 */
export function TrackingImportsPage() {
  const [page, setPage] = useState(1);
  const imports = useTrackingImports(page);
  return (
    <div className="page-narrow tracking-imports-page">
      <Typography.Title level={2}>Mail tracking</Typography.Title>
      <Typography.Paragraph type="secondary">
        Where your mail is comes from USPS Informed Visibility (IV-MTR) scan data, matched to your printed pieces by their
        Intelligent Mail barcodes. It arrives pushed to the API by an IV-MTR data feed (an API key with the tracking scope,
        see <Link to="/pod/api-keys">API keys</Link>), uploaded here as an IV-MTR file, or fetched through the IV-MTR
        connection when the operator set one up. Each print file&apos;s delivery funnel opens from &lsquo;Tracking&rsquo; in
        its Print Preview&apos;s earlier print files.
      </Typography.Paragraph>

      <Card title="Upload an IV-MTR file" style={{ marginBottom: 16 }}>
        <ScanFileUpload />
      </Card>

      <Card title="Scan data taken in" extra={<Button onClick={() => imports.refetch()} loading={imports.isFetching}>Refresh</Button>}>
        {imports.isError && <Alert type="error" showIcon title={`Failed to load the scan data: ${errorDetail(imports.error)}`} />}
        <PlainTable<TTrackingImport>
          label="Scan data taken in"
          loading={imports.isPending}
          rows={imports.data?.imports ?? []}
          rowKey={(i) => i.id}
          empty="No scan data yet"
          pager={{ page, pageSize: IMPORTS_PER_PAGE, total: imports.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: 'When', render: (i) => when(i.created_at), width: 170 },
            { title: 'Source', render: (i) => SOURCE_LABEL[i.source] },
            { title: 'File', render: (i) => i.filename ?? '—' },
            { title: 'Rows', align: 'right', render: (i) => count(i.rows) },
            { title: 'Matched', align: 'right', render: (i) => count(i.matched) },
            { title: 'Duplicates', align: 'right', render: (i) => count(i.duplicates) },
            { title: 'Unmatched', align: 'right', render: (i) => count(i.unmatched) },
            { title: 'Status', render: (i) => <Tag color={STATUS[i.status].color}>{STATUS[i.status].text}</Tag> },
            { title: 'Error', render: (i) => (i.error ? <Typography.Text type="danger">{i.error}</Typography.Text> : '—') },
          ]}
          expand={{
            label: (i) => `Unknown IMbs of the batch of ${when(i.created_at)}`,
            render: (i) => <UnmatchedSamples batch={i} />,
          }}
        />
      </Card>
    </div>
  );
}
