import { useState } from 'react';
import { Button } from 'antd';
import { sampleTypeLabel, type TemplateType, type TSampleTemplate } from '@mailcraft/shared';
import { Card } from '../../components/card';

/**
 * A thumbnail that says 'Drawing the preview…' until it has loaded: the server draws a sample's
 * thumbnails on their first request (a few seconds each), then serves them from storage.
 */
function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');
  return (
    <div className="sample-card-thumb" data-state={state}>
      <img src={src} alt={alt} loading="lazy" onLoad={() => setState('done')} onError={() => setState('failed')} />
      {state !== 'done' && <span className="sample-card-thumb-note">{state === 'loading' ? 'Drawing the preview…' : 'No preview'}</span>}
    </div>
  );
}

/** One sample of the gallery: its front and back thumbnails, name, type and size, description and 'Use this template'. */
export function SampleCard({ sample, onUse }: { sample: TSampleTemplate; onUse: (sample: TSampleTemplate) => void }) {
  return (
    <Card className="sample-card" size="small">
      <div className="sample-card-thumbs">
        <Thumbnail src={sample.front_thumbnail} alt={`${sample.name}: front (address side)`} />
        {sample.back_thumbnail && <Thumbnail src={sample.back_thumbnail} alt={`${sample.name}: back (inside)`} />}
      </div>
      <h3 className="sample-card-name">{sample.name}</h3>
      <div className="sample-card-kind">{sampleTypeLabel(sample.template_type as TemplateType)} · {sample.paper_size}</div>
      {sample.description && <p className="sample-card-description">{sample.description}</p>}
      <Button type="primary" block onClick={() => onUse(sample)} aria-label={`Use this template: ${sample.name}`}>Use this template</Button>
    </Card>
  );
}
