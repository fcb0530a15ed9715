import { useId } from 'react';
import { Input } from 'antd';
import { fieldLabel } from '@mailcraft/shared';
import { derivedDefault, isRequiredField, type RecipientDraft } from './recipient-fields';

/**
 * 'Add new recipient' (docs/requirements/print-on-demand-api.md#order-form-rules): one input per field of `fields` (see newRecipientFields), the
 * required ones marked '*', the state limited to 2 characters. Full name and City, State ZIP show
 * their default ('first last', 'city, state zip') until the user types their own, and as the
 * placeholder once cleared — the order then carries the default. `columns` (field → the list's
 * column) labels custom fields with their column. `onChange` gets the whole new draft.
 */
export function RecipientForm({ fields, columns, draft, onChange }: {
  fields: readonly string[]; columns: Record<string, string>; draft: RecipientDraft; onChange: (draft: RecipientDraft) => void;
}) {
  const idPrefix = useId();
  return (
    <div className="pod-order-recipient-form" role="group" aria-label="New recipient">
      {fields.map((field) => {
        const id = `${idPrefix}-${field}`;
        const fallback = derivedDefault(field, draft);
        const required = isRequiredField(field);
        const label = field.startsWith('custom_') && columns[field] ? `${fieldLabel(field)} (${columns[field]})` : fieldLabel(field);
        return (
          <div key={field} className="pod-field">
            <label htmlFor={id}>{label}{required && <span className="pod-order-required" aria-hidden> *</span>}</label>
            <Input id={id} value={draft[field] ?? fallback ?? ''} placeholder={fallback} maxLength={field === 'state' ? 2 : 200}
              aria-required={required} autoComplete="off" onChange={(e) => onChange({ ...draft, [field]: e.target.value })} />
          </div>
        );
      })}
    </div>
  );
}
