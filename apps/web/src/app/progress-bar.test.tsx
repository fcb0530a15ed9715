import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../test/render';
import { aProject } from '../test/fixtures';
import { ProgressBar } from './progress-bar';

describe('progress bar', () => {
  it('shows the current step, checks the earlier ones, and hides the next step until it can be reached', async () => {
    stubApi({ 'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: null }) });
    const { client } = renderWithApp(<ProgressBar />, { route: '/upload?project=p1' });
    expect(screen.getByText('Step 2 of 6: Mailing List')).toBeInTheDocument();
    expect(screen.getAllByLabelText('done')).toHaveLength(1);
    // Maps needs a list, which the project has not: once the project is loaded, still no link.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('link', { name: /Next:/ })).not.toBeInTheDocument();
  });

  it('links to the next step once the project has a list', async () => {
    stubApi({ 'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }) });
    renderWithApp(<ProgressBar />, { route: '/upload?project=p1' });
    expect(await screen.findByRole('link', { name: 'Next: Maps (Optional) →' })).toHaveAttribute('href', '/maps?project=p1&listId=l1');
  });

  it('on the Designer, checks Projects and Mailing List, shows the optional steps as skipped, and links to the Print Preview', async () => {
    stubApi({ 'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }), 'GET /api/qr/list/l1': () => [] });
    const { client } = renderWithApp(<ProgressBar />, { route: '/projects/p1/editor' });
    expect(screen.getByText('Step 5 of 6: Designer')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Next: Print Preview →' })).toHaveAttribute('href', '/projects/p1/production');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getAllByLabelText('done')).toHaveLength(2);
    expect(screen.getAllByLabelText('skipped')).toHaveLength(2);
  });

  it('checks QR Codes once the list has a saved QR configuration', async () => {
    stubApi({
      'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }),
      'GET /api/qr/list/l1': () => [{ id: 'q1', mailing_list_id: 'l1' }],
    });
    renderWithApp(<ProgressBar />, { route: '/projects/p1/editor' });
    await waitFor(() => expect(screen.getAllByLabelText('done')).toHaveLength(3));
    expect(screen.getAllByLabelText('skipped')).toHaveLength(1); // Maps
  });

  it('checks Maps once the project has a business location and the list\'s routes are generated', async () => {
    stubApi({
      'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }),
      'GET /api/qr/list/l1': () => [],
      'GET /api/maps/config/p1': () => ({ project_id: 'p1', business_location_id: 'loc1', saved: true }),
      'GET /api/maps/generations/latest': () => ({ generation: { id: 'g1', list_id: 'l1', status: 'done', total: 500, done: 500, failed: 0 } }),
    });
    renderWithApp(<ProgressBar />, { route: '/projects/p1/editor' });
    await waitFor(() => expect(screen.getAllByLabelText('done')).toHaveLength(3));
    expect(screen.getByText('Maps (Optional)').closest('li')).toHaveClass('progress-step-done');
    expect(screen.getAllByLabelText('skipped')).toHaveLength(1); // QR Codes
  });

  it('keeps Maps skipped while the routes are not generated, or no location is chosen', async () => {
    for (const [location, generation] of [
      ['loc1', { id: 'g1', list_id: 'l1', status: 'running', total: 500, done: 20, failed: 0 }],
      ['loc1', null],
      [null, { id: 'g1', list_id: 'l1', status: 'done', total: 500, done: 500, failed: 0 }],
    ] as const) {
      stubApi({
        'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }),
        'GET /api/qr/list/l1': () => [],
        'GET /api/maps/config/p1': () => ({ project_id: 'p1', business_location_id: location, saved: !!location }),
        'GET /api/maps/generations/latest': () => ({ generation }),
      });
      const { client, unmount } = renderWithApp(<ProgressBar />, { route: '/projects/p1/editor' });
      await waitFor(() => expect(client.isFetching()).toBe(0));
      await waitFor(() => expect(screen.getAllByLabelText('skipped')).toHaveLength(2));
      unmount();
    }
  });

  it('is not shown outside the workflow', () => {
    stubApi({});
    renderWithApp(<ProgressBar />, { route: '/pricing' });
    expect(screen.queryByTestId('progress-bar')).not.toBeInTheDocument();
  });
});
