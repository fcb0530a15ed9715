import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperSize, TApplySampleResult, TemplateType, TSampleTemplate } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { designKeys } from '../designs/design-api';
import { projectKeys } from '../projects/projects-api';

/** The gallery's filter: a mailer type and a paper size, each optional. */
export type SampleFilter = { type?: TemplateType; size?: PaperSize };

/** Query keys of the sample-template gallery. */
export const sampleKeys = {
  all: ['sample-templates'] as const,
  list: (f: SampleFilter) => [...sampleKeys.all, f.type ?? '', f.size ?? ''] as const,
};

/** GET /api/templates/samples?type&size (docs/requirements/administration.md#administration): published samples in gallery order. */
export function useSampleTemplates(filter: SampleFilter) {
  const query = new URLSearchParams();
  if (filter.type) query.set('type', filter.type);
  if (filter.size) query.set('size', filter.size);
  const qs = query.toString();
  return useQuery({ queryKey: sampleKeys.list(filter), queryFn: () => api<TSampleTemplate[]>(`/api/templates/samples${qs ? `?${qs}` : ''}`) });
}

/**
 * POST /api/templates/samples/{id}/apply {projectId} → {project_id}: the sample's design replaces
 * the project's. Failures throw the server's message (ApiError), e.g. 409 'This template is 6x9;
 * your project is 8.5x11.'. On success the project and its design are reloaded.
 */
export function useApplySample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sampleId, projectId }: { sampleId: string; projectId: string }) =>
      api<TApplySampleResult>(`/api/templates/samples/${sampleId}/apply`, { method: 'POST', body: { projectId } }),
    onSuccess: ({ project_id }) => Promise.all([
      client.invalidateQueries({ queryKey: projectKeys.all }),
      client.removeQueries({ queryKey: designKeys.design(project_id) }),
    ]),
  });
}
