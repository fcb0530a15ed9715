import { useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal } from 'antd';
import { SAMPLE_TEMPLATE_LIMITS, type TAdminSampleTemplate } from '@mailcraft/shared';
import { errorDetail } from '../../../lib/api-client';
import { useRenderSampleThumbnails, useUpdateSample, useUploadSampleThumbnail } from './sample-templates-api';

const MAX_BYTES = 2 * 1024 * 1024;

/** One thumbnail with 'Replace' (a PNG or JPEG up to 2 MB, checked here and by the server). */
function ThumbnailSlot({ sample, side, url, onError }: { sample: TAdminSampleTemplate; side: 'front' | 'back'; url: string; onError: (m: string | null) => void }) {
  const upload = useUploadSampleThumbnail();
  const label = side === 'front' ? 'Front (address side)' : 'Back (inside)';
  const choose = async (file: File | undefined) => {
    if (!file) return;
    onError(null);
    if (!['image/png', 'image/jpeg'].includes(file.type)) return onError('The thumbnail must be a PNG or JPEG image');
    if (file.size > MAX_BYTES) return onError('The thumbnail must be at most 2 MB');
    try {
      await upload.mutateAsync({ id: sample.id, side, file });
    } catch (err) {
      onError(`Upload failed: ${errorDetail(err)}`);
    }
  };
  return (
    <figure className="admin-sample-thumb">
      <img src={url} alt={`${sample.name}: ${label}`} />
      <figcaption>{label}</figcaption>
      <label className="admin-sample-file">
        <span className="ant-btn ant-btn-default ant-btn-sm">{upload.isPending ? 'Uploading…' : 'Replace…'}</span>
        <input type="file" accept="image/png,image/jpeg" aria-label={`Replace the ${side} thumbnail`} disabled={upload.isPending}
          onChange={(e) => { void choose(e.target.files?.[0]); e.target.value = ''; }} />
      </label>
    </figure>
  );
}

/**
 * Edit a sample (docs/requirements/administration.md#administration): name, description and gallery position, and its thumbnails — replace
 * either with an uploaded image or render both again from the design. A failed save keeps the
 * edits and shows the server's message.
 */
export function SampleEditDialog({ sample, onClose }: { sample: TAdminSampleTemplate; onClose: () => void }) {
  const update = useUpdateSample();
  const render = useRenderSampleThumbnails();
  const [name, setName] = useState(sample.name);
  const [description, setDescription] = useState(sample.description);
  const [position, setPosition] = useState<number>(sample.position);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: sample.id, patch: { name: name.trim(), description: description.trim(), position } });
      onClose();
    } catch (err) {
      setError(`Save failed: ${errorDetail(err)}`);
    }
  };
  const rerender = async () => {
    setError(null);
    try {
      await render.mutateAsync(sample.id);
    } catch (err) {
      setError(`Rendering failed: ${errorDetail(err)}`);
    }
  };
  return (
    <Modal open title={`Edit “${sample.name}”`} okText="Save" onOk={() => void save()} onCancel={onClose}
      confirmLoading={update.isPending} okButtonProps={{ disabled: !name.trim() }} width={640}>
      <div className="admin-sample-edit">
        <label>Name<Input aria-label="Name" value={name} maxLength={SAMPLE_TEMPLATE_LIMITS.name} onChange={(e) => setName(e.target.value)} /></label>
        <label>Description<Input.TextArea aria-label="Description" value={description} maxLength={SAMPLE_TEMPLATE_LIMITS.description} autoSize={{ minRows: 2 }} onChange={(e) => setDescription(e.target.value)} /></label>
        <label>Position (smallest first)<InputNumber aria-label="Position" min={0} max={SAMPLE_TEMPLATE_LIMITS.position} precision={0} value={position} onChange={(v) => setPosition(v ?? 0)} /></label>
        <div className="admin-sample-thumbs">
          <ThumbnailSlot sample={sample} side="front" url={sample.front_thumbnail} onError={setError} />
          {sample.back_thumbnail && <ThumbnailSlot sample={sample} side="back" url={sample.back_thumbnail} onError={setError} />}
        </div>
        <div>
          <Button onClick={() => void rerender()} loading={render.isPending}>Render thumbnails from the design</Button>
        </div>
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </Modal>
  );
}
