import { useState } from 'react';
import { Alert, Button, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { LIST_MESSAGES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@mailcraft/shared';
import { ApiError } from '../../lib/api-client';
import { useUploadList, type TUploadedList } from './mailing-lists-api';

const ACCEPT = UPLOAD_EXTENSIONS.join(',');
const MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

/** Why a file is refused before upload (spec 000 §5: only .csv, .xls, .xlsx), or null. */
export function refuseReason(file: Pick<File, 'name' | 'size'>): string | null {
  const ext = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    return `“${file.name}”: ${LIST_MESSAGES.unsupportedType}.`;
  }
  if (file.size === 0) return `“${file.name}”: ${LIST_MESSAGES.empty}.`;
  if (file.size > UPLOAD_MAX_BYTES) return `“${file.name}”: ${LIST_MESSAGES.tooLarge}.`;
  return null;
}

type Failure = { title: string; detail?: string };

/** The spec's 'Upload failed: {status} {statusText}' (§8) with the server's message as detail. */
function uploadFailure(err: unknown): Failure {
  if (err instanceof ApiError) {
    return {
      title: `Upload failed: ${err.status} ${err.statusText}`,
      detail: err.message && err.message !== err.statusText ? err.message : undefined,
    };
  }
  return { title: 'Upload failed', detail: err instanceof Error ? err.message : String(err) };
}

/**
 * Drag-and-drop zone with a Browse Files button (spec 000 §2 Upload screen). Only the first dropped
 * file is used; other types are refused with a message before anything is sent. While uploading it
 * shows progress; a failure shows 'Upload failed: {status} {statusText}' and the server's message.
 * `onUploaded` receives the new list (it is now the project's current list, §4).
 */
export function UploadDropZone({ projectId, onUploaded }: { projectId: string; onUploaded: (list: TUploadedList) => void }) {
  const upload = useUploadList();
  const [percent, setPercent] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<Failure | null>(null);

  const start = (file: File) => {
    const reason = refuseReason(file);
    if (reason) {
      setProblem({ title: 'File not accepted', detail: reason });
      return;
    }
    setProblem(null);
    setFileName(file.name);
    setPercent(0);
    upload.mutate(
      { file, projectId, onProgress: setPercent },
      {
        onSuccess: onUploaded,
        onError: (err) => setProblem(uploadFailure(err)),
        onSettled: () => setFileName(null),
      },
    );
  };

  return (
    <div className="upload-zone">
      <Upload.Dragger
        id="mailing-list-file"
        aria-label="Mailing list file"
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          start(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
        <Typography.Title level={5} style={{ marginTop: 0 }}>Drag and drop your mailing list here</Typography.Title>
        <Typography.Paragraph type="secondary">
          CSV, XLS or XLSX with a header row · up to {MAX_MB} MB
        </Typography.Paragraph>
        <Button type="primary" disabled={upload.isPending}>Browse Files</Button>
      </Upload.Dragger>

      {upload.isPending && fileName && (
        <div className="upload-progress" role="status" aria-live="polite">
          <Typography.Text>
            {percent < 100 ? `Uploading ${fileName}…` : `Reading ${fileName}…`}
          </Typography.Text>
          <Progress percent={percent} status="active" aria-label="Upload progress" />
        </div>
      )}
      {problem && (
        <Alert
          className="upload-error"
          type="error"
          showIcon
          closable={{ 'aria-label': 'Dismiss', onClose: () => setProblem(null) }}
          title={problem.title}
          description={problem.detail}
          role="alert"
        />
      )}
    </div>
  );
}
