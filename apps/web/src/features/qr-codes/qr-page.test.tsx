import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QR_STYLE, type TDataPreview, type TQrConfigRecord } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { QrPage } from './qr-page';

const records = Array.from({ length: 7 }, (_, i) => ({
  record_id: `r${i}`, short_url: `http://localhost:8080/Code00000${i}`, fields: { first_name: `First${i}`, full_name: `First${i} Last${i}` },
}));
const preview: TDataPreview = { headers: ['first_name'], rows: records.map((r) => [r.fields.first_name]), records, total: 7, page: 1, limit: 25 };
const saved: TQrConfigRecord = {
  id: 'q1', list_id: 'l1', base_url: 'https://shop.example.com/hi', variable_mapping: { first_name: { param: 'fname', capitalization: 'original' } },
  style: DEFAULT_QR_STYLE, created_at: '2026-11-24T00:00:00.000Z', updated_at: '2026-11-24T00:00:00.000Z',
};
const plan = (qr: boolean) => ({ subscription: { plan: { name: qr ? 'pro' : 'free', features: { qr_codes: qr } }, status: 'active' }, features: {} });

function stub(opts: { qr?: boolean; save?: () => unknown } = {}) {
  let body: unknown = null;
  const calls = stubApi({
    'GET /api/subscriptions/current': () => plan(opts.qr ?? true),
    'GET /api/qr/list/l1': () => [saved],
    'GET /api/data-preview/list/l1': () => preview,
    'GET /api/maps/qr-map-data/l1': () => [],
    'GET /api/lists/l1': () => ({ id: 'l1', name: 'us-500.csv', row_count: 7, headers: ['first_name'], created_at: '', project_id: 'p1' }),
    'POST /api/qr/config': (req) => { body = req.body; return opts.save ? opts.save() : saved; },
  });
  return { calls, posted: () => body };
}

describe('QR Code Configuration screen', () => {
  it('shows the saved configuration and real preview URLs, 5 per page', async () => {
    stub();
    renderWithApp(<QrPage projectId="p1" listId="l1" />);
    expect(await screen.findByLabelText('Destination URL')).toHaveValue('https://shop.example.com/hi');
    expect(await screen.findByText('First0 Last0')).toBeInTheDocument();
    expect(screen.getByText('https://shop.example.com/hi?fname=Rmlyc3Qw')).toBeInTheDocument();
    expect(screen.queryByText('First5 Last5')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('First5 Last5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code preview' }).innerHTML).toContain('<svg');
  });

  it('warns while changes are unsaved, then saves the exact configuration', async () => {
    const { posted } = stub();
    renderWithApp(<QrPage projectId="p1" listId="l1" />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Last Name' }));
    expect(screen.getByText('Save the configuration for QR codes to work')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(posted).toEqual({
      listId: 'l1',
      config: {
        baseUrl: 'https://shop.example.com/hi', staticParams: [], style: DEFAULT_QR_STYLE,
        variables: { first_name: { param: 'fname', capitalization: 'original' }, last_name: { param: 'lname', capitalization: 'original' } },
      },
    });
    await expect.poll(() => screen.queryByText('Save the configuration for QR codes to work')).toBeNull();
  });

  it('shows the parameter message as typed, and keeps the edits when saving fails', async () => {
    stub({ save: () => { throw new Error('down'); } });
    renderWithApp(<QrPage projectId="p1" listId="l1" />);
    const param = await screen.findByLabelText('First Name parameter');
    fireEvent.change(param, { target: { value: 'page' } });
    expect(screen.getByText('Parameter name is reserved')).toBeInTheDocument();
    fireEvent.change(param, { target: { value: 'first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Failed to save QR configuration/)).toBeInTheDocument();
    expect(screen.getByLabelText('First Name parameter')).toHaveValue('first');
  });

  it('lets a plan without QR codes explore but not save', async () => {
    stub({ qr: false });
    renderWithApp(<QrPage projectId="p1" listId="l1" />);
    expect(await screen.findByText('You need to upgrade your plan to save QR code configurations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing?feature=qr_codes');
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  });
});
