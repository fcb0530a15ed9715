import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import type { AuditArea, TAuditEntry } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { Card } from '../../components/card';
import { PlainTable } from '../../components/plain-table';
import { localTime } from './local-time';

/** Query keys of the audit log; invalidate `auditKeys.all` after any admin change. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  area: (area: AuditArea | 'all', limit: number) => ['admin', 'audit', area, limit] as const,
};

/**
 * GET /api/admin/audit?area&limit (docs/requirements/administration.md#administration, administrators only): the newest changes first, of
 * one admin page or (area 'all') of every page.
 */
export function useAuditLog(area: AuditArea | 'all', limit = 20) {
  return useQuery({
    queryKey: auditKeys.area(area, limit),
    queryFn: () => api<TAuditEntry[]>(`/api/admin/audit?limit=${limit}${area === 'all' ? '' : `&area=${area}`}`),
  });
}

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/**
 * The 'Recent changes' card every admin page ends with (docs/requirements/administration.md#administration: every admin change is written
 * to an audit log — who, what, when, before/after — shown on each page): time, administrator and
 * summary; a row expands to its before and after. Reload it with `auditKeys.all` after a change.
 */
export function AuditLog({ area, limit = 20 }: { area: AuditArea | 'all'; limit?: number }) {
  const log = useAuditLog(area, limit);
  const [more, setMore] = useState(false);
  return (
    <Card title="Recent changes" className="admin-section" aria-label="Recent changes">
      {log.isError ? <Alert type="error" showIcon title={`Could not load the audit log: ${log.error.message}`} /> : (
        <PlainTable<TAuditEntry>
          label="Recent changes"
          stackOnPhones
          loading={log.isPending}
          rows={(log.data ?? []).slice(0, more ? undefined : 10)}
          rowKey={(e) => e.id}
          empty="No changes yet."
          columns={[
            { title: 'When', render: (e) => localTime(e.at), width: 180 },
            { title: 'Administrator', render: (e) => e.actor_email },
            { title: 'Change', render: (e) => e.summary },
          ]}
          expand={{
            label: (e) => `Details of ${e.summary}`,
            render: (e) => (
              <div className="admin-audit-diff">
                <div><Typography.Text strong>Before</Typography.Text><pre>{json(e.before)}</pre></div>
                <div><Typography.Text strong>After</Typography.Text><pre>{json(e.after)}</pre></div>
              </div>
            ),
          }}
        />
      )}
      {(log.data?.length ?? 0) > 10 && !more && <Typography.Link onClick={() => setMore(true)}>Show all {log.data!.length}</Typography.Link>}
    </Card>
  );
}
