import { useId, useState } from 'react';
import { Alert, Typography } from 'antd';
import { KeyPicker, useKeyChoice } from './key-picker';
import { errorText } from './orders/error-text';
import { useOrderProjects } from './orders/order-data';
import { OrderForm } from './orders/order-form';
import { OrderList } from './orders/order-list';
import { useRefusedKey } from './orders/refused-key';

/**
 * The Order Entry tab, /pod's default (docs/requirements/print-on-demand-api.md#screens "Order Entry tab", §4, §5, §7, §8): the API key
 * picker and the project picker, then the order form of the chosen project (orders/order-form.tsx)
 * and the orders the key can see, live or test (orders/order-list.tsx).
 * Every call goes to the public API with the chosen key (X-API-Key), so the tab shows what that key
 * can see. Projects come newest first and the newest is chosen (§4). Empty: 'No projects found.
 * Please create a project first.'; failure: 'Failed to load projects: {message}'. A key the API
 * refuses (401) is forgotten and the picker asks for it again.
 */
export function OrderEntryTab() {
  const keyState = useKeyChoice();
  const refusal = useRefusedKey(keyState);
  const projects = useOrderProjects(keyState.choice);
  const [projectChoice, setProjectChoice] = useState<string | null>(null);
  const projectSelectId = useId();
  const list = projects.data ?? [];
  const project = list.find((p) => p.id === projectChoice) ?? list[0] ?? null;
  const hasKey = !!keyState.choice.secret;

  return (
    <section className="pod-tab" aria-label="Order Entry">
      <div className="pod-tab-head">
        <div>
          <Typography.Title level={4}>Order Entry</Typography.Title>
          <Typography.Paragraph type="secondary">
            Place an on-demand mailing or reinforcement order for one recipient through the API, with one of your keys.
          </Typography.Paragraph>
        </div>
      </div>
      <div className="pod-order-row">
        <KeyPicker state={keyState} />
        <div className="pod-field">
          <label htmlFor={projectSelectId}>Project</label>
          <select id={projectSelectId} className="pod-select" value={project?.id ?? ''} disabled={!hasKey || list.length === 0}
            onChange={(e) => setProjectChoice(e.target.value || null)}>
            {list.length === 0 && <option value="">{hasKey && projects.isPending ? 'Loading projects…' : 'Select a project'}</option>}
            {list.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </div>
      </div>
      {refusal.wasRefused && (
        <Alert type="warning" showIcon className="pod-failure" title="The API refused this key (401). Paste the full key again or choose another key." />
      )}
      {hasKey && projects.isError && !refusal.wasRefused && (
        <Alert type="error" showIcon className="pod-failure" title={`Failed to load projects: ${errorText(projects.error)}`} />
      )}
      {hasKey && projects.isSuccess && list.length === 0 && (
        <Typography.Text type="secondary">No projects found. Please create a project first.</Typography.Text>
      )}
      <OrderForm key={`${keyState.choice.id}:${project?.id ?? 'none'}`} apiKey={keyState.choice} project={project} onUnauthorized={refusal.refused} />
      <OrderList key={keyState.choice.id ?? 'none'} apiKey={keyState.choice} keyMode={keyState.keys.find((k) => k.id === keyState.choice.id)?.mode ?? null} />
    </section>
  );
}
