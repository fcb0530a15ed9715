import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Skeleton, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { REINFORCEMENT_MESSAGES as RM, REINFORCEMENTS_PER_ORDER, type TProject, type TReinforcement } from '@mailcraft/shared';
import type { KeyChoice } from '../key-picker';
import { DeliveryOptions } from './delivery-options';
import { errorText } from './error-text';
import { ListCards } from './list-cards';
import { orderKeys, useOrderLists, useOrderMappings, useOrderReinforcements } from './order-data';
import { OrderResult } from './order-result';
import { orderProblem, orderRequests, submitDisabled, type DeliveryType, type OrderDraft, type OrderMode, type RecipientMode } from './order-rules';
import { ReinforcementCards } from './reinforcement-cards';
import { recipientName } from './recipient-cards';
import { newRecipientFields, type RecipientDraft } from './recipient-fields';
import type { Recipient } from './recipient-query';
import { RecipientSection } from './recipient-section';
import { submitOrders, type SubmitOutcome } from './submit-order';
import { TemplateCards } from './template-cards';
import { buildTemplates, defaultFormat, formatChoices, projectTemplateType, type OrderFormat, type PseudoTemplate } from './templates';

/** A titled part of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="pod-order-section">
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </div>
  );
}

/** What a query shows while loading or failed, else `ready`. */
function loaded<T>(q: { data?: T; isError: boolean; error: unknown }, failed: string, ready: (data: T) => ReactNode): ReactNode {
  if (q.isError) return <Alert type="error" showIcon className="pod-failure" title={`${failed}: ${errorText(q.error)}`} />;
  if (q.data === undefined) return <Skeleton active paragraph={{ rows: 1 }} />;
  return ready(q.data);
}

/** The reinforcements chosen: the user's choice, else the first one (docs/requirements/print-on-demand-api.md#rules), limited to those listed once they are known. */
function chosenReinforcements(choice: string[] | null, listed: TReinforcement[] | undefined): string[] {
  if (!listed) return choice ?? [];
  const ids = new Set(listed.map((r) => r.id));
  return (choice ?? listed.slice(0, 1).map((r) => r.id)).filter((id) => ids.has(id));
}

/**
 * The order form of one project (docs/requirements/print-on-demand-api.md#order-entry-tab Entry, §4, §5), with the key `apiKey`: tabs
 * Mailing Order / Reinforcement Order, template cards, mailing list cards (the first chosen),
 * delivery type and format, reinforcement cards (reinforcement tab; the first preselected), the
 * recipient choice, Submit with its validation messages, and the response panel. Picking a
 * reinforcement template card opens the reinforcement tab with only that reinforcement chosen and
 * resets the format. `project` null: only Submit (disabled) and why. Render with `key` = project id
 * so another project starts afresh. `onUnauthorized` is called when an order POST answers 401.
 */
