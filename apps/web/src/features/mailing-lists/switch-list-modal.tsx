import { Alert, Modal, Typography } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { useSetProjectList } from './mailing-lists-api';

/** What the confirmation says (docs/requirements/workflow.md#clear-states-and-fast-pages): 'This project prints from us-500.csv (500 records). Use new-list.csv instead?' */
export const switchListQuestion = (current: { name: string; rowCount: number }, next: string) =>
  `This project prints from ${current.name} (${current.rowCount.toLocaleString('en-US')} ${current.rowCount === 1 ? 'record' : 'records'}). Use ${next} instead?`;

type Props = {
  projectId: string;
  current: { name: string; rowCount: number };
  next: { id: string; name: string; rowCount: number };
  /** After the switch was saved. */
  onSwitched: (listId: string) => void;
  /** The user keeps the current list (the other list stays among their lists). */
  onKeep: () => void;
};

/**
 * Asks before a project that already prints from a list switches to another one (docs/requirements/workflow.md#clear-states-and-fast-pages: no
 * silent list swap) — after an upload and when another list card is chosen. Only 'Use …' writes
 * (PUT /api/projects/{id}/list); a failure shows 'Failed to select list: {detail}' and stays open.
 * Mount it to open it.
 */
export function SwitchListModal({ projectId, current, next, onSwitched, onKeep }: Props) {
  const setList = useSetProjectList(projectId);
  return (
    <Modal
      open
      title="Switch the project's mailing list?"
      okText={`Use ${next.name}`}
      cancelText={`Keep ${current.name}`}
      okButtonProps={{ loading: setList.isPending }}
      onOk={() => setList.mutate(next.id, { onSuccess: () => onSwitched(next.id) })}
      onCancel={onKeep}
    >
      <Typography.Paragraph>{switchListQuestion(current, next.name)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {next.name} has {next.rowCount.toLocaleString('en-US')} {next.rowCount === 1 ? 'record' : 'records'}. After the switch you map its
        columns; the design keeps its merge fields, and print files use the new list.
      </Typography.Paragraph>
      {setList.isError && <Alert type="error" showIcon title={`Failed to select list: ${errorDetail(setList.error)}`} />}
    </Modal>
  );
}
