import { useEffect, useState } from 'react';
import { Radio, Space, Switch, Typography } from 'antd';
import { NativeSelect } from '../../components/native-select';
import { QR_DOT_STYLES, QR_ERROR_LEVELS, QR_SIZE, type TQrStyle } from '@mailcraft/shared';

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * A colour chooser: the browser's colour input (no alpha, as the QR colours take none) with the
 * #RRGGBB value beside it. antd's ColorPicker brought its popover and a Select (~50 KB gzip) to
 * the page's first load (docs/architecture.md#first-load-budget).
 */
function ColorField({ value, label, disabled, onChange }: { value: string; label: string; disabled?: boolean; onChange: (hex: string) => void }) {
  return (
    <span className="qr-color-field">
      <input type="color" aria-label={label} value={value.slice(0, 7)} disabled={disabled} onChange={(e) => onChange(e.target.value.toUpperCase())} />
      <code>{value.slice(0, 7).toUpperCase()}</code>
    </span>
  );
}

/**
 * The QR Code Settings panel (docs/requirements/workflow.md#route-table; docs/requirements/maps.md#data style options): error correction
 * L/M/Q/H, dot style, size 128–512 px in steps of 32, foreground and background colours,
 * transparent background; the margin is fixed at 4 modules.
 */
export function QrStylePanel({ style, onChange }: { style: TQrStyle; onChange: (next: TQrStyle) => void }) {
  const set = (patch: Partial<TQrStyle>) => onChange({ ...style, ...patch });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <label className="qr-style-row">
        <span>Error correction</span>
        <NativeSelect<TQrStyle['errorCorrection']> aria-label="Error correction" value={style.errorCorrection} style={{ width: 140 }}
          options={QR_ERROR_LEVELS.map((l) => ({ value: l.value, label: l.label }))} onChange={(errorCorrection) => set({ errorCorrection })} />
      </label>
      <div className="qr-style-row">
        <span>Dot style</span>
        <Radio.Group value={style.dotStyle} onChange={(e) => set({ dotStyle: e.target.value })}
          options={QR_DOT_STYLES.map((d) => ({ value: d, label: cap(d) }))} />
      </div>
      <div className="qr-style-row">
        <span>Size (px)</span>
        {/* Native range and number inputs: antd's Slider and InputNumber weigh ~16 KB gzip on this page's first load. */}
        <input type="range" className="qr-size-range" aria-label="Size slider" min={QR_SIZE.min} max={QR_SIZE.max} step={QR_SIZE.step} value={style.size}
          onChange={(e) => set({ size: Number(e.target.value) })} />
        <SizeField value={style.size} onCommit={(size) => set({ size })} />
      </div>
      <div className="qr-style-row">
        <span>Foreground</span>
        <ColorField value={style.foregroundColor} label="Foreground colour" onChange={(foregroundColor) => set({ foregroundColor })} />
        <span>Background</span>
        <ColorField value={style.backgroundColor} label="Background colour" disabled={style.transparent} onChange={(backgroundColor) => set({ backgroundColor })} />
      </div>
      <label className="qr-style-row">
        <span>Transparent background</span>
        <Switch size="small" checked={style.transparent} aria-label="Transparent background" onChange={(transparent) => set({ transparent })} />
      </label>
      <Typography.Text type="secondary">Margin: {style.margin} modules (fixed)</Typography.Text>
    </Space>
  );
}

/** The size in px as typed, applied on blur or Enter: clamped to QR_SIZE and rounded to its step (docs/requirements/maps.md#limits). */
function SizeField({ value, onCommit }: { value: number; onCommit: (size: number) => void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Number(text);
    if (!Number.isFinite(n) || text.trim() === '') return setText(String(value));
    const size = Math.min(QR_SIZE.max, Math.max(QR_SIZE.min, Math.round(n / QR_SIZE.step) * QR_SIZE.step));
    setText(String(size));
    if (size !== value) onCommit(size);
  };
  return (
    <input type="number" className="qr-size-number" aria-label="Size" min={QR_SIZE.min} max={QR_SIZE.max} step={QR_SIZE.step} value={text}
      onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
  );
}
