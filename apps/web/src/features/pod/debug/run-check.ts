import { callApi, TransportError } from '../api-call';
import { answeredRow, unreachableRow, type DebugRow } from './debug-results';

/**
 * Runs one API Debug GET (docs/requirements/print-on-demand-api.md#api "Debug tab GETs") from this page's origin with `apiKey` in
 * X-API-Key ('' when none is known: the web server still hands the call to the API, where only the
 * health check is open). Resolves to its row — any status is a result, no answer is 'No answer:
 * the server may be down' — or null when `signal` aborted it (a newer run replaced it).
 */
export async function runCheck(check: { id: string; path: string; description: string }, apiKey: string | null, signal?: AbortSignal): Promise<DebugRow | null> {
  try {
    return answeredRow(check, await callApi({ method: 'GET', path: check.path, apiKey: apiKey ?? '', signal }));
  } catch (err) {
    if (signal?.aborted) return null;
    if (err instanceof TransportError) return unreachableRow(check);
    throw err;
  }
}
