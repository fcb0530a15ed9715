import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../test/render';
import { aProject } from '../test/fixtures';
import { TopNav } from './top-nav';

const signedIn = () => ({ authenticated: true, user: { id: 'u1', email: 'ann@example.com', given_name: 'Ann', is_admin: false } });

/** Whether the top navigation's item is disabled. */
const disabled = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('aria-disabled') === 'true';

describe('top navigation', () => {
  it('signed out: offers Pricing and Sign In only', async () => {
    stubApi({ 'GET /api/auth/status': () => ({ authenticated: false, user: null }) });
    renderWithApp(<TopNav />, { route: '/' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('without a project: only Projects is enabled', async () => {
    stubApi({ 'GET /api/auth/status': signedIn });
    renderWithApp(<TopNav />, { route: '/projects' });
    await screen.findByRole('menuitem', { name: 'Projects' });
    expect(['Projects', 'Mailing List', 'Maps', 'QR Codes', 'Designer', 'Print Preview'].map(disabled))
      .toEqual([false, true, true, true, true, true]);
  });

  it('with a project and its list: every step is enabled', async () => {
    stubApi({ 'GET /api/auth/status': signedIn, 'GET /api/projects/p1': () => aProject({ id: 'p1', list_id: 'l1' }) });
    renderWithApp(<TopNav />, { route: '/projects/p1' });
    await screen.findByRole('menuitem', { name: 'Projects' });
    await expect.poll(() => disabled('Print Preview')).toBe(false);
    expect(['Projects', 'Mailing List', 'Maps', 'QR Codes', 'Designer'].map(disabled)).toEqual([false, false, false, false, false]);
  });

  it('the user menu opens on its button, moves with the arrow keys and closes on Escape', async () => {
    stubApi({ 'GET /api/auth/status': signedIn });
    const user = userEvent.setup();
    renderWithApp(<TopNav />, { route: '/projects' });
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'User menu' })).toHaveTextContent('ann@example.com');
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mail tracking' })).toHaveFocus();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('offers Print on Demand next to the workflow, reachable without a project, current on /pod', async () => {
    stubApi({ 'GET /api/auth/status': signedIn });
    const user = userEvent.setup();
    renderWithApp(<TopNav />, { route: '/pod/api-keys' });
    const pod = await screen.findByRole('menuitem', { name: 'Print on Demand' });
    expect(pod).toHaveAttribute('href', '/pod');
    expect(pod).not.toHaveAttribute('aria-disabled');
    expect(pod).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('menuitem', { name: 'Projects' })).not.toHaveAttribute('aria-current');
    // The small screens' menu carries it too.
    await user.click(screen.getByRole('button', { name: 'Navigation menu' }));
    const menu = screen.getByRole('menu', { name: 'Navigation menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Print on Demand' })).toHaveAttribute('aria-current', 'page');
  });
});
