import { useState } from 'react';
import { Button, Popconfirm, Switch, Tag } from 'antd';
import { sampleTypeLabel, type TAdminSampleTemplate, type TemplateType } from '@mailcraft/shared';
import { PlainTable } from '../../../components/plain-table';
import { errorDetail } from '../../../lib/api-client';
import { SampleEditDialog } from './sample-edit-dialog';
import { useDeleteSample, useUpdateSample } from './sample-templates-api';

/**
 * Every sample template (docs/requirements/administration.md#administration): front thumbnail, name and description, type and size, a
 * 'Published' switch, the gallery position, Edit (name, description, position, thumbnails) and
 * Delete after confirming. `onError` hears a failed change's message.
 */
export function SampleTemplatesTable({ samples, loading, onError }: { samples: TAdminSampleTemplate[]; loading: boolean; onError: (message: string | null) => void }) {
  const update = useUpdateSample();
  const remove = useDeleteSample();
  const [editing, setEditing] = useState<TAdminSampleTemplate | null>(null);
  const run = async (what: string, action: () => Promise<unknown>) => {
    onError(null);
    try {
      await action();
    } catch (err) {
      onError(`${what} failed: ${errorDetail(err)}`);
    }
  };
  return (
    <>
      <PlainTable
        label="Sample templates" rows={samples} rowKey={(s) => s.id} loading={loading} stackOnPhones
        empty="No sample templates yet: create one from a project."
        columns={[
          { title: 'Front', width: 90, render: (s) => <img className="admin-sample-mini" src={s.front_thumbnail} alt={`${s.name}: front`} /> },
          {
            title: 'Name', render: (s) => (
              <div>
                <strong>{s.name}</strong> {s.builtin_key && <Tag>Built-in</Tag>}
                {s.description && <div className="admin-hint">{s.description}</div>}
              </div>
            ),
          },
          { title: 'Type and size', render: (s) => `${sampleTypeLabel(s.template_type as TemplateType)} · ${s.paper_size}` },
          {
            title: 'Published', render: (s) => (
              <Switch size="small" checked={s.published} aria-label={`Published: ${s.name}`}
                loading={update.isPending && update.variables?.id === s.id}
                onChange={(published) => void run(published ? 'Publishing' : 'Hiding', () => update.mutateAsync({ id: s.id, patch: { published } }))} />
            ),
          },
          { title: 'Position', align: 'right', render: (s) => s.position },
          {
            title: 'Actions', render: (s) => (
              <div className="admin-user-actions">
                <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>Edit</Button>
                <Popconfirm title={`Delete the sample template ${s.name}?`} description={s.builtin_key ? 'A built-in sample comes back at the next restart; hide it to keep it out of the gallery.' : 'Projects that used it keep their copies.'}
                  okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => run('Delete', () => remove.mutateAsync(s.id))}>
                  <Button size="small" danger aria-label={`Delete ${s.name}`} loading={remove.isPending && remove.variables === s.id}>Delete</Button>
                </Popconfirm>
              </div>
            ),
          },
        ]}
      />
      {editing && <SampleEditDialog sample={samples.find((s) => s.id === editing.id) ?? editing} onClose={() => setEditing(null)} />}
    </>
  );
}
