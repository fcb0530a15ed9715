import { Button, message } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useAuth, useLogout, redirectToLogin } from '../features/auth/auth-api';
import { POD_AREA, STEPS, stepFromPath, stepHref } from '../lib/workflow-steps';
import { MenuButton, type MenuEntry } from './menu-button';
import { useAppNavigate, useWorkflow } from './workflow';

/**
 * Top user bar (docs/requirements/workflow.md#route-table "Top navigation"). Signed in: Projects, Mailing List, Maps, QR Codes,
 * Designer, Print Preview — Maps, QR Codes, Designer and Print Preview disabled until a project and
 * a list are known, Mailing List disabled without a project — then Print on Demand (always
 * enabled; current on the /pod pages) and the user menu (Account, Settings, Mail tracking, Admin for administrators, Sign out). Signed out:
 * Pricing and Sign In only. The workflow is a menubar of menuitems (disabled ones `aria-disabled`,
 * the current one `aria-current="page"`); below 768 px the same items sit behind a menu button.
 */
export function TopNav() {
  const { authenticated, user } = useAuth();
  const logout = useLogout();
  const { projectId, listId } = useWorkflow();
  const navigate = useAppNavigate();
  const { pathname } = useLocation();
  const step = stepFromPath(pathname);

  const brand = (
    <Link to={authenticated ? '/projects' : '/'} className="brand" aria-label="Mailcraft home">
      <img src="/favicon.svg" alt="" width={28} height={28} /> <span>Mailcraft</span>
    </Link>
  );

  if (!authenticated) {
    return (
      <header className="top-bar">
        {brand}
        <nav className="top-bar-right">
          <Link to="/pricing">Pricing</Link>
          <Button type="primary" onClick={() => redirectToLogin()}>Sign In</Button>
        </nav>
      </header>
    );
  }

  const items = [
    ...STEPS.map((s) => ({ key: s.key as string, label: s.navLabel as string, to: stepHref(s.key, projectId, listId) })),
    { key: POD_AREA.key, label: POD_AREA.navLabel, to: POD_AREA.href },
  ];
  const go = (to: string | null) => {
    if (to) navigate(to);
  };
  const initial = (user?.given_name || user?.email || '?').charAt(0).toUpperCase();
  const stepEntries: MenuEntry[] = items.map((i) => ({ key: i.key, label: i.label, disabled: i.to === null, current: i.key === step, onSelect: () => go(i.to) }));
  const userEntries: MenuEntry[] = [
    { key: 'who', heading: <div className="user-menu-who"><strong>{user?.given_name}</strong><div>{user?.email}</div></div> },
    { key: 'account', label: 'Account', onSelect: () => navigate('/account') },
    { key: 'settings', label: 'Settings', onSelect: () => navigate('/settings') },
    { key: 'tracking', label: 'Mail tracking', onSelect: () => navigate('/tracking') },
    ...(user?.is_admin ? [{ key: 'admin', label: 'Admin', onSelect: () => navigate('/admin') }] : []),
    { key: 'logout', label: 'Sign out', onSelect: () => { logout().catch((e: Error) => message.error(e.message)); } },
  ];

  return (
    <header className="top-bar">
      {brand}
      <nav className="top-menu" aria-label="Workflow">
        <ul role="menubar" aria-label="Workflow">
          {items.map((i) => (
            <li key={i.key} role="none" className={i.key === POD_AREA.key ? 'top-menu-area' : undefined}>
              <a
                role="menuitem"
                href={i.to ?? undefined}
                aria-disabled={i.to === null || undefined}
                aria-current={i.key === step ? 'page' : undefined}
                className={i.key === step ? 'top-menu-item top-menu-current' : 'top-menu-item'}
                onClick={(e) => {
                  e.preventDefault();
                  go(i.to);
                }}
              >
                {i.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Small screens: the same navigation behind a menu button. */}
      <MenuButton className="mobile-nav-button" label="Navigation menu" button={<MenuOutlined />} entries={stepEntries} />
      <MenuButton
        className="user-button"
        label="User menu"
        button={<span className="avatar" aria-hidden>{initial}</span>}
        entries={userEntries}
      />
    </header>
  );
}
