import { Steps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { STEPS, stepFromPath, stepHref } from '../lib/workflow-steps';
import { useWorkflow } from './workflow';

/**
 * Six-step progress bar (spec 000 §2 "Progress bar"): earlier steps show a check mark; on small
 * screens a compact form shows the current step and a link to the next one.
 */
export function ProgressBar() {
  const { pathname } = useLocation();
  const { projectId, listId } = useWorkflow();
  const step = stepFromPath(pathname);
  const current = STEPS.findIndex((s) => s.key === step);
  if (current < 0) return null;
  const next = STEPS[current + 1];
  const nextHref = next ? stepHref(next.key, projectId, listId) : null;
  return (
    <div className="progress-bar" data-testid="progress-bar">
      <Steps
        className="progress-steps"
        size="small"
        current={current}
        items={STEPS.map((s, i) => ({
          title: s.title,
          status: i < current ? 'finish' : i === current ? 'process' : 'wait',
          icon: i < current ? <CheckOutlined aria-label="done" /> : undefined,
        }))}
      />
      <div className="progress-compact">
        <span>Step {current + 1} of {STEPS.length}: {STEPS[current].title}</span>
        {next && nextHref && <Link to={nextHref}>Next: {next.title} →</Link>}
      </div>
    </div>
  );
}
