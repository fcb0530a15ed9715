import { Alert, Button, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { CustomCheckForm } from './debug/custom-check-form';
import { DebugResultsTables } from './debug/debug-results-tables';
import { keyOwnerOf } from './debug/key-owner';
import { KeyOwnerPanel } from './debug/key-owner-panel';
import { TroubleshootingTips } from './debug/troubleshooting-tips';
import { useDebugRun } from './debug/use-debug-run';
import { KeyPicker, useKeyChoice } from './key-picker';

/**
 * The API Debug tab at /pod?tab=debug (docs/requirements/print-on-demand-api.md#screens "API Debug tab", §7 "Debug tab GETs"), open
 * without the plan's `api` feature. An API key picker; on start, and again on 'Run checks again'
 * or when the key's secret changes, the batch of GETs from this page's origin (4 at a time;
 * without a known secret only the health check runs, the others 'Skipped: choose an API key');
 * the results grouped by first path segment with 'N of M working' and a table each (URL,
 * description, status, time in ms, result); who the key acts for (GET /debug/user) when that
 * answers; a custom endpoint tester adding one GET's row; troubleshooting tips. When the API
 * refuses the key (401 on /api/debug/user) it offers to paste the key again.
 */
export function ApiDebugTab() {
  const keys = useKeyChoice();
  const ready = !keys.loading && (keys.keys.length === 0 || keys.choice.id !== null);
  const run = useDebugRun(keys.choice.secret, ready);
  const owner = keyOwnerOf(run.rows);
  const refused = !!keys.choice.secret && run.rows.some((r) => r.path === '/api/debug/user' && r.status === 401);

  return (
    <section className="pod-tab" aria-label="API Debug">
      <div className="pod-tab-head">
        <div>
          <Typography.Title level={4}>API Debug</Typography.Title>
          <Typography.Paragraph type="secondary">
            {`Checks which API endpoints answer at ${window.location.origin}, with and without the /api prefix.`}
          </Typography.Paragraph>
        </div>
        <Button icon={<ReloadOutlined />} aria-label="Run checks again" loading={run.running && ready} onClick={run.rerun} disabled={!ready}>Run checks again</Button>
      </div>
      <div className="pod-form pod-debug-controls">
        <KeyPicker state={keys} />
        <CustomCheckForm onTest={run.testCustom} />
      </div>
      {refused && (
        <Alert type="warning" showIcon title="The API refused this key (401)." description="Check that it is active and that you pasted it in full."
          action={<Button size="small" onClick={keys.forget}>Paste the key again</Button>} />
      )}
      {owner && <KeyOwnerPanel owner={owner} />}
      <DebugResultsTables rows={run.rows} />
      <TroubleshootingTips />
    </section>
  );
}
