import { Button } from 'antd';
import { sampleTypeLabel, type TemplateType, type TSampleTemplate } from '@mailcraft/shared';
import { Card } from '../../components/card';

/** One sample of the gallery: its front and back thumbnails, name, type and size, description and 'Use this template'. */
export function SampleCard({ sample, onUse }: { sample: TSampleTemplate; onUse: (sample: TSampleTemplate) => void }) {
  return (
    <Card className="sample-card" size="small">
      <div className="sample-card-thumbs">
        <img src={sample.front_thumbnail} alt={`${sample.name}: front (address side)`} loading="lazy" />
        {sample.back_thumbnail && <img src={sample.back_thumbnail} alt={`${sample.name}: back (inside)`} loading="lazy" />}
      </div>
      <h3 className="sample-card-name">{sample.name}</h3>
      <div className="sample-card-kind">{sampleTypeLabel(sample.template_type as TemplateType)} · {sample.paper_size}</div>
      {sample.description && <p className="sample-card-description">{sample.description}</p>}
      <Button type="primary" block onClick={() => onUse(sample)} aria-label={`Use this template: ${sample.name}`}>Use this template</Button>
    </Card>
  );
}
