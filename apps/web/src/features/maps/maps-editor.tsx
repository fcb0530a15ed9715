import type { ReactNode } from 'react';
import { Button, Collapse } from 'antd';
import type { TBaseMapConfig, TBusinessLocation, TMapConfig } from '@mailcraft/shared';
import { ResultMessage } from '../notifications/result-message';
import { LocationStep } from './location-step';
import { MapSettingsStep } from './map-settings-step';
import { MarkerStep } from './marker-step';
import { MAP_STEPS, ProgressStrip } from './progress-strip';
import { RoutePreviews } from './route-previews';
import { useMapsEditor } from './use-maps-editor';

const stepLabel = (n: number): ReactNode => (
  <span className="maps-step-label"><span className="maps-step-number">{n}</span>{MAP_STEPS[n - 1]}</span>
);

/**
 * The four collapsible steps of the maps screen and Save Configuration (spec 001 §2 "Personalized
 * Maps Configuration"): Business Location always; Map Settings, Business Display Marker and Map
 * Preview & Route Generation once a location is chosen; the progress strip above. `baseMap` is the
 * interactive map's base map, null while it loads. Saving needs the plan's `maps` feature.
 */
export function MapsEditor({ projectId, listId, locations, config, baseMap }: {
  projectId: string;
  listId: string;
  locations: TBusinessLocation[];
  config: TMapConfig | null;
  baseMap: TBaseMapConfig | null;
}) {
  const e = useMapsEditor({ projectId, listId, locations, config });
  const { selected, settings } = e;
  const styleUrl = baseMap ? baseMap.styleUrl.replaceAll('{style}', encodeURIComponent(settings.map_style)) : null;
  const items = [{
    key: '1',
    label: stepLabel(1),
    children: (
      <LocationStep locations={locations} selected={selected} pin={e.pin} unsaved={e.unsaved} saving={e.savingLocation} canSave={e.access.allowed}
        styleUrl={styleUrl} attribution={baseMap?.attribution} markerColor={e.marker?.markerColor} message={e.locationMessage}
        onSelect={e.select} onCreated={e.created} onMove={e.movePin} onSave={() => void e.saveLocation()} />
    ),
  }];
  if (selected) {
    items.push(
      { key: '2', label: stepLabel(2), children: <MapSettingsStep settings={settings} onChange={e.setSettings} /> },
      {
        key: '3',
        label: stepLabel(3),
        children: <MarkerStep key={selected.id} location={selected} marker={e.marker} onMarkerChange={e.setMarker} onMarkerEvent={e.markerChanged} />,
      },
      { key: '4', label: stepLabel(4), children: <RoutePreviews routes={e.routes} settings={settings} /> },
    );
  }
  return (
    <>
      <ProgressStrip locationChosen={!!selected} styleSet={!!settings.map_style} hasMarker={!!selected?.marker_url} />
      <Collapse className="maps-steps" defaultActiveKey={['1', '2', '3', '4']} items={items} />
      <div className="maps-actions">
        <Button type="primary" size="large" onClick={() => void e.saveConfig()} disabled={!e.access.allowed || e.savingConfig}>
          {e.savingConfig ? 'Saving Configuration...' : 'Save Configuration'}
        </Button>
        <ResultMessage result={e.configMessage} />
      </div>
    </>
  );
}