export function OrderForm({ apiKey, project, onUnauthorized }: { apiKey: KeyChoice; project: TProject | null; onUnauthorized: () => void }) {
  const projectId = project?.id ?? '';
  const lists = useOrderLists(apiKey, projectId);
  const reinforcements = useOrderReinforcements(apiKey, projectId);
  const templates = useMemo(() => (project ? buildTemplates(project) : []), [project]);
  const type = project ? projectTemplateType(project) : 'postcard';

  const [mode, setMode] = useState<OrderMode>('mailing');
  const [listChoice, setListChoice] = useState<string | null>(null);
  const [reinforcementChoice, setReinforcementChoice] = useState<string[] | null>(null);
  const [recipientMode, setRecipientMode] = useState<RecipientMode>('existing');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [newRecipient, setNewRecipient] = useState<RecipientDraft>({});
  const [deliveryType, setDeliveryType] = useState<DeliveryType>('print-mail');
  const [format, setFormat] = useState<OrderFormat>(defaultFormat(type));
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ outcome: SubmitOutcome; since: number } | null>(null);
  const idempotencyKeys = useRef(new Map<string, string>());
  const queryClient = useQueryClient();

  const list = lists.data?.find((l) => l.id === listChoice) ?? lists.data?.[0] ?? null;
  const mappings = useOrderMappings(apiKey, list?.id ?? null);
  const fields = newRecipientFields(mappings.data?.mappings);
  const reinforcementIds = chosenReinforcements(reinforcementChoice, reinforcements.data);
  const main = templates.find((t) => t.kind === 'main') ?? null;

  const draft: OrderDraft = {
    mode, projectId: project?.id ?? null, templateId: main?.id ?? null, listId: list?.id ?? null,
    recipientMode, recipientId: recipient?.id ?? null, newRecipient, newRecipientFields: fields,
    reinforcementIds, deliveryType, format,
  };
  const hasKey = !!apiKey.id && !!apiKey.secret;
  const disabled = submitDisabled(draft, submitting || (!!project && lists.isPending));
  const currentProblem = orderProblem(draft, hasKey);
  // Why Submit is disabled, when the spec has words for it; a project is needed before anything else.
  const blocker = disabled && !submitting && (!hasKey || project) ? currentProblem : null;
  // A message from the last submit stays only while it still applies.
  const shownProblem = problem && problem === currentProblem ? problem : null;

  const pickTemplate = (t: PseudoTemplate) => {
    setFormat(defaultFormat(t.type));
    if (t.kind === 'main') {
      setMode('mailing');
      return;
    }
    setMode('reinforcement');
    if (!reinforcementIds.includes(t.id)) setReinforcementChoice([t.id]);
  };
  const chooseRecipientMode = (next: RecipientMode) => {
    setRecipientMode(next);
    if (next === 'new') setNewRecipient({});
    setProblem(null);
  };
  const submit = async () => {
    const message = orderProblem(draft, hasKey);
    setProblem(message);
    if (message || !apiKey.secret) return;
    setSubmitting(true);
    try {
      const outcome = await submitOrders(orderRequests(draft), { apiKey: apiKey.secret, keys: idempotencyKeys.current });
      setResult({ outcome, since: Date.now() });
      if (outcome.placed.length > 0) void queryClient.invalidateQueries({ queryKey: orderKeys.placed(apiKey.id) });
      if (outcome.failure?.status === 401) onUnauthorized();
    } finally {
      setSubmitting(false);
    }
  };

  const selectedTemplates = mode === 'mailing' ? (main ? [main.id] : []) : reinforcementIds;
  return (
    <div className="pod-form">
      {project && (
        <>
          <Tabs activeKey={mode} onChange={(k) => setMode(k as OrderMode)}
            items={[{ key: 'mailing', label: 'Mailing Order' }, { key: 'reinforcement', label: 'Reinforcement Order' }]} />
          <Section title="Template">
            <TemplateCards templates={templates} selected={selectedTemplates} onSelect={pickTemplate} />
          </Section>
          <Section title="Mailing List">
            {loaded(lists, 'Failed to load mailing lists', (data) => (
              <ListCards lists={data} selectedId={list?.id ?? null} onSelect={(id) => { setListChoice(id); setRecipient(null); }} />
            ))}
          </Section>
          <DeliveryOptions deliveryType={deliveryType} format={format} formats={formatChoices(type)} onDeliveryType={setDeliveryType} onFormat={setFormat} />
          {mode === 'reinforcement' && (
            <Section title={RM.selectLabel}>
              {loaded(reinforcements, 'Failed to load reinforcements', (data) => (
                <ReinforcementCards reinforcements={data} selected={reinforcementIds}
                  onChange={(ids) => setReinforcementChoice(ids.slice(0, REINFORCEMENTS_PER_ORDER))} />
              ))}
            </Section>
          )}
          {list && (
            <Section title="Recipient">
              <RecipientSection apiKey={apiKey} listId={list.id} mode={recipientMode} onMode={chooseRecipientMode}
                mappings={mappings.data?.mappings ?? {}} fields={fields} recipient={recipient} onRecipient={setRecipient}
                draft={newRecipient} onDraft={setNewRecipient} />
            </Section>
          )}
        </>
      )}
      <div className="pod-order-submit">
        <Button type="primary" size="large" loading={submitting} disabled={disabled} onClick={() => void submit()}>
          {mode === 'mailing' ? 'Submit Mailing Order' : 'Submit Reinforcement Order'}
        </Button>
        {recipient && recipientMode === 'existing' && <span className="pod-hint">{`Recipient: ${recipientName(recipient)}`}</span>}
        {blocker && !shownProblem && <span className="pod-hint">{blocker}</span>}
      </div>
      {shownProblem && <Alert type="error" showIcon role="alert" className="pod-failure" title={shownProblem} />}
      {result && <OrderResult apiKey={apiKey} outcome={result.outcome} since={result.since} />}
    </div>
  );
}
