import { Button, Popconfirm, Space, Switch, Tag, Tooltip } from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { formatDay, formatTime, scopesText } from './api-key-draft';
import type { TApiKey } from './pod-api';

/** What a row of the key list can ask for; each is confirmed or direct as the spec says (docs/requirements/print-on-demand-api.md#rules). */
export type ApiKeyRowActions = {
  /** The switch: `is_active` is the opposite of the key's current state. */
  onToggle: (key: TApiKey, is_active: boolean) => void;
  /** After 'Are you sure you want to regenerate this API key? …' is confirmed. */
  onRegenerate: (key: TApiKey) => void;
  /** After 'Are you sure you want to delete this API key? …' is confirmed. */
  onDelete: (key: TApiKey) => void;
  /** The id of a key with a request under way (its switch spins). */
  busyId?: string | null;
};

const expired = (k: TApiKey) => k.status === 'expired' || (!!k.expires_at && new Date(k.expires_at).getTime() <= Date.now());

/** Why the list offers no Copy: the server keeps only a key's hash, so its full value exists only in the answer that made it. */
export const KEY_NOT_COPYABLE = 'Only the start and end of this key are kept, so it cannot be copied here. Copy the full key when you create or regenerate it.';

/** A key's state in words: Expired (past its expiry, whatever its switch), Active or Inactive (its switch). */
const stateTag = (k: TApiKey) => (expired(k)
  ? <Tag color="red">Expired</Tag>
  : <Tag color={k.is_active ? 'green' : 'default'}>{k.is_active ? 'Active' : 'Inactive'}</Tag>);

/**
 * The table of API keys (docs/requirements/print-on-demand-api.md#api-keys-tab Keys tab, §3, §6): name with its mode badge (Live / Test),
 * the key as the server masks it — not copyable, a tooltip says why (KEY_NOT_COPYABLE): only the
 * 'API Key Created' dialog knows the full key and offers Copy — Active/Inactive with the
 * enable/disable switch (Expired, switch off and disabled, once past its expiry),
 * permissions and rate limit (requests per minute), last used ('Never'), expiry date ('Never' when
 * none; 'Expired' once past), and Regenerate and Delete, each behind its confirmation. `empty`
 * shows when there are no rows.
 */
export function ApiKeyList({ keys, loading, empty, actions }: { keys: TApiKey[]; loading: boolean; empty: string; actions: ApiKeyRowActions }) {
  const columns: PlainColumn<TApiKey>[] = [
    {
      title: 'Name',
      render: (k) => (
        <span className="pod-key-name">{k.name} <Tag color={k.mode === 'live' ? 'blue' : 'orange'}>{k.mode === 'live' ? 'Live' : 'Test'}</Tag></span>
      ),
    },
    {
      title: 'API Key',
      render: (k) => (
        <Tooltip title={KEY_NOT_COPYABLE}>
          <code className="pod-key" tabIndex={0} aria-description={KEY_NOT_COPYABLE}>{k.api_key}</code>
        </Tooltip>
      ),
    },
    {
      title: 'Status',
      render: (k) => (
        <Space size={8}>
          <Switch size="small" checked={k.is_active && !expired(k)} aria-label={`${k.name} active`} loading={actions.busyId === k.id}
            disabled={expired(k)} onChange={() => actions.onToggle(k, !k.is_active)} />
          {stateTag(k)}
        </Space>
      ),
    },
    { title: 'Permissions', render: (k) => <span>{scopesText(k.scopes)}<br /><span className="pod-hint">{`${k.rate_limit} requests/min`}</span></span> },
    { title: 'Last Used', render: (k) => (k.last_used ? formatTime(k.last_used) : 'Never') },
    {
      title: 'Expires',
      render: (k) => (k.expires_at ? <>{formatDay(k.expires_at)}{expired(k) && <> <Tag color="red">Expired</Tag></>}</> : 'Never'),
    },
    {
      title: 'Actions',
      render: (k) => (
        <Space size={4} wrap>
          <Popconfirm title={M.confirmRegenerate} okText="Regenerate" onConfirm={() => actions.onRegenerate(k)}>
            <Button size="small" icon={<ReloadOutlined />} aria-label={`Regenerate ${k.name}`}>Regenerate</Button>
          </Popconfirm>
          <Popconfirm title={M.confirmDelete} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => actions.onDelete(k)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${k.name}`}>Delete</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return <PlainTable label="API keys" columns={columns} rows={keys} rowKey={(k) => k.id} loading={loading} empty={empty} className="pod-key-table" stackOnPhones />;
}
