import { useEffect } from 'react';
import { matchPath, useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';
import { setSelectedProject, useSelectedProject } from '../features/projects/selected-project';
import { useProject } from '../features/projects/projects-api';
import { rewriteNavigation } from '../lib/workflow-steps';

/**
 * The project and list the workflow is on: the project from the URL (path or ?project=) or the
 * remembered selection; the list from the URL (?listId= or /qr/{listId}) or the project's current
 * list. A project id in the URL becomes the selection.
 */
export function useWorkflow() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const selected = useSelectedProject();
  const pathProject = matchPath('/projects/:id/*', pathname)?.params.id ?? matchPath('/projects/:id', pathname)?.params.id;
  const urlProject = pathProject ?? params.get('project');
  const projectId = urlProject ?? selected;
  useEffect(() => {
    if (urlProject) setSelectedProject(urlProject);
  }, [urlProject]);
  const project = useProject(projectId);
  const urlList = params.get('listId') ?? matchPath('/qr/:listId', pathname)?.params.listId ?? null;
  const listId = urlList ?? project.data?.list_id ?? null;
  return { projectId: project.isError ? null : projectId, project: project.data ?? null, listId };
}

/** `navigate` with the spec's rewrite of /projects from /upload (see `rewriteNavigation`). */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (to: string, opts?: NavigateOptions) => navigate(rewriteNavigation(to, pathname, search), opts);
}
