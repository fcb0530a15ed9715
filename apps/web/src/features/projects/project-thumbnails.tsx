import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { PAPER_SIZES_MM, type PaperSize, type TProject } from '@mailcraft/shared';
import './projects.css';

const THUMBNAILS = [
  { key: 'thumbnail_inside', label: 'Inside', alt: 'Inside preview' },
  { key: 'thumbnail_outside', label: 'Outside', alt: 'Outside preview' },
  // Reinforcements R1–R3 (docs/requirements/workflow.md#route-table, docs/requirements/print-on-demand-api.md#data), saved from the Designer's R tabs.
  { key: 'thumbnail_r1', label: 'R1', alt: 'Reinforcement 1 thumbnail' },
  { key: 'thumbnail_r2', label: 'R2', alt: 'Reinforcement 2 thumbnail' },
  { key: 'thumbnail_r3', label: 'R3', alt: 'Reinforcement 3 thumbnail' },
] as const;

function Thumbnail({ src, label, alt, aspect }: { src: string | null; label: string; alt: string; aspect: string }) {
  const [broken, setBroken] = useState(false);
  const show = !!src && !broken;
  return (
    <figure className="thumb">
      <div className={show ? 'thumb-frame' : 'thumb-frame empty'} style={{ aspectRatio: aspect }}>
        {show ? (
          <img src={src} alt={alt} loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <PictureOutlined aria-hidden />
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/**
 * A project's thumbnails (docs/requirements/workflow.md#route-table "Project list screen"): inside, outside and the
 * reinforcements R1, R2, R3 (thumbnail_r1…r3, docs/requirements/print-on-demand-api.md#data; alt 'Reinforcement 1 thumbnail'…) — the
 * images that exist, a placeholder box at the paper's proportions otherwise.
 */
export function ProjectThumbnails({ project, size = 'small' }: { project: TProject; size?: 'small' | 'large' }) {
  const paper = PAPER_SIZES_MM[project.paper_size as PaperSize] ?? PAPER_SIZES_MM['8.5x11'];
  const aspect = `${paper.width} / ${paper.height}`;
  return (
    <div className={`thumbs thumbs-${size}`} role="group" aria-label="Thumbnails">
      {THUMBNAILS.map((t) => (
        <Thumbnail key={t.key} src={project[t.key]} label={t.label} alt={t.alt} aspect={aspect} />
      ))}
    </div>
  );
}
