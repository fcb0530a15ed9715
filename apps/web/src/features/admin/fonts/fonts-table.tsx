import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Tag } from 'antd';
import { FONT_NAME_MAX, type TAdminFont } from '@mailcraft/shared';
import { PlainTable, type PlainColumn } from '../../../components/plain-table';
import { errorDetail } from '../../../lib/api-client';
import { deleteBlocker, useDeleteFont, useUpdateFont } from './fonts-api';
import { FontPreview } from './font-preview';

/** File size for people: '194 KB', '8.4 MB'. */
const fileSize = (bytes: number | null) =>
  bytes === null ? '—' : bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The display name with its Rename action; while renaming, an input with Save / Cancel (a failed save keeps the draft). */
function NameCell({ font }: { font: TAdminFont }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateFont();
  if (draft === null) {
    return (
      <span className="admin-font-name">
        <strong>{font.display_name}</strong>
        {font.is_fallback && <Tag color="blue">Fallback</Tag>}
        {font.builtin && <Tag>Built-in</Tag>}
        <Button size="small" type="link" aria-label={`Rename ${font.postscript_name}`} onClick={() => setDraft(font.display_name)}>Rename</Button>
      </span>
    );
  }
  const save = () => update.mutate({ id: font.id, patch: { display_name: draft } }, { onSuccess: () => { setDraft(null); update.reset(); } });
  return (
    <form className="admin-font-rename" onSubmit={(e) => { e.preventDefault(); save(); }}>
      <Input size="small" aria-label={`New name of ${font.postscript_name}`} value={draft} maxLength={FONT_NAME_MAX} autoFocus onChange={(e) => setDraft(e.target.value)} />
      <Button size="small" type="primary" htmlType="submit" loading={update.isPending} disabled={!draft.trim()}>Save</Button>
      <Button size="small" onClick={() => { setDraft(null); update.reset(); }}>Cancel</Button>
      {update.isError && <Alert type="error" showIcon role="alert" title={`Rename failed: ${errorDetail(update.error)}`} />}
    </form>
  );
}

/**
 * The fonts of /admin/fonts (docs/requirements/administration.md#administration): display name (rename) with fallback and built-in tags,
 * PostScript name, family and style, glyphs, file size, designs using it, a live preview of
 * `sample`, and 'Make fallback' and 'Delete' — Delete disabled, with the reason as its title,
 * for built-in fonts, the fallback and fonts in use; it asks before deleting. Failures show the
 * server's message above the table.
 */
export function FontsTable({ fonts, loading, sample }: { fonts: TAdminFont[]; loading: boolean; sample: string }) {
  const update = useUpdateFont();
  const remove = useDeleteFont();
  const failure = update.error ?? remove.error;
  const columns: PlainColumn<TAdminFont>[] = [
    { title: 'Name', render: (f) => <NameCell font={f} /> },
    { title: 'PostScript name', render: (f) => <code>{f.postscript_name}</code> },
    { title: 'Family / style', render: (f) => (f.family ? `${f.family}${f.subfamily ? ` · ${f.subfamily}` : ''}` : '—') },
    { title: 'Glyphs', render: (f) => f.glyph_count?.toLocaleString() ?? '—', width: 80 },
    { title: 'Size', render: (f) => fileSize(f.size_bytes), width: 80 },
    { title: 'Used by', render: (f) => `${f.used_by} ${f.used_by === 1 ? 'design' : 'designs'}`, width: 100 },
    { title: 'Preview', className: 'admin-font-preview-cell', render: (f) => <FontPreview id={f.id} name={f.display_name} sample={sample} /> },
    {
      title: '', key: 'actions', width: 140, render: (f) => {
        const blocker = deleteBlocker(f);
        return (
          <span className="admin-user-actions">
            {!f.is_fallback && (
              <Button size="small" aria-label={`Make ${f.postscript_name} the fallback`} loading={update.isPending && update.variables?.id === f.id}
                onClick={() => { remove.reset(); update.mutate({ id: f.id, patch: { is_fallback: true } }); }}>Make fallback</Button>
            )}
            <Popconfirm title={`Delete the font ${f.display_name}?`} description="Designs can no longer use it." okText="Delete" okButtonProps={{ danger: true }}
              disabled={blocker !== null} onConfirm={() => { update.reset(); remove.mutate(f.id); }}>
              <Button size="small" danger disabled={blocker !== null} title={blocker ?? undefined} aria-label={`Delete ${f.postscript_name}`}
                loading={remove.isPending && remove.variables === f.id}>Delete</Button>
            </Popconfirm>
            {blocker && <span className="admin-hint">{blocker}</span>}
          </span>
        );
      },
    },
  ];
  return (
    <>
      {failure && <Alert className="admin-notice" type="error" showIcon role="alert" title={`Failed to change the font: ${errorDetail(failure)}`} />}
      <PlainTable label="Fonts" columns={columns} rows={fonts} rowKey={(f) => f.id} loading={loading} empty="No fonts" stackOnPhones />
    </>
  );
}
