import { Space, Typography } from 'antd';
import type { TProject } from '@mailcraft/shared';
import { IndiciaBox } from '../permits/indicia-box';
import { usePermits } from '../permits/permits-api';
import { PERMIT_TYPE_LABELS, labelOf } from './project-labels';

/**
 * The project's mailing permit (docs/requirements/projects.md#data): Mailcraft's, none, or — for permit_type 'custom' —
 * the user's chosen permit with its indicia.
 */
export function ProjectPermitSummary({ project }: { project: TProject }) {
  const custom = project.permit_type === 'custom' && !!project.mailing_permit_id;
  const permits = usePermits({ enabled: custom });
  if (!custom) return <span>{labelOf(PERMIT_TYPE_LABELS, project.permit_type)}</span>;
  const permit = permits.data?.find((p) => p.id === project.mailing_permit_id);
  if (permits.isError) return <Typography.Text type="danger">Failed to load mailing permits</Typography.Text>;
  if (!permit) return <span>{permits.isPending ? 'Loading…' : 'Permit not found'}</span>;
  return (
    <Space align="start" size={12} wrap>
      <IndiciaBox indicia={permit.indicia} />
      <span><strong>{permit.name}</strong>{permit.is_default ? ' (default)' : ''}</span>
    </Space>
  );
}
