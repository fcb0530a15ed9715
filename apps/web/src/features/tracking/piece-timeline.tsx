import { Alert, Button, Descriptions, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import type { TTrackingEvent } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { StageTag } from './stage-tag';
import { usePieceTimeline } from './tracking-api';
import { facilityPlace, facilityTime, STAGE_DOT } from './tracking-format';
import './tracking.css';

/**
 * One scan as the timeline shows it: the stage, time and facility every source has; the operation, local time and
 * source of GET /api/mail-pieces/{pieceId}/timeline when known. `simulated` stands for `source: 'simulated'` where a
 * feed says so with a flag instead (an order's `tracking_events`).
 */
export type TimelineEvent = Pick<TTrackingEvent, 'stage' | 'occurred_at' | 'facility'>
  & Partial<Pick<TTrackingEvent, 'id' | 'operation_code' | 'operation' | 'local_time' | 'time_zone' | 'source'>>
  & { simulated?: boolean };

/** The operation of a scan in words: '919 · Delivered' style, the code alone when its meaning is unknown, null without a code. */
function operationText(e: TimelineEvent): string | null {
  if (e.operation && e.operation_code && !e.operation_code.startsWith('SIM-')) return `${e.operation} (operation ${e.operation_code})`;
  if (e.operation) return e.operation;
  return e.operation_code ? `Operation ${e.operation_code}` : null;
}

/**
 * A mail piece's scans as an antd Timeline, in the order given (oldest first from the server; docs/requirements/mail-tracking.md#timelines-and-analytics):
 * per scan its stage tag, the time in the facility's zone as the feed gave it (`facilityTime`), the operation in words
 * with its USPS code, the facility's city, state and ZIP, and a 'Simulated' tag for test-mode scans. Reusable wherever
 * a piece's scans are at hand (print file tracking, recipient search, an order's `tracking_events`). No events: 'No
 * scans yet'.
 */
export function PieceTimeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No scans yet" />;
  return (
    <Timeline
      className="piece-timeline"
      items={events.map((e, i) => {
        const place = facilityPlace(e.facility);
        const op = operationText(e);
        return {
          key: e.id ?? `${e.occurred_at}-${i}`,
          color: STAGE_DOT[e.stage],
          content: (
            <div className="piece-timeline-event" data-stage={e.stage}>
              <div className="piece-timeline-head">
                <StageTag stage={e.stage} />
                {(e.source === 'simulated' || e.simulated) && <Tag color="purple">Simulated</Tag>}
                <time dateTime={e.local_time ?? e.occurred_at} className="piece-timeline-time">{facilityTime(e)}</time>
              </div>
              {op && <div>{op}</div>}
              <Typography.Text type="secondary">{place ?? 'Facility not given'}</Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
}

/**
 * One mail piece and its timeline, loaded by id (GET /api/mail-pieces/{pieceId}/timeline): piece number, recipient and
 * address as printed, IMb and latest stage above the `PieceTimeline`. `refreshMs` asks again that often (while a
 * simulation plays). A piece that is gone or not the user's: 'This mail piece was not found'.
 */
export function MailPieceTimeline({ pieceId, refreshMs = false }: { pieceId: string; refreshMs?: number | false }) {
  const timeline = usePieceTimeline(pieceId, refreshMs);
  if (timeline.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (timeline.isError) {
    return (
      <Alert
        type="error" showIcon
        title={`Failed to load the timeline: ${errorDetail(timeline.error)}`}
        action={<Button size="small" onClick={() => timeline.refetch()}>Try again</Button>}
      />
    );
  }
  const { piece, events } = timeline.data;
  const a = piece.address;
  return (
    <div className="mail-piece-timeline">
      <Descriptions
        size="small" column={1} className="mail-piece-facts"
        items={[
          { key: 'piece', label: 'Piece', children: `#${piece.piece_number}${piece.record_number != null ? ` (record ${piece.record_number})` : ''}` },
          { key: 'to', label: 'Recipient', children: <div><div>{a.name || '—'}</div><div>{[...a.lines, `${a.city}, ${a.state} ${a.zip}`].join(', ')}</div></div> },
          { key: 'imb', label: 'IMb', children: <code>{piece.imb}</code> },
          { key: 'stage', label: 'Stage', children: <StageTag stage={piece.stage} /> },
        ]}
      />
      <Typography.Title level={5}>Scans</Typography.Title>
      <PieceTimeline events={events} />
    </div>
  );
}
