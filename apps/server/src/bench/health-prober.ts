import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** What a prober saw: the time of every probe from sending to the whole answer (ms), and how many failed. */
export type ProbeResults = { latencies: number[]; failed: number };

type ProberData = { healthProber: { url: string; everyMs: number } };

/**
 * Asks `url` (GET, over real HTTP) every `everyMs` from a worker thread of this process, one
 * request at a time, until `stop`. A thread of its own, like a load balancer's probe outside the
 * server: when the server's event loop is blocked the probe is still sent on time and its answer
 * waits, so a stall shows as a slow answer instead of a probe never sent. A non-200 answer or a
 * failed request counts in `failed`, its time among the latencies.
 */
export function startHealthProber(url: string, everyMs: number): { stop(): Promise<ProbeResults> } {
  const data: ProberData = { healthProber: { url, everyMs } };
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const results = once(worker, 'message') as Promise<[ProbeResults]>;
  return {
    async stop() {
      worker.postMessage('stop');
      const [r] = await results;
      await worker.terminate();
      return r;
    },
  };
}

async function probe({ url, everyMs }: ProberData['healthProber']): Promise<void> {
  let stopping = false;
  parentPort!.once('message', () => { stopping = true; });
  const latencies: number[] = [];
  let failed = 0;
  let due = performance.now();
  while (!stopping) {
    const t0 = performance.now();
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch {
      failed++;
    }
    latencies.push(performance.now() - t0);
    due += everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else due = performance.now();
  }
  parentPort!.postMessage({ latencies, failed } satisfies ProbeResults);
}

if (!isMainThread && (workerData as Partial<ProberData> | null)?.healthProber) {
  void probe((workerData as ProberData).healthProber);
}
