import { useQuery } from '@tanstack/react-query';
import type { TProject, TProjectStatus } from '@mailcraft/shared';
import { api } from '../../app/api';

/** Query keys of the projects feature, shared by its hooks and by invalidations elsewhere. */
export const projectKeys = {
  all: ['projects'] as const,
  one: (id: string) => ['projects', id] as const,
  status: (id: string) => ['projects', id, 'status'] as const,
};

/** GET /api/projects (spec 000 §7). Error text: 'Failed to load projects'. */
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

/** GET /api/projects/{id}/status: list and template progress (spec 000 §3). */
export function useProjectStatus(id: string | null | undefined) {
  return useQuery({
    queryKey: projectKeys.status(id ?? ''),
    queryFn: () => api<TProjectStatus>(`/api/projects/${id}/status`),
    enabled: !!id,
  });
}
