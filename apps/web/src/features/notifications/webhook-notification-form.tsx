import { useId, useMemo } from 'react';
import { Button, Checkbox, Input, Space, Typography } from 'antd';
import { NativeSelect } from '../../components/native-select';
import { cleanParamName, NOTIFICATION_MESSAGES as M, notificationUpgradeMessage, notificationVariableGroups, QR_DEFAULT_PARAMS } from '@mailcraft/shared';
import { useKeptState } from '../../lib/kept-state';
import { Field } from './field';
import {
  commonDefaults, commonError, commonFromNotification, commonInput, failureText, keptFormKey, type CommonDraft, type NotificationFormProps,
} from './notification-draft';
import { useNotificationActions } from './notifications-api';
import { ScheduleFields } from './schedule-fields';
import { useNotificationTest } from './use-notification-test';
import {
  composeWebhookUrl, emptyMapping, keptStaticParams, keptVariables, webhookTestBody, type WebhookMapping,
} from './webhook-url';

/**
 * Copies a webhook's signing secret (docs/requirements/notifications.md#messages): reports 'Secret key copied to clipboard' (shown
 * green) or 'Failed to copy secret key' — also when the page has no clipboard access.
 */
export function copySecret(secret: string, report: (text: string, ok?: boolean) => void): Promise<void> {
  return Promise.resolve()
    .then(() => navigator.clipboard.writeText(secret))
    .then(() => report(M.secretCopied, true), () => report(M.copySecretFailed, false));
}

/**
 * The webhook notification form (docs/requirements/maps.md#screens): name, endpoint URL (a URL field), the
 * record and scan fields sent in the body, variables (field → query parameter), static parameters
 * (names lowercased and stripped to a–z, 0–9, '-' and '_'), the composed URL (read-only:
 * `name=value` and `param={{field}}`), the signing secret of a saved webhook with Copy, the shared
 * schedule settings, 'Test Webhook' (the composed URL filled with sample values) and 'Save'
 * (POST, or PUT when editing). Save needs a name and an endpoint URL ('Name and endpoint URL are
 * required'); a failed save keeps the edits and reports the server's text, else 'Failed to save webhook'.
 */
