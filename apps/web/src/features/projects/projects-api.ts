import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blankTemplate, type PaperSize, type TDeliveryFollowUp, type TDeliveryFollowUpSave, type TProject, type TProjectCreate, type TProjectStatus,
  type TProjectUpdate, type TTemplateGuideQuery,
} from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { clearSelectedProject, getSelectedProject } from './selected-project';

/** Query keys of the projects feature, shared by its hooks and by invalidations elsewhere. */
export const projectKeys = {
  all: ['projects'] as const,
  one: (id: string) => ['projects', id] as const,
  status: (id: string) => ['projects', id, 'status'] as const,
  followUp: (id: string) => ['projects', id, 'delivery-follow-up'] as const,
};

/** GET /api/projects (docs/requirements/workflow.md#api). Error text: 'Failed to load projects'. */
export function useProjects() {
  return useQuery({ queryKey: projectKeys.all, queryFn: () => api<TProject[]>('/api/projects') });
}

/** GET /api/projects/{id}; disabled without an id. */
export function useProject(id: string | null | undefined) {
  return useQuery({
    queryKey: projectKeys.one(id ?? ''),
    queryFn: () => api<TProject>(`/api/projects/${id}`),
    enabled: !!id,
    retry: false,
  });
}

/** GET /api/projects/{id}/status: list and template progress (docs/requirements/projects.md#data). */
export function useProjectStatus(id: string | null | undefined) {
  return useQuery({
    queryKey: projectKeys.status(id ?? ''),
    queryFn: () => api<TProjectStatus>(`/api/projects/${id}/status`),
    enabled: !!id,
  });
}

/**
 * POST /api/projects, then POST /api/templates/project/{id}/design with a blank template at the
 * project's paper size (outside null when single-sided). A failing design call is only logged:
 * the project exists and the Designer starts blank anyway (docs/requirements/workflow.md#api).
 */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TProjectCreate) => {
      const project = await api<TProject>('/api/projects', { method: 'POST', body });
      const blank = blankTemplate(project.paper_size as PaperSize);
      try {
        await api(`/api/templates/project/${project.id}/design`, {
          method: 'POST',
          body: { template_data_inside: blank, template_data_outside: project.sides === 'double' ? blank : null },
        });
      } catch (err) {
        console.warn('Blank design for the new project was not created', err);
      }
      return project;
    },
    onSuccess: (project) => {
      client.setQueryData(projectKeys.one(project.id), project);
      return client.invalidateQueries({ queryKey: projectKeys.all, exact: true });
    },
  });
}

/** POST /api/projects/{id}/update (docs/requirements/workflow.md#api) → the updated project. */
export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TProjectUpdate & { id: string }) =>
      api<TProject>(`/api/projects/${id}/update`, { method: 'POST', body }),
    onSuccess: (project) => {
      client.setQueryData(projectKeys.one(project.id), project);
      client.setQueryData<TProject[]>(projectKeys.all, (list) => list?.map((p) => (p.id === project.id ? project : p)));
      return client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/**
 * DELETE /api/projects/{id} (docs/requirements/workflow.md#api); the project leaves the cached list at once, and
 * deleting the selected project clears the selection (docs/requirements/workflow.md#workflow-order).
 */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/projects/${id}`, { method: 'DELETE' }),
    onSuccess: (_void, id) => {
      client.setQueryData<TProject[]>(projectKeys.all, (list) => list?.filter((p) => p.id !== id));
      client.removeQueries({ queryKey: projectKeys.one(id) });
      if (getSelectedProject() === id) clearSelectedProject();
    },
  });
}

/**
 * PUT /api/templates/project/{id}/permit {permitId, templateType, paperSize, sides} (docs/requirements/workflow.md#api);
 * permitId null clears the project's permit. The project changes in the list too, so every
 * project query is refreshed.
 */
export function useSetProjectPermit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; permitId: string | null } & Partial<{
      templateType: string; paperSize: string; sides: string;
    }>) => api<TProject>(`/api/templates/project/${id}/permit`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** URL of the template guide download (GET /api/templates/guide.{pdf|psd}) for a paper size, type and sides. */
export function templateGuideUrl(format: 'pdf' | 'psd', q: TTemplateGuideQuery): string {
  const params = new URLSearchParams({ paperSize: q.paperSize, templateType: q.templateType, sides: q.sides });
  return `/api/templates/guide.${format}?${params}`;
}

/** GET /api/projects/{id}/delivery-follow-up: the project's follow-up order after a delivery (docs/requirements/mail-tracking.md#delivery-events). */
export function useDeliveryFollowUp(id: string) {
  return useQuery({
    queryKey: projectKeys.followUp(id),
    queryFn: () => api<TDeliveryFollowUp>(`/api/projects/${id}/delivery-follow-up`),
    enabled: !!id,
  });
}

/** PUT /api/projects/{id}/delivery-follow-up → the saved follow-up, which replaces the cached one. */
export function useSaveDeliveryFollowUp(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeliveryFollowUpSave) => api<TDeliveryFollowUp>(`/api/projects/${id}/delivery-follow-up`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(projectKeys.followUp(id), saved),
  });
}
