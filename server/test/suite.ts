/**
 * Fixtures that live as long as a describe block (or a test file): opened in its beforeAll and
 * closed in its afterAll, the set-up most API tests share. Kept apart from app.ts, which scripts
 * outside vitest import too.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * Opens `open()`'s fixture in the enclosing beforeAll and closes it in afterAll. What it returns
 * stands for the fixture (each field is read from it once open), so tests can name it up front.
 */
export function perSuite<T extends { close(): Promise<void> }>(open: () => Promise<T>, timeoutMs?: number): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, timeoutMs);
  afterAll(() => opened?.close());
  return new Proxy({} as T, {
    get(_target, key) {
      if (!opened) throw new Error(`The suite's fixture was read (${String(key)}) before its beforeAll opened it.`);
      const value: unknown = Reflect.get(opened, key);
      return typeof value === 'function' ? value.bind(opened) : value;
    },
  });
}

/** A test app (createTestApp's arguments) for the enclosing describe block. */
export function suiteApp(...args: Parameters<typeof createTestApp>): TestApp {
  return perSuite(() => createTestApp(...args));
}
