import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import type { GatingInput } from '../subscriptions/use-feature';
import { PrintJobPanel } from './print-job-panel';

const onPlan = (name: string, features: GatingInput['features']): GatingInput => ({
  subscription: { plan: { name, features }, status: 'active' },
  features: {},
});

const generateButton = () => screen.getByRole('button', { name: 'Generate print file' });

describe('print file panel, gated on the plan', () => {
  it('offers the upgrade instead of generating when the plan has no print files', async () => {
    stubApi({ 'GET /api/subscriptions/current': () => onPlan('free', { print_files: false }) });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing?feature=print_files');
    expect(screen.getByText(/Print files are not in your plan/)).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });

  it('lets a plan with print files generate, with no upgrade link', async () => {
    stubApi({ 'GET /api/subscriptions/current': () => onPlan('pro', { print_files: true }) });
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    await expect.poll(() => generateButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('denies generating while the subscription cannot be loaded', async () => {
    stubApi({}); // every request fails
    renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });

  it('keeps Generate disabled while the project is not ready, whatever the plan', async () => {
    stubApi({ 'GET /api/subscriptions/current': () => onPlan('pro', { print_files: true }) });
    const { client } = renderWithApp(<PrintJobPanel projectId="p1" canGenerate={false} />);
    await expect.poll(() => client.isFetching()).toBe(0);
    expect(generateButton()).toBeDisabled();
  });
});

describe('proof and approval before the final file', () => {
  const unapproved = () => ({ current_version: 3, approved: false, approvals: [] });
  const routes = (sent: unknown[]) => ({
    'GET /api/subscriptions/current': () => onPlan('pro', { print_files: true }),
    'GET /api/projects/p1/approvals': unapproved,
    'POST /api/projects/p1/print': ({ body }: { body?: unknown }) => { sent.push(body); return { jobId: `job-${sent.length}` }; },
  });

  it('downloads a proof at once, without asking about the approval', async () => {
    const sent: unknown[] = [];
    stubApi(routes(sent));
    const { client } = renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    await expect.poll(() => client.isFetching()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Download proof' }));
    await expect.poll(() => sent).toEqual([expect.objectContaining({ proof: true, confirm_warnings: false })]);
    expect(screen.queryByText(/not approved/)).not.toBeInTheDocument();
  });

  it('asks before generating the final file of an unapproved design version, and generates it when told to', async () => {
    const sent: unknown[] = [];
    stubApi(routes(sent));
    const { client } = renderWithApp(<PrintJobPanel projectId="p1" canGenerate />);
    await expect.poll(() => client.isFetching()).toBe(0);
    fireEvent.click(generateButton());
    expect((await screen.findAllByText('Generate a print file of an unapproved design?'))[0]).toBeInTheDocument();
    expect(screen.getAllByText(/Design version 3 is not approved: download a proof, check it and approve the version/)[0]).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Generate anyway' })[0]);
    await expect.poll(() => sent).toEqual([expect.objectContaining({ proof: false })]);
  });
});
