import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spin } from 'antd';
import { useAuth } from '../features/auth/auth-api';

/** Full-screen spinner while authentication status loads (docs/requirements/workflow.md#route-table). */
export function FullScreenSpinner() {
  return (
    <div className="full-screen-spinner" role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  );
}

/** Logged-in routes: unauthenticated users go to /login (docs/requirements/workflow.md#route-table). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, authenticated } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (!authenticated) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  return <>{children}</>;
}

/** Admin-only routes: non-admins are sent to / (docs/requirements/workflow.md#route-table). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  if (loading) return <FullScreenSpinner />;
  if (!user?.is_admin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** Any other path: logged in → /projects, otherwise → / (docs/requirements/workflow.md#route-table). */
export function UnknownRoute() {
  const { loading, authenticated } = useAuth();
  if (loading) return <FullScreenSpinner />;
  return <Navigate to={authenticated ? '/projects' : '/'} replace />;
}
