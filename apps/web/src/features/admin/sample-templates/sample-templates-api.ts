import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminSampleTemplate, TSampleTemplateCreate, TSampleTemplateUpdate } from '@mailcraft/shared';
import { api } from '../../../lib/api-client';
import { sampleKeys } from '../../sample-templates/sample-templates-api';
import { auditKeys } from '../audit-log';

/** Query keys of sample-template administration. */
export const adminSampleKeys = {
  all: ['admin', 'sample-templates'] as const,
};

/** GET /api/admin/sample-templates (docs/requirements/administration.md#administration, administrators only): every sample, published or hidden, in gallery order. */
export function useAdminSamples() {
  return useQuery({ queryKey: adminSampleKeys.all, queryFn: () => api<TAdminSampleTemplate[]>('/api/admin/sample-templates') });
}

/** After any change: the admin list, the gallery and the audit log reload. */
function useReload() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: adminSampleKeys.all }),
    client.invalidateQueries({ queryKey: sampleKeys.all }),
    client.invalidateQueries({ queryKey: auditKeys.all }),
  ]);
}

/**
 * POST /api/admin/sample-templates {projectId, name, description?} → the new sample (hidden until
 * published). Failures throw the server's message, e.g. 422 when the project has no design yet.
 */
export function useCreateSample() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: TSampleTemplateCreate) => api<TAdminSampleTemplate>('/api/admin/sample-templates', { method: 'POST', body }),
    onSuccess: reload,
  });
}

/** PATCH /api/admin/sample-templates/{id} {name?, description?, published?, position?} → the sample. */
export function useUpdateSample() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TSampleTemplateUpdate }) =>
      api<TAdminSampleTemplate>(`/api/admin/sample-templates/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: reload,
  });
}

/** POST /api/admin/sample-templates/{id}/thumbnail?side (multipart `file`, PNG or JPEG ≤ 2 MB) → the sample; 413/415 with the reason. */
export function useUploadSampleThumbnail() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, side, file }: { id: string; side: 'front' | 'back'; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api<TAdminSampleTemplate>(`/api/admin/sample-templates/${id}/thumbnail?side=${side}`, { method: 'POST', body: form });
    },
    onSuccess: reload,
  });
}

/** POST /api/admin/sample-templates/{id}/thumbnail/render → the sample, its thumbnails rendered again from its design. */
export function useRenderSampleThumbnails() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => api<TAdminSampleTemplate>(`/api/admin/sample-templates/${id}/thumbnail/render`, { method: 'POST' }),
    onSuccess: reload,
  });
}

/** DELETE /api/admin/sample-templates/{id} → 204. */
export function useDeleteSample() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/sample-templates/${id}`, { method: 'DELETE' }),
    onSuccess: reload,
  });
}
