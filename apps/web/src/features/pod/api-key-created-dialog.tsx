import { useState } from 'react';
import { Alert, Button, Modal, Tag, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { formatDay, maskKey } from './api-key-draft';
import { CopyButton } from './copy-button';
import type { TApiKeyCreated } from './pod-api';

/**
 * The 'API Key Created' dialog (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §4), after a key is created or
 * regenerated: warns that the full key is shown only once (API_KEY_MESSAGES.shownOnce), then the
 * key's name, the key — masked until the eye button reveals it — with a copy button, its mode and
 * its expiry ('Never' when `expires_at` is null), and Done (`onClose`). Open while `apiKey` is set;
 * the key is hidden again for the next one.
 */
export function ApiKeyCreatedDialog({ apiKey, onClose }: { apiKey: TApiKeyCreated | null; onClose: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const done = () => {
    setRevealed(false);
    onClose();
  };
  return (
    <Modal open={!!apiKey} title="API Key Created" onCancel={done} mask={{ closable: false }}
      footer={<Button type="primary" onClick={done}>Done</Button>}>
      {apiKey && (
        <div className="pod-form">
          <Alert type="warning" showIcon title={M.shownOnce} />
          <div className="pod-field">
            <span className="pod-label">Name</span>
            <span>{apiKey.name} <Tag color={apiKey.mode === 'live' ? 'blue' : 'orange'}>{apiKey.mode === 'live' ? 'Live' : 'Test'}</Tag></span>
          </div>
          <div className="pod-field">
            <span className="pod-label">API Key</span>
            <div className="pod-key-box">
              <code className="pod-key" aria-label="New API key" data-revealed={revealed}>{revealed ? apiKey.api_key : maskKey(apiKey.api_key)}</code>
              <Tooltip title={revealed ? 'Hide key' : 'Show key'}>
                <Button size="small" type="text" aria-label={revealed ? 'Hide key' : 'Show key'} aria-pressed={revealed}
                  icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setRevealed(!revealed)} />
              </Tooltip>
              <CopyButton text={apiKey.api_key} label="Copy key" />
            </div>
          </div>
          <div className="pod-field">
            <span className="pod-label">Expires</span>
            <span>{apiKey.expires_at ? formatDay(apiKey.expires_at) : 'Never'}</span>
          </div>
        </div>
      )}
    </Modal>
  );
}
