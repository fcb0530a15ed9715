import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDesignApprovals } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { Failure, Reply, stubServer } from '../../test/fake-server';
import { ApprovalCard } from './approval-card';

const path = '/api/projects/p1/approvals';

describe('approval before the final print file', () => {
  it('approves the current version, then says who approved it; a refusal shows the server\'s words', async () => {
    let state: TDesignApprovals = { current_version: 3, approved: false, approvals: [{ design_version: 2, approved_by: 'ann@example.com', approved_at: '2026-11-20T10:00:00Z' }] };
    let refuse = true;
    const calls = stubServer({
      [`GET ${path}`]: () => state,
      [`POST ${path}`]: ({ body }) => {
        if (refuse) { refuse = false; throw new Failure(409, 'The design has changed since this proof (it is now version 4): download a new proof and approve that'); }
        state = { current_version: 3, approved: true, approvals: [{ design_version: (body as { design_version: number }).design_version, approved_by: 'bob@example.com', approved_at: '2026-11-25T10:00:00Z' }, ...state.approvals] };
        return new Reply(201, state);
      },
    });
    renderWithApp(<ApprovalCard projectId="p1" />);
    const approve = await screen.findByRole('button', { name: 'Approve version 3 for printing' });
    expect(within(screen.getByRole('list', { name: 'Approvals' })).getByText(/Version 2: ann@example.com/)).toBeInTheDocument();
    await userEvent.click(approve);
    expect(await screen.findByText('The design has changed since this proof (it is now version 4): download a new proof and approve that')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve version 3 for printing' }));
    expect(await screen.findByText(/Design version 3 approved by bob@example.com/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ design_version: 3 }, { design_version: 3 }]);
  });

  it('asks for a saved design first', async () => {
    stubServer({ [`GET ${path}`]: () => ({ current_version: null, approved: false, approvals: [] }) });
    renderWithApp(<ApprovalCard projectId="p1" />);
    expect(await screen.findByText('Save a design to approve it for printing.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
