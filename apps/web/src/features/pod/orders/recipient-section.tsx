import { Radio } from 'antd';
import type { KeyChoice } from '../key-picker';
import type { RecipientMode } from './order-rules';
import { searchFields, type RecipientDraft } from './recipient-fields';
import { RecipientForm } from './recipient-form';
import { RecipientPicker } from './recipient-picker';
import type { Recipient } from './recipient-query';

/**
 * The recipient choice (docs/requirements/print-on-demand-api.md#screens): 'Use existing recipient' — the picker of the list
 * `listId` — or 'Add new recipient' — the form of `fields`. Choosing 'Add new recipient' starts
 * from an empty form (`onMode` is told; the owner clears the draft). `mappings` is the list's
 * field → column map (search fields, custom field labels); `recipient` the chosen existing one.
 */
export function RecipientSection({ apiKey, listId, mode, onMode, mappings, fields, recipient, onRecipient, draft, onDraft }: {
  apiKey: KeyChoice; listId: string; mode: RecipientMode; onMode: (mode: RecipientMode) => void;
  mappings: Record<string, string>; fields: readonly string[];
  recipient: Recipient | null; onRecipient: (recipient: Recipient) => void;
  draft: RecipientDraft; onDraft: (draft: RecipientDraft) => void;
}) {
  return (
    <div className="pod-order-section">
      <Radio.Group value={mode} onChange={(e) => onMode(e.target.value as RecipientMode)} aria-label="Recipient"
        options={[{ value: 'existing', label: 'Use existing recipient' }, { value: 'new', label: 'Add new recipient' }]} />
      {mode === 'existing'
        ? <RecipientPicker key={listId} apiKey={apiKey} listId={listId} fields={searchFields(mappings)} selectedId={recipient?.id ?? null} onSelect={onRecipient} />
        : <RecipientForm fields={fields} columns={mappings} draft={draft} onChange={onDraft} />}
    </div>
  );
}
