import { describe, expect, it } from 'vitest';
import { IntervalWorker } from './interval-worker';

const quiet = () => ({ error() {} });
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('IntervalWorker', () => {
  it('runs a round at start, never two at once, and stop waits for the round under way', async () => {
    let active = 0;
    let most = 0;
    let rounds = 0;
    let finished = 0;
    const worker = new IntervalWorker('test', async () => {
      active += 1;
      most = Math.max(most, active);
      rounds += 1;
      await tick(30);
      active -= 1;
      finished += 1;
    }, quiet, 5);
    worker.start();
    for (let i = 0; i < 10; i++) worker.nudge();
    await tick(60);
    await worker.stop();
    expect(rounds).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
    expect(finished).toBe(rounds);
    const after = rounds;
    await tick(40);
    expect(rounds).toBe(after);
  });

  it('a failed round is logged and the loop goes on', async () => {
    const errors: string[] = [];
    let rounds = 0;
    const worker = new IntervalWorker('flaky', async () => {
      rounds += 1;
      if (rounds === 1) throw new Error('boom');
    }, () => ({ error: (_obj: object, msg?: string) => void errors.push(msg ?? '') }), 5);
    worker.start();
    await tick(50);
    await worker.stop();
    expect(errors).toEqual(['flaky: round failed']);
    expect(rounds).toBeGreaterThan(1);
  });

  it('a nudge while idle runs a round now instead of at the next poll', async () => {
    let rounds = 0;
    const worker = new IntervalWorker('slow poll', async () => void (rounds += 1), quiet, 60_000);
    worker.start();
    await tick(10);
    expect(rounds).toBe(1);
    worker.nudge();
    await tick(10);
    expect(rounds).toBe(2);
    await worker.stop();
  });
});
