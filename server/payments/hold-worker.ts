/**
 * The hold worker: runs inside each server process (started by server/main.ts, stopped before
 * the database closes) and, every `pollMs`, runs one round of the payments service's
 * `expireHolds`: attempts whose outcome was in doubt are looked up, and online orders left
 * unpaid past PAYMENT_HOLD_MINUTES are settled or cancelled with their stock given back. Each
 * attempt and each order is claimed with a conditional UPDATE, so several processes may run
 * rounds at once without handling anything twice.
 */
export interface HoldWorkerOptions {
  /** Between rounds; default 30 s (a hold is minutes long). */
  pollMs?: number;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export class HoldWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  readonly pollMs: number;

  constructor(
    private readonly round: (now: number) => Promise<number>,
    private readonly log: () => Log,
    opts: HoldWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 30_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the round under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round now (tests pass their own clock): answers how many orders were cancelled. */
  runOnce(now: number = Date.now()): Promise<number> {
    return this.round(now);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce()
        .catch((error: unknown) => this.log().error({ err: error }, 'payment hold worker: round failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }
}
