import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { EFFECT_MAX_INPUT_BYTES, type TEffectSpec } from '@mailcraft/shared';
import { errorDetail } from '../../../lib/api-client';
import { previewUnsavedEffect } from './effects-api';
import { SAMPLE_IMAGE } from './sample-image';

/** How long the preview waits after the last change before asking the server (ms). */
const DEBOUNCE_MS = 300;

/** A chosen file as a data URL. */
const readAsDataUrl = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
  reader.readAsDataURL(file);
});

/**
 * The live preview of the effects form (docs/requirements/administration.md#administration): the sample picture (or one the administrator
 * picks, PNG or JPEG up to 5 MB) before and after `spec`, drawn by the server's preview route —
 * the same `applyEffect` print uses — again 300 ms after each change.
 */
export function EffectPreview({ spec }: { spec: TEffectSpec }) {
  const [image, setImage] = useState(SAMPLE_IMAGE);
  const [shown, setShown] = useState<{ url: string | null; error: string | null; busy: boolean }>({ url: null, error: null, busy: true });
  const key = JSON.stringify(spec);

  useEffect(() => {
    const abort = new AbortController();
    setShown((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      previewUnsavedEffect(JSON.parse(key) as TEffectSpec, image, abort.signal)
        .then((url) => setShown({ url, error: null, busy: false }))
        .catch((err: unknown) => { if (!abort.signal.aborted) setShown({ url: null, error: errorDetail(err), busy: false }); });
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [key, image]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > EFFECT_MAX_INPUT_BYTES) {
      setShown({ url: null, error: `Choose an image of at most ${EFFECT_MAX_INPUT_BYTES / 1024 / 1024} MB`, busy: false });
      return;
    }
    setImage(await readAsDataUrl(file));
  };

  return (
    <div className="admin-effect-preview">
      <figure>
        <img src={image} alt="Original" />
        <figcaption>Original</figcaption>
      </figure>
      <figure aria-busy={shown.busy}>
        {shown.url ? <img src={shown.url} alt="With the effect" /> : <div className="admin-effect-placeholder">{shown.busy && <Spin />}</div>}
        <figcaption>With the effect {shown.busy && shown.url && <Spin size="small" />}</figcaption>
      </figure>
      <div className="admin-effect-preview-actions">
        <label className="admin-hint">
          Try it on your own image (PNG or JPEG):{' '}
          <input type="file" accept="image/png,image/jpeg" aria-label="Preview image" onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {image !== SAMPLE_IMAGE && <button type="button" className="admin-link-button" onClick={() => setImage(SAMPLE_IMAGE)}>Back to the sample</button>}
      </div>
      {shown.error && <Alert type="error" showIcon role="alert" title={`Preview failed: ${shown.error}`} />}
    </div>
  );
}
