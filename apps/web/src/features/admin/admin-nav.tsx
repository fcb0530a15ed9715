import { NavLink } from 'react-router';

/** The admin pages (docs/requirements/workflow.md#route-table route table: /admin and its five children). */
export const ADMIN_PAGES = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/fonts', label: 'Fonts' },
  { to: '/admin/effects', label: 'Effects' },
  { to: '/admin/sample-templates', label: 'Sample templates' },
  { to: '/admin/pricing', label: 'Pricing' },
] as const;

/** The admin area's tabs, shown at the top of every admin page; the current page is marked (aria-current). */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      {ADMIN_PAGES.map((p) => (
        <NavLink key={p.to} to={p.to} end={'end' in p ? p.end : false} className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}>
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}
