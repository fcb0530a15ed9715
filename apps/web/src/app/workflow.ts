import { useEffect } from 'react';
import { matchPath, useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';
import { setSelectedProject, useSelectedProject } from '../features/projects/selected-project';
import { useProject } from '../features/projects/projects-api';

/** Workflow steps of the progress bar (spec 000 §2 "Progress bar"). */
export const STEPS = [
  { key: 'projects', title: 'Projects' },
  { key: 'upload', title: 'Mailing List' },
  { key: 'maps', title: 'Maps (Optional)' },
  { key: 'qr', title: 'QR Codes (Optional)' },
  { key: 'editor', title: 'Designer' },
  { key: 'production', title: 'Print Preview' },
] as const;
export type StepKey = (typeof STEPS)[number]['key'] | 'pod';

/** The step indicator derived from the path (spec 000 §2): projects, upload, maps, qr, editor, production, pod. */
export function stepFromPath(pathname: string): StepKey | null {
  if (/^\/projects\/[^/]+\/editor/.test(pathname)) return 'editor';
  if (/^\/projects\/[^/]+\/production/.test(pathname)) return 'production';
  if (pathname.startsWith('/projects')) return 'projects';
  if (pathname.startsWith('/upload')) return 'upload';
  if (pathname.startsWith('/maps')) return 'maps';
  if (pathname.startsWith('/qr')) return 'qr';
  if (pathname.startsWith('/pod')) return 'pod';
  return null;
}

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

/**
 * Navigation with the spec's rewrite (spec 000 §2): a navigation to /projects made from /upload
 * with a project query goes to /projects/{id} instead.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (to: string, opts?: NavigateOptions) => {
    const project = new URLSearchParams(search).get('project');
    if (to === '/projects' && pathname === '/upload' && project) return navigate(`/projects/${project}`, opts);
    return navigate(to, opts);
  };
}
