import { Alert, Button, Typography } from 'antd';
import { errorDetail } from '../../lib/api-client';
import { useApprovals, useApproveDesign } from './approvals-api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The approval step before the final print file (docs/requirements/print.md#proofs): after checking a proof (the
 * previews above, or a print file made with 'Proof'), the user approves the saved design version;
 * the approval — who, which version, when — is kept, and the final file of that version is named
 * '{project}-v{N}-approved.pdf'. Saving the design again makes a new version to approve. The
 * server's refusal (design changed since) is shown.
 */
export function ApprovalCard({ projectId }: { projectId: string }) {
  const approvals = useApprovals(projectId);
  const approve = useApproveDesign(projectId);
  if (approvals.isPending) return <Typography.Text type="secondary">Loading approvals…</Typography.Text>;
  if (approvals.isError) return <Alert type="error" showIcon title={`Failed to load approvals: ${errorDetail(approvals.error)}`} />;
  const { current_version: version, approved, approvals: list } = approvals.data;
  const latest = list.find((a) => a.design_version === version);
  return (
    <div className="approval-card" role="group" aria-label="Approval">
      {version === null ? (
        <Typography.Text type="secondary">Save a design to approve it for printing.</Typography.Text>
      ) : approved && latest ? (
        <Alert type="success" showIcon title={`Design version ${version} approved by ${latest.approved_by} on ${when(latest.approved_at)}`}
          description="Print files of this version are named as approved." />
      ) : (
        <>
          <Typography.Paragraph>
            Download a proof (below), check it, then approve design version {version} for printing. Saving the design again makes a new version to approve.
          </Typography.Paragraph>
          <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate(version)}>Approve version {version} for printing</Button>
        </>
      )}
      {approve.isError && <Alert type="error" showIcon title={errorDetail(approve.error)} style={{ marginTop: 8 }} />}
      {list.length > 0 && (
        <ul className="approval-history" aria-label="Approvals">
          {list.map((a) => <li key={`${a.design_version}-${a.approved_at}`}>Version {a.design_version}: {a.approved_by}, {when(a.approved_at)}</li>)}
        </ul>
      )}
    </div>
  );
}
