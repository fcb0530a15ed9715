import { useEffect, useId, useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { useApiKeys, type TApiKey } from './pod-api';
import { forgetKeySecret, keySecret, rememberKeySecret } from './key-secrets';

/** The key chosen in a picker: its id and, once this tab knows it, its full secret. */
export type KeyChoice = { id: string | null; secret: string | null };

/**
 * State of an API key picker (docs/requirements/print-on-demand-api.md#order-entry-tab Entry, Test API): the user's active, unexpired
 * keys; the first one whose secret this tab knows is chosen at first, else the first key.
 * `secret` is null until the tab knows the chosen key's secret (see key-secrets.ts).
 */
export function useKeyChoice() {
  const keys = useApiKeys();
  const usable = (keys.data ?? []).filter((k) => k.is_active && (!k.expires_at || Date.parse(k.expires_at) > Date.now()));
  const [id, setId] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (id && usable.some((k) => k.id === id)) return;
    const first = usable.find((k) => keySecret(k.id)) ?? usable[0];
    setId(first?.id ?? null);
  }, [id, usable]);
  const secret = id ? keySecret(id) : null;
  return {
    keys: usable,
    loading: keys.isPending,
    error: keys.error,
    choice: { id, secret } satisfies KeyChoice,
    choose: (next: string | null) => setId(next),
    /** Stores a pasted secret for the chosen key in this tab. */
    setSecret: (value: string) => {
      if (!id) return;
      rememberKeySecret(id, value);
      setVersion(version + 1);
    },
    /** Forgets the chosen key's secret (the server answered 401 with it). */
    forget: () => {
      if (!id) return;
      forgetKeySecret(id);
      setVersion(version + 1);
    },
  };
}

const label = (k: TApiKey) => `${k.name} (${k.api_key})${k.mode === 'test' ? ' · test' : ''}`;

/**
 * The 'API Key' picker (docs/requirements/print-on-demand-api.md#screens): a native select of the user's active keys by name and masked
 * value, and — while this tab does not know the chosen key's full secret — a password field to
 * paste it ('Paste the full key…'), since keys are shown only once and stored hashed. Without any
 * key: 'No active API keys. Create one in the API Keys tab.' `state` comes from useKeyChoice().
 */
export function KeyPicker({ state, label: text = 'API Key' }: { state: ReturnType<typeof useKeyChoice>; label?: string }) {
  const selectId = useId();
  const [draft, setDraft] = useState('');
  const { keys, choice } = state;
  if (!state.loading && keys.length === 0) {
    return (
      <div className="pod-field">
        <span className="pod-label">{text}</span>
        <Typography.Text type="warning">No active API keys. Create one in the API Keys tab.</Typography.Text>
      </div>
    );
  }
  return (
    <div className="pod-field">
      <label htmlFor={selectId}>{text}</label>
      <select id={selectId} className="pod-select" value={choice.id ?? ''} disabled={state.loading}
        onChange={(e) => state.choose(e.target.value || null)}>
        <option value="">Select an API key</option>
        {keys.map((k) => <option key={k.id} value={k.id}>{label(k)}</option>)}
      </select>
      {choice.id && !choice.secret && (
        <div className="pod-inline">
          <Input.Password aria-label="Full API key" placeholder="Paste the full key (it was shown once, when created)" value={draft}
            onChange={(e) => setDraft(e.target.value)} autoComplete="off" />
          <Button onClick={() => { state.setSecret(draft.trim()); setDraft(''); }} disabled={!draft.trim()}>Use key</Button>
        </div>
      )}
      {choice.id && !choice.secret && (
        <span className="pod-hint">Keys are stored hashed, so the full key is kept only in this browser tab once you paste it (or create it here).</span>
      )}
    </div>
  );
}
