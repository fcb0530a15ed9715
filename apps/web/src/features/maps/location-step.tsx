import { useId, useState } from 'react';
import { Alert, Button, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAP_MESSAGES, type TBusinessLocation } from '@mailcraft/shared';
import { NativeSelect } from '../../components/native-select';
import { ResultMessage, type ResultText } from '../notifications/result-message';
import { LocationForm } from './location-form';
import { LocationMap } from './location-map';

/** The unsaved notice of Step 1 (docs/requirements/maps.md#screens). */
export const UNSAVED_NOTICE = MAP_MESSAGES.unsaved;

/** A pin position, degrees. */
export type Pin = { latitude: number; longitude: number };

/**
 * Step 1, Business Location (docs/requirements/maps.md#screens 1, §4, §7): the saved locations (name and address;
 * 'Select a location'), 'Add New Location' swapping the dropdown for the new-location form, and
 * for the chosen one its read-only latitude and longitude (the pin's, degrees), name, address,
 * city and state/ZIP, the interactive map with its hint, the unsaved notice, and Save Business
 * Location — disabled with nothing changed, while saving or loading, or without the plan feature.
 */
export function LocationStep({ locations, selected, pin, unsaved, saving, loading, canSave, styleUrl, offline, attribution, markerColor, message, onSelect, onCreated, onMove, onSave }: {
  locations: TBusinessLocation[];
  selected: TBusinessLocation | null;
  pin: Pin | null;
  unsaved: boolean;
  saving: boolean;
  /** The locations are being fetched again. */
  loading: boolean;
  canSave: boolean;
  styleUrl: string | null | undefined;
  /** The base map is the offline one (states and counties only). */
  offline?: boolean;
  attribution?: string;
  markerColor?: string;
  message: ResultText | null;
  onSelect: (id: string) => void;
  onCreated: (location: TBusinessLocation) => void;
  onMove: (latitude: number, longitude: number) => void;
  onSave: () => void;
}) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const at = pin ?? selected;
  return (
    <div className="maps-location-step">
      {adding ? (
        <LocationForm canSave={canSave} onCancel={() => setAdding(false)} onCreated={(l) => { setAdding(false); onCreated(l); }} />
      ) : (
        <div className="maps-location-choice">
          <NativeSelect<string> aria-label="Business location" value={selected?.id} placeholder="Select a location" onChange={onSelect}
            options={locations.map((l) => ({ value: l.id, label: `${l.name} — ${l.address}` }))} style={{ minWidth: 0, width: 360 }} />
          <Button icon={<PlusOutlined />} aria-label="Add New Location" onClick={() => setAdding(true)}>Add New Location</Button>
        </div>
      )}
      {selected && at && (
        <>
          <dl className="maps-location-facts">
            <dt>Business name</dt><dd>{selected.name}</dd>
            <dt>Address</dt><dd>{selected.address}</dd>
            <dt>City</dt><dd>{selected.city}</dd>
            <dt>State/ZIP</dt><dd>{`${selected.state} ${selected.zip}`}</dd>
          </dl>
          <div className="maps-coordinates">
            <div className="maps-field">
              <label htmlFor={`${id}-lat`}>Latitude</label>
              <Input id={`${id}-lat`} readOnly value={at.latitude.toFixed(6)} />
            </div>
            <div className="maps-field">
              <label htmlFor={`${id}-lng`}>Longitude</label>
              <Input id={`${id}-lng`} readOnly value={at.longitude.toFixed(6)} />
            </div>
          </div>
          <Typography.Paragraph type="secondary" className="maps-note">
            Click the map or drag the pin to place it at the front door or main entrance of your business.
          </Typography.Paragraph>
          <LocationMap latitude={at.latitude} longitude={at.longitude} styleUrl={styleUrl} offline={offline} attribution={attribution}
            markerUrl={selected.marker_url} markerColor={markerColor} onMove={onMove} />
          {unsaved && <Alert type="warning" showIcon title={UNSAVED_NOTICE} className="maps-unsaved" />}
          <Button type="primary" onClick={onSave} disabled={!unsaved || saving || loading || !canSave} className="maps-save-location">
            {saving ? 'Saving...' : 'Save Business Location'}
          </Button>
        </>
      )}
      <ResultMessage result={message} />
    </div>
  );
}
