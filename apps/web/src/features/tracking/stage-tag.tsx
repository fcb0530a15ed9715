import { Tag } from 'antd';
import type { MailStage } from '@mailcraft/shared';
import { STAGE_COLOR, STAGE_LABEL } from './tracking-format';

/**
 * A piece's stage as a coloured tag (docs/requirements/mail-tracking.md#stages): 'Accepted' … 'Delivered', 'Returned to
 * sender', 'Forwarded', or 'No scan yet' for null (colours in STAGE_COLOR).
 */
export function StageTag({ stage }: { stage: MailStage | null }) {
  const key = stage ?? 'no_scan';
  return <Tag color={STAGE_COLOR[key]} className="stage-tag">{STAGE_LABEL[key]}</Tag>;
}
