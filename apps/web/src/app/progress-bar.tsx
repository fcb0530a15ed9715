import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { STEPS, stepFromPath, stepHref } from '../lib/workflow-steps';
import { useQrConfig } from '../features/qr-codes/qr-api';
import { useMapsStepDone } from '../features/maps/maps-step-done';
import { useWorkflow } from './workflow';

/**
 * Six-step progress bar (docs/requirements/workflow.md#route-table "Progress bar"): earlier steps show a check mark — except the
 * optional Maps and QR Codes steps, which show a check only when they were done (the project's
 * map configuration names a business location and the list's routes are generated; the list has a
 * saved QR configuration) and a dash with 'skipped' otherwise. On small screens a compact form shows the current step and a link to the next one.
 * A plain ordered list in antd's Steps look (antd's Steps would weigh on every first load).
 */
export function ProgressBar() {
  const { pathname } = useLocation();
  const { projectId, listId } = useWorkflow();
  const step = stepFromPath(pathname);
  const current = STEPS.findIndex((s) => s.key === step);
  const qrIndex = STEPS.findIndex((s) => s.key === 'qr');
  const qr = useQrConfig(listId ?? '', { enabled: !!listId && current > qrIndex });
  const mapsDone = useMapsStepDone(projectId, listId, current > STEPS.findIndex((s) => s.key === 'maps'));
  if (current < 0) return null;
  /** Whether an optional step before the current one was really done. */
  const skipped = (key: string) => (key === 'maps' ? !mapsDone : key === 'qr' ? !qr.data : false);
  const next = STEPS[current + 1];
  const nextHref = next ? stepHref(next.key, projectId, listId) : null;
  return (
    <div className="progress-bar" data-testid="progress-bar">
      <ol className="progress-steps">
        {STEPS.map((s, i) => {
          const done = i < current && !skipped(s.key);
          const state = i === current ? 'current' : done ? 'done' : i < current ? 'skipped' : 'todo';
          return (
            <li key={s.key} className={`progress-step progress-step-${state}`} aria-current={i === current ? 'step' : undefined}>
              <span className="progress-step-icon">
                {state === 'done' ? <CheckOutlined aria-label="done" /> : state === 'skipped' ? <MinusOutlined aria-label="skipped" /> : i + 1}
              </span>
              <span className="progress-step-title">
                {s.title}
                {state === 'skipped' && <span className="progress-step-note">Skipped</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="progress-compact">
        <span>Step {current + 1} of {STEPS.length}: {STEPS[current].title}</span>
        {next && nextHref && <Link to={nextHref}>Next: {next.title} →</Link>}
      </div>
    </div>
  );
}
