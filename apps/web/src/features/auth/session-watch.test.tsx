import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { formatCountdown, SessionWatch, warningSeconds } from './session-watch';

const user = { id: 'u1', email: 'ann@example.com', given_name: 'Ann', is_admin: false };

describe('session-expiry modal (docs/requirements/maps.md#screens Session, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('warns 300 s ahead or when signed out, counting m:ss', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(warningSeconds({ authenticated: false, user: null, expires_at: null }, now)).toBe(300);
    expect(warningSeconds({ authenticated: true, user, expires_at: '2026-11-25T12:04:10Z' }, now)).toBe(250);
    expect(warningSeconds({ authenticated: true, user, expires_at: '2026-11-25T12:30:00Z' }, now)).toBeNull();
    expect([formatCountdown(300), formatCountdown(65), formatCountdown(9)]).toEqual(['5:00', '1:05', '0:09']);
  });

  it('polls every 60 s; opens when the session has ended, and counts down', async () => {
    let signedIn = true;
    const calls = stubApi({ 'GET /api/auth/status': () => ({ authenticated: signedIn, user: signedIn ? user : null, expires_at: signedIn ? new Date(Date.now() + 3600_000).toISOString() : null }) });
    renderWithApp(<SessionWatch />, { route: '/projects' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toEqual(['GET /api/auth/status']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    signedIn = false;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session is about to expire' });
    expect(dialog).toHaveTextContent('5:00');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(dialog).toHaveTextContent('4:57');
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Session' })).toBeInTheDocument();
  });

  it('Continue Session renews a live session and closes the modal', async () => {
    let left = 120_000;
    stubApi({ 'GET /api/auth/status': () => ({ authenticated: true, user, expires_at: new Date(Date.now() + left).toISOString() }) });
    renderWithApp(<SessionWatch />, { route: '/projects' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/[12]:\d\d/);
    left = 3600_000;
    await act(async () => screen.getByRole('button', { name: 'Continue Session' }).click());
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
