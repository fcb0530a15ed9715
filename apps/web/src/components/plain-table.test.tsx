import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainTable } from './plain-table';

type Row = { id: string; name: string; scans: number };
const rows: Row[] = [{ id: 'a', name: 'Ann', scans: 3 }, { id: 'b', name: 'Bo', scans: 1 }];
const columns = [{ title: 'Name', render: (r: Row) => r.name }, { title: 'Scans', align: 'right' as const, render: (r: Row) => r.scans }];

describe('PlainTable', () => {
  it('shows a row per item under the column titles, or the empty text', () => {
    const { rerender } = render(<PlainTable label="People" columns={columns} rows={rows} rowKey={(r) => r.id} empty="Nobody yet" />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['NameScans', 'Ann3', 'Bo1']);
    rerender(<PlainTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nobody yet" />);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
  });

  it('expands a row to show its details, and folds it again', async () => {
    const user = userEvent.setup();
    render(<PlainTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-" expand={{ render: (r) => `Details of ${r.name}`, label: (r) => `More about ${r.name}` }} />);
    const toggle = screen.getByRole('button', { name: 'More about Ann' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Details of Ann')).toBeInTheDocument();
    expect(screen.queryByText('Details of Bo')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByText('Details of Ann')).not.toBeInTheDocument();
  });

  it('pages: Previous/Next within the pages there are, and rows per page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onPageSize = vi.fn();
    render(<PlainTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-"
      pager={{ page: 1, pageSize: 10, total: 25, onChange, pageSizes: [10, 25, 50], onPageSize, summary: 'Showing 1 to 10 of 25 records' }} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 25 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(onPageSize).toHaveBeenCalledWith(25);
  });

  it('stackOnPhones: each cell names its column (a phone shows the rows as cards); column classes reach the cells', () => {
    const { container } = render(<PlainTable columns={[...columns, { title: '', key: 'go', className: 'go-cell', render: () => 'Open' }]}
      rows={rows} rowKey={(r) => r.id} empty="-" stackOnPhones />);
    expect(container.firstElementChild).toHaveClass('plain-table-stacked');
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'Scans', null]);
    expect(cells[2]).toHaveClass('go-cell');
  });
});
