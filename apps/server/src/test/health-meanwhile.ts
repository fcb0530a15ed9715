import type { FastifyInstance } from 'fastify';

/**
 * Asks `GET /api/health` again and again (every 50 ms, the first at once) while `work` — a hostile
 * request in flight — runs, and resolves with its outcome and the slowest health answer in ms:
 * a server that parses off its HTTP thread answers each in a few ms, one that parses on it not at
 * all until the parse ends.
 */
export async function healthWhile<T>(app: FastifyInstance, work: Promise<T>): Promise<{ result: T; answers: number; slowestMs: number }> {
  let running = true;
  const settled = work.finally(() => { running = false; });
  let answers = 0;
  let slowestMs = 0;
  do {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
    answers++;
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (running) await new Promise((resolve) => setTimeout(resolve, 50));
  } while (running);
  return { result: await settled, answers, slowestMs };
}
