import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiCallResult } from '../api-call';
import type { TestRequest } from './build-request';

/**
 * Sends a Test API request (docs/requirements/print-on-demand-api.md#test-api-tab API: the method, path, X-API-Key, custom headers and
 * JSON body) as a mutation: `data` is the answer of any status (ApiCallResult, `ms` in
 * milliseconds), `error` a TransportError when no answer came. `onUnauthorized` runs on a 401: the
 * secret the tab used is wrong, so the key picker asks for it again.
 */
export function useSendTestRequest(onUnauthorized: () => void) {
  return useMutation<ApiCallResult, Error, TestRequest>({
    mutationFn: (r) => callApi({ method: r.method, path: r.path, apiKey: r.apiKey, body: r.body, headers: r.headers }),
    onSuccess: (result) => {
      if (result.status === 401) onUnauthorized();
    },
  });
}
