import type { TPrintOptions } from './print-api';
import './preflight.css';

/** The options a print file starts with when the user changes nothing (all off). */
export const DEFAULT_PRINT_OPTIONS: TPrintOptions = { bleed: false, cropMarks: false, proof: false, trayBreaks: false };

const CHOICES: Array<{ key: Exclude<keyof TPrintOptions, 'proof'>; label: string; hint: string }> = [
  { key: 'bleed', label: 'Bleed', hint: '3.175 mm (⅛ in) beyond the trim on every side; backgrounds run into it' },
  { key: 'cropMarks', label: 'Crop marks', hint: 'Marks outside the bleed showing where to cut' },
  { key: 'trayBreaks', label: 'Tray-break sheets', hint: 'A sheet with the tray ID and presort date before each tray (lists that map sequence and presorttrayid)' },
];

/**
 * The print options of the next print file or proof (docs/requirements/print.md#print-options): bleed, crop
 * marks, tray-break sheets between presort trays (a proof is its own button), as plain checkboxes (no antd: page weight). `value` is shown,
 * `onChange` hears the whole new set; `disabled` while a file renders.
 */
export function PrintOptions({ value, onChange, disabled = false }: {
  value: TPrintOptions; onChange: (next: TPrintOptions) => void; disabled?: boolean;
}) {
  return (
    <fieldset className="print-options" disabled={disabled}>
      <legend>Print options</legend>
      {CHOICES.map((c) => (
        <label key={c.key} className="print-option" title={c.hint}>
          <input type="checkbox" checked={value[c.key]} onChange={(e) => onChange({ ...value, [c.key]: e.target.checked })} />
          <span>{c.label}</span>
          <small>{c.hint}</small>
        </label>
      ))}
    </fieldset>
  );
}
