import { lazy, Suspense } from 'react';
import { Button, Skeleton } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { useSelectedProject } from '../projects/selected-project';
import { ListSelectionScreen } from './list-selection-screen';

/** The mapping step (its tables and dropdowns) loads when it is opened (docs/requirements/workflow.md#clear-states-and-fast-pages: first-load size). */
const MappingScreen = lazy(() => import('../column-mappings/mapping-screen').then((m) => ({ default: m.MappingScreen })));

/**
 * /upload?project={id} (docs/requirements/workflow.md#route-table): mailing list selection and upload; with
 * `listId={id}&step=mapping` the column mapping screen of that list instead. Without a project in
 * the URL the remembered selection (§4) is used, else the user is sent to pick a project.
 */
export function UploadPage() {
  const [params] = useSearchParams();
  const selected = useSelectedProject();
  const navigate = useNavigate();
  const projectId = params.get('project');
  const listId = params.get('listId');

  if (!projectId) {
    if (selected) {
      const next = new URLSearchParams(params);
      next.set('project', selected);
      return <Navigate to={`/upload?${next}`} replace />;
    }
    return (
      <Card className="choose-project" title="Choose a project first">
        <p>A mailing list belongs to a project. Open or create one, then upload its list.</p>
        <Button type="primary" onClick={() => navigate('/projects')}>Go to Projects</Button>
      </Card>
    );
  }
  if (listId && params.get('step') === 'mapping') {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <MappingScreen key={listId} projectId={projectId} listId={listId} />
      </Suspense>
    );
  }
  return <ListSelectionScreen projectId={projectId} />;
}
