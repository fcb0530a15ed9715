import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPreflight, TPrintJob } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { PrintHistory } from './print-history';
import { PrintJobPanel } from './print-job-panel';

const PRO = () => ({ subscription: { plan: { name: 'pro', features: { print_files: true } }, status: 'active' }, features: {} });

const preflight = (over: Partial<Record<'failed' | 'shrunk', boolean>> = {}): TPreflight => ({
  passed: !over.failed,
  checks: [
    { id: 'page-boxes', passed: true, message: 'All 1,000 pages have the page boxes of the trim.', pieces: [] },
    { id: 'indicia', passed: !over.failed, message: over.failed ? 'The indicia is outside the Indicia zone.' : 'The indicia is in place.', pieces: [] },
    { id: 'text-shrunk', passed: true, message: over.shrunk ? 'Text was shrunk to fit its box on 2 pieces.' : 'No text had to be shrunk to fit.', pieces: over.shrunk ? [3, 9] : [] },
  ],
});

const job = (over: Partial<TPrintJob> = {}): TPrintJob => ({
  id: 'job-1', status: 'done', phase: null, done: 500, total: 500, created_at: '2026-01-02T10:00:00Z', started_at: '2026-01-02T10:00:01Z',
  finished_at: '2026-01-02T10:00:30Z', eta_seconds: null, list_name: 'us-500.csv', design_version: 1, file_size: 2_000_000,
  options: { bleed: false, cropMarks: false, proof: false, trayBreaks: false }, preflight: preflight(), ...over,
});

afterEach(() => localStorage.clear());

describe('print progress names every phase (docs/requirements/print.md#progress)', () => {
  const cases: Array<[Partial<TPrintJob>, string, string]> = [
    [{ status: 'running', phase: 'preparing', done: 0 }, 'Reading the mailing list and the design…', 'Preparing'],
    [{ status: 'running', phase: 'rendering', done: 240, eta_seconds: 185 }, 'Rendering 240 of 500 mail pieces · about 3 min left', 'Rendering'],
    [{ status: 'running', phase: 'merging' }, 'Merging 500 mail pieces into one file…', 'Merging'],
    [{ status: 'running', phase: 'preflight' }, 'Checking the file (preflight)…', 'Checking the file (preflight)'],
    [{ status: 'running', phase: 'storing' }, 'Saving the file…', 'Saving'],
  ];
  for (const [state, text, step] of cases) {
    it(`while ${state.phase}: '${text}', step '${step}' current`, async () => {
      localStorage.setItem('mailcraft.printJob.p1', 'job-1');
      stubApi({ 'GET /api/subscriptions/current': PRO, 'GET /api/print-jobs/job-1': () => job({ ...state, preflight: null }) });
      renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
      expect(await screen.findByRole('status')).toHaveTextContent(text);
      const steps = screen.getByRole('list', { name: 'Steps of the print file' });
      expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toHaveLength(5);
      expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent(step);
    });
  }
});

describe('the latest file and its preflight after a reload', () => {
  it('shows the newest file of the history with its preflight when this browser remembers none', async () => {
    stubApi({
      'GET /api/subscriptions/current': PRO,
      'GET /api/projects/p1/print-jobs': () => [job({ id: 'job-2', preflight: preflight({ failed: true }) }), job()],
      'GET /api/print-jobs/job-2': () => job({ id: 'job-2', preflight: preflight({ failed: true }) }),
    });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    expect(await screen.findByRole('heading', { name: 'Preflight: 1 problem' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download print file/ })).toHaveAttribute('href', '/api/print-jobs/job-2/file');
  });

  it('shows a newer file started elsewhere rather than the one remembered here', async () => {
    localStorage.setItem('mailcraft.printJob.p1', 'job-1');
    stubApi({
      'GET /api/subscriptions/current': PRO,
      'GET /api/projects/p1/print-jobs': () => [job({ id: 'job-2' }), job()],
      'GET /api/print-jobs/job-1': () => job(),
      'GET /api/print-jobs/job-2': () => job({ id: 'job-2' }),
    });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    await expect.poll(() => screen.queryByRole('link', { name: /Download print file/ })?.getAttribute('href')).toBe('/api/print-jobs/job-2/file');
    expect(screen.getByRole('heading', { name: 'Preflight: passed' })).toBeInTheDocument();
  });

  it('lists each earlier file with its preflight in a few words', async () => {
    stubApi({
      'GET /api/projects/p1/print-jobs': () => [
        job({ id: 'a', preflight: preflight({ failed: true, shrunk: true }) }),
        job({ id: 'b', preflight: preflight({ shrunk: true }) }),
        job({ id: 'c' }),
        job({ id: 'd', status: 'failed', preflight: null, error: 'Rendering failed' }),
      ],
    });
    renderWithApp(<PrintHistory projectId="p1" />);
    const table = await screen.findByRole('table', { name: 'Print files' });
    expect(within(table).getByRole('columnheader', { name: 'Preflight' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    const preflightCell = (r: HTMLElement) => within(r).getAllByRole('cell')[6].textContent;
    expect(rows.map(preflightCell)).toEqual(['1 failure, 1 warning', '1 warning', 'Passed', '—']);
    expect(within(rows[2]).getByText('Ready')).toBeInTheDocument();
  });

  it('links each finished print file, but no proof, to its mail tracking (docs/requirements/mail-tracking.md#timelines-and-analytics)', async () => {
    stubApi({
      'GET /api/projects/p1/print-jobs': () => [
        job({ id: 'a' }),
        job({ id: 'b', options: { bleed: false, cropMarks: false, proof: true, trayBreaks: false } }),
        job({ id: 'c', status: 'running', phase: 'rendering', preflight: null }),
      ],
    });
    renderWithApp(<PrintHistory projectId="p1" />);
    const table = await screen.findByRole('table', { name: 'Print files' });
    const links = within(table).getAllByRole('link', { name: /^Tracking of the print file/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/projects/p1/print-files/a/tracking']);
  });
});
