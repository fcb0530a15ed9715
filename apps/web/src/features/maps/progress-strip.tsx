import { CheckOutlined } from '@ant-design/icons';

/** The four steps of the maps screen, in order (docs/requirements/maps.md#screens). */
export const MAP_STEPS = ['Business Location', 'Map Settings', 'Business Display Marker', 'Map Preview & Route Generation'] as const;

/**
 * The progress strip of the maps screen (docs/requirements/maps.md#screens): four numbered circles, green with a check
 * when (1) a location is chosen, (2) a map style is set for it — the settings belong to a chosen
 * location, so never before one — (3) the chosen location has a marker logo (marker_url).
 * Circle 4 never turns green.
 */
export function ProgressStrip({ locationChosen, styleSet, hasMarker }: { locationChosen: boolean; styleSet: boolean; hasMarker: boolean }) {
  const done = [locationChosen, locationChosen && styleSet, locationChosen && hasMarker, false];
  return (
    <ol className="maps-progress" aria-label="Map setup progress">
      {MAP_STEPS.map((title, i) => (
        <li key={title} className={done[i] ? 'maps-progress-step maps-progress-done' : 'maps-progress-step'}
          data-state={done[i] ? 'done' : 'todo'} aria-label={`Step ${i + 1}, ${title}: ${done[i] ? 'done' : 'not done'}`}>
          <span className="maps-progress-circle" aria-hidden>{done[i] ? <CheckOutlined /> : i + 1}</span>
          <span className="maps-progress-title">{title}</span>
        </li>
      ))}
    </ol>
  );
}
