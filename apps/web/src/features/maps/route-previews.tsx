import { useState } from 'react';
import { Alert, Button, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { mapStyleLabel, metresToMiles, ROUTE_MESSAGES, secondsToMinutes, type TRoutePreview } from '@mailcraft/shared';
import { GenerationProgress } from './generation-progress';
import { sizeLabel, type MapSettings } from './map-draft';
import type { RouteGeneration } from './use-route-generation';

/**
 * Step 4's route preview panel (docs/requirements/maps.md#screens "Route preview panel", §4 Route previews, §8, §9):
 * badges with the map style's name and the image size ('600x900'); Generate All Routes with the
 * generation's progress; 'Preview N of M' with Previous and Next wrapping round; the customer's
 * and the business's address, the distance in miles (metres ÷ 1609.34, two decimals) and metres,
 * the driving time in whole minutes and seconds, the map image with a regenerate icon, or Generate
 * Map while it has none. Errors show in a red box. Generate buttons wait while a request runs.
 */
export function RoutePreviews({ routes, settings }: { routes: RouteGeneration; settings: MapSettings }) {
  const { previews, current, busy } = routes;
  return (
    <section className="maps-previews" aria-label="Route previews">
      <div className="maps-previews-head">
        <Tag color="blue">{mapStyleLabel(settings.map_style)}</Tag>
        <Tag>{sizeLabel(settings)}</Tag>
        <Button type="primary" onClick={() => void routes.generateAll()} disabled={busy}>Generate All Routes</Button>
      </div>
      {routes.generation && <GenerationProgress generation={routes.generation} />}
      {routes.error && <Alert className="maps-error-box" type="error" role="alert" showIcon title={routes.error} />}
      {routes.loading ? <Spin /> : !current ? (
        <div className="maps-previews-empty">
          <Typography.Paragraph>{ROUTE_MESSAGES.empty}</Typography.Paragraph>
          <Button onClick={() => void routes.generateAll()} disabled={busy}>Generate Routes</Button>
        </div>
      ) : (
        <>
          <div className="maps-previews-pager">
            <Button onClick={routes.previous}>Previous</Button>
            <span aria-live="polite">{`Preview ${routes.index + 1} of ${previews.length}`}</span>
            <Button onClick={routes.next}>Next</Button>
          </div>
          <PreviewDetails preview={current} />
          <div className="maps-preview-image">
            {current.mapUrl ? (
              <>
                <PreviewImage key={current.mapUrl} url={current.mapUrl} customer={current.customerAddress} />
                <Button className="maps-regenerate" icon={<ReloadOutlined />} aria-label="Regenerate map" title="Regenerate map"
                  disabled={busy} onClick={() => void routes.generateOne(current.id)} />
              </>
            ) : (
              <Button type="primary" disabled={busy} onClick={() => void routes.generateOne(current.id)}>Generate Map</Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** Distance as the preview shows it: '3.42 miles (5,504 m)'; metres in, or null before a route exists. */
export const distanceText = (metres: number | null) =>
  metres == null ? 'Not calculated yet' : `${metresToMiles(metres)} miles (${Math.round(metres).toLocaleString('en-US')} m)`;
/** Driving time as the preview shows it: '7 min (452 s)'; seconds in, or null before a route exists. */
export const durationText = (seconds: number | null) =>
  seconds == null ? 'Not calculated yet' : `${secondsToMinutes(seconds)} min (${Math.round(seconds).toLocaleString('en-US')} s)`;

function PreviewDetails({ preview }: { preview: TRoutePreview }) {
  return (
    <>
      <dl className="maps-preview-facts">
        <dt>Customer address</dt><dd>{preview.customerAddress}</dd>
        <dt>Business address</dt><dd>{preview.businessAddress}</dd>
        <dt>Distance</dt><dd>{distanceText(preview.distance)}</dd>
        <dt>Driving time</dt><dd>{durationText(preview.duration)}</dd>
      </dl>
      {preview.hasSavedData && <Tag color="green">Saved</Tag>}
      {preview.approximate && (
        <Typography.Paragraph type="secondary" className="maps-note">
          Distance and driving time are a straight-line estimate, not a road route.
          {preview.precision === 'zip' && ' The start is the centre of the customer\'s ZIP code.'}
        </Typography.Paragraph>
      )}
      {!preview.approximate && preview.precision === 'zip' && (
        <Typography.Paragraph type="secondary" className="maps-note">The start is the centre of the customer&apos;s ZIP code.</Typography.Paragraph>
      )}
      {preview.error && <Typography.Text type="danger">{preview.error}</Typography.Text>}
    </>
  );
}

/** The route map image; a failed load says so (docs/requirements/notifications.md#messages). Keyed by URL, so a new image tries again. */
function PreviewImage({ url, customer }: { url: string; customer: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert className="maps-error-box" type="error" role="alert" showIcon title={ROUTE_MESSAGES.imageFailed} />;
  return <img className="maps-route-image" src={url} alt={`Route map from ${customer}`} onError={() => setFailed(true)} />;
}
