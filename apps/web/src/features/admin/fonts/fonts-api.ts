import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminFont, TAdminFontPatch } from '@mailcraft/shared';
import { api } from '../../../lib/api-client';
import { designKeys } from '../../designs/design-api';
import { auditKeys } from '../audit-log';

/** Query keys of font administration. */
export const adminFontKeys = {
  all: ['admin', 'fonts'] as const,
};

/** GET /api/admin/fonts (docs/requirements/administration.md#administration, administrators only): every font with its details and usage count. */
export function useAdminFonts() {
  return useQuery({ queryKey: adminFontKeys.all, queryFn: () => api<TAdminFont[]>('/api/admin/fonts') });
}

/** After any font change: the admin list, the audit log and the designer's fonts (loaded once per session) reload. */
function useReloadFonts() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: adminFontKeys.all }),
    client.invalidateQueries({ queryKey: auditKeys.all }),
    client.invalidateQueries({ queryKey: designKeys.fonts }),
  ]);
}

/**
 * POST /api/admin/fonts (multipart `file`, optional `name`) → the font. Failures throw the
 * server's message (ApiError), e.g. 'This file is not a TrueType or OpenType font.' or
 * 'A font named X already exists'.
 */
export function useUploadFont() {
  const reload = useReloadFonts();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      form.append('file', file);
      return api<TAdminFont>('/api/admin/fonts', { method: 'POST', body: form });
    },
    onSuccess: reload,
  });
}

/** PATCH /api/admin/fonts/{id} {display_name?, is_fallback?} → the font (rename, make fallback). */
export function useUpdateFont() {
  const reload = useReloadFonts();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TAdminFontPatch }) => api<TAdminFont>(`/api/admin/fonts/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: reload,
  });
}

/** DELETE /api/admin/fonts/{id} → 204; 409 with the reason for a built-in, fallback or used font. */
export function useDeleteFont() {
  const reload = useReloadFonts();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/fonts/${id}`, { method: 'DELETE' }),
    onSuccess: reload,
  });
}

/** Why a font cannot be deleted (the server refuses the same cases), or null when it can. */
export function deleteBlocker(font: TAdminFont): string | null {
  if (font.builtin) return 'Built-in fonts cannot be deleted';
  if (font.is_fallback) return 'The fallback font cannot be deleted';
  if (font.used_by > 0) return `Used by ${font.used_by} ${font.used_by === 1 ? 'design' : 'designs'}`;
  return null;
}
