/**
 * A background loop inside each server process: runs `round` now, then again `pollMs` after each
 * round ends (never two rounds of one worker at once), until stopped. The rounds themselves must
 * be safe to run in several processes at once (claims by conditional UPDATE): this loop only
 * decides when. With `exclusive`, a loop round runs only in the process holding the job's lock
 * (server/jobs/exclusive.ts) and is skipped in the others; `runOnce` always runs.
 */
import { runExclusive, type ExclusiveOn } from './exclusive';

export interface WorkerLog {
  error(obj: object, msg?: string): void;
}

export class IntervalWorker<R = unknown> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    /** Named in the log line of a failed round. */
    private readonly name: string,
    /** One round; `now` is the clock (tests pass their own). */
    private readonly round: (now: number) => Promise<R>,
    private readonly log: () => WorkerLog,
    readonly pollMs: number,
    private readonly options: { exclusive?: ExclusiveOn } = {},
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the loop and waits for the round under way, so the database can be closed after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round now, outside the loop (tests, and callers that must wait for it). */
  runOnce(now: number = Date.now()): Promise<R> {
    return this.round(now);
  }

  /** Work just arrived: run a round now, or right after the one under way. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private loopRound(now: number): Promise<unknown> {
    const on = this.options.exclusive;
    return on ? runExclusive(on.db, on.dialect, this.name, () => this.round(now)) : this.round(now);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.loopRound(Date.now())
        .catch((error: unknown) => this.log().error({ err: error }, `${this.name}: round failed`))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.pollMs);
        });
    }, ms);
    // A pending round must not keep a finished process (tests, scripts) alive.
    this.timer.unref?.();
  }
}
