import { useEffect, useId, useRef, useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { MAP_MESSAGES, MARKER_MESSAGES as MM, MARKER_RULES, type TBusinessLocation, type TMarkerSettings } from '@mailcraft/shared';
import { failureText } from '../notifications/notification-draft';
import { ResultMessage, useResultMessage } from '../notifications/result-message';
import { offsetForDisplay, uploadOffsets } from './map-draft';
import { useDeleteMarker, useUpdateMarkerPosition, useUploadMarker } from './maps-api';
import { MarkerSettingsFields } from './marker-settings-fields';

/** Not in the spec: a failed offset update (the spec names no message for it). */
export const POSITION_FAILED = MAP_MESSAGES.positionFailed;

/** The client's check of a chosen logo (docs/requirements/qr-codes.md#rules): an image, smaller than 1 MB; null when fine. */
export function logoError(file: File): string | null {
  if (!file.type.startsWith('image/')) return MM.notImage;
  if (file.size >= MARKER_RULES.maxBytes) return MM.tooLarge;
  return null;
}

const maxDisplayOffset = MARKER_RULES.maxOffset / MARKER_RULES.offsetScale;

/**
 * Step 3, Business Display Marker (docs/requirements/maps.md#screens 3, §4, §5, §7, §9): upload and delete the
 * selected location's marker logo (an image under 1 MB), its X and Y offsets as whole numbers
 * shown ÷ 4 (stored units; the Y offset goes inverted with an upload) — a change is sent 500 ms
 * after the last one — and the marker's label settings. Upload, delete and offset change call
 * `onMarkerEvent(settings)`: the screen marks itself unsaved and redraws the preview on show.
 */
export function MarkerStep({ location, marker, onMarkerChange, onMarkerEvent }: {
  location: TBusinessLocation;
  marker: TMarkerSettings | null;
  onMarkerChange: (next: TMarkerSettings) => void;
  onMarkerEvent: (settings: TMarkerSettings) => void;
}) {
  const id = useId();
  const upload = useUploadMarker();
  const remove = useDeleteMarker();
  const position = useUpdateMarkerPosition();
  const message = useResultMessage();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const draft = marker ?? {};
  const x = offsetForDisplay(draft.logoOffsetX);
  // Stored Y points up (the map image's convention); the screen's Y points down, so it is shown and sent inverted (docs/requirements/maps.md#limits).
  const y = -offsetForDisplay(draft.logoOffsetY) || 0;

  const choose = (chosen: File | undefined) => {
    const invalid = chosen ? logoError(chosen) : null;
    if (invalid) {
      message.show(invalid);
      if (input.current) input.current.value = '';
    }
    setFile(chosen && !invalid ? chosen : null);
  };
  const uploadLogo = async () => {
    if (!file) return message.show(MM.noLogo);
    try {
      const { settings } = await upload.mutateAsync({ businessId: location.id, logo: file, ...uploadOffsets(x, y) });
      const next = { ...draft, ...settings };
      onMarkerChange(next);
      setFile(null);
      if (input.current) input.current.value = '';
      message.show(MM.uploaded);
      onMarkerEvent(next);
    } catch (err) {
      message.show(failureText(err, MM.uploadFailed));
    }
  };
  const deleteLogo = async () => {
    try {
      await remove.mutateAsync(location.id);
      message.show(MM.deleted);
      onMarkerEvent(draft);
    } catch (err) {
      message.show(failureText(err, MM.deleteFailed));
    }
  };
  const setOffset = (axis: 'logoOffsetX' | 'logoOffsetY', shown: number | null) => {
    if (shown == null) return;
    const stored = (axis === 'logoOffsetY' ? -1 : 1) * Math.round(shown) * MARKER_RULES.offsetScale;
    const next = { ...draft, [axis]: stored || 0 };
    onMarkerChange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      position.mutateAsync({ businessId: location.id, logoOffsetX: next.logoOffsetX ?? 0, logoOffsetY: next.logoOffsetY ?? 0, skipMapRegeneration: true })
        .then(() => {
          message.show(MM.positionUpdated);
          onMarkerEvent(next);
        }, (err) => message.show(failureText(err, POSITION_FAILED)));
    }, MARKER_RULES.debounceMs);
  };

  return (
    <div className="maps-marker-step">
      <div className="maps-marker-logo">
        {location.marker_url
          ? <img src={location.marker_url} alt="Current marker logo" className="maps-marker-current" />
          : <Typography.Text type="secondary">No marker logo yet: the map shows a plain pin.</Typography.Text>}
        <div className="maps-field">
          <label htmlFor={`${id}-logo`}>Marker logo (image, under 1 MB)</label>
          <input ref={input} id={`${id}-logo`} type="file" accept="image/*" onChange={(e) => choose(e.target.files?.[0])} />
        </div>
        <Space wrap>
          <Button icon={<UploadOutlined />} aria-label="Upload Marker" onClick={() => void uploadLogo()} loading={upload.isPending}>Upload Marker</Button>
          {location.marker_url && <Button danger icon={<DeleteOutlined />} aria-label="Delete Marker" onClick={() => void deleteLogo()} loading={remove.isPending}>Delete Marker</Button>}
        </Space>
      </div>
      <div className="maps-inline">
        <div className="maps-field">
          <label htmlFor={`${id}-x`}>Offset X</label>
          <InputNumber id={`${id}-x`} value={x} precision={0} min={-maxDisplayOffset} max={maxDisplayOffset} onChange={(v) => setOffset('logoOffsetX', v)} />
        </div>
        <div className="maps-field">
          <label htmlFor={`${id}-y`}>Offset Y</label>
          <InputNumber id={`${id}-y`} value={y} precision={0} min={-maxDisplayOffset} max={maxDisplayOffset} onChange={(v) => setOffset('logoOffsetY', v)} />
        </div>
      </div>
      <MarkerSettingsFields settings={draft} onChange={onMarkerChange} />
      <ResultMessage result={message.result} />
    </div>
  );
}
