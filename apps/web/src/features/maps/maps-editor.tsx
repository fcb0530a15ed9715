import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Collapse, Spin } from 'antd';
import type { TBaseMapConfig, TBusinessLocation, TMapConfig } from '@mailcraft/shared';
import { ResultMessage } from '../notifications/result-message';
import { LocationStep } from './location-step';
import { MAP_STEPS, ProgressStrip } from './progress-strip';
import { useMapsEditor } from './use-maps-editor';

// Steps 2–4 show once a location is chosen: their code (sliders, number fields, progress bar) is not
// part of the page's first load (docs/requirements/workflow.md#clear-states-and-fast-pages, ≤ 300 KB gzip).
const MapSettingsStep = lazy(() => import('./map-settings-step').then((m) => ({ default: m.MapSettingsStep })));
const MarkerStep = lazy(() => import('./marker-step').then((m) => ({ default: m.MarkerStep })));
const RoutePreviews = lazy(() => import('./route-previews').then((m) => ({ default: m.RoutePreviews })));
const later = (step: ReactNode) => <Suspense fallback={<Spin />}>{step}</Suspense>;

const stepLabel = (n: number): ReactNode => (
  <span className="maps-step-label"><span className="maps-step-number">{n}</span>{MAP_STEPS[n - 1]}</span>
);

/**
 * The four collapsible steps of the maps screen and Save Configuration (docs/requirements/maps.md#screens "Personalized
 * Maps Configuration"): Business Location always; Map Settings, Business Display Marker and Map
 * Preview & Route Generation once a location is chosen; the progress strip above. Saving needs
 * the plan's `maps` feature.
 */
export function MapsEditor({ projectId, listId, locations, refreshing, config, baseMap }: {
  projectId: string;
  listId: string;
  locations: TBusinessLocation[];
  /** The locations are being fetched again (Save Business Location waits). */
  refreshing: boolean;
  config: TMapConfig | null;
  /** The base map; null while it loads, undefined when it failed to. */
  baseMap: TBaseMapConfig | null | undefined;
}) {
  const e = useMapsEditor({ projectId, listId, locations, config });
  const { selected, settings } = e;
  const styleUrl = baseMap ? baseMap.styleUrl.replaceAll('{style}', encodeURIComponent(settings.map_style)) : baseMap;
  const items = [{
    key: '1',
    label: stepLabel(1),
    children: (
      <LocationStep locations={locations} selected={selected} pin={e.pin} unsaved={e.unsaved} saving={e.savingLocation} loading={refreshing} canSave={e.access.allowed}
        styleUrl={styleUrl} offline={baseMap?.provider === 'offline'} attribution={baseMap?.attribution} markerColor={e.marker?.markerColor} message={e.locationMessage}
        onSelect={e.select} onCreated={e.created} onMove={e.movePin} onSave={() => void e.saveLocation()} />
    ),
  }];
  if (selected) {
    items.push(
      { key: '2', label: stepLabel(2), children: later(<MapSettingsStep settings={settings} onChange={e.setSettings} />) },
      {
        key: '3',
        label: stepLabel(3),
        children: later(<MarkerStep key={selected.id} location={selected} marker={e.marker} onMarkerChange={e.setMarker} onMarkerEvent={e.markerChanged} />),
      },
      { key: '4', label: stepLabel(4), children: later(<RoutePreviews routes={e.routes} settings={settings} />) },
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
