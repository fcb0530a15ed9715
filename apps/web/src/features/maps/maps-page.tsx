import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MAP_MESSAGES } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useMailingList } from '../mailing-lists/mailing-lists-api';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { MapsEditor } from './maps-editor';
import { useBaseMapConfig, useLocations, useMapConfig } from './maps-api';
import './maps.css';

/** Not in the spec's list for one call: the base map of the interactive map did not load. */
export const LOAD_DATA_FAILED = MAP_MESSAGES.loadDataFailed;

/**
 * /maps?project={id}&listId={id} — the Personalized Maps Configuration screen (docs/requirements/maps.md#screens):
 * without either parameter it redirects to /projects. Back to QR Codes, the plan banner (without
 * the `maps` feature the screen can be explored but not saved), a spinner while the locations and
 * the project's configuration load, then the four steps.
 */
export function MapsPage() {
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const listId = params.get('listId');
  if (!projectId || !listId) return <Navigate to="/projects" replace />;
  return <MapsScreen key={`${projectId}/${listId}`} projectId={projectId} listId={listId} />;
}

function MapsScreen({ projectId, listId }: { projectId: string; listId: string }) {
  const navigate = useNavigate();
  const locations = useLocations();
  const config = useMapConfig(projectId);
  const baseMap = useBaseMapConfig();
  const list = useMailingList(listId);
  const failures = [
    locations.isError && { title: MAP_MESSAGES.fetchLocationsFailed, error: locations.error },
    config.isError && { title: MAP_MESSAGES.loadConfigFailed, error: config.error },
    baseMap.isError && { title: LOAD_DATA_FAILED, error: baseMap.error },
  ].filter((f) => !!f);
  return (
    <div className="maps-page">
      <div className="maps-header">
        <Typography.Title level={3}>Personalized Maps Configuration</Typography.Title>
        <Button icon={<ArrowLeftOutlined />} aria-label="Back to QR Codes" onClick={() => navigate(`/qr?project=${encodeURIComponent(projectId)}&listId=${encodeURIComponent(listId)}`)}>
          Back to QR Codes
        </Button>
      </div>
      {list.data && (
        <Typography.Paragraph type="secondary">
          {`A route map from each of the ${list.data.row_count} records of ${list.data.name} to your business.`}
        </Typography.Paragraph>
      )}
      <UpgradeBanner feature="maps" action="map configurations" />
      {failures.map((f) => (
        <Alert key={f.title} type="error" showIcon role="alert" className="maps-load-error" title={f.title} description={errorDetail(f.error)} />
      ))}
      {locations.isPending || config.isPending ? (
        <div className="maps-loading" role="status" aria-label="Loading"><Spin size="large" /></div>
      ) : (
        <MapsEditor projectId={projectId} listId={listId} locations={locations.data ?? []} refreshing={locations.isFetching} config={config.data ?? null}
          baseMap={baseMap.isError ? undefined : baseMap.data ?? null} />
      )}
    </div>
  );
}
