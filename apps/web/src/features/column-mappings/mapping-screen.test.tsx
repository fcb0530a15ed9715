import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TAddressCheck, TProjectStatus } from '@mailcraft/shared';
import { stubServer } from '../../test/fake-server';
import { aMailingList, aPreview, someMappings } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { ProjectStatusCard } from '../projects/project-status-card';
import { MappingScreen } from './mapping-screen';

const headers = ['First', 'Address', 'City', 'State', 'ZIP'];
const rows = [['Ann', '350 5th Ave', 'Boston', 'MA', '10001']];

/** An address check with `withIssues` records with problems (one issue each, on record 1 when any). */
const aCheck = (withIssues: number): TAddressCheck => ({
  checked: '2026-11-25T12:00:00Z', verifier: 'offline', totalIssues: withIssues, page: 1, limit: 5000, truncated: false,
  issues: withIssues ? [{
    recordId: 'rec-1', record: 1, name: 'Ann', field: 'state', code: 'zip_state_mismatch', severity: 'error',
    message: 'ZIP code 10001 is in New York, NY, not MA', suggestion: 'New York, NY', fixes: { city: 'New York', state: 'NY' }, excluded: false,
  }] : [],
  counts: { records: 1, withIssues, byCode: withIssues ? { zip_state_mismatch: withIssues } : {}, excluded: 0, fixed: 0, ignored: 0 },
});

/** The mapping screen of list-1, not saved yet, whose address check finds `withIssues` records with problems. */
function mappingServer(withIssues: number) {
  let saved = false;
  return stubServer({
    'GET /api/lists/list-1': () => ({ ...aMailingList({ row_count: 1 }), headers }),
    'GET /api/mappings/list/list-1': () => someMappings({ First: 'first_name', Address: 'address', City: 'city', State: 'state', ZIP: 'zip' }, saved),
    'GET /api/lists/list-1/preview': () => aPreview(headers, rows),
    'POST /api/lists/map-columns': () => { saved = true; return { ok: true }; },
    'GET /api/lists/list-1/address-check': () => aCheck(withIssues),
  });
}

const openScreen = () => renderWithApp(
  <Routes>
    <Route path="/upload" element={<MappingScreen projectId="project-1" listId="list-1" />} />
    <Route path="/qr/:id" element={<p>QR page</p>} />
  </Routes>,
  { route: '/upload?project=project-1&listId=list-1&step=mapping' },
);

describe('address check on the mapping screen', () => {
  it('after saving, stays on the mapping screen with the report when the check finds problems', async () => {
    const calls = mappingServer(1);
    openScreen();
    expect(await screen.findByRole('heading', { name: 'Map Columns' })).toBeInTheDocument();
    expect(screen.queryByText('Address check')).not.toBeInTheDocument(); // nothing to check before mappings are saved
    await userEvent.click(screen.getByRole('button', { name: /Save Mappings & Continue/ }));
    expect(await screen.findByText('The address check found 1 record with problems')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept fix for record 1' })).toBeInTheDocument();
    expect(screen.queryByText('QR page')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/lists/list-1/address-check')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('QR page')).toBeInTheDocument();
  });

  it('after saving, goes on to the QR step when the check finds nothing', async () => {
    mappingServer(0);
    openScreen();
    await userEvent.click(await screen.findByRole('button', { name: /Save Mappings & Continue/ }));
    expect(await screen.findByText('QR page')).toBeInTheDocument();
  });

  it('the project status shows the address check line linking to the mapping screen', async () => {
    mappingServer(3);
    const data: TProjectStatus = { list: { id: 'list-1', name: 'customers.csv', row_count: 1 }, template: true, designed: false, progress: 50 };
    // The card reads only isPending, isError and data of the status query.
    const status = { isPending: false, isError: false, data } as unknown as UseQueryResult<TProjectStatus>;
    renderWithApp(<ProjectStatusCard projectId="project-1" status={status} />);
    const link = await screen.findByRole('link', { name: '3 issues' });
    expect(link).toHaveAttribute('href', '/upload?project=project-1&listId=list-1&step=mapping');
    expect(screen.getByText('Address check')).toBeInTheDocument();
  });
});
