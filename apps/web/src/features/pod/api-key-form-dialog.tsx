import { useId, useState } from 'react';
import { Alert, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import {
  API_KEY_EXPIRY_DAYS, API_KEY_MESSAGES as M, API_KEY_RATE_LIMIT as RL, API_SCOPE_PRESETS, apiKeyExpiryLabel, type ApiKeyExpiry, type ApiKeyMode,
} from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { EMPTY_DRAFT, expiryDate, formatDay, presetOf, rateLimitValid, type ApiKeyDraft } from './api-key-draft';
import { useApiKeyActions, type TApiKeyCreated } from './pod-api';

const PERMISSIONS = API_SCOPE_PRESETS.map((p) => ({ value: p.key, label: p.label }));
/** `<select>` values of the expiry choices: 0 stands for never (null). */
const EXPIRY = API_KEY_EXPIRY_DAYS.map((d) => ({ value: d ?? 0, label: apiKeyExpiryLabel(d) }));
const MODES: Array<{ value: ApiKeyMode; label: string }> = [{ value: 'live', label: 'Live' }, { value: 'test', label: 'Test' }];

/**
 * The 'Create New API Key' dialog (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §3, §5, §6, §9): Key Name (required,
 * 'Key name is required'; Create disabled while empty), Rate Limit (requests per minute, 1–1000,
 * default 100), Permissions (a preset of API_SCOPE_PRESETS; the form keeps its `scopes`), Mode
 * (Live / Test) and Expiration (Never, 30 days … 1 year) with an 'Expires on {date}' preview. Sends
 * POST /api/keys; on success calls `onCreated` with the full key and resets the form (docs/requirements/print-on-demand-api.md#rules);
 * a failure shows 'Failed to create API key: {server message}' and keeps the dialog open.
 */
export function ApiKeyFormDialog({ open, onClose, onCreated }: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: TApiKeyCreated) => void;
}) {
  const id = useId();
  const { create } = useApiKeyActions();
  const [draft, setDraft] = useState<ApiKeyDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<ApiKeyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const nameMissing = !draft.name.trim();
  const rateOk = rateLimitValid(draft.rate_limit);
  const expires = expiryDate(draft.expires_in);

  const submit = () => {
    setTouched(true);
    if (nameMissing || !rateOk || create.isPending) return;
    create.mutate(
      { name: draft.name.trim(), scopes: [...draft.scopes], rate_limit: draft.rate_limit as number, expires_in: draft.expires_in, mode: draft.mode },
      {
        onSuccess: (key) => {
          setDraft(EMPTY_DRAFT);
          setTouched(false);
          create.reset();
          onCreated(key);
        },
      },
    );
  };
  const close = () => {
    create.reset();
    setTouched(false);
    onClose();
  };

  return (
    <Modal open={open} title="Create New API Key" okText="Create API Key" onOk={submit} onCancel={close}
      okButtonProps={{ disabled: nameMissing || !rateOk, loading: create.isPending }}>
      <div className="pod-form">
        <div className="pod-field">
          <label htmlFor={`${id}-name`}>Key Name</label>
          <Input id={`${id}-name`} value={draft.name} maxLength={100} placeholder="e.g. Shop integration" autoFocus
            status={touched && nameMissing ? 'error' : undefined}
            onChange={(e) => { set({ name: e.target.value }); setTouched(true); }} onBlur={() => setTouched(true)} onPressEnter={submit} />
          {touched && nameMissing && <Typography.Text type="danger" role="alert">{M.nameRequired}</Typography.Text>}
        </div>
        <div className="pod-field">
          <label htmlFor={`${id}-rate`}>Rate Limit</label>
          <div className="pod-inline">
            <InputNumber id={`${id}-rate`} min={RL.min} max={RL.max} precision={0} value={draft.rate_limit}
              status={rateOk ? undefined : 'error'} onChange={(v) => set({ rate_limit: v })} />
            <span>requests per minute</span>
          </div>
          <span className="pod-hint">{`${RL.min}–${RL.max}, default ${RL.default}.`}</span>
        </div>
        <div className="pod-field">
          <label htmlFor={`${id}-scopes`}>Permissions</label>
          <NativeSelect id={`${id}-scopes`} value={presetOf(draft.scopes)?.key} options={PERMISSIONS}
            onChange={(key) => set({ scopes: API_SCOPE_PRESETS.find((p) => p.key === key)!.scopes })} />
          <span className="pod-hint">{`Scopes: ${draft.scopes.join(', ')}`}</span>
        </div>
        <div className="pod-field">
          <span id={`${id}-mode`}>Mode</span>
          <Radio.Group aria-labelledby={`${id}-mode`} optionType="button" value={draft.mode} options={MODES}
            onChange={(e) => set({ mode: e.target.value as ApiKeyMode })} />
          <span className="pod-hint">Test keys are checked like live keys but never print, mail or charge anything.</span>
        </div>
        <div className="pod-field">
          <label htmlFor={`${id}-expiry`}>Expiration</label>
          <NativeSelect id={`${id}-expiry`} value={draft.expires_in ?? 0} options={EXPIRY}
            onChange={(days) => set({ expires_in: (days || null) as ApiKeyExpiry })} />
          <span className="pod-hint" data-testid="expiry-preview">{expires ? `Expires on ${formatDay(expires)}` : 'This key never expires.'}</span>
        </div>
        {create.isError && <Alert type="error" showIcon role="alert" title={`${M.createFailed}${errorDetail(create.error)}`} />}
      </div>
    </Modal>
  );
}
