/**
 * What this process is doing right now — the routes and jobs in flight — so a stall report can
 * name them. Entries are labels such as 'GET /api/lists/:id' or 'job lists.index-search'.
 */
const running = new Map<number, { label: string; since: number }>();
let nextId = 1;

/** Marks `label` as running; call the returned function when it ends. */
export function beginActivity(label: string): () => void {
  const id = nextId++;
  running.set(id, { label, since: Date.now() });
  return () => {
    running.delete(id);
  };
}

/** Runs `work` as the activity `label`. */
export async function asActivity<T>(label: string, work: () => Promise<T>): Promise<T> {
  const end = beginActivity(label);
  try {
    return await work();
  } finally {
    end();
  }
}

/** The labels in flight, oldest first, each with how long it has run (ms); at most `limit`. */
export function currentActivities(limit = 8): Array<{ label: string; forMs: number }> {
  const now = Date.now();
  return [...running.values()].slice(0, limit).map((a) => ({ label: a.label, forMs: now - a.since }));
}
