import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSettings, TSettingsUpdate } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of /settings (docs/requirements/administration.md#administration). */
export const settingsKeys = { all: ['settings'] as const };

/**
 * GET /api/account/settings → TSettings `{ time_zone (IANA or null = the browser's),
 * project_defaults { template_type, paper_size, sides, permit_type }, product_permit, short_link_base_url,
 * mailer_id, imb_service_type_id, imb_barcode_id }`.
 * The new-project form starts from `project_defaults`.
 */
export function useSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: () => api<TSettings>('/api/account/settings') });
}

/**
 * PUT /api/account/settings `{ time_zone, project_defaults, mailer_id?, imb_service_type_id?, imb_barcode_id? }` → TSettings
 * (400 for an unknown zone, a size the type does not offer, or a Mailer ID, Service Type ID or Barcode ID out of shape;
 * mail-tracking fields left out keep their values).
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettingsUpdate) => api<TSettings>('/api/account/settings', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.all, saved),
  });
}
