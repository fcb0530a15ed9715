import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Col, Empty, Row, Skeleton, Typography, message } from 'antd';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useProject, useProjects } from '../projects/projects-api';
import { useMailingLists, useSetProjectList, type TMailingList, type TUploadedList } from './mailing-lists-api';
import { ListCard } from './list-card';
import { UploadDropZone } from './upload-drop-zone';
import './mailing-lists.css';

// The dialogs load when first opened (docs/requirements/workflow.md#clear-states-and-fast-pages: first-load size; the preview holds a table).
const ListPreviewModal = lazy(() => import('./list-preview-modal').then((m) => ({ default: m.ListPreviewModal })));
const DeleteListModal = lazy(() => import('./delete-list-modal').then((m) => ({ default: m.DeleteListModal })));
const RenameListModal = lazy(() => import('./rename-list-modal').then((m) => ({ default: m.RenameListModal })));
const SwitchListModal = lazy(() => import('./switch-list-modal').then((m) => ({ default: m.SwitchListModal })));

/** Current list first, then the newest. */
const byCurrentThenNewest = (currentId: string | null) => (a: TMailingList, b: TMailingList) =>
  Number(b.id === currentId) - Number(a.id === currentId) || b.created_at.localeCompare(a.created_at);

/**
 * Upload screen (docs/requirements/workflow.md#route-table): the existing lists as cards, a drag-and-drop zone and Back to
 * Project. Choosing a list or uploading one goes on to column mapping for it (§4) — but when the
 * project already prints from another list, only after the user confirmed the switch
 * (`SwitchListModal`, docs/requirements/workflow.md#clear-states-and-fast-pages: no silent list swap); keeping the current list stays here with the
 * new list among the cards. A list another project prints from shows that project's name and no
 * usable Delete. Errors: 'Failed to load existing lists' (§8); the delete, rename,
 * switch and upload failures live in their components.
 */
export function ListSelectionScreen({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const project = useProject(projectId);
  const projects = useProjects();
  const lists = useMailingLists();
  const [previewing, setPreviewing] = useState<TMailingList | null>(null);
  const [deleting, setDeleting] = useState<TMailingList | null>(null);
  const [renaming, setRenaming] = useState<TMailingList | null>(null);
  const [switching, setSwitching] = useState<{ id: string; name: string; rowCount: number } | null>(null);
  const currentId = project.data?.list_id ?? null;
  const current = currentId && project.data?.list_name != null
    ? { name: project.data.list_name, rowCount: project.data.list_size ?? 0 }
    : null;
  const toMapping = (listId: string) => navigate(`/upload?project=${projectId}&listId=${listId}&step=mapping`);
  const setList = useSetProjectList(projectId);
  /** The current list goes on to mapping; with none yet the chosen one becomes it; another one asks first. */
  const chooseList = (list: { id: string; name: string; rowCount: number }) => {
    if (list.id === currentId) return toMapping(list.id);
    if (current) return setSwitching(list);
    setList.mutate(list.id, {
      onSuccess: () => toMapping(list.id),
      onError: (err) => message.error(`Failed to select list: ${errorDetail(err)}`),
    });
  };
  /** An upload the server adopted (the project had no list) goes on; otherwise the user decides. */
  const uploaded = (list: TUploadedList) =>
    list.project_list ? toMapping(list.id) : chooseList({ id: list.id, name: list.name, rowCount: list.row_count });

  if (project.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load project. Please try again."
        action={<Button onClick={() => navigate('/projects')}>Go to Projects</Button>}
      />
    );
  }

  const sorted = [...(lists.data ?? [])].sort(byCurrentThenNewest(currentId));
  // Another project's current list cannot be deleted either: its card names that project.
  const usedBy = new Map((projects.data ?? []).filter((p) => p.id !== projectId && p.list_id).map((p) => [p.list_id!, p.name]));

  return (
    <div className="upload-page">
      <div className="page-header">
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>Mailing List</Typography.Title>
          <Typography.Text type="secondary">
            {project.data ? <>Choose or upload the recipients for <strong>{project.data.name}</strong>.</> : '\u00a0'}
          </Typography.Text>
        </div>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/projects/${projectId}`)}>Back to Project</Button>
      </div>

      <Card title="Your mailing lists" className="page-section">
        {lists.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : lists.isError ? (
          <Alert
            type="error"
            showIcon
            title="Failed to load existing lists"
            action={<Button size="small" onClick={() => lists.refetch()}>Retry</Button>}
          />
        ) : sorted.length === 0 ? (
          <Empty description="No mailing lists yet — upload your first one below." />
        ) : (
          <Row gutter={[16, 16]}>
            {sorted.map((list) => (
              <Col key={list.id} xs={24} sm={12} lg={8}>
                <ListCard
                  list={list}
                  current={list.id === currentId}
                  usedBy={usedBy.get(list.id) ?? null}
                  onOpen={() => chooseList({ id: list.id, name: list.name, rowCount: list.row_count })}
                  onPreview={() => setPreviewing(list)}
                  onRename={() => setRenaming(list)}
                  onDelete={() => setDeleting(list)}
                />
              </Col>
            ))}
          </Row>
        )}
      </Card>

      <Card title="Upload a new list" className="page-section">
        <UploadDropZone projectId={projectId} onUploaded={uploaded} />
      </Card>

      <Suspense fallback={null}>
        {previewing && <ListPreviewModal list={previewing} onClose={() => setPreviewing(null)} />}
        {deleting && <DeleteListModal list={deleting} onClose={() => setDeleting(null)} />}
        {renaming && <RenameListModal list={renaming} onClose={() => setRenaming(null)} />}
        {switching && current && (
          <SwitchListModal
            projectId={projectId}
            current={current}
            next={switching}
            onSwitched={toMapping}
            onKeep={() => setSwitching(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