export function WebhookNotificationForm({ projectId, listId, notification, canSave, report, onSaved, onCancel }: NotificationFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-webhook-${name}`;
  const kept = (field: string) => `${keptFormKey(listId, 'webhook', notification?.id)}${field}`;
  const [draft, setDraft] = useKeptState<CommonDraft>(kept('common'), () => (notification ? commonFromNotification(notification) : commonDefaults()));
  const [endpoint, setEndpoint] = useKeptState(kept('endpoint'), notification?.endpoint_url ?? '');
  const [mapping, setMapping] = useKeptState<WebhookMapping>(kept('mapping'), () => ({ ...emptyMapping(), ...notification?.variable_mapping }));
  const groups = useMemo(() => notificationVariableGroups(false), []);
  const fieldOptions = useMemo(() => groups.map((g) => ({ label: g.group, options: g.fields.map((f) => ({ value: f, label: f })) })), [groups]);
  const { save } = useNotificationActions(projectId, listId);
  const tests = useNotificationTest(projectId, listId, report);
  const edit = (patch: Partial<CommonDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const editMapping = (patch: Partial<WebhookMapping>) => setMapping((m) => ({ ...m, ...patch }));
  const setVariable = (i: number, patch: Partial<WebhookMapping['variables'][number]>) =>
    editMapping({ variables: mapping.variables.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const setStatic = (i: number, patch: Partial<WebhookMapping['staticParams'][number]>) =>
    editMapping({ staticParams: mapping.staticParams.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const composed = composeWebhookUrl(endpoint, mapping);

  const submit = async () => {
    if (!draft.name.trim() || !endpoint.trim()) return report(M.webhookRequired);
    const invalid = commonError(draft);
    if (invalid) return report(invalid);
    try {
      const saved = await save.mutateAsync({
        id: notification?.id,
        body: {
          ...commonInput(draft, projectId, listId), type: 'webhook', endpoint_url: endpoint.trim(),
          variable_mapping: { selectedFields: mapping.selectedFields, variables: keptVariables(mapping), staticParams: keptStaticParams(mapping) },
        },
      });
      report(M.webhookSaved);
      onSaved(saved);
    } catch (err) {
      report(failureText(err, M.saveWebhookFailed));
    }
  };

  return (
    <form className="notification-form" aria-label={notification ? `Edit webhook notification ${notification.name}` : 'New webhook notification'}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Field label="Name" htmlFor={id('name')}>
        <Input id={id('name')} value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="CRM" maxLength={200} />
      </Field>
      <Field label="Endpoint URL" htmlFor={id('url')}>
        <Input id={id('url')} type="url" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} placeholder="https://example.com/hooks/scans" maxLength={2000} />
      </Field>
      <Field label="Fields sent in the body">
        <div className="notification-field-groups">
          {groups.map((g) => (
            <fieldset key={g.group}>
              <legend>{g.group}</legend>
              <Checkbox.Group value={mapping.selectedFields.filter((f) => g.fields.includes(f))} options={g.fields}
                onChange={(picked) => editMapping({ selectedFields: [...mapping.selectedFields.filter((f) => !g.fields.includes(f)), ...(picked as string[])] })} />
            </fieldset>
          ))}
        </div>
      </Field>
      <Field label="Variables (field → query parameter)">
        <Space orientation="vertical" style={{ width: '100%' }}>
          {mapping.variables.map((v, i) => (
            <Space key={i} wrap>
              <NativeSelect<string> aria-label={`Variable ${i + 1} field`} value={v.field || undefined} placeholder="Field" options={fieldOptions} style={{ width: 200 }}
                onChange={(field) => setVariable(i, { field, param: v.param || cleanParamName(QR_DEFAULT_PARAMS[field] ?? field) })} />
              <Input aria-label={`Variable ${i + 1} parameter`} value={v.param} placeholder="param" style={{ width: 160 }} maxLength={64}
                onChange={(e) => setVariable(i, { param: cleanParamName(e.target.value) })} />
              <Button aria-label={`Remove variable ${i + 1}`} onClick={() => editMapping({ variables: mapping.variables.filter((_, j) => j !== i) })}>Remove</Button>
            </Space>
          ))}
          <Button size="small" onClick={() => editMapping({ variables: [...mapping.variables, { field: '', param: '' }] })}>Add Variable</Button>
        </Space>
      </Field>
      <Field label="Static parameters">
        <Space orientation="vertical" style={{ width: '100%' }}>
          {mapping.staticParams.map((p, i) => (
            <Space key={i} wrap>
              <Input aria-label={`Static parameter ${i + 1} name`} value={p.name} placeholder="name" style={{ width: 160 }} maxLength={64}
                onChange={(e) => setStatic(i, { name: cleanParamName(e.target.value) })} />
              <Input aria-label={`Static parameter ${i + 1} value`} value={p.value} placeholder="value" style={{ width: 200 }} maxLength={500}
                onChange={(e) => setStatic(i, { value: e.target.value })} />
              <Button aria-label={`Remove static parameter ${i + 1}`} onClick={() => editMapping({ staticParams: mapping.staticParams.filter((_, j) => j !== i) })}>Remove</Button>
            </Space>
          ))}
          <Button size="small" onClick={() => editMapping({ staticParams: [...mapping.staticParams, { name: '', value: '' }] })}>Add Static Parameter</Button>
        </Space>
      </Field>
      <Field label="Composed URL" htmlFor={id('composed')} hint="Variables are filled in with each scan's values.">
        <Input id={id('composed')} readOnly value={composed} placeholder="Enter the endpoint URL" />
      </Field>
      {notification?.secret_key && (
        <Field label="Secret key" htmlFor={id('secret')} hint="Deliveries are signed with it as Standard Webhooks define (webhook-signature header).">
          <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
            <Input.Password id={id('secret')} readOnly value={notification.secret_key} />
            <Button onClick={() => void copySecret(notification.secret_key ?? '', report)}>Copy</Button>
          </Space.Compact>
        </Field>
      )}
      <ScheduleFields draft={draft} onChange={edit} idPrefix={id('schedule')} />
      <Space wrap>
        <Button onClick={() => void tests.webhook(webhookTestBody(endpoint, mapping, notification?.secret_key))} loading={tests.pending}>Test Webhook</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canSave}>Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
        {!canSave && <Typography.Text type="secondary">{notificationUpgradeMessage('webhook')}</Typography.Text>}
      </Space>
    </form>
  );
}
