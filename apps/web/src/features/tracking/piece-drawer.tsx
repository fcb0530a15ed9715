import { Drawer } from 'antd';
import type { TTrackedPiece } from '@mailcraft/shared';
import { MailPieceTimeline } from './piece-timeline';

/**
 * The drawer of a print file's tracking page showing one piece's timeline (`MailPieceTimeline`), titled with its number
 * and addressee; `piece` null closes it. Loaded on the first click of a piece, so the tracking page's first load carries
 * neither antd's Drawer nor its Timeline (docs/decisions/0024-antd-and-a-first-load-budget.md).
 */
export function PieceDrawer({ piece, onClose, refreshMs }: { piece: TTrackedPiece | null; onClose: () => void; refreshMs: number | false }) {
  return (
    <Drawer
      open={!!piece} onClose={onClose} size={480} destroyOnHidden
      title={piece ? `Piece #${piece.piece_number}: ${piece.address.name || 'timeline'}` : 'Piece timeline'}
    >
      {piece && <MailPieceTimeline pieceId={piece.id} refreshMs={refreshMs} />}
    </Drawer>
  );
}
