/**
 * The courier poll worker: runs inside each server process (started by server/main.ts, stopped
 * before the database closes) and, every `pollMs`, runs one poll round (tracking.ts): parcels not
 * yet final are asked about once every COURIER_POLL_MINUTES. Each parcel is claimed with a
 * conditional UPDATE and each state applied from the state read, so several processes may run
 * rounds at once without acting twice on one change.
 */
interface Log {
  error(obj: object, msg?: string): void;
}

export class PollWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly round: (now: number) => Promise<number>,
    private readonly log: () => Log,
    readonly pollMs: number,
  ) {}

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

  /** One round now (tests pass their own clock): answers how many parcels changed state. */
  runOnce(now: number = Date.now()): Promise<number> {
    return this.round(now);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce()
        .catch((error: unknown) => this.log().error({ err: error }, 'courier poll worker: round failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }
}
