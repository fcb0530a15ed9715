import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAddressCheck, TAddressIssue } from '@mailcraft/shared';
import { stubServer } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { AddressCheckReport } from './address-check-report';

const anIssue = (over: Partial<TAddressIssue>): TAddressIssue => ({
  recordId: 'rec-1', record: 1, name: 'Ann Lee', field: 'state', code: 'zip_state_mismatch', severity: 'error',
  message: 'ZIP code 10001 is in New York, NY, not MA', suggestion: 'New York, NY', fixes: { city: 'New York', state: 'NY' }, excluded: false, ...over,
});

/**
 * A fake address check of three records: Ann's state is wrong for her ZIP (a fix), Bo's city is
 * wrong (a fix), Cy's box is a PO Box (information). Fixes and exclusions change the server's state.
 */
function checkServer() {
  const issues = [
    anIssue({}),
    anIssue({ recordId: 'rec-2', record: 2, name: 'Bo Chen', field: 'city', code: 'zip_city_mismatch', severity: 'warning', message: 'ZIP code 94105 is in San Francisco, CA, not Oakland', suggestion: 'San Francisco', fixes: { city: 'San Francisco' } }),
    anIssue({ recordId: 'rec-3', record: 3, name: 'Cy Diaz', field: 'address', code: 'po_box', severity: 'info', message: 'PO Box address', suggestion: undefined, fixes: undefined }),
  ];
  const fixed = new Set<string>();
  const excluded = new Set<string>();
  const report = (): TAddressCheck => {
    const open = issues.filter((i) => !fixed.has(i.recordId)).map((i) => ({ ...i, excluded: excluded.has(i.recordId) }));
    const counted = open.filter((i) => !i.excluded);
    const byCode: Record<string, number> = {};
    for (const i of counted) byCode[i.code] = (byCode[i.code] ?? 0) + 1;
    return {
      checked: '2026-11-25T12:00:00Z', verifier: 'offline', issues: open, totalIssues: open.length, page: 1, limit: 5000, truncated: false,
      counts: { records: 3, withIssues: counted.filter((i) => i.severity !== 'info').length, byCode, excluded: excluded.size, fixed: fixed.size },
    };
  };
  const calls = stubServer({
    'GET /api/lists/list-1/address-check': () => report(),
    'POST /api/lists/list-1/address-check/fixes': ({ body }) => {
      const { recordIds, action } = body as { recordIds: string[]; action: string };
      const before = report().counts;
      for (const id of recordIds) {
        if (action === 'accept') fixed.add(id);
        if (action === 'exclude') excluded.add(id);
        if (action === 'include') excluded.delete(id);
      }
      return { changed: recordIds.length, before, report: report() };
    },
  });
  return calls;
}

const open = () => renderWithApp(<AddressCheckReport listId="list-1" />);
const rows = async () => within(await screen.findByRole('table', { name: 'Address issues' })).getAllByRole('row').slice(1);
const posts = (calls: ReturnType<typeof checkServer>) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('address check report (issue 12)', () => {
  it('shows the counts by kind and each issue with its record, name, field, message and suggestion', async () => {
    checkServer();
    open();
    expect(await screen.findByText(/3 records checked/)).toHaveTextContent('3 records checked · 2 records with problems · 0 excluded · 0 fixed');
    const kinds = screen.getByLabelText('Problems by kind');
    expect(kinds).toHaveTextContent('State does not match the ZIP code: 1');
    expect(kinds).toHaveTextContent('PO Box: 1');
    const [ann, , cy] = await rows();
    expect(within(ann).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '1', 'Ann Lee', 'State', 'State does not match the ZIP code ZIP code 10001 is in New York, NY, not MA', 'New York, NY', 'Accept fixExcludeIgnore',
    ]);
    expect(within(cy).queryByRole('button', { name: /Accept fix/ })).not.toBeInTheDocument();
  });

  it('Accept fix posts the record and shows the counts before and after', async () => {
    const calls = checkServer();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept fix for record 1' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Fix accepted: 1 record');
    expect(done).toHaveTextContent('Before: 2 records with problems, 0 excluded. After: 1 record with problems, 0 excluded.');
    expect(posts(calls)).toEqual([{ recordIds: ['rec-1'], action: 'accept' }]);
    expect(screen.getByText(/records checked/)).toHaveTextContent('1 record with problems · 0 excluded · 1 fixed');
    expect((await rows()).map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Bo Chen', 'Cy Diaz']);
  });

  it('Exclude leaves the record out of the counts and offers Include; Ignore hides a row without asking the server', async () => {
    const calls = checkServer();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Exclude record 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Excluded from printing: 1 record');
    expect(screen.getByText(/records checked/)).toHaveTextContent('1 record with problems · 1 excluded · 0 fixed');
    const bo = (await rows())[1];
    expect(within(bo).getByText('Excluded')).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Include record 2' })).toBeInTheDocument();
    expect(within(bo).queryByRole('button', { name: /Accept fix/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ignore this issue of record 3' }));
    await waitFor(() => expect(screen.queryByText('Cy Diaz')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([{ recordIds: ['rec-2'], action: 'exclude' }]);
  });

  it('Accept all suggested fixes posts every record with a fix at once', async () => {
    const calls = checkServer();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all suggested fixes (2)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Fix accepted: 2 records');
    expect(posts(calls)).toEqual([{ recordIds: ['rec-1', 'rec-2'], action: 'accept' }]);
    expect(screen.getByText(/records checked/)).toHaveTextContent('0 records with problems · 0 excluded · 2 fixed');
    expect(screen.getByRole('button', { name: 'Accept all suggested fixes (0)' })).toBeDisabled();
  });
});
