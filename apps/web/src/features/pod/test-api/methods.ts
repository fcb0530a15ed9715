import type { ApiMethod } from '../api-call';

/** The methods the Test API tab offers, each with what it does (docs/requirements/print-on-demand-api.md#screens "Test API tab"). */
export const API_METHODS: readonly { method: ApiMethod; description: string }[] = [
  { method: 'GET', description: 'Read data' },
  { method: 'POST', description: 'Create a resource' },
  { method: 'PUT', description: 'Replace/update' },
  { method: 'DELETE', description: 'Remove' },
  { method: 'PATCH', description: 'Partly update' },
];

/** Whether `method` carries a JSON body, so the body field shows (docs/requirements/print-on-demand-api.md#screens: POST, PUT and PATCH). */
export const methodSendsBody = (method: ApiMethod): boolean => method === 'POST' || method === 'PUT' || method === 'PATCH';
