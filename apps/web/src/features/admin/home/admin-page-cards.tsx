import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { errorDetail } from '../../../lib/api-client';
import { useUpgradeRequests } from '../admin-api';
import { ADMIN_PAGES } from '../admin-nav';
import './admin-home.css';

type AdminPath = Exclude<(typeof ADMIN_PAGES)[number]['to'], '/admin'>;

/** What each admin page is for, one line each (docs/requirements/administration.md#administration admin). */
const PURPOSE: Record<AdminPath, string> = {
  '/admin/users': 'Find users, change their plan, make administrators, disable accounts and decide upgrade requests.',
  '/admin/fonts': 'Upload TTF or OTF fonts for the designer, the preview and print files; set fallbacks.',
  '/admin/effects': 'Named image effects (grayscale, sepia, duotone …) that users apply to images.',
  '/admin/sample-templates': 'Starting designs in the template gallery: create from a project, publish or hide.',
  '/admin/pricing': 'Plans with their price, features and limits; per-piece prices from a chosen day.',
};

/** 'No pending upgrade requests', '1 pending upgrade request', '3 pending upgrade requests'. */
const pendingText = (n: number) => (n === 0 ? 'No pending upgrade requests' : `${n} pending upgrade request${n === 1 ? '' : 's'}`);

function PendingRequests() {
  const pending = useUpgradeRequests('pending');
  let text: ReactNode;
  if (pending.isPending) text = 'Counting pending upgrade requests…';
  else if (pending.isError) text = `Could not count pending upgrade requests: ${errorDetail(pending.error)}`;
  else text = <Link to="/admin/users" className={pending.data.length ? 'admin-home-pending' : undefined}>{pendingText(pending.data.length)}</Link>;
  return <p className="admin-home-status" role="status">{text}</p>;
}

/**
 * The cards of /admin (docs/requirements/administration.md#administration): one per admin page (ADMIN_PAGES but the overview) with its name
 * as a link and a line on what it does; the Users card also counts the pending upgrade requests
 * (GET /api/admin/upgrade-requests?status=pending) and links to /admin/users to decide them.
 */
export function AdminPageCards() {
  const pages = ADMIN_PAGES.filter((p): p is Extract<(typeof ADMIN_PAGES)[number], { to: AdminPath }> => p.to !== '/admin');
  return (
    <ul className="admin-home-cards" aria-label="Admin pages">
      {pages.map((p) => (
        <li key={p.to}>
          <Card size="small" title={<Link to={p.to}>{p.label}</Link>}>
            <p className="admin-home-purpose">{PURPOSE[p.to]}</p>
            {p.to === '/admin/users' && <PendingRequests />}
          </Card>
        </li>
      ))}
    </ul>
  );
}
