import { localTime } from './local-time';
import { useState } from 'react';
import { Alert, Button, Popconfirm, Segmented, Space } from 'antd';
import { Card } from '../../components/card';
import { PlainTable, type PlainColumn } from '../../components/plain-table';
import { errorDetail } from '../../lib/api-client';
import { useDecideUpgradeRequest, useUpgradeRequests, type TUpgradeRequest, type UpgradeDecision, type UpgradeRequestStatus } from './admin-api';
import { usePlanNames } from './plan-names';

/** The filter's choices; 'cancelled' requests were withdrawn by their user. */
const STATUSES: { value: UpgradeRequestStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Withdrawn' },
];

/** A time in the browser's zone and language, e.g. 'Nov 25, 2026, 1:00 PM'. */

type Notice = { type: 'success' | 'error'; title: string; description?: string };

/**
 * 'Upgrade requests' on /admin/users (docs/requirements/administration.md#administration): a Pending / Approved / Declined / Withdrawn filter
 * and a plain table of the requests in that state, newest first — user email, current plan →
 * requested plan (names from GET /api/plans), requested at (local date-time), the decision time
 * for decided ones, and Approve / Decline (after a confirmation) for pending ones. A decided
 * request leaves the pending list and 'Approved: {email} is now on {plan}' or 'Declined' shows;
 * a failed decision shows 'Failed to {approve|decline} the request: {server message}'. Empty:
 * 'No {state} upgrade requests'; a failed list: 'Failed to load upgrade requests: {message}' with Retry.
 */
export function UpgradeRequests() {
  const [status, setStatus] = useState<UpgradeRequestStatus>('pending');
  const requests = useUpgradeRequests(status);
  const decide = useDecideUpgradeRequest();
  const { nameOf } = usePlanNames();
  const [notice, setNotice] = useState<Notice | null>(null);
  const label = STATUSES.find((s) => s.value === status)!.label;

  const onDecide = (request: TUpgradeRequest, decision: UpgradeDecision) => {
    setNotice(null);
    decide.mutate({ id: request.id, decision }, {
      onSuccess: (decided) => setNotice(decision === 'approve'
        ? { type: 'success', title: `Approved: ${decided.email} is now on ${nameOf(decided.plan_id)}` }
        : { type: 'success', title: 'Declined', description: `${decided.email} stays on ${nameOf(decided.current_plan_id)}.` }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to ${decision} the request: ${errorDetail(err)}` }),
    });
  };
  const busy = (r: TUpgradeRequest) => decide.isPending && decide.variables?.id === r.id;

  const columns: PlainColumn<TUpgradeRequest>[] = [
    { title: 'User', render: (r) => r.email },
    { title: 'Plan', render: (r) => `${nameOf(r.current_plan_id)} → ${nameOf(r.plan_id)}` },
    { title: 'Requested at', render: (r) => localTime(r.created_at), width: 190 },
  ];
  if (status === 'pending') {
    columns.push({
      title: 'Decision',
      render: (r) => (
        <Space size={4} wrap>
          <Button size="small" type="primary" aria-label={`Approve ${r.email}`} loading={busy(r) && decide.variables?.decision === 'approve'}
            disabled={busy(r)} onClick={() => onDecide(r, 'approve')}>Approve</Button>
          <Popconfirm
            title={`Decline the upgrade request from ${r.email}?`}
            description={`They stay on ${nameOf(r.current_plan_id)}.`}
            okText="Decline" okButtonProps={{ danger: true }}
            onConfirm={() => onDecide(r, 'decline')}
          >
            <Button size="small" danger aria-label={`Decline ${r.email}`} loading={busy(r) && decide.variables?.decision === 'decline'}
              disabled={busy(r)}>Decline</Button>
          </Popconfirm>
        </Space>
      ),
    });
  } else {
    columns.push({ title: `${label} at`, render: (r) => (r.decided_at ? localTime(r.decided_at) : '—'), width: 190 });
  }

  return (
    <Card title="Upgrade requests" className="admin-section">
      <Segmented<UpgradeRequestStatus> className="admin-filter" aria-label="Which upgrade requests" value={status}
        onChange={(next) => { setStatus(next); setNotice(null); }} options={STATUSES} />
      {notice && (
        <Alert className="admin-notice" type={notice.type} showIcon closable onClose={() => setNotice(null)}
          role={notice.type === 'error' ? 'alert' : 'status'} title={notice.title} description={notice.description} />
      )}
      {requests.isError ? (
        <Alert type="error" showIcon title={`Failed to load upgrade requests: ${errorDetail(requests.error)}`}
          action={<Button size="small" loading={requests.isFetching} onClick={() => void requests.refetch()}>Retry</Button>} />
      ) : (
        <PlainTable
          label={`${label} upgrade requests`}
          stackOnPhones
          columns={columns}
          rows={requests.data ?? []}
          rowKey={(r) => r.id}
          loading={requests.isPending}
          empty={`No ${label.toLowerCase()} upgrade requests`}
        />
      )}
    </Card>
  );
}
