import { useQuery } from '@tanstack/react-query';
import type { TEffect, TEffectSpec } from '@mailcraft/shared';
import { api } from '../../../lib/api-client';

/** Query keys of image effects (docs/requirements/administration.md#administration): the list every signed-in user reads (designer) and the administrators' list. */
export const effectKeys = {
  all: ['effects'] as const,
  admin: ['admin', 'effects'] as const,
};

/** GET /api/effects (signed-in users): every named effect, by name — the designer's Effect choice. */
export function useEffects() {
  return useQuery({ queryKey: effectKeys.all, queryFn: () => api<TEffect[]>('/api/effects'), staleTime: 60_000 });
}

/** GET /api/admin/effects (administrators only): every named effect, by name. */
export function useAdminEffects() {
  return useQuery({ queryKey: effectKeys.admin, queryFn: () => api<TEffect[]>('/api/admin/effects') });
}

/** A Blob (the server's PNG) as a 'data:{type};base64,' URL. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(bin)}`;
}

/**
 * POST /api/admin/effects/preview {effect, image} → the unsaved effect drawn on `image` (a PNG or
 * JPEG data URL) by the server's `applyEffect`, as a PNG data URL. Throws the server's message
 * (ApiError), e.g. 413 for an image over 5 MB or 25 megapixels.
 */
export async function previewUnsavedEffect(effect: TEffectSpec, image: string, signal?: AbortSignal): Promise<string> {
  return blobToDataUrl(await api<Blob>('/api/admin/effects/preview', { method: 'POST', body: { effect, image }, signal, headers: { accept: 'image/png' } }));
}
