import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams, useSearchParams } from 'react-router';
import { AppLayout } from './layout';
import { FullScreenSpinner, RequireAdmin, RequireAuth, UnknownRoute } from './guards';
import { HomePage } from '../features/home/home-page';
import { LoginPage } from '../features/auth/login-page';
import { SessionWatch } from '../features/auth/session-watch';
import { useWorkflow } from './workflow';

/**
 * Optional QR step (docs/requirements/maps.md#screens): /qr?project&listId, or /qr/{listId} where the user lands after
 * saving mappings (docs/requirements/workflow.md#workflow-order) with the workflow's project. Without both → /projects.
 */
const QrPage = lazy(() => import('../features/qr-codes/qr-page').then((m) => ({ default: m.QrPage })));
function QrStep() {
  const { projectId, listId } = useWorkflow();
  const [params] = useSearchParams();
  const { listId: pathList } = useParams();
  if (!projectId || !listId || (!pathList && !params.get('listId'))) return <Navigate to="/projects" replace />;
  return <QrPage key={listId} projectId={projectId} listId={listId} />;
}

/**
 * A route whose page is loaded on first visit (docs/requirements/workflow.md#clear-states-and-fast-pages: the first load of a page carries only its
 * own code): `load` imports the page's module, `pick` its component. `feedback` wraps the page in
 * antd's App, whose context `App.useApp()` (message, modal) needs: only the pages that use it
 * (the designer, mapping, print preview, webhooks) load its notification and modal code, ~15 KB
 * gzip the other pages' first load does without.
 */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType, { feedback = false } = {}) => async () => {
  const [m, scope] = await Promise.all([load(), feedback ? import('./feedback-scope') : null]);
  return { Component: scope ? scope.withFeedback(pick(m)) : pick(m) };
};

/**
 * The route table of docs/requirements/workflow.md#access-rules: /login, /, /pricing. Everything else needs login;
 * /admin/* needs an administrator; unknown paths redirect.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // The first page's code is still on its way (lazy routes).
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/pricing', lazy: page(() => import('../features/pricing/pricing-page'), (m) => m.PricingPage) },
      {
        element: <RequireAuth><SessionWatch /><Outlet /></RequireAuth>,
        children: [
          { path: '/dashboard', element: <Navigate to="/projects" replace /> },
          { path: '/projects', lazy: page(() => import('../features/projects/project-list-page'), (m) => m.ProjectListPage) },
          { path: '/projects/:projectId', lazy: page(() => import('../features/projects/project-details-page'), (m) => m.ProjectDetailsPage) },
          { path: '/projects/:projectId/editor', lazy: page(() => import('../features/designs/editor-page'), (m) => m.EditorPage, { feedback: true }) },
          { path: '/projects/:projectId/production', lazy: page(() => import('../features/print/production-page'), (m) => m.ProductionPage, { feedback: true }) },
          { path: '/projects/:projectId/print-files/:jobId/tracking', lazy: page(() => import('../features/tracking/print-file-tracking-page'), (m) => m.PrintFileTrackingPage) },
          { path: '/upload', lazy: page(() => import('../features/mailing-lists/upload-page'), (m) => m.UploadPage, { feedback: true }) },
          { path: '/maps', lazy: page(() => import('../features/maps/maps-page'), (m) => m.MapsPage) },
          { path: '/qr', element: <QrStep /> },
          { path: '/qr/:listId', element: <QrStep /> },
          { path: '/templates', lazy: page(() => import('../features/sample-templates/sample-templates-page'), (m) => m.SampleTemplatesPage) },
          { path: '/analytics', lazy: page(() => import('../features/scans/scans-page'), (m) => m.AnalyticsPage) },
          { path: '/analytics/:listId', lazy: page(() => import('../features/scans/list-scans-page'), (m) => m.ListAnalyticsPage) },
          { path: '/notifications', lazy: page(() => import('../features/notifications/notifications-page'), (m) => m.NotificationsPage) },
          { path: '/notifications/:notificationId/history', lazy: page(() => import('../features/notifications/notification-history-page'), (m) => m.NotificationHistoryPage) },
          { path: '/webhooks/:listId', lazy: page(() => import('../features/webhooks/webhooks-page'), (m) => m.WebhooksPage, { feedback: true }) },
          {
            // One page for every tab (docs/requirements/print-on-demand-api.md#screens): it reads the tab from the address and stays mounted while tabs switch.
            path: '/pod',
            lazy: page(() => import('../features/pod/pod-page'), (m) => m.PodPage),
            children: [{ index: true, element: null }, { path: 'api-keys', element: null }, { path: 'documentation', element: null }, { path: 'test', element: null }],
          },
          { path: '/billing', lazy: page(() => import('../features/subscriptions/billing-page'), (m) => m.BillingPage) },
          { path: '/account', lazy: page(() => import('../features/account/account-page'), (m) => m.AccountPage) },
          { path: '/settings', lazy: page(() => import('../features/settings/settings-page'), (m) => m.SettingsPage) },
          { path: '/outbox', lazy: page(() => import('../features/outbox/outbox-page'), (m) => m.OutboxPage) },
          { path: '/tracking', lazy: page(() => import('../features/tracking/tracking-imports-page'), (m) => m.TrackingImportsPage) },
          {
            path: '/admin',
            element: <RequireAdmin><Outlet /></RequireAdmin>,
            children: [
              { index: true, lazy: page(() => import('../features/admin/admin-home-page'), (m) => m.AdminHomePage) },
              { path: 'fonts', lazy: page(() => import('../features/admin/fonts/fonts-page'), (m) => m.AdminFontsPage) },
              { path: 'effects', lazy: page(() => import('../features/admin/effects/effects-page'), (m) => m.AdminEffectsPage) },
              { path: 'sample-templates', lazy: page(() => import('../features/admin/sample-templates/sample-templates-page'), (m) => m.AdminSampleTemplatesPage) },
              { path: 'pricing', lazy: page(() => import('../features/admin/pricing/pricing-admin-page'), (m) => m.AdminPricingPage) },
              { path: 'users', lazy: page(() => import('../features/admin/users-page'), (m) => m.UsersPage) },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
]);
