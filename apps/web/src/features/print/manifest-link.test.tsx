import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPrintJob } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { PrintHistory } from './print-history';

const job = (over: Partial<TPrintJob> = {}): TPrintJob => ({
  id: 'job-1', status: 'done', phase: null, done: 3, total: 3, created_at: '2026-01-02T10:00:00Z', started_at: '2026-01-02T10:00:01Z',
  finished_at: '2026-01-02T10:00:30Z', eta_seconds: null, list_name: 'us-500.csv', design_version: 1, file_size: 20_000,
  options: { bleed: false, cropMarks: false, proof: false, trayBreaks: false }, preflight: null, ...over,
});

describe('print history: mail manifests (docs/requirements/mail-tracking.md#imb-assignment)', () => {
  it('offers the manifest of each finished print file, not of proofs or files still rendering', async () => {
    stubApi({
      'GET /api/projects/p1/print-jobs': () => [
        job({ id: 'final' }),
        job({ id: 'proof', options: { bleed: false, cropMarks: false, proof: true, trayBreaks: false } }),
        job({ id: 'busy', status: 'running', phase: 'rendering', done: 1 }),
      ],
    });
    renderWithApp(<PrintHistory projectId="p1" />);
    const table = await screen.findByRole('table', { name: 'Print files' });
    const [final, proof, busy] = within(table).getAllByRole('row').slice(1);
    expect(within(final).getByRole('link', { name: /Download the manifest of the print file/ })).toHaveAttribute('href', '/api/print-jobs/final/manifest.csv');
    expect(within(proof).queryByRole('link', { name: /manifest/ })).toBeNull();
    expect(within(busy).queryByRole('link', { name: /manifest/ })).toBeNull();
  });
});
