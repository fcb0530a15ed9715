import { expect } from 'vitest';
import type { TestUser } from './harness.js';

/**
 * Starts a print file of the project through the real route (`body`: the print options), waits up
 * to 60 s for the job to finish (expects 'done') and answers the file's download answer, with the
 * finished job (`GET /api/print-jobs/{id}`: options, preflight …) as `job`.
 */
export async function printFile(user: TestUser, projectId: string, body: object = {}) {
  const started = await user.req({ method: 'POST', url: `/api/projects/${projectId}/print`, payload: body });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  let job: { status: string } & Record<string, unknown> = { status: 'queued' };
  for (let i = 0; i < 300 && !['done', 'failed'].includes(job.status); i++) {
    await new Promise((r) => setTimeout(r, 200));
    job = (await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}` })).json();
  }
  expect(job.status).toBe('done');
  return Object.assign(await user.req({ method: 'GET', url: `/api/print-jobs/${jobId}/file` }), { job });
}
