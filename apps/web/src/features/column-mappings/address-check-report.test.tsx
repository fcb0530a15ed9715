import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAddressCheck, TAddressIssue } from '@mailcraft/shared';
import { stubServer } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { AddressCheckReport } from './address-check-report';
import { AddressCheckStatus } from './address-check-status';

const anIssue = (over: Partial<TAddressIssue>): TAddressIssue => ({
  recordId: 'rec-1', record: 1, name: 'Ann Lee', field: 'state', code: 'zip_state_mismatch', severity: 'error',
  message: 'ZIP code 10001 is in New York, NY, not MA', suggestion: 'New York, NY', fixes: { city: 'New York', state: 'NY' }, excluded: false, ...over,
});

/**
 * A fake address check of three records: Ann's state is wrong for her ZIP (a fix), Bo's city is
 * wrong (a fix), Cy's box is a PO Box (information). Fixes, exclusions and ignores change the
 * server's state; ignored issues are listed (marked) only with ?ignored=show.
 */
function checkServer() {
  const issues = [
    anIssue({}),
    anIssue({ recordId: 'rec-2', record: 2, name: 'Bo Chen', field: 'city', code: 'zip_city_mismatch', severity: 'warning', message: 'ZIP code 94105 is in San Francisco, CA, not Oakland', suggestion: 'San Francisco', fixes: { city: 'San Francisco' } }),
    anIssue({ recordId: 'rec-3', record: 3, name: 'Cy Diaz', field: 'address', code: 'po_box', severity: 'info', message: 'PO Box address', suggestion: undefined, fixes: undefined }),
  ];
  const fixed = new Set<string>();
  const excluded = new Set<string>();
  const ignored = new Set<string>();
  const report = (showIgnored = false): TAddressCheck => {
    const found = issues.filter((i) => !fixed.has(i.recordId))
      .map((i) => ({ ...i, excluded: excluded.has(i.recordId), ...(ignored.has(`${i.recordId}:${i.code}`) ? { ignored: true } : {}) }));
    const open = found.filter((i) => !i.ignored);
    const counted = open.filter((i) => !i.excluded);
    const byCode: Record<string, number> = {};
    for (const i of counted) byCode[i.code] = (byCode[i.code] ?? 0) + 1;
    const listed = showIgnored ? found : open;
    return {
      checked: '2026-11-25T12:00:00Z', verifier: 'offline', issues: listed, totalIssues: listed.length, page: 1, limit: 5000, truncated: false,
      counts: {
        records: 3, withIssues: counted.filter((i) => i.severity !== 'info').length, byCode, excluded: excluded.size, fixed: fixed.size,
        ignored: found.length - open.length,
      },
    };
  };
  const calls = stubServer({
    'GET /api/lists/list-1/address-check': ({ url }) => report(url.searchParams.get('ignored') === 'show'),
    'POST /api/lists/list-1/address-check/fixes': ({ body }) => {
      const { recordIds, action, codes = [] } = body as { recordIds: string[]; action: string; codes?: string[] };
      const before = report().counts;
      for (const id of recordIds) {
        if (action === 'accept') fixed.add(id);
        if (action === 'exclude') excluded.add(id);
        if (action === 'include') excluded.delete(id);
        for (const code of codes) {
          if (action === 'ignore') ignored.add(`${id}:${code}`);
          if (action === 'unignore') ignored.delete(`${id}:${code}`);
        }
      }
      return { changed: recordIds.length, before, report: report() };
    },
  });
  return calls;
}

const open = () => renderWithApp(<AddressCheckReport listId="list-1" />);
const rows = async () => within(await screen.findByRole('table', { name: 'Address issues' })).getAllByRole('row').slice(1);
const posts = (calls: ReturnType<typeof checkServer>) => calls.filter((c) => c.method === 'POST').map((c) => c.body);
const names = async () => (await rows()).map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('address check report', () => {
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

  it('Exclude leaves the record out of the counts and offers Include', async () => {
    const calls = checkServer();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Exclude record 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Excluded from printing: 1 record');
    expect(screen.getByText(/records checked/)).toHaveTextContent('1 record with problems · 1 excluded · 0 fixed');
    const bo = (await rows())[1];
    expect(within(bo).getByText('Excluded')).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Include record 2' })).toBeInTheDocument();
    expect(within(bo).queryByRole('button', { name: /Accept fix/ })).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([{ recordIds: ['rec-2'], action: 'exclude' }]);
  });

  it('Ignore asks the server to ignore that issue: gone from the report, the counts and the project status, still gone after a reload', async () => {
    const calls = checkServer();
    renderWithApp(<><AddressCheckStatus projectId="project-1" listId="list-1" /><AddressCheckReport listId="list-1" /></>);
    expect(await screen.findByRole('link', { name: '2 issues' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Ignore this issue of record 1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Issue ignored: 1 record');
    expect(posts(calls)).toEqual([{ recordIds: ['rec-1'], action: 'ignore', codes: ['zip_state_mismatch'] }]);
    expect(await names()).toEqual(['Bo Chen', 'Cy Diaz']);
    expect(screen.getByText(/records checked/)).toHaveTextContent('3 records checked · 1 record with problems · 0 excluded · 0 fixed · 1 ignored');
    expect(screen.getByLabelText('Problems by kind')).not.toHaveTextContent('State does not match');
    expect(screen.getByRole('link', { name: '1 issue' }).parentElement).toHaveTextContent('1 issue · 1 ignored');

    // A reload (a new page, nothing kept in the browser) still leaves it out.
    cleanup();
    renderWithApp(<AddressCheckReport listId="list-1" />);
    expect(await names()).toEqual(['Bo Chen', 'Cy Diaz']);
    expect(screen.getByRole('button', { name: 'Show 1 ignored' })).toBeInTheDocument();
  });

  it('Show N ignored lists the ignored issues, and Unignore reports one again', async () => {
    const calls = checkServer();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Ignore this issue of record 3' }));
    await waitFor(() => expect(screen.queryByText('Cy Diaz')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Accept all suggested fixes (2)' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Show 1 ignored' }));
    await waitFor(async () => expect(await names()).toEqual(['Ann Lee', 'Bo Chen', 'Cy Diaz']));
    expect(calls.some((c) => c.method === 'GET' && c.url.searchParams.get('ignored') === 'show')).toBe(true);
    const cy = (await rows())[2];
    expect(within(cy).getByText('Ignored')).toBeInTheDocument();
    expect(within(cy).queryByRole('button', { name: /^Ignore/ })).not.toBeInTheDocument();

    await userEvent.click(within(cy).getByRole('button', { name: 'Unignore this issue of record 3' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Issue reported again: 1 record');
    expect(posts(calls).at(-1)).toEqual({ recordIds: ['rec-3'], action: 'unignore', codes: ['po_box'] });
    await waitFor(async () => expect(within((await rows())[2]).getByRole('button', { name: 'Ignore this issue of record 3' })).toBeInTheDocument());
    expect(screen.getByText(/records checked/)).not.toHaveTextContent('ignored');

    await userEvent.click(screen.getByRole('button', { name: 'Hide ignored' }));
    expect(await names()).toEqual(['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    expect(screen.queryByRole('button', { name: /Show \d+ ignored/ })).not.toBeInTheDocument();
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
