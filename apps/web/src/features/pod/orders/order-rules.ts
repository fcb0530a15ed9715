import { DELIVERY_TYPES, ORDER_MESSAGES, REINFORCEMENT_MESSAGES } from '@mailcraft/shared';
import { missingRequired, recipientData, type RecipientDraft } from './recipient-fields';
import type { OrderRequest } from './submit-order';
import type { OrderFormat } from './templates';

/** The order entry sub-tabs (docs/requirements/print-on-demand-api.md#screens): Mailing Order, Reinforcement Order. */
export type OrderMode = 'mailing' | 'reinforcement';
/** 'Use existing recipient' or 'Add new recipient' (docs/requirements/print-on-demand-api.md#screens). */
export type RecipientMode = 'existing' | 'new';
/** A delivery type (docs/requirements/print-on-demand-api.md#limits). */
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The message when no usable key is chosen (docs/requirements/print-on-demand-api.md#order-form-rules). */
export const SELECT_KEY = 'Please select an API key';

/** Everything the order form holds when the user submits. Ids are null while nothing is chosen. */
export type OrderDraft = {
  mode: OrderMode;
  projectId: string | null;
  /** The main template, '{projectId}-main', when the project has one. */
  templateId: string | null;
  listId: string | null;
  recipientMode: RecipientMode;
  /** The chosen existing recipient's record id. */
  recipientId: string | null;
  /** What the user typed for a new recipient, and the fields the form shows (see newRecipientFields). */
  newRecipient: RecipientDraft;
  newRecipientFields: readonly string[];
  /** Chosen reinforcement ids '{projectId}-r{n}', in the order they were chosen (the first is placed first). */
  reinforcementIds: readonly string[];
  deliveryType: DeliveryType;
  format: OrderFormat;
};

/**
 * Whether Submit is disabled (docs/requirements/print-on-demand-api.md#order-form-rules): while `loading`, when the project, template or list is
 * missing, when an existing recipient is wanted but none is chosen, or in reinforcement mode with
 * no reinforcement chosen.
 */
export function submitDisabled(draft: OrderDraft, loading: boolean): boolean {
  return loading || !draft.projectId || !draft.templateId || !draft.listId
    || (draft.recipientMode === 'existing' && !draft.recipientId)
    || (draft.mode === 'reinforcement' && draft.reinforcementIds.length === 0);
}

/**
 * The first reason the order cannot be placed, in docs/requirements/print-on-demand-api.md#order-form-rules's words, or null: 'Please select an
 * API key' (no key whose secret is known), 'Please select a recipient', 'All required recipient
 * fields must be filled', 'Please select at least one reinforcement'.
 */
export function orderProblem(draft: OrderDraft, hasKey: boolean): string | null {
  if (!hasKey) return SELECT_KEY;
  if (draft.recipientMode === 'existing' && !draft.recipientId) return ORDER_MESSAGES.recipientRequired;
  if (draft.recipientMode === 'new' && missingRequired(draft.newRecipient).length > 0) return ORDER_MESSAGES.recipientFields;
  if (draft.mode === 'reinforcement' && draft.reinforcementIds.length === 0) return REINFORCEMENT_MESSAGES.selectOne;
  return null;
}

/**
 * The requests one submit sends (docs/requirements/print-on-demand-api.md#data "Order payloads"), for a draft that passed
 * orderProblem and submitDisabled: a mailing order — templateId, mailingListId, recipientId or
 * recipientData, deliveryType, format — or one reinforcement order naming the first chosen
 * reinforcement and the others in additionalReinforcements: the server places each as its own
 * order, all together or none, and answers them all.
 */
export function orderRequests(draft: OrderDraft): OrderRequest[] {
  const recipient = draft.recipientMode === 'existing'
    ? { recipientId: draft.recipientId ?? undefined }
    : { recipientData: recipientData(draft.newRecipient, draft.newRecipientFields) as NonNullable<OrderRequest['body']['recipientData']> };
  const common = { mailingListId: draft.listId ?? '', ...recipient, deliveryType: draft.deliveryType, format: draft.format };
  if (draft.mode === 'mailing') return [{ kind: 'mailing', body: { templateId: draft.templateId ?? '', ...common } }];
  const [first, ...others] = draft.reinforcementIds;
  return [{ kind: 'reinforcement', body: { reinforcementId: first, additionalReinforcements: others, ...common } }];
}
