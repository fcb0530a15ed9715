import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TTrackingImport } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { stubServer } from '../../test/fake-server';
import { TrackingImportsPage } from './tracking-imports-page';
import { anImport } from './test-fixtures';

/**
 * XMLHttpRequest of the upload (fetch cannot report upload progress), answering `reply(file)` as the server would:
 * its status and JSON body. Every file sent is kept in `sent`.
 */
function stubUpload(reply: (file: File) => { status: number; body: unknown }) {
  const sent: File[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    onload?: () => void;
    onerror?: () => void;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      const file = form.get('file') as File;
      sent.push(file);
      const { status, body } = reply(file);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: file.size, total: file.size });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const fileInput = () => document.querySelector<HTMLInputElement>('#scan-file')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('scan data page', () => {
  it('lists every batch with its counts; a batch opens its first unknown IMbs', async () => {
    stubServer({
      'GET /api/tracking/imports': () => ({
        imports: [anImport(), anImport({ id: 'imp-2', source: 'push', filename: null, rows: 3, matched: 3, duplicates: 0, unmatched: 0, unmatched_samples: [] })],
        total: 2,
      }),
    });
    renderWithApp(<TrackingImportsPage />);
    const table = await screen.findByRole('table', { name: 'Scan data taken in' });
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Uploadscans\.psv121022Done—/);
    expect(rows[2]).toHaveTextContent(/API push—3300Done/);
    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Unknown IMbs of the batch/ }));
    const unknown = within(table).getByRole('list', { name: 'Unknown IMbs' });
    expect(within(unknown).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['00270999999999999999', '00270888888888888888']);
  });

  it('uploads a file and follows the batch until it is read', async () => {
    let polled = 0;
    const running = anImport({ id: 'imp-9', status: 'running', rows: 0, matched: 0, duplicates: 0, unmatched: 0, unmatched_samples: [], finished_at: null });
    stubServer({
      'GET /api/tracking/imports': () => ({ imports: [], total: 0 }),
      'GET /api/tracking/imports/imp-9': () => (++polled < 2 ? running : { ...running, status: 'done', rows: 1234, matched: 1200, duplicates: 4, unmatched: 34 }),
    });
    const sent = stubUpload(() => ({ status: 202, body: running }));
    renderWithApp(<TrackingImportsPage />);
    await screen.findByText('No scan data yet');
    choose(new File(['imb|scanDatetime\n'], 'scans.psv'));
    expect(await screen.findByText(/^Reading scans\.psv/)).toBeInTheDocument();
    expect(await screen.findByText('scans.psv: 1,234 scans read, 1,200 matched (4 already stored), 34 unmatched.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sent.map((f) => f.name)).toEqual(['scans.psv']);
  });

  it('shows the server\'s message as is when the file is refused, at once or once read', async () => {
    const failed: TTrackingImport = anImport({ id: 'imp-3', status: 'failed', error: 'Line 7: the scan time "soon" is not a date', rows: 0, matched: 0, duplicates: 0, unmatched: 0 });
    stubServer({
      'GET /api/tracking/imports': () => ({ imports: [], total: 0 }),
      'GET /api/tracking/imports/imp-3': () => failed,
    });
    stubUpload((file) => (file.name === 'big.json'
      ? { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 100 MB' } } }
      : { status: 202, body: { ...failed, status: 'running', error: null } }));
    renderWithApp(<TrackingImportsPage />);
    await screen.findByText('No scan data yet');
    choose(new File(['{}'], 'big.json'));
    expect(await screen.findByText('The file is larger than 100 MB')).toBeInTheDocument();
    choose(new File(['x'], 'bad.txt'));
    expect(await screen.findByText('Line 7: the scan time "soon" is not a date')).toBeInTheDocument();
    expect(screen.getByText('scans.psv was refused; nothing was stored')).toBeInTheDocument();
  });

  it('refuses a file of another type before sending anything', async () => {
    stubServer({ 'GET /api/tracking/imports': () => ({ imports: [], total: 0 }) });
    const sent = stubUpload(() => ({ status: 202, body: anImport() }));
    renderWithApp(<TrackingImportsPage />);
    await screen.findByText('No scan data yet');
    choose(new File(['x'], 'scans.xlsx'));
    expect(await screen.findByText(/“scans\.xlsx” is not an IV-MTR file/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
