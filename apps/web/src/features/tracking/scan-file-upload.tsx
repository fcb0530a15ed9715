import { useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { TRACKING_UPLOAD_MAX_BYTES, type TTrackingImport } from '@mailcraft/shared';
import { ApiError, errorDetail } from '../../lib/api-client';
import { useTrackingImport, useUploadScanFile } from './tracking-api';
import { count } from './tracking-format';

/** File types an IV-MTR upload takes: JSON, or pipe/comma-delimited text (docs/requirements/mail-tracking.md#scan-data). */
export const SCAN_FILE_EXTENSIONS = ['.json', '.txt', '.csv', '.psv'] as const;
const MAX_MB = Math.round(TRACKING_UPLOAD_MAX_BYTES / 1024 / 1024);

/** Why a file is refused before it is sent (its type, empty, over 100 MB), or null. */
export function scanFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  if (!(SCAN_FILE_EXTENSIONS as readonly string[]).includes(ext)) return `“${file.name}” is not an IV-MTR file: choose a .json, .txt, .csv or .psv file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > TRACKING_UPLOAD_MAX_BYTES) return `“${file.name}” is larger than ${MAX_MB} MB.`;
  return null;
}

/** What a finished batch did, in one sentence: 'scans.txt: 1,234 scans read, 1,200 matched (4 already stored), 34 unmatched.' */
export function importSummary(i: TTrackingImport): string {
  const parts = [`${count(i.rows)} ${i.rows === 1 ? 'scan' : 'scans'} read`, `${count(i.matched)} matched${i.duplicates > 0 ? ` (${count(i.duplicates)} already stored)` : ''}`];
  if (i.unmatched > 0) parts.push(`${count(i.unmatched)} unmatched`);
  return `${i.filename ?? 'Scan data'}: ${parts.join(', ')}.`;
}

/** The batch just uploaded, asked for every second until it is done or failed, then its outcome. */
function UploadOutcome({ id }: { id: string }) {
  const batch = useTrackingImport(id);
  if (batch.isError) return <Alert type="error" showIcon title={`Failed to check the upload: ${errorDetail(batch.error)}`} />;
  const b = batch.data;
  if (!b || b.status === 'running') {
    return (
      <div className="upload-progress" role="status" aria-live="polite">
        <Typography.Text>{`Reading ${b?.filename ?? 'the file'}…${b && b.rows > 0 ? ` ${count(b.rows)} scans so far` : ''}`}</Typography.Text>
      </div>
    );
  }
  if (b.status === 'failed') return <Alert type="error" showIcon role="alert" title={`${b.filename ?? 'The file'} was refused; nothing was stored`} description={b.error} />;
  return (
    <Alert
      type={b.unmatched > 0 ? 'warning' : 'success'} showIcon role="status" title={importSummary(b)}
      description={b.unmatched > 0 ? 'Unmatched scans carry IMbs of none of your pieces; the first ones are listed with the batch below.' : undefined}
    />
  );
}

/**
 * The upload of an IV-MTR file (docs/requirements/mail-tracking.md#scan-data, source b): a drop zone (or 'Choose a
 * file') taking JSON or pipe/comma-delimited .txt/.csv/.psv up to 100 MB (refused before sending otherwise), upload
 * progress, then the batch polled until it is read: its counts, or the server's message naming the first bad line,
 * shown as is. A file the server refuses at once (413, 400) shows its message too. A native file input and drop
 * handlers in antd Upload.Dragger's look, and a native progress bar: antd's Upload and Progress would put the page
 * over the first-load budget (docs/decisions/0024-antd-and-a-first-load-budget.md). The input's id is `scan-file`.
 */
export function ScanFileUpload() {
  const upload = useUploadScanFile();
  const [percent, setPercent] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const start = (file: File) => {
    const reason = scanFileProblem(file);
    setBatchId(null);
    if (reason) {
      setProblem(reason);
      return;
    }
    setProblem(null);
    setFileName(file.name);
    setPercent(0);
    upload.mutate({ file, onProgress: setPercent }, {
      onSuccess: (batch) => setBatchId(batch.id),
      onError: (err) => setProblem(err instanceof ApiError && err.message ? err.message : errorDetail(err)),
      onSettled: () => setFileName(null),
    });
  };

  return (
    <div className="scan-upload">
      <div
        className={['scan-drop', over && 'scan-drop-over', upload.isPending && 'scan-drop-disabled'].filter(Boolean).join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          if (!upload.isPending) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const file = e.dataTransfer.files[0];
          if (file && !upload.isPending) start(file);
        }}
      >
        <p className="scan-drop-icon"><InboxOutlined aria-hidden /></p>
        <Typography.Title level={5} style={{ marginTop: 0 }}>Drop an IV-MTR piece-scan file here</Typography.Title>
        <Typography.Paragraph type="secondary">JSON, or pipe- or comma-delimited text (.txt, .csv, .psv) · up to {MAX_MB} MB</Typography.Paragraph>
        <Button disabled={upload.isPending} onClick={() => input.current?.click()}>Choose a file</Button>
        <input
          ref={input} id="scan-file" type="file" hidden aria-label="IV-MTR file" accept={SCAN_FILE_EXTENSIONS.join(',')} disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) start(file);
          }}
        />
      </div>
      {upload.isPending && fileName && (
        <div className="upload-progress" role="status" aria-live="polite">
          <Typography.Text>{percent < 100 ? `Uploading ${fileName}… ${percent} %` : `Storing ${fileName}…`}</Typography.Text>
          <progress className="scan-progress" max={100} value={percent} aria-label="Upload progress" />
        </div>
      )}
      {problem && (
        <Alert type="error" showIcon role="alert" title="The file was not taken in" description={problem}
          closable={{ 'aria-label': 'Dismiss', onClose: () => setProblem(null) }} />
      )}
      {batchId && <UploadOutcome id={batchId} />}
    </div>
  );
}
