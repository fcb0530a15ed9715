import { Button, Modal } from 'antd';
import { DataPreviewTable } from './data-preview-table';
import type { TMailingList } from './mailing-lists-api';

/** The eye icon's modal on the upload screen (docs/requirements/workflow.md#route-table): the Data Preview table of one list. */
export function ListPreviewModal({ list, onClose }: { list: TMailingList; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Data Preview — ${list.name}`}
      width={{ xs: '96vw', md: 1000 }}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <DataPreviewTable listId={list.id} />
    </Modal>
  );
}
