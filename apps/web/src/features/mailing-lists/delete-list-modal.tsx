import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { ApiError } from '../../lib/api-client';
import { useDeleteList, type TMailingList } from './mailing-lists-api';

const CONFIRM_WORD = 'DELETE';

/** The typed confirmation of docs/requirements/workflow.md#route-table: equal to DELETE, case-insensitively. */
export const isDeleteConfirmed = (typed: string) => typed.toUpperCase() === CONFIRM_WORD;

/** The server's own explanation, when it says more than the status text. */
const serverDetail = (err: Error) =>
  err instanceof ApiError && err.message !== err.statusText ? err.message : undefined;

/**
 * Typed-word confirmation for deleting a mailing list (docs/requirements/mailing-lists.md#upload-screen screen, §4 Deletion): the
 * confirm button is enabled only when the text equals DELETE, case-insensitively. A failure shows
 * 'Failed to delete list' (§8) and keeps the dialog open. Mount it to open it; `onClose` after a
 * cancel or a successful delete.
 */
export function DeleteListModal({ list, onClose }: { list: TMailingList; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteList();
  const confirmed = isDeleteConfirmed(typed);
  const submit = () => {
    if (confirmed && !remove.isPending) remove.mutate(list.id, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title="Delete mailing list"
      okText="Delete list"
      okButtonProps={{ danger: true, disabled: !confirmed, loading: remove.isPending }}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        This permanently deletes <strong>{list.name}</strong> and its {list.row_count.toLocaleString()} records.
        It cannot be undone.
      </Typography.Paragraph>
      <label htmlFor="delete-list-confirm" className="delete-list-label">
        Type <Typography.Text code>{CONFIRM_WORD}</Typography.Text> to confirm
      </label>
      <Input
        id="delete-list-confirm"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={submit}
        placeholder={CONFIRM_WORD}
        autoComplete="off"
        autoFocus
      />
      {remove.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title="Failed to delete list"
          description={serverDetail(remove.error)}
        />
      )}
    </Modal>
  );
}
