import { useState } from 'react';
import { MAP_MESSAGES, type TBusinessLocation, type TMapConfig, type TMarkerSettings } from '@mailcraft/shared';
import { failureText } from '../notifications/notification-draft';
import { useResultMessage } from '../notifications/result-message';
import { useFeature } from '../subscriptions/use-feature';
import { configInput, parseMarkerSettings, settingsFromConfig, type MapSettings } from './map-draft';
import { useMoveLocation, useSaveMapConfig } from './maps-api';
import type { Pin } from './location-step';
import { useRouteGeneration } from './use-route-generation';

/**
 * The state of the maps screen once its data is in (docs/requirements/maps.md#screens "Map location and
 * configuration"): the chosen location — the saved configuration's at first — its pin while it is
 * moved (degrees) and the unsaved flag (set by a pin move or a marker change, cleared by Save
 * Business Location), the Step 2 settings, the location's marker settings (null when they could
 * not be read: sent as null), the route previews, and the messages of Step 1 and of Save
 * Configuration (green when they say 'success', cleared after 3 s).
 */
export function useMapsEditor({ projectId, listId, locations, config }: {
  projectId: string;
  listId: string;
  locations: TBusinessLocation[];
  config: TMapConfig | null;
}) {
  const access = useFeature('maps');
  const [initial] = useState(() => locations.find((l) => l.id === config?.business_location_id) ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(initial?.id ?? null);
  const [pin, setPin] = useState<Pin | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const [settings, setSettings] = useState<MapSettings>(() => settingsFromConfig(config));
  const [marker, setMarker] = useState<TMarkerSettings | null>(() => parseMarkerSettings(initial?.marker_settings));
  const locationMessage = useResultMessage();
  const configMessage = useResultMessage();
  const move = useMoveLocation();
  const save = useSaveMapConfig(projectId);
  const selected = locations.find((l) => l.id === selectedId) ?? null;
  const routes = useRouteGeneration({ projectId, listId, locationId: selectedId, settings, marker });

  const choose = (location: TBusinessLocation | undefined) => {
    setSelectedId(location?.id ?? null);
    setPin(null);
    setUnsaved(false);
    setMarker(parseMarkerSettings(location?.marker_settings));
  };

  return {
    access,
    selected,
    pin,
    unsaved,
    settings,
    marker,
    routes,
    locationMessage: locationMessage.result,
    configMessage: configMessage.result,
    savingLocation: move.isPending,
    savingConfig: save.isPending,
    setSettings,
    setMarker,
    select: (id: string) => choose(locations.find((l) => l.id === id)),
    created: (location: TBusinessLocation) => {
      choose(location);
      locationMessage.show(MAP_MESSAGES.locationCreated);
    },
    movePin: (latitude: number, longitude: number) => {
      setPin({ latitude, longitude });
      setUnsaved(true);
    },
    /** Upload, delete or offset change of the marker (docs/requirements/notifications.md#rules): unsaved, and the preview on show redrawn. */
    markerChanged: (next: TMarkerSettings) => {
      setUnsaved(true);
      void routes.regenerateCurrent(next);
    },
    saveLocation: async () => {
      if (!selected) return locationMessage.show(MAP_MESSAGES.selectLocation);
      const at = pin ?? selected;
      try {
        await move.mutateAsync({ id: selected.id, latitude: at.latitude, longitude: at.longitude });
        setPin(null);
        setUnsaved(false);
        locationMessage.show(MAP_MESSAGES.locationSaved);
      } catch (err) {
        locationMessage.show(failureText(err, MAP_MESSAGES.saveLocationFailed));
      }
    },
    saveConfig: async () => {
      if (!selected) return configMessage.show(MAP_MESSAGES.selectLocation);
      try {
        await save.mutateAsync(configInput(projectId, selected.id, settings, marker));
        configMessage.show(MAP_MESSAGES.configSaved);
      } catch (err) {
        configMessage.show(failureText(err, MAP_MESSAGES.saveConfigFailed));
      }
    },
  };
}
