/**
 * `GET /healthz`: 200 `{"status":"ok"}` once the database answers, 503 otherwise. A load balancer
 * or a monitor may ask many times a second, so one probe runs at a time and its answer, good or
 * bad, stands for `ttlMs` (one second): the check reflects the database within a second and never
 * becomes its load.
 */
export function databaseProbe(check: () => Promise<unknown>, ttlMs = 1000): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;
  return function healthy() {
    if (last && performance.now() - last.at < ttlMs) return Promise.resolve(last.ok);
    running ??= check()
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        last = { ok, at: performance.now() };
        running = null;
        return ok;
      });
    return running;
  };
}
