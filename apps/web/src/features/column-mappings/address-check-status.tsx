import { Link } from 'react-router';
import { useAddressCheck } from './address-check-api';

/**
 * The project status line of the address check (docs/requirements/print.md#print): 'Address check: N issues' (records
 * with an error or warning, excluded records and ignored issues left out) linking to the mapping
 * screen, where the report is, then '· M ignored' when the user ignored any. Shows nothing while
 * loading or when the check fails (the mapping screen says why).
 */
export function AddressCheckStatus({ projectId, listId }: { projectId: string; listId: string }) {
  const check = useAddressCheck(listId);
  if (!check.data) return null;
  const { withIssues: n, ignored } = check.data.counts;
  return (
    <div className="status-row">
      <span className="label">Address check</span>
      <span>
        <Link to={`/upload?project=${projectId}&listId=${listId}&step=mapping`}>
          {n === 0 ? 'No issues' : `${n.toLocaleString()} ${n === 1 ? 'issue' : 'issues'}`}
        </Link>
        {ignored > 0 && ` · ${ignored.toLocaleString()} ignored`}
      </span>
    </div>
  );
}
