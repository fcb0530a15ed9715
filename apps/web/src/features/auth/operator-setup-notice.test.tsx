import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { authKeys } from './auth-api';
import { LoginPage } from './login-page';

describe('the operator setup notice', () => {
  it('tells a visitor of a server without an operator to sign up with the setup code from the log', async () => {
    stubApi({ 'GET /api/auth/status': () => ({ authenticated: false, user: null, expires_at: null, operator_exists: false }) });
    renderWithApp(<LoginPage />, { route: '/login' });
    expect(await screen.findByText('This server has no operator yet')).toBeInTheDocument();
    expect(screen.getByText(/create the first account with the setup code printed in the server log/)).toBeInTheDocument();
  });

  it('says nothing once the server has an operator', async () => {
    stubApi({ 'GET /api/auth/status': () => ({ authenticated: false, user: null, expires_at: null, operator_exists: true }) });
    const { client } = renderWithApp(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(client.getQueryState(authKeys.status)?.status).toBe('success'));
    expect(screen.getByText('Please log in to continue')).toBeInTheDocument();
    expect(screen.queryByText('This server has no operator yet')).toBeNull();
  });
});
