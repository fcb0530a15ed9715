import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Result, Skeleton, Space, Spin } from 'antd';
import { useProject } from '../projects/projects-api';
import { useProjectDesign } from './design-api';
import { useProjectReinforcements } from './reinforcements-api';
import { FONTS_ERROR, useDesignFonts } from './design-fonts';
import { PrefetchDesignerData } from './prefetch-designer-data';
import './designs.css';

/** Narrower than this (px), the canvas and its panels do not fit: phones get the proof and print steps instead (docs/requirements/workflow.md#clear-states-and-fast-pages). */
export const DESIGNER_MIN_WIDTH = 768;
const narrowQuery = `(max-width: ${DESIGNER_MIN_WIDTH - 1}px)`;
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(narrowQuery).matches;

// pdfme's Designer is large (its evaluation is most of the time to open): it is downloaded only for
// this route, but as soon as this route's code runs — alongside the project, design and fonts, not
// after them — unless the window is too narrow to show it.
let workspaceLoad: Promise<typeof import('./designer-workspace')> | null = null;
const loadWorkspace = () => (workspaceLoad ??= import('./designer-workspace'));
if (!isNarrow()) loadWorkspace().catch(() => undefined); // a failure shows when the workspace renders
const DesignerWorkspace = lazy(() => loadWorkspace().then((m) => ({ default: m.DesignerWorkspace })));

function Loading({ label }: { label: string }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, minHeight: '60vh' }} role="status">
      <Spin size="large" />
      <span style={{ color: '#6b7280' }}>{label}</span>
    </div>
  );
}

/** The Designer's layout in outline while its code (pdfme, fonts) loads: toolbar, Fields panel, canvas. */
function DesignerSkeleton() {
  return (
    <div className="editor-page editor-skeleton" role="status" aria-label="Opening the Designer…">
      <div className="editor-toolbar"><Skeleton.Input active size="small" style={{ width: 240 }} /><Skeleton.Button active size="small" style={{ marginLeft: 'auto', width: 320 }} /></div>
      <div className="editor-body">
        <div className="fields-panel"><Skeleton active paragraph={{ rows: 10 }} /></div>
        <div className="editor-canvas editor-skeleton-canvas"><Skeleton.Node active style={{ width: 420, height: 540 }} /></div>
      </div>
    </div>
  );
}

function Failure({ title, retry, extra }: { title: string; retry?: () => void; extra?: ReactNode }) {
  return (
    <Result
      status="error"
      title={title}
      extra={[retry && <Button key="retry" type="primary" onClick={retry}>Try again</Button>, extra].filter(Boolean)}
    />
  );
}

const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is too narrow for the Designer, following resizes. */
function useTooNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow);
}

/**
 * Route /projects/{projectId}/editor (docs/requirements/workflow.md#route-table): loads the project, its design, its
 * reinforcements (docs/requirements/print-on-demand-api.md#data; a failure there only disables their tabs) and the fonts the design
 * uses (fonts load only here and on the production page, docs/requirements/workflow.md#workflow-order; others when picked; failure
 * shows 'Failed to load fonts', §8) while pdfme's code and the Fields panel's data download, then
 * opens the Designer workspace — on a screen narrower than DESIGNER_MIN_WIDTH a
 * message offers the proof and print steps instead, without loading the Designer.
 */
export function EditorPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const design = useProjectDesign(projectId);
  const reinforcements = useProjectReinforcements(projectId);
  const tooNarrow = useTooNarrow();
  // Only the fonts the design prints with are loaded; others when the Designer asks (`fonts.need`).
  const templates = useMemo(() => (design.data && !reinforcements.isPending
    ? [design.data.template_data_inside, design.data.template_data_outside, ...(reinforcements.data ?? []).map((r) => r.template_data)]
    : null), [design.data, reinforcements.isPending, reinforcements.data]);
  const fonts = useDesignFonts(tooNarrow ? null : templates);
  const back = <Button key="back" onClick={() => navigate('/projects')}>Back to projects</Button>;

  if (tooNarrow) {
    return (
      <Result
        status="info"
        title="The designer needs a larger screen"
        subTitle="Open this page on a tablet or computer to edit the design. On this screen you can check the proof and create the print file."
        extra={(
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => navigate(`/projects/${projectId}/production`)}>Proofs and print file</Button>
            <Button onClick={() => navigate(`/projects/${projectId}`)}>Back to project</Button>
          </Space>
        )}
      />
    );
  }

  const content = () => {
    if (project.isError) return <Failure title="Failed to load project. Please try again." retry={() => project.refetch()} extra={back} />;
    if (design.isError) return <Failure title="Failed to load the design" retry={() => design.refetch()} extra={back} />;
    if (fonts.isError) return <Failure title={FONTS_ERROR} retry={() => fonts.refetch()} extra={back} />;
    if (!project.data || !design.data || reinforcements.isPending) return <Loading label="Loading the design…" />;
    if (!fonts.data) return <Loading label="Loading fonts…" />;
    return (
      <Suspense fallback={<DesignerSkeleton />}>
        {/* keyed by project: another project gets a fresh Designer and fresh change tracking */}
        {/* reinforcements that fail to load leave their tabs unavailable; the design stays editable */}
        <DesignerWorkspace
          key={project.data.id}
          project={project.data}
          design={design.data}
          font={fonts.data}
          onFontsUsed={fonts.need}
          reinforcements={reinforcements.data ?? null}
        />
      </Suspense>
    );
  };
  return (
    <>
      {/* The Fields panel's data loads while pdfme's code does, not after it; kept mounted, so fetched once. */}
      {project.data && <PrefetchDesignerData project={project.data} />}
      {content()}
    </>
  );
}
