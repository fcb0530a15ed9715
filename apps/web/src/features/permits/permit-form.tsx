import { useId, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { Card } from '../../components/card';
import {
  PERMIT_LINE_COUNT, PERMIT_LINE_DEFAULTS, PERMIT_LINE_MAX, ZPermitCreateSchema, type TIndicia, type TPermit,
} from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useCreatePermit } from './permits-api';
import { IndiciaBox } from './indicia-box';

const LINE_KEYS = Array.from({ length: PERMIT_LINE_COUNT }, (_, i) => `line${i + 1}` as keyof TIndicia);
const MAX_MESSAGE = 'Maximum 20 characters allowed';

type Draft = { name: string; lines: string[]; isDefault: boolean; mailerId: string };

const toBody = (d: Draft) => ({
  name: d.name,
  indicia: Object.fromEntries(LINE_KEYS.map((k, i) => [k, d.lines[i]])) as TIndicia,
  isDefault: d.isDefault,
  ...(d.mailerId.trim() ? { mailer_id: d.mailerId.trim() } : {}),
});

/** Zod issues by field: 'name' or 'line1'…'line6' (the first message of each). */
function fieldErrors(draft: Draft): Record<string, string> {
  const parsed = ZPermitCreateSchema.safeParse(toBody(draft));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[issue.path.length - 1]);
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * New mailing permit form (docs/requirements/projects.md#data): name ('Permit name is required') and indicia lines
 * 1–6, prefilled with PERMIT_LINE_DEFAULTS, each required ('Line {n} is required') and cut at 20
 * characters ('Maximum 20 characters allowed'), an optional Mailer ID for a mail owner other than the account
 * (docs/requirements/mail-tracking.md#imb-assignment: 6 or 9 digits, IMB_MESSAGES.mailerIdFormat), plus 'Set as default'.
 * Validated with the shared ZPermitCreateSchema so the messages match the server's. Failure: 'Failed to save permit'.
 */
export function PermitForm({ onSaved, onCancel }: { onSaved: (permit: TPermit) => void; onCancel: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ name: '', lines: [...PERMIT_LINE_DEFAULTS], isDefault: false, mailerId: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useCreatePermit();
  const errors = fieldErrors(draft);
  const shown = (key: string) => (submitted || touched[key] ? errors[key] : undefined);

  const setLine = (i: number, value: string) => {
    setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? value.slice(0, PERMIT_LINE_MAX) : l)) }));
    setTouched((t) => ({ ...t, [LINE_KEYS[i]]: true }));
  };

  const submit = () => {
    setSubmitted(true);
    const parsed = ZPermitCreateSchema.safeParse(toBody(draft));
    if (!parsed.success) return;
    create.mutate(parsed.data, { onSuccess: onSaved });
  };

  // The form may sit inside another form (project create): Enter saves the permit, not the outer form.
  const onEnter = (e: KeyboardEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <Card size="small" title="New permit" className="permit-form">
      <Form layout="vertical" component="div">
        <div className="permit-form-body">
          <div>
            <Form.Item label="Permit name" htmlFor={`${id}-name`} required validateStatus={shown('name') ? 'error' : undefined} help={shown('name')}>
              <Input
                id={`${id}-name`}
                value={draft.name}
                maxLength={100}
                placeholder="e.g. Acme standard mail"
                onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                onBlur={() => setTouched((t) => ({ ...t, name: true }))}
                onPressEnter={onEnter}
              />
            </Form.Item>
            <div className="permit-form-lines">
              {LINE_KEYS.map((key, i) => {
                const error = shown(key);
                const atMax = draft.lines[i].length >= PERMIT_LINE_MAX;
                return (
                  <Form.Item
                    key={key}
                    label={`Line ${i + 1}`}
                    htmlFor={`${id}-${key}`}
                    required
                    validateStatus={error ? 'error' : atMax ? 'warning' : undefined}
                    help={error ?? (atMax ? MAX_MESSAGE : undefined)}
                  >
                    <Input
                      id={`${id}-${key}`}
                      value={draft.lines[i]}
                      maxLength={PERMIT_LINE_MAX}
                      onChange={(e) => setLine(i, e.target.value)}
                      onPressEnter={onEnter}
                    />
                  </Form.Item>
                );
              })}
            </div>
          </div>
          <div className="permit-form-preview">
            <IndiciaBox indicia={toBody(draft).indicia} label="Indicia preview" />
            <span>Preview</span>
          </div>
        </div>
        <Form.Item label="Mailer ID (optional)" htmlFor={`${id}-mailer-id`} validateStatus={shown('mailer_id') ? 'error' : undefined}
          help={shown('mailer_id') ?? 'Only when the mail owner is not you: the Intelligent Mail barcodes of projects under this permit carry it.'}>
          <Input
            id={`${id}-mailer-id`}
            value={draft.mailerId}
            maxLength={9}
            inputMode="numeric"
            placeholder="6 or 9 digits"
            style={{ maxWidth: 200 }}
            onChange={(e) => setDraft((d) => ({ ...d, mailerId: e.target.value }))}
            onBlur={() => setTouched((t) => ({ ...t, mailer_id: true }))}
            onPressEnter={onEnter}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={draft.isDefault} onChange={(e) => setDraft((d) => ({ ...d, isDefault: e.target.checked }))}>
            Set as default
          </Checkbox>
        </Form.Item>
        {create.isError && (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} title="Failed to save permit" description={errorDetail(create.error)} />
        )}
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="primary" onClick={submit} loading={create.isPending}>Save permit</Button>
          <Button onClick={onCancel} disabled={create.isPending}>Cancel</Button>
        </div>
      </Form>
    </Card>
  );
}
