import { useId, useState, type FormEvent } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { MAP_LIMITS, MAP_MESSAGES, type TBusinessLocation, type TBusinessLocationInput } from '@mailcraft/shared';
import { failureText } from '../notifications/notification-draft';
import { useCreateLocation } from './maps-api';

const FIELDS: Array<{ key: keyof TBusinessLocationInput; label: string; placeholder: string; maxLength?: number }> = [
  { key: 'name', label: 'Business name', placeholder: 'Blue Gum Café' },
  { key: 'address', label: 'Address', placeholder: '6649 N Blue Gum St' },
  { key: 'city', label: 'City', placeholder: 'New Orleans' },
  { key: 'state', label: 'State', placeholder: 'LA', maxLength: MAP_LIMITS.stateLength },
  { key: 'zip', label: 'ZIP', placeholder: '70116', maxLength: 10 },
];

/** The client's check of a new location, with the server's words (docs/requirements/qr-codes.md#rules): all five fields, a 2-letter state. */
export function locationError(v: TBusinessLocationInput): string | null {
  if (FIELDS.some((f) => !String(v[f.key] ?? '').trim())) return MAP_MESSAGES.locationRequired;
  if (v.state.trim().length > MAP_LIMITS.stateLength) return MAP_MESSAGES.stateLength;
  return null;
}

/**
 * 'Add New Location' (docs/requirements/maps.md#screens 1, §5, §7): business name, address, city, state (2
 * characters) and ZIP, all required, checked here with the server's messages, then POST
 * /api/maps/locations. `onCreated` gets the new location (placed at its ZIP until the pin is
 * moved); a failure shows the server's text or 'Failed to create location'. `canSave` false (no
 * `maps` in the plan) greys out the submit button.
 */
export function LocationForm({ canSave, onCreated, onCancel }: {
  canSave: boolean;
  onCreated: (location: TBusinessLocation) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const create = useCreateLocation();
  const [values, setValues] = useState<TBusinessLocationInput>({ name: '', address: '', city: '', state: '', zip: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = locationError(values);
    if (invalid) return setError(invalid);
    setError(null);
    try {
      onCreated(await create.mutateAsync({ ...values, state: values.state.trim().toUpperCase() }));
    } catch (err) {
      setError(failureText(err, MAP_MESSAGES.createLocationFailed));
    }
  };
  return (
    <form className="maps-location-form" aria-label="New business location" onSubmit={(e) => void submit(e)} noValidate>
      {FIELDS.map((f) => (
        <div key={f.key} className={`maps-field maps-field-${f.key}`}>
          <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
          <Input id={`${id}-${f.key}`} value={values[f.key]} placeholder={f.placeholder} maxLength={f.maxLength} required
            onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} />
        </div>
      ))}
      {error && <Typography.Text type="danger" role="alert" className="maps-form-error">{error}</Typography.Text>}
      <Space className="maps-form-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!canSave}>Create Location</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </form>
  );
}
