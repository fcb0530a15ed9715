import { Typography } from 'antd';
import { PRINT_JOB_PHASES, type PrintJobPhase } from '@mailcraft/shared';
import type { TPrintJob } from './print-api';
import { fmtCount, timeLeft } from './print-format';

/** Each phase of a print job as the steps under the progress bar name it. */
export const PHASE_STEPS: Record<PrintJobPhase, string> = {
  preparing: 'Preparing',
  rendering: 'Rendering',
  merging: 'Merging',
  preflight: 'Checking the file (preflight)',
  storing: 'Saving',
};

/**
 * What the job is doing, in a sentence: 'Waiting to start…', 'Reading the mailing list and the
 * design…', 'Rendering 240 of 500 mail pieces · about 3 min left', 'Merging 500 mail pieces into one
 * file…', 'Checking the file (preflight)…', 'Saving the file…' (docs/requirements/print.md#progress).
 */
export function progressText(job: TPrintJob): string {
  if (job.status === 'queued') return 'Waiting to start…';
  switch (job.phase ?? 'preparing') {
    case 'preparing': return 'Reading the mailing list and the design…';
    case 'rendering': return `Rendering ${fmtCount(job.done)} of ${fmtCount(job.total)} mail pieces${job.eta_seconds != null ? ` · ${timeLeft(job.eta_seconds)}` : ''}`;
    case 'merging': return `Merging ${fmtCount(job.total)} mail pieces into one file…`;
    case 'preflight': return 'Checking the file (preflight)…';
    case 'storing': return 'Saving the file…';
  }
}

/**
 * A queued or running print job's progress: a bar of the pieces rendered (plain, not antd's
 * Progress: 5.6 KB gzip of Print Preview's first load), what the job is doing now
 * (`progressText`), and every phase as a step — done, current (`aria-current="step"`) or to come —
 * so the minutes after the last piece (merging, the preflight, saving) are named too.
 */
export function PrintProgress({ job }: { job: TPrintJob }) {
  const percent = job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
  const current = job.status === 'queued' ? -1 : PRINT_JOB_PHASES.indexOf(job.phase ?? 'preparing');
  return (
    <div className="print-progress">
      <div className="print-progress-bar" role="progressbar" aria-label="Print file progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="print-progress-fill" style={{ width: `${percent}%` }} />
        <span className="print-progress-percent">{percent}%</span>
      </div>
      <Typography.Text role="status" aria-live="polite">{progressText(job)}</Typography.Text>
      <ol className="print-phases" aria-label="Steps of the print file">
        {PRINT_JOB_PHASES.map((phase, i) => (
          <li key={phase} className={i < current ? 'print-phase-done' : i === current ? 'print-phase-current' : undefined} aria-current={i === current ? 'step' : undefined}>
            {i < current && <span aria-label="done">✓ </span>}{PHASE_STEPS[phase]}
          </li>
        ))}
      </ol>
    </div>
  );
}
