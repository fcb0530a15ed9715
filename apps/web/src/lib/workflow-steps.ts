/**
 * The campaign workflow's steps and which of them the user can reach (docs/requirements/workflow.md#route-table "Top
 * navigation", "Progress bar"). Pure rules, shared by the progress bar and the top navigation.
 */

/** The six steps, in order: `title` as the progress bar shows it, `navLabel` as the top navigation does. */
export const STEPS = [
  { key: 'projects', title: 'Projects', navLabel: 'Projects' },
  { key: 'upload', title: 'Mailing List', navLabel: 'Mailing List' },
  { key: 'maps', title: 'Maps (Optional)', navLabel: 'Maps' },
  { key: 'qr', title: 'QR Codes (Optional)', navLabel: 'QR Codes' },
  { key: 'editor', title: 'Designer', navLabel: 'Designer' },
  { key: 'production', title: 'Print Preview', navLabel: 'Print Preview' },
] as const;

export type WorkflowStep = (typeof STEPS)[number]['key'];
/** A step, or the Print-on-Demand pages, which have no place in the progress bar. */
export type StepKey = WorkflowStep | 'pod';

/**
 * The Print-on-Demand area in the top navigation: beside the workflow's steps, always reachable
 * once signed in (it needs neither a project nor a list), current on every /pod page.
 */
export const POD_AREA = { key: 'pod', navLabel: 'Print on Demand', href: '/pod' } as const;

/** The step indicator derived from the path (docs/requirements/workflow.md#route-table): projects, upload, maps, qr, editor, production, pod; null elsewhere. */
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
 * Where a step is for the current project and list, or null while it cannot be reached (docs/requirements/README.md#requirements
 * §2): Projects always; Mailing List needs a project; Maps, QR Codes, Designer and Print Preview
 * need a project and a list.
 */
export function stepHref(step: WorkflowStep, projectId: string | null, listId: string | null): string | null {
  if (step === 'projects') return '/projects';
  if (!projectId) return null;
  if (step === 'upload') return `/upload?project=${projectId}`;
  if (!listId) return null;
  switch (step) {
    case 'maps': return `/maps?project=${projectId}&listId=${listId}`;
    case 'qr': return `/qr?project=${projectId}&listId=${listId}`;
    case 'editor': return `/projects/${projectId}/editor`;
    case 'production': return `/projects/${projectId}/production`;
  }
}

/**
 * The spec's navigation rewrite (docs/requirements/workflow.md#route-table): going to /projects from /upload with a `project`
 * query goes to /projects/{id} instead. `search` is the current location's query ('?project=…').
 */
export function rewriteNavigation(to: string, pathname: string, search: string): string {
  const project = new URLSearchParams(search).get('project');
  return to === '/projects' && pathname === '/upload' && project ? `/projects/${project}` : to;
}
