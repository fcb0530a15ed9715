import { useState } from 'react';
import { Alert, Button, Skeleton, Space, Tag } from 'antd';
import { ADDRESS_ISSUE_KINDS, fieldLabel, type AddressFixAction, type TAddressCheckCounts, type TAddressIssue } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useAddressCheck, useAddressFixes } from './address-check-api';
import './address-check-report.css';

const PAGE_SIZE = 25;
const SEVERITY_COLOR = { error: 'red', warning: 'orange', info: 'blue' } as const;
const ACTION_DONE: Record<AddressFixAction, string> = {
  accept: 'Fix accepted', exclude: 'Excluded from printing', include: 'Included again', revert: 'Fix reverted', ignore: 'Issue ignored', unignore: 'Issue reported again',
};
const issueKey = (i: TAddressIssue) => `${i.recordId}:${i.code}:${i.field}`;
const problems = (c: TAddressCheckCounts) => `${c.withIssues.toLocaleString()} ${c.withIssues === 1 ? 'record' : 'records'} with problems`;

/**
 * The address check report on the mapping screen (docs/requirements/address-checks.md#address-checks): counts
 * by kind, the issues (record number, name, field, message, suggestion) with 'Accept fix',
 * 'Exclude' (or 'Include') and 'Ignore' per row, 'Accept all suggested fixes', and after a change
 * the counts before and after. Ignore is stored on the server (that issue of that record is not
 * reported again, here or in the project status); 'Show N ignored' lists the ignored issues with
 * 'Unignore'. `onContinue` adds a button to the next step.
 */
