import { createBrowserRouter, Navigate, Outlet, useParams, useSearchParams } from 'react-router';
import { AppLayout } from './layout';
import { RequireAdmin, RequireAuth, UnknownRoute } from './guards';
import { HomePage } from '../features/home/home-page';
import { LoginPage } from '../features/auth/login-page';
import { ComingSoonPage } from '../components/coming-soon-page';
import { ProjectListPage } from '../features/projects/project-list-page';
import { ProjectDetailsPage } from '../features/projects/project-details-page';
import { UploadPage } from '../features/mailing-lists/upload-page';
import { EditorPage } from '../features/designs/editor-page';
import { ProductionPage } from '../features/print/production-page';
import { useWorkflow } from './workflow';
import { QrPage } from '../features/qr-codes/qr-page';
import { WebhooksPage } from '../features/webhooks/webhooks-page';

const soon = (title: string) => <ComingSoonPage title={title} />;

/**
 * Optional QR step (spec 001 §2): /qr?project&listId, or /qr/{listId} where the user lands after
 * saving mappings (spec 000 §4) with the workflow's project. Without both → /projects.
 */
function QrStep() {
  const { projectId, listId } = useWorkflow();
  const [params] = useSearchParams();
  const { listId: pathList } = useParams();
  if (!projectId || !listId || (!pathList && !params.get('listId'))) return <Navigate to="/projects" replace />;
  return <QrPage key={listId} projectId={projectId} listId={listId} />;
}
function MapsStep() {
  const [params] = useSearchParams();
  const project = params.get('project');
  const listId = params.get('listId');
  return <ComingSoonPage title="Maps" next={project && listId ? { label: 'Continue to QR Codes', to: `/qr?project=${project}&listId=${listId}` } : null} />;
}

/**
 * The route table of spec 000 §2. Public: /login, /, /pricing. Everything else needs login;
 * /admin/* needs an administrator; unknown paths redirect.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/pricing', element: soon('Pricing') },
      {
        element: <RequireAuth><Outlet /></RequireAuth>,
        children: [
          { path: '/dashboard', element: <Navigate to="/projects" replace /> },
          { path: '/projects', element: <ProjectListPage /> },
          { path: '/projects/:projectId', element: <ProjectDetailsPage /> },
          { path: '/projects/:projectId/editor', element: <EditorPage /> },
          { path: '/projects/:projectId/production', element: <ProductionPage /> },
          { path: '/upload', element: <UploadPage /> },
          { path: '/maps', element: <MapsStep /> },
          { path: '/qr', element: <QrStep /> },
          { path: '/qr/:listId', element: <QrStep /> },
          { path: '/templates', element: soon('Templates') },
          // Loaded on demand: the charts (recharts) are only in these pages' chunk.
          { path: '/analytics', lazy: async () => ({ Component: (await import('../features/analytics/analytics-pages')).AnalyticsPage }) },
          { path: '/analytics/:listId', lazy: async () => ({ Component: (await import('../features/analytics/analytics-pages')).ListAnalyticsPage }) },
          { path: '/notifications', element: soon('Notifications') },
          { path: '/notifications/:notificationId/history', element: soon('Notification history') },
          { path: '/webhooks/:listId', element: <WebhooksPage /> },
          { path: '/pod', element: soon('Print on Demand API') },
          { path: '/pod/api-keys', element: soon('API keys') },
          { path: '/pod/documentation', element: soon('API documentation') },
          { path: '/pod/test', element: soon('API test console') },
          { path: '/account', element: soon('Account') },
          { path: '/settings', element: soon('Settings') },
          {
            path: '/admin',
            element: <RequireAdmin><Outlet /></RequireAdmin>,
            children: [
              { index: true, element: soon('Administration') },
              { path: 'fonts', element: soon('Fonts') },
              { path: 'effects', element: soon('Effects') },
              { path: 'sample-templates', element: soon('Sample templates') },
              { path: 'pricing', element: soon('Pricing administration') },
              { path: 'users', element: soon('Users') },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
]);
