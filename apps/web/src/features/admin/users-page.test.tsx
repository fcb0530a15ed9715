import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { UsersPage } from './users-page';
import { adminServer, aRequest, Failure, USERS, usersRoute } from './test-helpers';

const bob = aRequest({ id: 'req-2', user_id: 'user-2', email: 'bob@example.com', plan_id: 'business', plan_name: 'Business', current_plan_id: 'pay_as_you_go', created_at: '2026-11-26T08:00:00Z' });
const local = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const open = () => renderWithApp(<UsersPage />, { route: '/admin/users' });
const table = (name: string) => screen.findByRole('table', { name });
const requestPaths = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.url.pathname === '/api/admin/upgrade-requests').map((c) => c.url.search);

describe('/admin/users: upgrade requests', () => {
  it('lists the pending requests newest first with plan names and the local request time', async () => {
    const { calls } = adminServer([aRequest(), bob]);
    open();
    expect(screen.getByRole('heading', { name: 'Users', level: 2 })).toBeInTheDocument();
    const pending = await table('Pending upgrade requests');
    await waitFor(() => expect(within(pending).getByText('Free → Pro')).toBeInTheDocument());
    const rows = within(pending).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['bob@example.com', 'ann@example.com']);
    expect(within(rows[0]).getByText('Pay as you go → Business')).toBeInTheDocument();
    expect(within(rows[1]).getByText(local('2026-11-25T12:00:00Z'))).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Approve ann@example.com' })).toBeEnabled();
    expect(within(rows[1]).getByRole('button', { name: 'Decline ann@example.com' })).toBeEnabled();
    expect(requestPaths(calls)).toEqual(['?status=pending']);
  });

  it('approve: the row leaves the pending list and says who is now on which plan', async () => {
    const { calls } = adminServer([aRequest(), bob]);
    open();
    await table('Pending upgrade requests');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve ann@example.com' }));
    expect(await screen.findByText('Approved: ann@example.com is now on Pro')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/upgrade-requests/req-1/approve']);
  });

  it('approve: Find users shows the user on the new plan at once, without a reload', async () => {
    const users = USERS.map((u) => ({ ...u }));
    const { state } = adminServer([aRequest()], {
      'GET /api/admin/users': (req) => {
        for (const r of state) if (r.status === 'approved') users.find((u) => u.id === r.user_id)!.plan_id = r.plan_id;
        return (usersRoute(req) as typeof USERS).map((u) => users.find((x) => x.id === u.id));
      },
    });
    open();
    const found = await table('Users');
    const annRow = async () => (await within(found).findByText('ann@example.com')).closest('tr')!;
    expect(within(await annRow()).getByText('Free')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve ann@example.com' }));
    expect(await screen.findByText('Approved: ann@example.com is now on Pro')).toBeInTheDocument();
    await waitFor(async () => expect(within(await annRow()).getByText('Pro')).toBeInTheDocument());
  });

  it('decline asks first: Cancel sends nothing, Decline declines and the row leaves', async () => {
    const { calls } = adminServer([aRequest()]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline ann@example.com' }));
    let tip = (await screen.findByText('Decline the upgrade request from ann@example.com?')).closest<HTMLElement>('.ant-popover')!;
    expect(within(tip).getByText('They stay on Free.')).toBeInTheDocument();
    fireEvent.click(within(tip).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Decline ann@example.com' }));
    tip = (await screen.findByText('Decline the upgrade request from ann@example.com?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(tip).getByRole('button', { name: 'Decline' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Declined');
    expect(notice).toHaveTextContent('ann@example.com stays on Free.');
    expect(await screen.findByText('No pending upgrade requests')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/upgrade-requests/req-1/decline']);
  });

  it('a decision already taken elsewhere shows the server\'s message and reloads the list', async () => {
    const { calls, state } = adminServer([aRequest()]);
    open();
    const approve = await screen.findByRole('button', { name: 'Approve ann@example.com' });
    state[0].status = 'approved'; // another administrator was quicker
    fireEvent.click(approve);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to approve the request: This request has already been decided');
    expect(await screen.findByText('No pending upgrade requests')).toBeInTheDocument();
    expect(requestPaths(calls)).toEqual(['?status=pending', '?status=pending']);
  });

  it('switching to Approved asks for ?status=approved and shows when each was decided, without buttons', async () => {
    const { calls } = adminServer([aRequest(), aRequest({ id: 'req-9', email: 'cy@example.com', status: 'approved', decided_at: '2026-11-26T09:30:00Z' })]);
    open();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByText('Approved'));
    const approved = await table('Approved upgrade requests');
    expect(await within(approved).findByText('cy@example.com')).toBeInTheDocument();
    expect(within(approved).getByRole('columnheader', { name: 'Approved at' })).toBeInTheDocument();
    expect(within(approved).getByText(local('2026-11-26T09:30:00Z'))).toBeInTheDocument();
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
    expect(requestPaths(calls)).toEqual(['?status=pending', '?status=approved']);

    await userEvent.click(screen.getByText('Withdrawn'));
    expect(await screen.findByText('No withdrawn upgrade requests')).toBeInTheDocument();
    expect(requestPaths(calls).at(-1)).toBe('?status=cancelled');
  });

  it('with nothing pending, says so', async () => {
    adminServer([]);
    open();
    expect(await screen.findByText('No pending upgrade requests')).toBeInTheDocument();
  });

  it('a failed list says why and Retry loads it again', async () => {
    let fail = true;
    adminServer([aRequest()], {
      'GET /api/admin/upgrade-requests': () => {
        if (fail) throw new Failure(500, 'Database unavailable');
        return [aRequest()];
      },
    });
    open();
    expect(await screen.findByText('Failed to load upgrade requests: Database unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load upgrade requests/)).not.toBeInTheDocument();
  });
});

describe('/admin/users: change a user\'s plan', () => {
  it('puts the user on the chosen plan and says so', async () => {
    const { calls } = adminServer([]);
    open();
    const form = screen.getByRole('form', { name: 'Change a user\'s plan' });
    const submit = within(form).getByRole('button', { name: 'Change plan' });
    expect(submit).toBeDisabled();
    expect(within(form).getByText(/Choose 'Change plan' on a user above, or paste their id/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('User id'), ' user-2 ');
    expect(submit).toBeDisabled();
    const plan = within(form).getByLabelText('Plan');
    await waitFor(() => expect(within(plan).getByRole('option', { name: 'Business' })).toBeInTheDocument());
    await userEvent.selectOptions(plan, 'Business');
    await userEvent.click(submit);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Plan changed');
    expect(notice).toHaveTextContent('User user-2 is now on Business.');
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([{ path: '/api/admin/users/user-2/plan', body: { plan_id: 'business' } }]);
  });

  it('finds users by email or name; Change plan on one fills the form', async () => {
    const { calls } = adminServer([], { 'GET /api/admin/users': usersRoute });
    open();
    const users = await table('Users');
    await within(users).findByText('ann@example.com');
    expect(within(users).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(users).getByText('Never')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email or name'), 'BOB');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The table is drawn anew for the search's answer: look it up again.
    await waitFor(() => expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument());
    await screen.findByText('bob@example.com');
    expect(calls.some((c) => c.url.pathname === '/api/admin/users' && c.url.searchParams.get('search') === 'BOB')).toBe(true);
    await userEvent.click(within(await table('Users')).getByRole('button', { name: 'Change plan of bob@example.com' }));
    const form = screen.getByRole('form', { name: 'Change a user\'s plan' });
    await waitFor(() => expect(within(form).getByLabelText('User id')).toHaveValue('user-2'));
  });

  it('an unknown user shows the server\'s message', async () => {
    adminServer([]);
    open();
    const form = screen.getByRole('form', { name: 'Change a user\'s plan' });
    await userEvent.type(within(form).getByLabelText('User id'), 'nobody');
    await userEvent.selectOptions(within(form).getByLabelText('Plan'), 'pro');
    await userEvent.click(within(form).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change the plan: User not found');
  });

  it('a user opens to their usage; Disable asks first, sends PATCH and shows the server\'s refusal', async () => {
    const detail = { ...USERS[0], usage: { month: '2026-11', pieces_printed: 1500, orders_placed: 3, api_calls: 42, scans: 7 }, projects: 2, mailing_lists: 4, api_keys: 1 };
    const patches: unknown[] = [];
    const { calls } = adminServer([], {
      'GET /api/admin/users': usersRoute,
      'GET /api/auth/status': () => ({ authenticated: true, user: { id: 'admin-1', email: 'op@example.com', given_name: 'Op', is_admin: true }, expires_at: null }),
      'GET /api/admin/users/user-1': () => detail,
      'PATCH /api/admin/users/user-1': ({ body }) => {
        patches.push(body);
        if (patches.length === 1) throw new Failure(403, 'You cannot disable your own account');
        return { ...detail, disabled: true };
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of ann@example.com' }));
    const group = await screen.findByRole('group', { name: 'Details of ann@example.com' });
    expect(within(group).getByText('1,500')).toBeInTheDocument();
    expect(within(group).getByText('42')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Disable account' }));
    expect(within(group).getByText('Disable ann@example.com? Their sessions and API keys stop at once.')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(patches).toEqual([]);
    await userEvent.click(within(group).getByRole('button', { name: 'Disable account' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Disable' }));
    expect(await within(group).findByText('You cannot disable your own account')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Disable' }));
    expect(await within(group).findByText('Disabled')).toBeInTheDocument();
    expect(patches).toEqual([{ disabled: true }, { disabled: true }]);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['/api/admin/users/user-1', '/api/admin/users/user-1']);
  });
});
