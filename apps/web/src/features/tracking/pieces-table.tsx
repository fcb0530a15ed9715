import { Button, Typography } from 'antd';
import type { TPrintJobTracking, TrackingCountKey, TTrackedPiece } from '@mailcraft/shared';
import { PlainTable } from '../../components/plain-table';
import { when } from '../scans/scans-format';
import { StageTag } from './stage-tag';
import { PIECES_PER_PAGE } from './tracking-api';
import { count, funnelRows, STAGE_LABEL } from './tracking-format';

/**
 * The print file's pieces, a page at a time in print order (docs/requirements/mail-tracking.md#timelines-and-analytics):
 * piece number, record, recipient and address, IMb, latest stage as a coloured tag and the time of the scan that set
 * it. A stage filter ('Every stage' or one stage with its count) above. The piece number is a button: `onOpen` gets
 * the piece to show its timeline.
 */
export function PiecesTable({ tracking, stage, onStage, onPage, onOpen, loading }: {
  tracking: TPrintJobTracking;
  stage: TrackingCountKey | '';
  onStage: (stage: TrackingCountKey | '') => void;
  onPage: (page: number) => void;
  onOpen: (piece: TTrackedPiece) => void;
  loading?: boolean;
}) {
  const first = (tracking.page - 1) * tracking.limit + 1;
  const last = Math.min(tracking.pieces_total, first + tracking.pieces.length - 1);
  return (
    <div className="tracking-pieces">
      <div className="tracking-pieces-filter">
        <label>
          Stage{' '}
          <select aria-label="Stage" value={stage} onChange={(e) => onStage(e.target.value as TrackingCountKey | '')}>
            <option value="">Every stage ({count(tracking.total_pieces)})</option>
            {funnelRows(tracking.counts, tracking.total_pieces).map((r) => (
              <option key={r.key} value={r.key}>{STAGE_LABEL[r.key]} ({count(r.pieces)})</option>
            ))}
          </select>
        </label>
        {loading && <Typography.Text type="secondary">Updating…</Typography.Text>}
      </div>
      <PlainTable<TTrackedPiece>
        label="Mail pieces" rows={tracking.pieces} rowKey={(p) => p.id} stackOnPhones
        empty={stage ? `No piece is at “${STAGE_LABEL[stage]}”` : 'No pieces'}
        pager={{
          page: tracking.page, pageSize: PIECES_PER_PAGE, total: tracking.pieces_total, onChange: onPage,
          summary: tracking.pieces_total > 0 ? `Pieces ${count(first)}–${count(last)} of ${count(tracking.pieces_total)}` : undefined,
        }}
        columns={[
          {
            title: 'Piece', width: 80,
            render: (p) => <Button type="link" size="small" className="tracking-piece-link" aria-label={`Timeline of piece ${p.piece_number}`} onClick={() => onOpen(p)}>#{p.piece_number}</Button>,
          },
          { title: 'Record', align: 'right', width: 80, render: (p) => (p.record_number != null ? count(p.record_number) : '—') },
          {
            title: 'Recipient',
            render: (p) => (
              <span>
                {p.address.name || '—'}
                <br />
                <Typography.Text type="secondary">{`${p.address.city}, ${p.address.state} ${p.address.zip}`}</Typography.Text>
              </span>
            ),
          },
          { title: 'IMb', render: (p) => <code className="tracking-imb">{p.imb}</code> },
          { title: 'Stage', render: (p) => <StageTag stage={p.stage} /> },
          { title: 'Stage time', render: (p) => when(p.stage_at) },
        ]}
      />
    </div>
  );
}
