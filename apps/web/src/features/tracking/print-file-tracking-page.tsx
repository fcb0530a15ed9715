import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { DownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import { manifestUrl, type TPrintJobTracking, type TrackingCountKey, type TTrackedPiece } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { ApiError, errorDetail } from '../../lib/api-client';
import { usePrintJob } from '../print/print-api';
import { useProject } from '../projects/projects-api';
import { DeliveryFunnel } from './delivery-funnel';
import { InHomeByDay, InHomeByState } from './in-home-charts';
import { PiecesTable } from './pieces-table';
import { usePrintJobTracking, useSimulateDelivery } from './tracking-api';
import { count, days, deliveryFinished, noScanYet, sharePercent } from './tracking-format';
import { useSimulationWatch } from './use-simulation-watch';
import '../scans/scans.css';
import './tracking.css';

/** The piece drawer, loaded on the first click of a piece (antd Drawer and Timeline stay out of the first load). */
const PieceDrawer = lazy(() => import('./piece-drawer').then((m) => ({ default: m.PieceDrawer })));

/** The N of "no scan after N days" until the user changes it (docs/requirements/mail-tracking.md#timelines-and-analytics). */
export const DEFAULT_NO_SCAN_DAYS = 7;

/** 'Simulate delivery' with what it does in its tooltip (docs/requirements/mail-tracking.md#test-mode). */
function SimulateButton({ onClick, loading, disabled, primary }: { onClick: () => void; loading: boolean; disabled: boolean; primary?: boolean }) {
  return (
    <Button
      type={primary ? 'primary' : 'default'} icon={<ExperimentOutlined aria-hidden />} onClick={onClick} loading={loading} disabled={disabled}
      title="Test mode: plays simulated USPS scans for every piece, all delivered within about two minutes, marked Simulated"
    >
      Simulate delivery
    </Button>
  );
}

/** One figure of the page's head: a title over a value (plain markup in antd Statistic's look). */
function Stat({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="tracking-stat">
      <div className="tracking-stat-title">{title}</div>
      <div className="tracking-stat-value">{children}</div>
    </div>
  );
}

/** "No scan after [N] days": the pieces still without a scan N days after the file was made, N from 1 to 90. */
function NoScanAfter({ tracking, daysValue, onDays, onShow }: {
  tracking: TPrintJobTracking; daysValue: number; onDays: (n: number) => void; onShow: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(daysValue));
  const n = tracking.no_scan_after_days;
  return (
    <div className="tracking-no-scan">
      <label htmlFor={id} className="tracking-stat-title">
        No scan after{' '}
        <input
          id={id} type="number" min={1} max={90} value={draft} aria-label="Days without a scan" className="tracking-days-input"
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            if (Number.isInteger(v) && v >= 1 && v <= 90) onDays(v);
          }}
        />{' '}
        days
      </label>
      <div className="tracking-stat-value">
        {count(n.pieces)}{' '}
        {n.pieces > 0 && <Button type="link" size="small" onClick={onShow}>Show them</Button>}
      </div>
    </div>
  );
}

/**
 * Route /projects/{projectId}/print-files/{jobId}/tracking — where a print file's mail is
 * (docs/requirements/mail-tracking.md#timelines-and-analytics): pieces, delivered share, median days from acceptance to
 * in-home, pieces with no scan after N days (N adjustable, 7 by default), the delivery funnel, in-home by day and by
 * state, and the pieces a page at a time with their latest stage; a piece opens its timeline in a drawer. Before any
 * scan the page says where scans come from and offers 'Simulate delivery' (test mode,
 * docs/requirements/mail-tracking.md#test-mode): the page then asks for the file again every 3 s until every piece is
 * delivered or 3 minutes have passed. A file without tracked pieces (a proof, or printed without a Mailer ID) says so.
 */
