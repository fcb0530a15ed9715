import { Button, Result } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSelectedProject } from '../projects/selected-project';
import { MappingScreen } from '../column-mappings/mapping-screen';
import { ListSelectionScreen } from './list-selection-screen';

/**
 * /upload?project={id} (spec 000 §2): mailing list selection and upload; with
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
      <Result
        status="info"
        title="Choose a project first"
        subTitle="A mailing list belongs to a project. Open or create one, then upload its list."
        extra={<Button type="primary" onClick={() => navigate('/projects')}>Go to Projects</Button>}
      />
    );
  }
  if (listId && params.get('step') === 'mapping') {
    return <MappingScreen key={listId} projectId={projectId} listId={listId} />;
  }
  return <ListSelectionScreen projectId={projectId} />;
}
