import { useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import { LIST_NAME_MAX, ZListRenameSchema } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useRenameList, type TMailingList } from './mailing-lists-api';

/**
 * Renames a mailing list (docs/requirements/workflow.md#clear-states-and-fast-pages): the name is validated by the server's own schema
 * (ZListRenameSchema: 1–255 characters after trimming); a failure keeps the typed name and shows
 * 'Failed to rename list: {detail}'. Mount it to open it; `onClose` after cancel or success.
 */
export function RenameListModal({ list, onClose }: { list: TMailingList; onClose: () => void }) {
  const [name, setName] = useState(list.name);
  const rename = useRenameList();
  const parsed = ZListRenameSchema.safeParse({ name });
  const problem = parsed.success ? null : parsed.error.issues[0]?.message;
  const submit = () => {
    if (parsed.success && !rename.isPending) rename.mutate({ id: list.id, name: parsed.data.name }, { onSuccess: onClose });
  };
  return (
    <Modal open title="Rename mailing list" okText="Rename" okButtonProps={{ disabled: !!problem, loading: rename.isPending }} onOk={submit} onCancel={onClose}>
      <label htmlFor="rename-list-name" className="delete-list-label">List name</label>
      <Input
        id="rename-list-name"
        value={name}
        maxLength={LIST_NAME_MAX}
        status={problem ? 'error' : undefined}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={submit}
        autoFocus
      />
      {problem && <div role="alert" className="field-error">{problem}</div>}
      {rename.isError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={`Failed to rename list: ${errorDetail(rename.error)}`} />}
    </Modal>
  );
}
