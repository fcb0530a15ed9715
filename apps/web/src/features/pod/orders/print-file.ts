import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../api-call';
import type { KeyChoice } from '../key-picker';
import { orderKeys } from './order-data';

/** Whether `url` (absolute or relative to this page) is on this page's origin, where the API key may be sent. */
export function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * GETs an order's print file (`file_url`, e.g. '/api/orders/{id}/file') with the key in the
 * X-API-Key header — never in the address, where it would end up in history and logs — and returns
 * it as a Blob. Throws Error with the API's message for a non-2xx answer.
 */
export async function fetchPrintFile(fileUrl: string, apiKey: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(fileUrl, { headers: { 'x-api-key': apiKey }, credentials: 'omit', signal });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // Not JSON: the status says enough.
    }
    throw new Error(apiErrorMessage(body) ?? `The API answered ${res.status}`);
  }
  return res.blob();
}

/**
 * An object URL of the order's print file for a 'Download print file' link, once `fileUrl` is set
 * and on this origin (the key is only sent there): `{ href, error, loading }`. The object URL is
 * revoked when the file changes or the link goes away.
 */
export function usePrintFile(key: KeyChoice, orderId: string, fileUrl: string | null) {
  const wanted = !!fileUrl && sameOrigin(fileUrl) && !!key.secret;
  const file = useQuery({
    queryKey: orderKeys.file(key.id, orderId),
    queryFn: ({ signal }) => fetchPrintFile(fileUrl!, key.secret!, signal),
    enabled: wanted, retry: false, staleTime: Infinity,
  });
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const url = URL.createObjectURL(file.data);
    setHref(url);
    return () => {
      URL.revokeObjectURL(url);
      setHref(null);
    };
  }, [file.data]);
  return { href, error: file.error, loading: wanted && file.isPending };
}
