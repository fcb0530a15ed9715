import { useId } from 'react';
import { Checkbox, InputNumber } from 'antd';
import { MARKER_RULES, type TMarkerSettings } from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { LOGO_SIZE, MARKER_FONTS } from './map-draft';

/** The pin colour the map images use when none is set (the server's default). */
export const DEFAULT_MARKER_COLOR = MARKER_RULES.defaultColor;

/**
 * The marker's label settings (docs/requirements/maps.md#business-location location marker_settings): pin colour, the
 * business name (shown unless turned off) and address beside the marker, the label font, and the
 * logo's size on the map image (16–128 px). Saved with the configuration (`markerConfig`).
 */
export function MarkerSettingsFields({ settings: m, onChange }: { settings: TMarkerSettings; onChange: (next: TMarkerSettings) => void }) {
  const id = useId();
  return (
    <div className="maps-marker-settings">
      <div className="maps-field">
        <label htmlFor={`${id}-color`}>Marker color</label>
        <input id={`${id}-color`} type="color" className="maps-color-input" value={(m.markerColor ?? DEFAULT_MARKER_COLOR).slice(0, 7)}
          onChange={(e) => onChange({ ...m, markerColor: e.target.value })} />
      </div>
      <Checkbox checked={m.showBusinessName !== false} onChange={(e) => onChange({ ...m, showBusinessName: e.target.checked })}>Show business name</Checkbox>
      <Checkbox checked={!!m.showAddress} onChange={(e) => onChange({ ...m, showAddress: e.target.checked })}>Show address</Checkbox>
      <div className="maps-field">
        <label htmlFor={`${id}-font`}>Font</label>
        <NativeSelect<string> id={`${id}-font`} value={m.font ?? MARKER_FONTS[0]} onChange={(font) => onChange({ ...m, font })}
          options={MARKER_FONTS.map((f) => ({ value: f, label: f }))} />
      </div>
      <div className="maps-field">
        <label htmlFor={`${id}-size`}>Logo size (px)</label>
        <InputNumber id={`${id}-size`} min={LOGO_SIZE.min} max={LOGO_SIZE.max} precision={0} value={m.logoSize ?? LOGO_SIZE.default}
          onChange={(v) => v != null && onChange({ ...m, logoSize: v })} />
      </div>
    </div>
  );
}
