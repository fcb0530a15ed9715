import { Input, Switch, Typography } from 'antd';
import { NativeSelect } from '../../components/native-select';
import { CAPITALIZATIONS, CONVERSION_LABELS, conversionsOf, fieldLabel, isQrUspsField, type Capitalization, type QrConversion } from '@mailcraft/shared';
import { setVariable, toggleField, type DraftErrors, type QrDraft } from './qr-draft';

const CAP_LABELS: Record<string, string> = { original: 'Original', upper: 'UPPER', lower: 'lower', title: 'Title Case', sentence: 'Sentence case' };

/**
 * One field group of the QR screen (docs/requirements/maps.md#screens): a Switch per field, labelled by the field's
 * name (a click on the name toggles it too); a field switched on
 * shows its query parameter (prefilled with the default name), its capitalization (not for USPS
 * fields) and, for distance and duration, the format; the parameter's message shows as typed.
 */
export function QrFieldSection({ fields, draft, errors, onChange }: {
  fields: Record<string, string>;
  draft: QrDraft;
  errors: DraftErrors;
  onChange: (next: QrDraft) => void;
}) {
  return (
    <div className="qr-fields">
      {Object.keys(fields).map((field) => {
        const v = draft.variables[field];
        const label = fieldLabel(field);
        const conversions = conversionsOf(field);
        return (
          <div key={field} className="qr-field-row">
            {/* The name is the switch's label: a click on it toggles the field too. */}
            <label className="qr-field-toggle">
              <Switch size="small" checked={!!v} onChange={(on) => onChange(toggleField(draft, field, on))} />
              <span className="qr-field-label">{label}</span>
            </label>
            {v && (
              <>
                <div className="qr-field-param">
                  <Input
                    size="small" value={v.param} aria-label={`${label} parameter`} status={errors[`field:${field}`] ? 'error' : undefined}
                    onChange={(e) => onChange(setVariable(draft, field, { param: e.target.value }))}
                  />
                  {errors[`field:${field}`] && <Typography.Text type="danger" className="qr-error">{errors[`field:${field}`]}</Typography.Text>}
                </div>
                {!isQrUspsField(field) && (
                  <NativeSelect<Capitalization>
                    value={v.capitalization} aria-label={`${label} capitalization`} style={{ width: 140, height: 24 }}
                    options={CAPITALIZATIONS.map((c) => ({ value: c, label: CAP_LABELS[c] }))}
                    onChange={(capitalization) => onChange(setVariable(draft, field, { capitalization }))}
                  />
                )}
                {conversions.length > 0 && (
                  <NativeSelect<string>
                    value={v.conversion ?? ''} aria-label={`${label} format`} style={{ width: 210, height: 24 }}
                    options={[{ value: '', label: 'Format: as stored' }, ...conversions.map((c) => ({ value: c, label: CONVERSION_LABELS[c] }))]}
                    onChange={(conversion) => onChange(setVariable(draft, field, { conversion: (conversion || undefined) as QrConversion | undefined }))}
                  />
                )}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
