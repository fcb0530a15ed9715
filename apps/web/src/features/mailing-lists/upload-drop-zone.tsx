import { useState } from 'react';
import { Alert, Button, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { LIST_MESSAGES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@mailcraft/shared';
import { ApiError } from '../../lib/api-client';
import { useUploadList, type TUploadedList } from './mailing-lists-api';

const ACCEPT = UPLOAD_EXTENSIONS.join(',');
const MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

/** Why a file is refused before upload (docs/requirements/projects.md#rules: only .csv, .xls, .xlsx), or null. */
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

/** A sentence for a failure whose answer carried no message of the server's own (proxy, network). */
const STATUS_SENTENCES: Record<number, string> = {
  0: 'The server could not be reached. Check your connection and try again.',
  413: LIST_MESSAGES.tooLarge,
  415: LIST_MESSAGES.unsupportedType,
  429: LIST_MESSAGES.busy,
};

/** A sentence ends with a full stop (the server's messages are phrases). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * An upload failure as the user reads it (docs/requirements/workflow.md#clear-states-and-fast-pages): the server's sentence first ('The file is not a
 * valid spreadsheet.'), never the status line alone; the spec's 'Upload failed: {status}
 * {statusText}' (docs/requirements/workflow.md#messages) stays as the detail.
 */
export function uploadFailure(err: unknown): Failure {
  if (err instanceof ApiError) {
    const own = err.message && err.message !== err.statusText ? err.message : undefined;
    const title = own ?? STATUS_SENTENCES[err.status]
      ?? (err.status >= 500 ? 'The server could not read the file. Please try again in a moment.' : 'The file could not be uploaded.');
    return { title: sentence(title), detail: `Upload failed: ${err.status} ${err.statusText}` };
  }
  return { title: sentence(err instanceof Error ? err.message : String(err)), detail: 'Upload failed' };
}

/**
 * Drag-and-drop zone with a Browse Files button (docs/requirements/mailing-lists.md#upload-screen screen). Only the first dropped
 * file is used; other types are refused with a message before anything is sent. While uploading it
 * shows progress; a failure shows the server's sentence with 'Upload failed: {status} {statusText}'
 * below it (`uploadFailure`). `onUploaded` receives the new list; `project_list` says whether it
 * became the project's current list (only when the project had none, docs/requirements/workflow.md#clear-states-and-fast-pages).
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
