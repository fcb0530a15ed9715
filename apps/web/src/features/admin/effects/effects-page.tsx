import { useState } from 'react';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { EFFECT_KIND_LABELS, type TEffect } from '@mailcraft/shared';
import { Card } from '../../../components/card';
import { PlainTable, type PlainColumn } from '../../../components/plain-table';
import { errorDetail } from '../../../lib/api-client';
import { AdminNav } from '../admin-nav';
import { AuditLog } from '../audit-log';
import { EffectForm } from './effect-form';
import { useDeleteEffect } from './effects-admin-api';
import { useAdminEffects } from './effects-api';
import '../admin.css';
import './effects.css';

/** An effect's parameters in words, e.g. 'strength 0.8', 'dark #1d3557 · light #f1faee'. */
const paramsText = (e: TEffect) => Object.entries(e.params).map(([k, v]) => `${k} ${String(v)}`).join(' · ') || '—';

/**
 * /admin/effects (docs/requirements/administration.md#administration Admin → Effects; administrators only, the router's guard sends others
 * to /): the named image effects users apply to image elements in the designer, a create / edit
 * form with a live preview drawn by the server (as print draws it), delete with confirmation, and
 * the effects audit log. A deleted effect's elements show and print without an effect.
 */
export function AdminEffectsPage() {
  const effects = useAdminEffects();
  const remove = useDeleteEffect();
  const [editing, setEditing] = useState<TEffect | null>(null);

  const columns: PlainColumn<TEffect>[] = [
    { title: 'Name', render: (e) => <strong>{e.name}</strong> },
    { title: 'Kind', render: (e) => EFFECT_KIND_LABELS[e.kind] },
    { title: 'Settings', render: (e) => <span className="admin-hint">{paramsText(e)}</span> },
    {
      title: 'Actions', key: 'actions', render: (e) => (
        <span className="admin-confirm">
          <Button size="small" aria-label={`Edit ${e.name}`} onClick={() => setEditing(e)}>Edit</Button>
          <Popconfirm title={`Delete the effect ${e.name}?`} description="Image elements that use it will show and print without an effect."
            okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(e.id, { onSuccess: () => { if (editing?.id === e.id) setEditing(null); } })}>
            <Button size="small" danger aria-label={`Delete ${e.name}`} loading={remove.isPending && remove.variables === e.id}>Delete</Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Effects</Typography.Title>
      <Card title="Effects" className="admin-section">
        {effects.isError ? (
          <Alert type="error" showIcon title={`Failed to load effects: ${errorDetail(effects.error)}`}
            action={<Button size="small" loading={effects.isFetching} onClick={() => void effects.refetch()}>Retry</Button>} />
        ) : (
          <PlainTable label="Effects" columns={columns} rows={effects.data ?? []} rowKey={(e) => e.id} loading={effects.isPending} stackOnPhones
            empty="No effects yet: create one below, then users can apply it to images in the designer." />
        )}
        {remove.isError && <Alert className="admin-notice" type="error" showIcon role="alert" title={`Delete failed: ${errorDetail(remove.error)}`} />}
      </Card>
      <Card title={editing ? `Edit ${editing.name}` : 'New effect'} className="admin-section">
        <EffectForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </Card>
      <AuditLog area="effects" />
    </div>
  );
}
