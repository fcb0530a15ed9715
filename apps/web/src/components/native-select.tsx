import type { CSSProperties } from 'react';
import './native-select.css';

/** One choice of a NativeSelect. */
export type NativeOption<V extends string | number> = { value: V; label: string; disabled?: boolean };
/** A labelled group of choices (an `<optgroup>`). */
export type NativeGroup<V extends string | number> = { label: string; options: NativeOption<V>[] };

/**
 * A `<select>` in antd's input look, for forms that do not need antd's Select (search, tags,
 * virtual lists): the browser's own list — keyboard type-ahead, the phone's picker, screen
 * readers — with none of antd Select's ~23 KB gzip on the page's first load (docs/architecture.md#first-load-budget).
 * `placeholder` is a first, unselectable choice shown while `value` is undefined. Numbers come back
 * as numbers when every option's value is a number.
 */
export function NativeSelect<V extends string | number>({ value, onChange, options, placeholder, id, style, disabled, ...aria }: {
  value: V | undefined;
  onChange: (value: V) => void;
  options: Array<NativeOption<V> | NativeGroup<V>>;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const flat = options.flatMap((o) => ('options' in o ? o.options : [o]));
  const numeric = flat.length > 0 && flat.every((o) => typeof o.value === 'number');
  const option = (o: NativeOption<V>) => <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>{o.label}</option>;
  return (
    <select
      id={id} className="native-select" style={style} disabled={disabled} aria-label={aria['aria-label']}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange((numeric ? Number(e.target.value) : e.target.value) as V)}
    >
      {(value === undefined || placeholder) && <option value="" disabled>{placeholder ?? ''}</option>}
      {options.map((o) => ('options' in o ? <optgroup key={o.label} label={o.label}>{o.options.map(option)}</optgroup> : option(o)))}
    </select>
  );
}
