import { useId } from 'react';
import { App, Button, Empty, Form, Input, Popconfirm, Radio } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReinforcementSlot } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useRemoveReinforcement } from './reinforcements-api';
import { REINFORCEMENT_NAME_MAX, reinforcementNameError, type ReinforcementType } from './reinforcement-tabs';

/** The confirmation before a reinforcement is removed (docs/requirements/print-on-demand-api.md#print-on-demand-api). */
export const REMOVE_CONFIRM = 'Remove this reinforcement? Orders already placed keep their files.';

const TYPE_OPTIONS = [
  { label: 'Image', value: 'image', title: 'Printed and mailed' },
  { label: 'Digital', value: 'digital', title: 'Sent as a picture' },
];

export type ReinforcementBarProps = {
  projectId: string;
  slot: ReinforcementSlot;
  name: string;
  type: ReinforcementType;
  /** Whether the server holds this reinforcement; an unsaved one is removed without a request. */
  stored: boolean;
  disabled?: boolean;
  onNameChange: (name: string) => void;
  onTypeChange: (type: ReinforcementType) => void;
  /** The reinforcement is gone (deleted on the server, or never saved): empty its tab. */
  onRemoved: () => void;
};

/**
 * The bar under the Designer's toolbar on a reinforcement tab (docs/requirements/print-on-demand-api.md#print-on-demand-api, docs/requirements/print-on-demand-api.md#data): its Name
 * (required: 'Reinforcement name is required' while blank, at most 100 characters), its Type
 * (Image = printed, Digital = sent as a picture) and 'Remove reinforcement', which asks 'Remove
 * this reinforcement? Orders already placed keep their files.' and then calls DELETE
 * /api/projects/{id}/reinforcements/{slot}; a failure shows 'Failed to remove reinforcement: …'.
 */
export function ReinforcementBar(p: ReinforcementBarProps) {
  const { message } = App.useApp();
  const inputId = useId();
  const remove = useRemoveReinforcement(p.projectId);
  const nameError = reinforcementNameError(p.name);

  const confirmRemove = async () => {
    if (!p.stored) return p.onRemoved();
    try {
      await remove.mutateAsync(p.slot);
      p.onRemoved();
    } catch (err) {
      message.error(`Failed to remove reinforcement: ${errorDetail(err)}`);
    }
  };

  return (
    <Form layout="inline" className="reinforcement-bar" aria-label={`Reinforcement R${p.slot}`} disabled={p.disabled}>
      <Form.Item label="Name" htmlFor={inputId} required validateStatus={nameError ? 'error' : undefined} help={nameError}>
        <Input
          id={inputId}
          // pdfme's property panel has a 'Name' field of its own.
          aria-label="Reinforcement name"
          value={p.name}
          maxLength={REINFORCEMENT_NAME_MAX}
          placeholder={`Reinforcement ${p.slot}`}
          className="reinforcement-name"
          onChange={(e) => p.onNameChange(e.target.value)}
        />
      </Form.Item>
      <Form.Item label="Type">
        <Radio.Group
          aria-label="Reinforcement type"
          value={p.type}
          options={TYPE_OPTIONS}
          onChange={(e) => p.onTypeChange(e.target.value as ReinforcementType)}
        />
      </Form.Item>
      <Popconfirm
        title={REMOVE_CONFIRM}
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Keep"
        onConfirm={confirmRemove}
        disabled={p.disabled}
      >
        <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending} className="reinforcement-remove">
          Remove reinforcement
        </Button>
      </Popconfirm>
    </Form>
  );
}

/**
 * What an empty reinforcement tab shows instead of the canvas (docs/requirements/print-on-demand-api.md#print-on-demand-api): what a reinforcement is
 * and 'Add reinforcement R{slot}', which starts a blank one-page design.
 */
export function AddReinforcement({ slot, disabled, onAdd }: { slot: ReinforcementSlot; disabled?: boolean; onAdd: () => void }) {
  return (
    <div className="reinforcement-empty">
      <Empty
        description={(
          <>
            <strong>R{slot} is empty.</strong>
            <br />
            A reinforcement is a one-page personalised follow-up to this mailing, printed or sent as a picture.
          </>
        )}
      >
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd} disabled={disabled}>
          Add reinforcement R{slot}
        </Button>
      </Empty>
    </div>
  );
}
