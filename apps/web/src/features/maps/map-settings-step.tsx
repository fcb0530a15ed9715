import { useId } from 'react';
import { InputNumber, Slider } from 'antd';
import { MAP_LIMITS, MAP_ORIENTATIONS, MAP_STYLES, mapStyleLabel, type MapOrientation } from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { RouteColorField } from './route-color-field';
import {
  sizeLabel, snapSize, withOrientation, withRouteColor, withRouteWidth, withTransparency, type MapSettings,
} from './map-draft';

const ORIENTATION_LABELS: Record<MapOrientation, string> = {
  horizontal: `Horizontal (${sizeLabel({ map_width: MAP_ORIENTATIONS.horizontal.width, map_height: MAP_ORIENTATIONS.horizontal.height })})`,
  vertical: `Vertical (${sizeLabel({ map_width: MAP_ORIENTATIONS.vertical.width, map_height: MAP_ORIENTATIONS.vertical.height })})`,
  square: `Square (${sizeLabel({ map_width: MAP_ORIENTATIONS.square.width, map_height: MAP_ORIENTATIONS.square.height })})`,
  custom: 'Custom',
};

/**
 * Step 2, Map Settings (docs/requirements/maps.md#screens 2, §4, §5, §9): map style, orientation (presets set the
 * size; Custom shows width and height, 300–1200 px in steps of 50), route colour with alpha
 * (stored 'rgba(r,g,b,a)'), route width 2–20 px and transparency 0–85 % — each a slider and a
 * number — and a summary. Colour and transparency are linked: transparency = round((1 − alpha) × 100).
 */
export function MapSettingsStep({ settings: s, onChange }: { settings: MapSettings; onChange: (next: MapSettings) => void }) {
  const id = useId();
  const { size, routeWidth, transparency } = MAP_LIMITS;
  return (
    <div className="maps-settings">
      <div className="maps-settings-fields">
        <div className="maps-field">
          <label htmlFor={`${id}-style`}>Map Style</label>
          <NativeSelect<string> id={`${id}-style`} value={s.map_style} onChange={(map_style) => onChange({ ...s, map_style })}
            options={MAP_STYLES.map((v) => ({ value: v, label: mapStyleLabel(v) }))} />
        </div>
        <div className="maps-field">
          <label htmlFor={`${id}-orientation`}>Map Orientation</label>
          <NativeSelect<MapOrientation> id={`${id}-orientation`} value={s.orientation} onChange={(o) => onChange(withOrientation(s, o))}
            options={(Object.keys(MAP_ORIENTATIONS) as MapOrientation[]).map((o) => ({ value: o, label: ORIENTATION_LABELS[o] }))} />
        </div>
        {s.orientation === 'custom' && (
          <div className="maps-inline">
            <div className="maps-field">
              <label htmlFor={`${id}-width`}>Width (px)</label>
              <InputNumber id={`${id}-width`} min={size.min} max={size.max} step={size.step} value={s.map_width} precision={0}
                onChange={(v) => v != null && onChange({ ...s, map_width: Math.round(v) })}
                onBlur={() => onChange({ ...s, map_width: snapSize(s.map_width) })} />
            </div>
            <div className="maps-field">
              <label htmlFor={`${id}-height`}>Height (px)</label>
              <InputNumber id={`${id}-height`} min={size.min} max={size.max} step={size.step} value={s.map_height} precision={0}
                onChange={(v) => v != null && onChange({ ...s, map_height: Math.round(v) })}
                onBlur={() => onChange({ ...s, map_height: snapSize(s.map_height) })} />
            </div>
          </div>
        )}
        <RouteColorField value={s.route_color} onChange={(css) => onChange(withRouteColor(s, css))} />
        <div className="maps-field">
          <label htmlFor={`${id}-route-width`}>Route Width (px)</label>
          <div className="maps-slider-row">
            <Slider min={routeWidth.min} max={routeWidth.max} value={s.route_width} onChange={(v) => onChange(withRouteWidth(s, v))}
              ariaLabelForHandle="Route Width slider" />
            <InputNumber id={`${id}-route-width`} min={routeWidth.min} max={routeWidth.max} value={s.route_width} precision={0}
              onChange={(v) => v != null && onChange(withRouteWidth(s, v))} />
          </div>
        </div>
        <div className="maps-field">
          <label htmlFor={`${id}-transparency`}>Route Transparency (%)</label>
          <div className="maps-slider-row">
            <Slider min={transparency.min} max={transparency.max} value={s.route_transparency} onChange={(v) => onChange(withTransparency(s, v))}
              ariaLabelForHandle="Route Transparency slider" />
            <InputNumber id={`${id}-transparency`} min={transparency.min} max={transparency.max} value={s.route_transparency} precision={0}
              onChange={(v) => v != null && onChange(withTransparency(s, v))} />
          </div>
        </div>
      </div>
      <dl className="maps-summary" aria-label="Map settings summary">
        <dt>Style</dt><dd>{mapStyleLabel(s.map_style)}</dd>
        <dt>Dimensions</dt><dd>{sizeLabel(s)}</dd>
        <dt>Route width</dt><dd>{`${s.route_width} px`}</dd>
        <dt>Transparency</dt><dd>{`${s.route_transparency}%`}</dd>
        <dt>Route color</dt><dd><span className="maps-swatch" style={{ background: s.route_color }} aria-hidden />{s.route_color}</dd>
      </dl>
    </div>
  );
}