export function AddressCheckReport({ listId, onContinue }: { listId: string; onContinue?: () => void }) {
  const [showIgnored, setShowIgnored] = useState(false);
  const check = useAddressCheck(listId, true, showIgnored);
  const fixes = useAddressFixes(listId);
  const [page, setPage] = useState(1);
  const shown = check.data?.issues ?? [];
  const fixable = shown.filter((i) => i.fixes && !i.excluded && !i.ignored);
  const act = (recordIds: string[], action: AddressFixAction, codes?: TAddressIssue['code'][]) =>
    fixes.mutate({ recordIds: [...new Set(recordIds)], action, ...(codes ? { codes } : {}) });

  if (check.isPending) return <Card title="Address check" aria-busy="true"><Skeleton active paragraph={{ rows: 4 }} /></Card>;
  if (check.isError) {
    return (
      <Card title="Address check">
        <Alert type="error" showIcon title={`Failed to check addresses: ${errorDetail(check.error)}`} action={<Button size="small" onClick={() => check.refetch()}>Retry</Button>} />
      </Card>
    );
  }
  const { counts } = check.data;
  // Fixing or excluding shortens the list: stay on a page that exists.
  const pageNow = Math.min(page, Math.max(1, Math.ceil(shown.length / PAGE_SIZE)));
  const columns: PlainColumn<TAddressIssue>[] = [
    { title: 'Record', width: 80, align: 'right', render: (i) => i.record.toLocaleString() },
    { title: 'Name', render: (i) => i.name || '—' },
    { title: 'Field', render: (i) => fieldLabel(i.field) },
    {
      title: 'Problem',
      render: (i) => (
        <span>
          <Tag color={SEVERITY_COLOR[i.severity]}>{ADDRESS_ISSUE_KINDS[i.code].label}</Tag> {i.message}
          {i.excluded && <Tag className="address-check-excluded">Excluded</Tag>}
          {i.ignored && <Tag className="address-check-excluded">Ignored</Tag>}
        </span>
      ),
    },
    { title: 'Suggestion', render: (i) => i.suggestion ?? '' },
    {
      title: 'Actions',
      render: (i) => (
        <Space size={4} wrap>
          {i.fixes && !i.excluded && !i.ignored && (
            <Button size="small" type="primary" aria-label={`Accept fix for record ${i.record}`} disabled={fixes.isPending} onClick={() => act([i.recordId], 'accept')}>Accept fix</Button>
          )}
          {i.excluded
            ? <Button size="small" aria-label={`Include record ${i.record}`} disabled={fixes.isPending} onClick={() => act([i.recordId], 'include')}>Include</Button>
            : <Button size="small" aria-label={`Exclude record ${i.record}`} disabled={fixes.isPending} onClick={() => act([i.recordId], 'exclude')}>Exclude</Button>}
          {i.ignored
            ? <Button size="small" type="text" aria-label={`Unignore this issue of record ${i.record}`} disabled={fixes.isPending} onClick={() => act([i.recordId], 'unignore', [i.code])}>Unignore</Button>
            : <Button size="small" type="text" aria-label={`Ignore this issue of record ${i.record}`} disabled={fixes.isPending} onClick={() => act([i.recordId], 'ignore', [i.code])}>Ignore</Button>}
        </Space>
      ),
    },
  ];
  const byCode = Object.entries(counts.byCode).filter(([, n]) => n > 0);
  return (
    <Card title="Address check" className="page-section address-check">
      <p className="address-check-summary" aria-live="polite">
        {counts.records.toLocaleString()} records checked · <strong>{problems(counts)}</strong> · {counts.excluded.toLocaleString()} excluded · {counts.fixed.toLocaleString()} fixed
        {counts.ignored > 0 && ` · ${counts.ignored.toLocaleString()} ignored`}
      </p>
      {fixes.data && fixes.variables && (
        <Alert
          className="address-check-change"
          type="success"
          showIcon
          role="status"
          title={`${ACTION_DONE[fixes.variables.action]}: ${fixes.data.changed.toLocaleString()} ${fixes.data.changed === 1 ? 'record' : 'records'}`}
          description={`Before: ${problems(fixes.data.before)}, ${fixes.data.before.excluded.toLocaleString()} excluded. After: ${problems(counts)}, ${counts.excluded.toLocaleString()} excluded.`}
        />
      )}
      {fixes.isError && <Alert className="address-check-change" type="error" showIcon role="alert" title={`Failed to change records: ${errorDetail(fixes.error)}`} />}
      {byCode.length > 0 && (
        <div className="address-check-kinds" aria-label="Problems by kind">
          {byCode.map(([code, n]) => (
            <Tag key={code} color={SEVERITY_COLOR[ADDRESS_ISSUE_KINDS[code as TAddressIssue['code']]?.severity ?? 'info']}>
              {ADDRESS_ISSUE_KINDS[code as TAddressIssue['code']]?.label ?? code}: {n.toLocaleString()}
            </Tag>
          ))}
        </div>
      )}
      <div className="address-check-bulk">
        <Button disabled={fixable.length === 0 || fixes.isPending} loading={fixes.isPending && fixes.variables?.recordIds.length !== 1} onClick={() => act(fixable.map((i) => i.recordId), 'accept')}>
          Accept all suggested fixes ({fixable.length.toLocaleString()})
        </Button>
        {showIgnored
          ? <Button type="link" onClick={() => setShowIgnored(false)}>Hide ignored</Button>
          : counts.ignored > 0 && <Button type="link" onClick={() => setShowIgnored(true)}>Show {counts.ignored.toLocaleString()} ignored</Button>}
        {onContinue && <Button type="primary" onClick={onContinue}>Continue</Button>}
      </div>
      {check.data.truncated && (
        <Alert type="info" showIcon className="address-check-change" title={`Showing the first ${check.data.issues.length.toLocaleString()} of ${check.data.totalIssues.toLocaleString()} issues; fix, exclude or ignore these to see the rest.`} />
      )}
      <PlainTable
        label="Address issues"
        columns={columns}
        rows={shown.slice((pageNow - 1) * PAGE_SIZE, pageNow * PAGE_SIZE)}
        rowKey={issueKey}
        empty="No address problems found"
        pager={{ page: pageNow, pageSize: PAGE_SIZE, total: shown.length, onChange: setPage }}
      />
    </Card>
  );
}
