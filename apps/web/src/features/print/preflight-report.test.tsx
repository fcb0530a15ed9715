import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPreflight, TPrintJob } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { PreflightReport } from './preflight-report';
import { PrintJobPanel } from './print-job-panel';

const report: TPreflight = {
  passed: false,
  checks: [
    { id: 'page-boxes', passed: true, message: 'All 4 pages have the page boxes of the 215.9 × 279.4 mm trim.', pieces: [] },
    { id: 'indicia', passed: false, message: "The indicia 'indicia' is outside the upper-right Indicia zone: move it into the top-right 1½ × 1½ in corner of the address side (USPS DMM 604.5).", pieces: [] },
    { id: 'required-fields', passed: false, message: "2 pieces print an empty required field ('company_name'): fill in the missing values in the list, or exclude those records from printing.", pieces: [2, 4] },
    { id: 'text-shrunk', passed: true, message: 'No text had to be shrunk to fit.', pieces: [] },
  ],
};

const doneJob = (preflight: TPreflight | null): TPrintJob => ({
  id: 'job-1', status: 'done', done: 4, total: 4, created_at: '2026-01-01T00:00:00Z', started_at: '2026-01-01T00:00:00Z',
  finished_at: '2026-01-01T00:00:05Z', phase: null, eta_seconds: null, list_name: 'list.csv', design_version: 1, file_size: 1000,
  options: { bleed: true, cropMarks: false, proof: false, trayBreaks: false }, preflight,
});

afterEach(() => localStorage.clear());

describe('preflight report', () => {
  it('sums up the problems and lists every check with what to do and the pieces concerned', () => {
    renderWithApp(<PreflightReport preflight={report} />);
    expect(screen.getByRole('heading', { name: 'Preflight: 2 problems' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[1]).getByLabelText('failed')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Indicia placement');
    expect(items[1]).toHaveTextContent('move it into the top-right 1½ × 1½ in corner');
    expect(items[2]).toHaveTextContent('Required fields filled');
    expect(within(items[2]).getByText('Pieces: 2, 4')).toBeInTheDocument();
    expect(within(items[0]).getByLabelText('passed')).toBeInTheDocument();
    expect(within(items[0]).queryByText(/Pieces/)).not.toBeInTheDocument();
  });

  it('names the list records of the pieces when they are not the same numbers (presort order, exclusions)', () => {
    const checks = [{ id: 'text-overflow' as const, passed: false, message: 'Text does not fit its box on 2 pieces.', pieces: [1, 3], records: [40, 7] }];
    renderWithApp(<PreflightReport preflight={{ passed: false, checks }} />);
    expect(screen.getByText('Pieces: 1, 3')).toBeInTheDocument();
    expect(screen.getByText('List records: 40, 7')).toBeInTheDocument();
  });

  it('says passed when every check passed', () => {
    renderWithApp(<PreflightReport preflight={{ passed: true, checks: report.checks.map((c) => ({ ...c, passed: true, pieces: [] })) }} />);
    expect(screen.getByRole('heading', { name: 'Preflight: passed' })).toBeInTheDocument();
  });

  it('shows the finished job\'s preflight above the download in Print Preview', async () => {
    localStorage.setItem('mailcraft.printJob.p1', 'job-1');
    stubApi({
      'GET /api/subscriptions/current': () => ({ subscription: { plan: { name: 'pro', features: { print_files: true } }, status: 'active' }, features: {} }),
      'GET /api/print-jobs/job-1': () => doneJob(report),
    });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    const summary = await screen.findByRole('heading', { name: 'Preflight: 2 problems' });
    const download = screen.getByRole('link', { name: /Download print file/ });
    expect(summary.compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends the chosen print options when generating', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/subscriptions/current': () => ({ subscription: { plan: { name: 'pro', features: { print_files: true } }, status: 'active' }, features: {} }),
      'POST /api/projects/p1/print': ({ body }) => { sent = body; return { jobId: 'job-2' }; },
      'GET /api/print-jobs/job-2': () => doneJob(null),
    });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Bleed/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Crop marks/ }));
    const generate = screen.getByRole('button', { name: 'Generate print file' });
    await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
    fireEvent.click(generate);
    await expect.poll(() => sent).toEqual({ confirm_warnings: false, bleed: true, cropMarks: true, proof: false, trayBreaks: false });
  });
});
