import { Progress, Typography } from 'antd';
import type { TMapGeneration } from '@mailcraft/shared';

/**
 * The progress of Generate All Routes over the whole list (docs/requirements/maps.md#screens; docs/requirements/maps.md#maps resumable
 * generation): an antd Progress bar reading 'done/total' records, active while queued or running,
 * green when done, red when failed; with the count of records left without a map and of
 * straight-line estimates.
 */
export function GenerationProgress({ generation: g }: { generation: TMapGeneration }) {
  const percent = g.total > 0 ? Math.floor((g.done / g.total) * 100) : g.status === 'done' ? 100 : 0;
  const status = g.status === 'failed' ? 'exception' : g.status === 'done' ? 'success' : 'active';
  const label = g.status === 'done' ? 'Routes generated' : g.status === 'failed' ? 'Route generation failed' : 'Generating routes';
  return (
    <div className="maps-generation" role="group" aria-label="Route generation">
      <Typography.Text>{label}</Typography.Text>
      <Progress percent={percent} status={status} format={() => `${g.done}/${g.total}`}
        aria-label={`${label}: ${g.done}/${g.total}`} />
      {(g.failed > 0 || g.approximate > 0) && (
        <Typography.Text type="secondary" className="maps-note">
          {g.failed > 0 && `${g.failed} without a map (address not found). `}
          {g.approximate > 0 && `${g.approximate} straight-line estimates.`}
        </Typography.Text>
      )}
    </div>
  );
}
