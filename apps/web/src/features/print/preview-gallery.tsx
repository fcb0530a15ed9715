import { Alert, Button, Empty, Image, Skeleton, Typography } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { usePrintPreview } from './print-api';

/** Caption of page `index` (0-based): 'Piece 1 — Outside', 'Piece 1 — Inside', … or 'Piece 1' when single-sided. */
export function pageCaption(index: number, double: boolean): string {
  if (!double) return `Piece ${index + 1}`;
  return `Piece ${Math.floor(index / 2) + 1} — ${index % 2 === 0 ? 'Outside' : 'Inside'}`;
}

/**
 * A few mail pieces rendered from real records before the print file is generated (print
 * preview): the server renders the first `count` pieces as a PDF, the browser turns each page
 * into an image. Double-sided pieces come as outside then inside pages.
 */
export function PreviewGallery({ projectId, count, double, enabled }: { projectId: string; count: number; double: boolean; enabled: boolean }) {
  const preview = usePrintPreview(projectId, count, enabled);
  const urls = preview.data ?? [];

  if (!enabled) return <Empty description="The preview appears once the project has a mailing list and a saved design." />;
  if (preview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to render the preview"
        description={errorDetail(preview.error)}
        action={<Button size="small" onClick={() => preview.refetch()}>Try again</Button>}
      />
    );
  }
  if (preview.isPending) {
    return (
      <div className="preview-gallery" aria-busy="true" aria-label="Rendering preview">
        <div className="preview-piece-group">
          {Array.from({ length: double ? 2 : 1 }, (_, i) => (
            <div className="preview-piece" key={i}><Skeleton.Node active style={{ width: 200, height: 259 }} /></div>
          ))}
        </div>
      </div>
    );
  }
  if (urls.length === 0) return <Empty description="No mail pieces to preview" />;
  // One group per mail piece: its outside and inside pages side by side.
  const perPiece = double ? 2 : 1;
  const pieces = Array.from({ length: Math.ceil(urls.length / perPiece) }, (_, n) => urls.slice(n * perPiece, (n + 1) * perPiece));
  return (
    <Image.PreviewGroup>
      {preview.isFetching && <Typography.Text type="secondary" className="preview-updating">Updating the preview…</Typography.Text>}
      <div className="preview-gallery" aria-busy={preview.isFetching}>
        {pieces.map((pages, n) => (
          <div className="preview-piece-group" key={n} role="group" aria-label={`Piece ${n + 1}`}>
            {pages.map((url, k) => {
              const caption = pageCaption(n * perPiece + k, double);
              return (
                <figure className="preview-piece" key={k}>
                  <Image src={url} alt={caption} className="preview-image" />
                  <figcaption>{caption}</figcaption>
                </figure>
              );
            })}
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
