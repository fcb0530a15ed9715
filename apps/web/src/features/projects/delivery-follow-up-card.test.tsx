import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELIVERY_FOLLOW_UP_MESSAGES as M, type TDeliveryFollowUp } from '@mailcraft/shared';
import { renderWithApp, stubApi } from '../../test/render';
import { aProject } from '../../test/fixtures';
import { DeliveryFollowUpCard } from './delivery-follow-up-card';

const saved = (over: Partial<TDeliveryFollowUp> = {}): TDeliveryFollowUp => ({
  project_id: 'p1', enabled: false, reinforcement_slot: 1, delay_days: 7, updated_at: null, scheduled: 2, placed: 5, not_placed: 1, ...over,
});

describe('the follow-up after delivery card', () => {
  it('shows the saved follow-up and its counts, and saves the reinforcement and delay chosen', async () => {
    let put: unknown = null;
    stubApi({
      'GET /api/projects/p1/delivery-follow-up': () => saved(),
      'PUT /api/projects/p1/delivery-follow-up': ({ body }) => { put = body; return saved({ enabled: true, reinforcement_slot: 2, delay_days: 3 }); },
    });
    renderWithApp(<DeliveryFollowUpCard project={aProject({ id: 'p1', thumbnail_r2: '/t/r2.png' })} />);
    expect(await screen.findByText('2 waiting · 5 placed · 1 not placed')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'R1 (no design yet)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'R2' })).toBeInTheDocument();
    expect(screen.getByRole('switch')).not.toBeChecked();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Reinforcement'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Days after delivery'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => put).toEqual({ enabled: true, reinforcement_slot: 2, delay_days: 3 });
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
  });

  it('names the allowed delay before sending, and shows the server\'s refusal keeping the edits', async () => {
    const calls = stubApi({ 'GET /api/projects/p1/delivery-follow-up': () => saved() });
    renderWithApp(<DeliveryFollowUpCard project={aProject({ id: 'p1' })} />);
    const days = await screen.findByLabelText('Days after delivery');
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.delayDays)).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`${M.saveFailed}: Not found`)).toBeInTheDocument();
    expect(screen.getByLabelText('Days after delivery')).toHaveValue(10);
  });
});
