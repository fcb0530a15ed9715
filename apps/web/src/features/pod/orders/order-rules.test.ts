import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, REINFORCEMENT_MESSAGES } from '@mailcraft/shared';
import { orderProblem, orderRequests, SELECT_KEY, submitDisabled, type OrderDraft } from './order-rules';

const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
  mode: 'mailing', projectId: 'p', templateId: 'p-main', listId: 'l', recipientMode: 'existing', recipientId: 'r',
  newRecipient: {}, newRecipientFields: [], reinforcementIds: [], deliveryType: 'print-mail', format: 'postcard', ...overrides,
});
const fullRecipient = { first_name: 'Ada', last_name: 'Lovelace', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };

describe('order rules', () => {
  it('disables Submit while loading or without project, template, list, chosen recipient or reinforcement', () => {
    expect(submitDisabled(draft(), false)).toBe(false);
    expect(submitDisabled(draft(), true)).toBe(true);
    for (const missing of [{ projectId: null }, { templateId: null }, { listId: null }, { recipientId: null }, { mode: 'reinforcement' as const }]) {
      expect(submitDisabled(draft(missing), false)).toBe(true);
    }
    expect(submitDisabled(draft({ recipientMode: 'new', recipientId: null }), false)).toBe(false);
    expect(submitDisabled(draft({ mode: 'reinforcement', reinforcementIds: ['p-r1'] }), false)).toBe(false);
  });

  it("names the first problem in the spec's words", () => {
    expect(orderProblem(draft(), false)).toBe(SELECT_KEY);
    expect(orderProblem(draft({ recipientId: null }), true)).toBe(ORDER_MESSAGES.recipientRequired);
    expect(orderProblem(draft({ recipientMode: 'new', newRecipient: { ...fullRecipient, zip: ' ' } }), true)).toBe(ORDER_MESSAGES.recipientFields);
    expect(orderProblem(draft({ mode: 'reinforcement' }), true)).toBe(REINFORCEMENT_MESSAGES.selectOne);
    expect(orderProblem(draft({ recipientMode: 'new', newRecipient: fullRecipient }), true)).toBeNull();
  });

  it('builds a mailing order with the recipient id, or with the new recipient and its defaults', () => {
    expect(orderRequests(draft())).toEqual([{ kind: 'mailing', body: { templateId: 'p-main', mailingListId: 'l', recipientId: 'r', deliveryType: 'print-mail', format: 'postcard' } }]);
    const [order] = orderRequests(draft({ recipientMode: 'new', newRecipient: fullRecipient, newRecipientFields: Object.keys(fullRecipient) }));
    expect(order.body).not.toHaveProperty('recipientId');
    expect(order.body.recipientData).toEqual({ ...fullRecipient, full_name: 'Ada Lovelace', city_state_zip: 'Springfield, IL 62701' });
  });

  it('builds one reinforcement request: the first chosen, the others as additionalReinforcements', () => {
    const orders = orderRequests(draft({ mode: 'reinforcement', reinforcementIds: ['p-r2', 'p-r1'], format: 'mailer-letter', deliveryType: 'digital' }));
    expect(orders).toEqual([{
      kind: 'reinforcement',
      body: { reinforcementId: 'p-r2', additionalReinforcements: ['p-r1'], mailingListId: 'l', recipientId: 'r', deliveryType: 'digital', format: 'mailer-letter' },
    }]);
  });
});
