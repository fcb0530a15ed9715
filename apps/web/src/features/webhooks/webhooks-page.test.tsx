import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type TWebhook } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { WebhooksPage } from './webhooks-page';

const plan = (id: string, webhooks: boolean) => ({ subscription: { plan: { name: id, features: { webhooks } }, status: 'active' }, features: {} });

const aWebhook = (overrides: Partial<TWebhook> = {}): TWebhook => ({
  id: 'w1', name: 'CRM', endpoint_url: 'https://crm.example.com/hook', event_types: ['every_scan'], included_fields: ['contact_info'],
  is_active: true, success_rate: 100, last_triggered: '2026-03-02T10:00:00.000Z', secret_key: 'whsec_c2VjcmV0', mailing_list_id: 'l1',
  created_at: '2026-03-01T10:00:00.000Z', disabled_reason: null, ...overrides,
});

function page({ planId = 'business', allowed = true, hooks = [aWebhook()] }: { planId?: string; allowed?: boolean; hooks?: TWebhook[] } = {}) {
  stubApi({
    'GET /api/subscriptions/current': () => plan(planId, allowed),
    'GET /api/lists/l1': () => ({ id: 'l1', name: 'us-500.csv', row_count: 500, headers: [], created_at: '', project_id: 'p1' }),
    'GET /api/webhooks/l1': () => hooks,
  });
  return renderWithApp(<Routes><Route path="/webhooks/:listId" element={<WebhooksPage />} /></Routes>, { route: '/webhooks/l1' });
}

describe('Webhooks page and the plan (docs/requirements/webhooks.md#plan-gating)', () => {
  it('after a downgrade, says the saved webhooks are paused by the plan, links the upgrade and still lists them', async () => {
    page({ planId: 'free', allowed: false });
    const banner = await screen.findByText(WEBHOOK_MESSAGES.pausedByPlan);
    const alert = banner.closest('[data-variant]')!;
    expect(alert).toHaveAttribute('data-variant', 'blocked');
    expect(alert).toHaveTextContent('Your plan: free. Your saved webhooks are kept and send nothing until your plan includes them again');
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing?feature=webhooks');
    expect(screen.getByText('CRM')).toBeInTheDocument();
    expect(screen.getByText('https://crm.example.com/hook')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'CRM active' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add Webhook' })).toBeDisabled();
  });

  it('without saved webhooks, the banner asks for the upgrade to save one', async () => {
    page({ planId: 'free', allowed: false, hooks: [] });
    expect(await screen.findByText('You need to upgrade your plan to save webhooks')).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.queryByText(WEBHOOK_MESSAGES.pausedByPlan)).not.toBeInTheDocument();
  });

  it('on a plan with webhooks, shows no banner', async () => {
    page();
    expect(await screen.findByText('CRM')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Webhook' })).toBeEnabled();
    expect(screen.queryByText(WEBHOOK_MESSAGES.pausedByPlan)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});
