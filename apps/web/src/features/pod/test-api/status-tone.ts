/** How an HTTP status reads at a glance: success 2xx, info 3xx, warning 4xx, error 5xx, default otherwise. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

/** The tone of `status` (Test API status tag, API Debug status column); 0 (no answer) is 'error'. */
export function statusTone(status: number): StatusTone {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 300 && status < 400) return 'info';
  if (status >= 400 && status < 500) return 'warning';
  if (status >= 500 || status === 0) return 'error';
  return 'default';
}
