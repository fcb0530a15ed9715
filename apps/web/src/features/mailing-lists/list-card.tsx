import type { MouseEvent } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { Card } from '../../components/card';
import { CheckCircleFilled, DeleteOutlined, EditOutlined, EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { LIST_MESSAGES } from '@mailcraft/shared';
import type { TMailingList } from './mailing-lists-api';

/** Upload date and time, to the minute: same-named uploads of one day differ by it (docs/requirements/workflow.md#clear-states-and-fast-pages). */
export const formatUploadTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

type Props = {
  list: TMailingList;
  current: boolean;
  /** The name of another project that prints from this list (its current list), or null. */
  usedBy: string | null;
  onOpen: () => void;
  onPreview: () => void;
  onRename: () => void;
  onDelete: () => void;
};

/**
 * One existing mailing list on the upload screen (docs/requirements/workflow.md#route-table): name, records, columns and upload
 * time (so same-named uploads differ), a preview eye icon, a rename icon, a delete icon
 * (absent for the current list, §4; disabled, with the reason, for another project's current list,
 * which cannot be deleted either) and the 'Current Mailing List' badge.
 * Clicking the card (or its Continue button) makes it the list to continue with.
 */
export function ListCard({ list, current, usedBy, onOpen, onPreview, onRename, onDelete }: Props) {
  // The card itself is clickable; its buttons must not also trigger it.
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <Card
      className={current ? 'list-card list-card-current' : 'list-card'}
      hoverable
      size="small"
      onClick={onOpen}
      data-testid="list-card"
    >
      <div className="list-card-head">
        <FileTextOutlined className="list-card-icon" aria-hidden />
        <div className="list-card-title">
          <Typography.Text strong ellipsis={{ tooltip: list.name }}>{list.name}</Typography.Text>
          <Typography.Text type="secondary" className="list-card-meta">
            {plural(list.row_count, 'record', 'records')} · {plural(list.column_count, 'column', 'columns')}
          </Typography.Text>
          <Typography.Text type="secondary" className="list-card-meta">
            Uploaded {formatUploadTime(list.created_at)}
          </Typography.Text>
        </div>
        <div className="list-card-actions">
          <Tooltip title="Preview data">
            <Button type="text" icon={<EyeOutlined aria-hidden />} aria-label={`Preview ${list.name}`} onClick={stop(onPreview)} />
          </Tooltip>
          <Tooltip title="Rename list">
            <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`Rename ${list.name}`} onClick={stop(onRename)} />
          </Tooltip>
          {!current && (
            <Tooltip title={usedBy ? `${usedBy} prints from this list. ${LIST_MESSAGES.currentList}.` : 'Delete list'}>
              <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${list.name}`} disabled={!!usedBy} onClick={stop(onDelete)} />
            </Tooltip>
          )}
        </div>
      </div>
      <div className="list-card-foot">
        {current ? (
          <Tag color="blue" icon={<CheckCircleFilled aria-hidden />}>Current Mailing List</Tag>
        ) : usedBy ? (
          <Tag className="list-card-used-by">Current list of {usedBy}</Tag>
        ) : (
          <span />
        )}
        <Button size="small" type={current ? 'primary' : 'default'} onClick={stop(onOpen)} aria-label={`Continue with ${list.name}`}>
          Continue
        </Button>
      </div>
    </Card>
  );
}
