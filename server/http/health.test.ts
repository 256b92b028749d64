import { describe, expect, it } from 'vitest';
import { databaseProbe } from './health';

describe('the health probe', () => {
  it('asks the database once for requests that arrive together, and reuses the answer within its time', async () => {
    let asked = 0;
    const healthy = databaseProbe(async () => void (asked += 1), 50);
    expect(await Promise.all([healthy(), healthy(), healthy()])).toEqual([true, true, true]);
    expect(await healthy()).toBe(true);
    expect(asked).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await healthy()).toBe(true);
    expect(asked).toBe(2);
  });

  it('answers unhealthy while the database fails, and healthy again once its answer is older than the time', async () => {
    let down = true;
    const healthy = databaseProbe(async () => {
      if (down) throw new Error('connection refused');
    }, 30);
    expect(await healthy()).toBe(false);
    down = false;
    expect(await healthy()).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    expect(await healthy()).toBe(true);
  });
});
