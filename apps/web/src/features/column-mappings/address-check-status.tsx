import { Link } from 'react-router';
import { useAddressCheck } from './address-check-api';

/**
 * The project status line of the address check (issue 12): 'Address check: N issues' (records
 * with an error or warning, excluded ones left out) linking to the mapping screen, where the
 * report is. Shows nothing while loading or when the check fails (the mapping screen says why).
 */
export function AddressCheckStatus({ projectId, listId }: { projectId: string; listId: string }) {
  const check = useAddressCheck(listId);
  if (!check.data) return null;
  const n = check.data.counts.withIssues;
  return (
    <div className="status-row">
      <span className="label">Address check</span>
      <Link to={`/upload?project=${projectId}&listId=${listId}&step=mapping`}>
        {n === 0 ? 'No issues' : `${n.toLocaleString()} ${n === 1 ? 'issue' : 'issues'}`}
      </Link>
    </div>
  );
}
