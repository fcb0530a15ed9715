import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListPreview, TMailingList, TMailingListDetail, TUploadedList } from '@mailcraft/shared';
import { api, uploadWithProgress } from '../../lib/api-client';
import { projectKeys } from '../projects/projects-api';

export type { TListPreview, TMailingList, TUploadedList };

/** Query keys of the mailing-lists feature. */
export const listKeys = {
  all: ['lists'] as const,
  one: (id: string) => ['lists', id] as const,
  preview: (id: string, offset: number, limit: number, step?: string) =>
    ['lists', id, 'preview', { offset, limit, step: step ?? null }] as const,
};

/** GET /api/lists (docs/requirements/workflow.md#api). Error text: 'Failed to load existing lists' (§8). */
export function useMailingLists() {
  return useQuery({ queryKey: listKeys.all, queryFn: () => api<TMailingList[]>('/api/lists') });
}

/** GET /api/lists/{id} (with its headers); disabled without an id. */
export function useMailingList(id: string | null | undefined) {
  return useQuery({
    queryKey: listKeys.one(id ?? ''),
    queryFn: () => api<TMailingListDetail>(`/api/lists/${id}`),
    enabled: !!id,
    retry: false,
  });
}

/**
 * GET /api/lists/{id}/preview?offset&limit[&step=mapping] — a page of raw rows; disabled without an
 * id. The previous page stays on screen while the next one loads so the table does not jump.
 */
export function useListPreview(id: string | null, offset: number, limit: number, step?: 'mapping') {
  return useQuery({
    queryKey: listKeys.preview(id ?? '', offset, limit, step),
    queryFn: () => {
      const q = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (step) q.set('step', step);
      return api<TListPreview>(`/api/lists/${id}/preview?${q}`);
    },
    placeholderData: keepPreviousData,
    enabled: !!id,
    retry: false,
  });
}

/**
 * DELETE /api/lists/{id} → 204; 409 for a project's current list (docs/requirements/workflow.md#workflow-order). Refreshes the lists
 * and the projects, whose list fields may change. Error text: 'Failed to delete list' (§8).
 */
export function useDeleteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/lists/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: listKeys.all });
      client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** PATCH /api/lists/{id} `{ name }` (docs/requirements/workflow.md#clear-states-and-fast-pages): renames a list; refreshes lists and projects (list names). */
export function useRenameList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string }) => api<TMailingList>(`/api/lists/${v.id}`, { method: 'PATCH', body: { name: v.name } }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: listKeys.all });
      client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/**
 * PUT /api/projects/{id}/list {listId}: a list becomes the project's current list — only after the
 * user confirmed the switch when the project already had one (`SwitchListModal`, docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
export function useSetProjectList(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => api(`/api/projects/${projectId}/list`, { method: 'PUT', body: { listId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}


/**
 * POST /api/lists/upload as multipart `file` + optional `projectId` (docs/requirements/workflow.md#api); the list becomes
 * the project's current list only when the project had none (`project_list`). XMLHttpRequest rather than `api()` because fetch cannot report upload
 * progress; failures throw the same ApiError (status, statusText, the server's `{error: {message}}`),
 * status 0 for a network failure. `onProgress` receives 0–100.
 */
export function uploadMailingList(
  file: File,
  projectId: string | null,
  onProgress: (percent: number) => void,
): Promise<TUploadedList> {
  const form = new FormData();
  if (projectId) form.append('projectId', projectId);
  form.append('file', file);
  return uploadWithProgress<TUploadedList>('/api/lists/upload', form, onProgress);
}

/** Upload mutation: refreshes lists and projects (the project's list_id changes) on success only. */
export function useUploadList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; projectId: string | null; onProgress: (p: number) => void }) =>
      uploadMailingList(v.file, v.projectId, v.onProgress),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: listKeys.all });
      client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
