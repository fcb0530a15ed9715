import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMap, type TApiKeyCreated } from '@mailcraft/shared';
import { eventually } from '../../test/eventually.js';
import { createDesign, createMailingList, createProject, designPage, onPlan, saveColumnMappings, textElement, us500 } from '../../test/factories.js';
import { createTestApp, signUpUser, type TestApp } from '../../test/harness.js';

const run = promisify(execFile);
const TSC = fileURLToPath(new URL('../../../../../node_modules/typescript/bin/tsc', import.meta.url));
const OPENAPI_FETCH = path.dirname(fileURLToPath(import.meta.resolve('openapi-fetch/package.json')));

/** The client code a developer would write against the generated types (type-checked below, then run). */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema';
export async function placeOrder(baseUrl: string, key: string, projectId: string, listId: string, recipientId: string) {
  const api = createClient<paths>({ baseUrl, headers: { 'X-API-Key': key } });
  const { data, error } = await api.POST('/api/orders/mailing', {
    body: { templateId: \`\${projectId}-main\`, mailingListId: listId, recipientId, deliveryType: 'print-mail', format: 'postcard' },
  });
  if (error || !data) throw new Error(JSON.stringify(error));
  const status: 'pending' | 'rendered' | 'printed' | 'mailed' | 'cancelled' | 'failed' = data.status;
  const cost: number = data.cost;
  return { id: data.id, status, cost };
}
`;

/**
 * docs/requirements/print-on-demand-api.md#print-on-demand-api "the docs are the contract": TypeScript types generated from the served OpenAPI document
 * (openapi-typescript) type-check a client's order code (openapi-fetch), which then places a real
 * mailing order against the API listener.
 */
describe('a client generated from the public API\'s OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-client-'));
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('type-checks a mailing order against the generated types and places it', async () => {
    await t.publicApi.ready();
    const document = t.publicApi.swagger();
    await fs.writeFile(path.join(dir, 'schema.ts'), astToString(await openapiTS(document as never)));
    await fs.writeFile(path.join(dir, 'client.ts'), CLIENT);
    await fs.mkdir(path.join(dir, 'node_modules'), { recursive: true });
    await fs.symlink(OPENAPI_FETCH, path.join(dir, 'node_modules', 'openapi-fetch'));
    await run(process.execPath, [TSC, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', 'client.ts'], { cwd: dir })
      .catch((err: { stdout?: string }) => { throw new Error(`the client does not type-check against the generated types:\n${err.stdout}`); });

    const user = await signUpUser(t.app);
    await onPlan(t.ctx.db, user.id, 'pro', { api: true });
    const projectId = (await createProject(t.ctx.db, user.id, { templateType: 'postcard', paperSize: '6x9', sides: 'single', permitType: 'none' })).id;
    const { headers, rows } = us500(3);
    const list = await createMailingList(t.ctx.db, user.id, { headers, rows, projectId });
    await saveColumnMappings(t.ctx.db, list.id, autoMap(headers));
    await createDesign(t.ctx.db, projectId, { inside: designPage([textElement('full_name', 20, 20)], '6x9') });
    const key = ((await user.req({ method: 'POST', url: '/keys', payload: { name: 'sdk' } })).json() as TApiKeyCreated).api_key;
    const baseUrl = await t.publicApi.listen({ host: '127.0.0.1', port: 0 });
    const recipientId = ((await (await fetch(`${baseUrl}/api/recipients/${list.id}`, { headers: { 'x-api-key': key } })).json()) as { data: { recipients: Array<{ id: string }> } }).data.recipients[0].id;

    // The same calls at run time: openapi-fetch with the generated paths.
    const api = createClient<Record<string, never>>({ baseUrl, headers: { 'X-API-Key': key } });
    const placed = await (api as unknown as { POST(p: string, o: object): Promise<{ data?: { id: string; status: string; cost: number }; response: Response }> })
      .POST('/api/orders/mailing', { body: { templateId: `${projectId}-main`, mailingListId: list.id, recipientId, deliveryType: 'print-mail', format: 'postcard' } });
    expect(placed.response.status).toBe(201);
    expect(placed.data).toMatchObject({ status: 'pending', cost: 1.25 });
    await eventually(async () => ((await (await fetch(`${baseUrl}/api/orders/${placed.data!.id}`, { headers: { 'x-api-key': key } })).json()) as { status: string }).status === 'rendered', 60_000);
  }, 120_000);
});
