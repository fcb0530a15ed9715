import { EFFECT_KIND_LABELS, EFFECT_KINDS, type EffectKind, type TEffectSpec } from '@mailcraft/shared';
import { NativeSelect } from '../../../components/native-select';

type Params = Record<string, number | string>;

/** A labelled slider with its value shown beside it. */
function Range({ label, value, min, max, step, unit = '', onChange }: {
  label: string; value: number; min: number; max: number; step: number; unit?: string; onChange: (v: number) => void;
}) {
  return (
    <label className="admin-effect-param">
      <span>{label}</span>
      <input type="range" aria-label={label} min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      <output>{value}{unit}</output>
    </label>
  );
}

/** A labelled colour input (#rrggbb). */
function Colour({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="admin-effect-param">
      <span>{label}</span>
      <input type="color" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      <output>{value}</output>
    </label>
  );
}

/**
 * The kind choice and the controls of its parameters (docs/requirements/administration.md#administration effects), within the limits the
 * server checks (shared ZEffectSpecSchema): sliders for strength, brightness, contrast and blur
 * radius (pixels of the image itself), colour inputs for the duotone's two colours.
 */
export function EffectParams({ spec, onKind, onParams }: {
  spec: TEffectSpec;
  onKind: (kind: EffectKind) => void;
  onParams: (params: Params) => void;
}) {
  const p = spec.params as Params;
  const set = (key: string) => (value: number | string) => onParams({ ...p, [key]: value });
  return (
    <div className="admin-effect-params">
      <label className="admin-effect-param">
        <span>Kind</span>
        <NativeSelect aria-label="Kind" value={spec.kind} onChange={onKind} options={EFFECT_KINDS.map((k) => ({ value: k, label: EFFECT_KIND_LABELS[k] }))} />
      </label>
      {spec.kind === 'grayscale' && <p className="admin-hint">Grayscale has no settings.</p>}
      {spec.kind === 'sepia' && <Range label="Strength" value={spec.params.strength} min={0} max={1} step={0.05} onChange={set('strength')} />}
      {spec.kind === 'duotone' && (
        <>
          <Colour label="Dark tones" value={spec.params.dark} onChange={set('dark')} />
          <Colour label="Light tones" value={spec.params.light} onChange={set('light')} />
        </>
      )}
      {spec.kind === 'brightness_contrast' && (
        <>
          <Range label="Brightness" value={spec.params.brightness} min={-1} max={1} step={0.05} onChange={set('brightness')} />
          <Range label="Contrast" value={spec.params.contrast} min={-1} max={1} step={0.05} onChange={set('contrast')} />
        </>
      )}
      {spec.kind === 'blur' && (
        <Range label="Blur radius" value={spec.params.sigma} min={0.3} max={20} step={0.1} unit=" px" onChange={set('sigma')} />
      )}
      {spec.kind === 'blur' && <p className="admin-hint">Pixels of the image itself: a small image blurs more on the page than a large one.</p>}
    </div>
  );
}
