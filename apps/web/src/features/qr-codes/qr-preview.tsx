import { useMemo, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { destinationUrl, QR_PREVIEW_PAGE_SIZE, type TDataPreview } from '@mailcraft/shared';
import { qrSvg } from '@mailcraft/shared/designs';
import type { QrDraft } from './qr-draft';

type PreviewRecord = TDataPreview['records'][number];

/** The destination of one record under the draft, or the reason there is none yet. */
function destinationOf(draft: QrDraft, record: PreviewRecord, extra: Record<string, string>): { url: string } | { error: string } {
  try {
    return { url: destinationUrl(draft, { ...record.fields, ...extra, record_id: record.fields.record_id || record.record_id }) };
  } catch {
    return { error: 'Enter a destination URL to see where this code leads' };
  }
}

/**
 * The live code of the first record's short link, drawn by shared `qrSvg` — the shapes the print
 * file draws — at the chosen size, with 'Download QR (SVG)'. 'No input text' and the too-much-data
 * error show in place of the code (docs/requirements/designer.md#limits).
 */
export function QrLiveCode({ text, style }: { text: string; style: QrDraft['style'] }) {
  const { svg, error } = useMemo(() => {
    try {
      return { svg: qrSvg(text, { ...style, size: style.size }), error: null };
    } catch (err) {
      return { svg: null, error: err instanceof Error ? err.message : 'No input text' };
    }
  }, [text, style]);
  const download = () => {
    const url = URL.createObjectURL(new Blob([svg!], { type: 'image/svg+xml' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'qr-code.svg' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="qr-live">
      {/* Markup from our own qrSvg: numbers and validated hex colours only. */}
      {svg ? <div role="img" aria-label="QR code preview" className="qr-live-code" style={{ background: style.transparent ? 'repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0/16px 16px' : undefined }} dangerouslySetInnerHTML={{ __html: svg }} />
        : <Typography.Text type="danger">{error}</Typography.Text>}
      <Button size="small" disabled={!svg} onClick={download}>Download QR (SVG)</Button>
    </div>
  );
}

/**
 * Preview URLs (docs/requirements/maps.md#screens): the first records' short links and destinations under the current
 * (possibly unsaved) draft, 5 per page with Previous/Next.
 */
export function QrPreviewUrls({ records, draft, mapFields }: { records: PreviewRecord[]; draft: QrDraft; mapFields: Map<string, Record<string, string>> }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(records.length / QR_PREVIEW_PAGE_SIZE));
  const shown = records.slice(page * QR_PREVIEW_PAGE_SIZE, (page + 1) * QR_PREVIEW_PAGE_SIZE);
  if (records.length === 0) return <Typography.Text type="secondary">This list has no records to preview.</Typography.Text>;
  return (
    <div>
      <ol className="qr-preview-list" start={page * QR_PREVIEW_PAGE_SIZE + 1}>
        {shown.map((r) => {
          const dest = destinationOf(draft, r, mapFields.get(r.record_id) ?? {});
          return (
            <li key={r.record_id}>
              <strong>{r.fields.full_name_mail || r.fields.full_name || r.record_id}</strong>
              <div>Short link: <Typography.Text code copyable>{r.short_url}</Typography.Text></div>
              <div className="qr-preview-dest">
                {'url' in dest ? <>Destination: <Typography.Text copyable>{dest.url}</Typography.Text></> : <Typography.Text type="secondary">{dest.error}</Typography.Text>}
              </div>
            </li>
          );
        })}
      </ol>
      <Space wrap>
        <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</Button>
        <span>Page {page + 1} of {pages}</span>
        <Button size="small" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>Next</Button>
      </Space>
    </div>
  );
}