export function PrintFileTrackingPage() {
  const { projectId = '', jobId = '' } = useParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [stage, setStage] = useState<TrackingCountKey | ''>('');
  const [noScanDays, setNoScanDays] = useState(DEFAULT_NO_SCAN_DAYS);
  const [openPiece, setOpenPiece] = useState<TTrackedPiece | null>(null);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const watch = useSimulationWatch(jobId);
  const tracking = usePrintJobTracking(jobId, { page, stage, noScanDays }, watch.refreshMs);
  const simulate = useSimulateDelivery(jobId);
  const project = useProject(projectId);
  const job = usePrintJob(jobId);

  const data = tracking.data;
  const finished = !!data && deliveryFinished(data);
  const { watching, stop } = watch;
  useEffect(() => {
    if (watching && finished && !tracking.isPlaceholderData) stop();
  }, [watching, finished, stop, tracking.isPlaceholderData]);

  const back = `/projects/${projectId}/production`;
  const startSimulation = () => simulate.mutate(undefined, { onSuccess: () => watch.start() });
  const pickStage = (s: TrackingCountKey | '') => {
    setStage(s);
    setPage(1);
  };

  const header = (
    <div className="tracking-header">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>Mail tracking</Typography.Title>
        <Typography.Text type="secondary">
          {[
            project.data?.name,
            job.data?.list_name,
            job.data ? `print file of ${new Date(job.data.created_at).toLocaleString()}` : null,
          ].filter(Boolean).join(' · ') || 'Print file'}
        </Typography.Text>
      </div>
      <div className="tracking-actions">
        {data && !noScanYet(data) && <SimulateButton onClick={startSimulation} loading={simulate.isPending} disabled={watching} />}
        {data && (
          <Button href={manifestUrl(jobId)} download icon={<DownloadOutlined aria-hidden />}>
            Manifest (CSV)
          </Button>
        )}
        <Button onClick={() => navigate(back)}>Back to Print Preview</Button>
      </div>
    </div>
  );

  if (tracking.isError && tracking.error instanceof ApiError && tracking.error.status === 404) {
    return (
      <div className="tracking-page">
        {header}
        <Alert
          type="info" showIcon
          title="This print file is not tracked"
          description={<>Only print files whose pieces carry an Intelligent Mail barcode are tracked: proofs are not, and a file printed
            while no Mailer ID and Service Type ID were set in <Link to="/settings">Settings</Link> has no barcodes to scan.</>}
        />
      </div>
    );
  }
  if (tracking.isError) {
    return (
      <div className="tracking-page">
        {header}
        <Alert type="error" showIcon title={`Failed to load the tracking: ${errorDetail(tracking.error)}`}
          action={<Button size="small" onClick={() => tracking.refetch()}>Try again</Button>} />
      </div>
    );
  }
  if (!data) return <div className="tracking-page">{header}<Skeleton active paragraph={{ rows: 8 }} /></div>;

  const empty = noScanYet(data);
  return (
    <div className="tracking-page">
      {header}
      {watching && (
        <Alert
          type="info" showIcon role="status"
          title="Simulated delivery is playing"
          description="Simulated scans arrive over about two minutes; this page refreshes every 3 seconds until every piece is delivered."
        />
      )}
      {simulate.isError && <Alert type="error" showIcon title={`Failed to simulate delivery: ${errorDetail(simulate.error)}`} />}

      <div className="tracking-stats">
        <Card size="small"><Stat title="Pieces">{count(data.total_pieces)}</Stat></Card>
        <Card size="small">
          <Stat title="Delivered">
            {count(data.counts.delivered)}
            {data.total_pieces > 0 && <span className="tracking-stat-suffix">{sharePercent(data.counts.delivered / data.total_pieces)}</span>}
          </Stat>
        </Card>
        <Card size="small"><Stat title="Median days to in-home">{days(data.median_days_to_in_home)}</Stat></Card>
        <Card size="small">
          <NoScanAfter tracking={data} daysValue={noScanDays} onDays={setNoScanDays} onShow={() => pickStage('no_scan')} />
        </Card>
      </div>

      {empty && !watching ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={(
              <div className="tracking-empty-text">
                <Typography.Paragraph strong>No scans yet</Typography.Paragraph>
                <Typography.Paragraph type="secondary">
                  Scans arrive from USPS Informed Visibility (IV-MTR) once the mail is in the mail stream: pushed to the API
                  by an IV-MTR data feed (an API key with the tracking scope), uploaded as an IV-MTR file on
                  {' '}<Link to="/tracking">Mail tracking</Link>, or fetched through the IV-MTR connection when the operator set one up.
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary">To see how it looks, simulate the delivery of this file: every piece is delivered within about two minutes.</Typography.Paragraph>
              </div>
            )}
          >
            <SimulateButton primary onClick={startSimulation} loading={simulate.isPending} disabled={watching} />
          </Empty>
        </Card>
      ) : (
        <div className="tracking-charts">
          <Card title="Delivery funnel" size="small"><DeliveryFunnel counts={data.counts} total={data.total_pieces} /></Card>
          <Card title="In-home by day" size="small">
            {data.in_home_by_day.length > 0 ? <InHomeByDay days={data.in_home_by_day} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No piece delivered yet" />}
          </Card>
          <Card title="In-home by state" size="small"><InHomeByState states={data.in_home_by_state} /></Card>
        </div>
      )}

      <Card title="Mail pieces" size="small">
        <PiecesTable
          tracking={data} stage={stage} onStage={pickStage} onPage={setPage}
          onOpen={(p) => {
            setDrawerLoaded(true);
            setOpenPiece(p);
          }}
          loading={tracking.isPlaceholderData}
        />
      </Card>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <PieceDrawer piece={openPiece} onClose={() => setOpenPiece(null)} refreshMs={watch.refreshMs} />
        </Suspense>
      )}
    </div>
  );
}
