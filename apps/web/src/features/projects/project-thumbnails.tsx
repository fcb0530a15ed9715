import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { PAPER_SIZES_MM, type PaperSize, type TProject } from '@mailcraft/shared';
import './projects.css';

const THUMBNAILS = [
  { key: 'thumbnail_inside', label: 'Inside' },
  { key: 'thumbnail_outside', label: 'Outside' },
  { key: 'thumbnail_r1', label: 'R1' },
  { key: 'thumbnail_r2', label: 'R2' },
  { key: 'thumbnail_r3', label: 'R3' },
] as const;

function Thumbnail({ src, label, aspect }: { src: string | null; label: string; aspect: string }) {
  const [broken, setBroken] = useState(false);
  const show = !!src && !broken;
  return (
    <figure className="thumb">
      <div className={show ? 'thumb-frame' : 'thumb-frame empty'} style={{ aspectRatio: aspect }}>
        {show ? (
          <img src={src} alt={`${label} preview`} loading="lazy" onError={() => setBroken(true)} />
        ) : (
          <PictureOutlined aria-hidden />
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/**
 * A project's thumbnails (spec 000 §2 "Project list screen"): inside, outside, R1, R2, R3 — the
 * images that exist, a placeholder box at the paper's proportions otherwise.
 */
export function ProjectThumbnails({ project, size = 'small' }: { project: TProject; size?: 'small' | 'large' }) {
  const paper = PAPER_SIZES_MM[project.paper_size as PaperSize] ?? PAPER_SIZES_MM['8.5x11'];
  const aspect = `${paper.width} / ${paper.height}`;
  return (
    <div className={`thumbs thumbs-${size}`} role="group" aria-label="Thumbnails">
      {THUMBNAILS.map((t) => (
        <Thumbnail key={t.key} src={project[t.key]} label={t.label} aspect={aspect} />
      ))}
    </div>
  );
}
