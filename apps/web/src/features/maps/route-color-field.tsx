import { useId } from 'react';
import { InputNumber } from 'antd';
import { MAP_LIMITS } from '@mailcraft/shared';
import { formatRgba, parseRgba } from './map-draft';

const hex = (n: number) => n.toString(16).padStart(2, '0');
/** The lowest alpha the route may have: 1 − the highest transparency (85 %). */
const MIN_ALPHA = 1 - MAP_LIMITS.transparency.max / 100;

/**
 * Route Color with alpha (docs/requirements/maps.md#screens 2, §3 route_color 'rgba(r,g,b,a)'): the browser's
 * colour input for r, g, b and an opacity field (alpha 0.15–1) beside it; `onChange` gets
 * 'rgba(r,g,b,a)'. The opacity is the other side of Route Transparency (linked by the caller).
 * Not antd's ColorPicker: its popover, Collapse and Select grew every page's first load by
 * 5–8 KB gzip through the bundle's shared chunks (docs/architecture.md#first-load-budget; the QR panel dropped it too).
 */
export function RouteColorField({ value, onChange }: { value: string; onChange: (rgba: string) => void }) {
  const id = useId();
  const rgba = parseRgba(value) ?? { r: 0, g: 0, b: 0, a: 1 };
  const set = (patch: Partial<typeof rgba>) => onChange(formatRgba({ ...rgba, ...patch }));
  return (
    <div className="maps-field">
      <label htmlFor={`${id}-color`}>Route Color</label>
      <div className="maps-color-row">
        <input id={`${id}-color`} type="color" className="maps-color-input" value={`#${hex(rgba.r)}${hex(rgba.g)}${hex(rgba.b)}`}
          onChange={(e) => {
            const picked = parseRgba(e.target.value);
            if (picked) set({ r: picked.r, g: picked.g, b: picked.b });
          }} />
        <label htmlFor={`${id}-alpha`} className="maps-color-alpha-label">Opacity</label>
        <InputNumber id={`${id}-alpha`} min={MIN_ALPHA} max={1} step={0.01} precision={2} value={rgba.a}
          onChange={(a) => a != null && set({ a })} />
        <code>{value}</code>
      </div>
    </div>
  );
}
