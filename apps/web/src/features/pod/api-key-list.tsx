import { Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { API_KEY_MESSAGES as M } from '@mailcraft/shared';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { formatDay, formatTime, scopesText } from './api-key-draft';
import { CopyButton } from './copy-button';
import type { TApiKey } from './pod-api';

/** What a row of the key list can ask for; each is confirmed or direct as the spec says (spec 002 §4, §5). */
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

const expired = (k: TApiKey) => !!k.expires_at && new Date(k.expires_at).getTime() <= Date.now();

/**
 * The table of API keys (spec 002 §2 API Keys tab, §3, §6): name with its mode badge (Live / Test),
 * the key as the server masks it with a copy button, Active/Inactive with the enable/disable switch,
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
      render: (k) => <span className="pod-key-box"><code className="pod-key">{k.api_key}</code><CopyButton text={k.api_key} label={`Copy API key ${k.name}`} /></span>,
    },
    {
      title: 'Status',
      render: (k) => (
        <Space size={8}>
          <Switch size="small" checked={k.is_active} aria-label={`${k.name} active`} loading={actions.busyId === k.id}
            onChange={() => actions.onToggle(k, !k.is_active)} />
          <Tag color={k.is_active ? 'green' : 'default'}>{k.is_active ? 'Active' : 'Inactive'}</Tag>
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
  return <PlainTable label="API keys" columns={columns} rows={keys} rowKey={(k) => k.id} loading={loading} empty={empty} className="pod-key-table" />;
}
