/** Polls `check` every 100 ms until it holds; throws 'timed out' after `timeout` ms (jobs run in the background). */
export async function eventually(check: () => boolean | Promise<boolean>, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
