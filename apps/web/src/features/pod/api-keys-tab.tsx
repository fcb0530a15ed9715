import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { ApiKeyList } from './api-key-list';
import { forgetKeySecret, rememberKeySecret } from './key-secrets';
import { useApiKeyActions, useApiKeys, type TApiKey, type TApiKeyCreated } from './pod-api';

/** The dialogs' code (antd Modal, InputNumber, Radio, Input: ~28 KB gzip) loads when first wanted, not with the tab (docs/requirements/workflow.md#clear-states-and-fast-pages). */
const loadForm = () => import('./api-key-form-dialog');
const loadCreated = () => import('./api-key-created-dialog');
const ApiKeyFormDialog = lazy(async () => ({ default: (await loadForm()).ApiKeyFormDialog }));
const ApiKeyCreatedDialog = lazy(async () => ({ default: (await loadCreated()).ApiKeyCreatedDialog }));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});

/**
 * The API Keys tab (docs/requirements/print-on-demand-api.md#screens): 'Create New API Key' (the form dialog), the key list
 * with its switch, Regenerate and Delete, and the 'API Key Created' dialog after a create or a
 * regenerate. Empty: 'No API keys found. Create one to get started.'; a list failure: 'No API keys
 * Found - create a new key'; a failed operation: 'Failed to {regenerate|delete|update} API key: {server
 * message}' above the list until dismissed or the next operation. Needs the plan's `api` feature
 * (the page shows the restricted panel instead).
 */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const actions = useApiKeyActions();
  const [formOpen, setFormOpen] = useState(false);
  const [formUsed, setFormUsed] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [createdUsed, setCreatedUsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const showCreated = (key: TApiKeyCreated) => {
    // The other tabs call the API with it in this browser tab (the server keeps only its hash).
    rememberKeySecret(key.id, key.api_key);
    setCreatedUsed(true);
    setCreated(key);
  };
  const openForm = () => {
    preload(loadCreated)();
    setFormUsed(true);
    setFormOpen(true);
  };
  const fail = (prefix: string) => (err: unknown) => setFailure(`${prefix}${errorDetail(err)}`);
  const busyId = actions.setActive.isPending ? actions.setActive.variables?.id : null;

  return (
    <section className="pod-tab" aria-label="API Keys">
      <div className="pod-tab-head">
        <div>
          <Typography.Title level={4}>API Keys</Typography.Title>
          <Typography.Paragraph type="secondary">
            Send a key in the X-API-Key header (or the api_key query parameter) to use the Print on Demand API.
          </Typography.Paragraph>
        </div>
        <Button type="primary" icon={<PlusOutlined />} aria-label="Create New API Key" onClick={openForm}
          onPointerEnter={preload(loadForm)} onFocus={preload(loadForm)}>Create New API Key</Button>
      </div>
      {failure && <Alert type="error" showIcon role="alert" closable onClose={() => setFailure(null)} className="pod-failure" title={failure} />}
      {keys.isError ? (
        <Alert type="warning" showIcon className="pod-failure" title={M.listFailed} description={errorDetail(keys.error)}
          action={<Button size="small" onClick={() => void keys.refetch()}>Retry</Button>} />
      ) : (
        <ApiKeyList
          keys={keys.data ?? []}
          loading={keys.isPending}
          empty={M.empty}
          actions={{
            busyId,
            onToggle: (k: TApiKey, is_active) => {
              setFailure(null);
              actions.setActive.mutate({ id: k.id, is_active }, { onError: fail(M.updateFailed) });
            },
            onRegenerate: (k) => {
              setFailure(null);
              preload(loadCreated)();
              actions.regenerate.mutate(k.id, { onSuccess: showCreated, onError: fail(M.regenerateFailed) });
            },
            onDelete: (k) => {
              setFailure(null);
              actions.remove.mutate(k.id, { onSuccess: () => forgetKeySecret(k.id), onError: fail(M.deleteFailed) });
            },
          }}
        />
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <ApiKeyFormDialog open={formOpen} onClose={() => setFormOpen(false)} onCreated={(k) => { setFormOpen(false); showCreated(k); }} />
        </Suspense>
      )}
      {createdUsed && <Suspense fallback={null}><ApiKeyCreatedDialog apiKey={created} onClose={() => setCreated(null)} /></Suspense>}
    </section>
  );
}
