import { Avatar, Button, Dropdown, Menu, message } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useAuth, useLogout, redirectToLogin } from '../features/auth/auth-api';
import { STEPS, stepFromPath, stepHref } from '../lib/workflow-steps';
import { useAppNavigate, useWorkflow } from './workflow';

/**
 * Top user bar (spec 000 §2 "Top navigation"). Signed in: Projects, Mailing List, Maps, QR Codes,
 * Designer, Print Preview — Maps, QR Codes, Designer and Print Preview disabled until a project and
 * a list are known, Mailing List disabled without a project — and the user menu. Signed out:
 * Pricing and Sign In only.
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

  const items = STEPS.map((s) => ({ key: s.key, label: s.navLabel, to: stepHref(s.key, projectId, listId) }));
  const menuItems = items.map((i) => ({ key: i.key, label: i.label, disabled: i.to === null }));
  const go = (key: string) => {
    const to = items.find((i) => i.key === key)?.to;
    if (to) navigate(to);
  };
  const initial = (user?.given_name || user?.email || '?').charAt(0).toUpperCase();

  return (
    <header className="top-bar">
      {brand}
      <Menu
        mode="horizontal"
        className="top-menu"
        selectedKeys={step ? [step] : []}
        onClick={({ key }) => go(key)}
        items={menuItems}
      />
      {/* Small screens: the same navigation behind a menu button. */}
      <Dropdown trigger={['click']} menu={{ items: menuItems, selectedKeys: step ? [step] : [], onClick: ({ key }) => go(key) }}>
        <Button className="mobile-nav-button" icon={<MenuOutlined />} aria-label="Navigation menu" />
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'who', type: 'group', label: <div className="user-menu-who"><strong>{user?.given_name}</strong><div>{user?.email}</div></div> },
            { type: 'divider' },
            { key: 'account', label: <Link to="/account">Account</Link> },
            { key: 'settings', label: <Link to="/settings">Settings</Link> },
            ...(user?.is_admin ? [{ key: 'admin', label: <Link to="/admin">Admin</Link> }] : []),
            { key: 'logout', label: 'Sign out', onClick: () => logout().catch((e: Error) => message.error(e.message)) },
          ],
        }}
      >
        <Button type="text" className="user-button" aria-label="User menu">
          <Avatar style={{ background: '#1677ff' }}>{initial}</Avatar>
        </Button>
      </Dropdown>
    </header>
  );
}
