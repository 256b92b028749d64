/**
 * Idle memory (issue 32): the built server, started as `npm start` starts it (its Node options
 * too) on SQLite with the demo shop, holds under LIMIT_MB resident once it has answered a few
 * pages and API calls. Read
 * from the kernel (VmRSS in /proc/<pid>/status), the figure an operator's `top` shows. What is
 * rarely used (the AWS SDK, sharp, the XLSX and CSV readers, the OpenAPI generator, the PDF makers)
 * is imported on first use, not at start.
 *
 * Asserted on the second start, the usual one (the database already holds the demo shop); the
 * first start, which draws the demo pictures with sharp, is printed beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './processes';

/**
 * Issue 32's goal. Lazy imports brought the server from 174 to about 150 MB; capping V8's young
 * generation (`--max-semi-space-size=8` in package.json's start script, which startServer passes
 * too) to about 135 MB (docs/operations.md#memory). An eager import of the AWS SDK, sharp or the
 * OpenAPI generator again (about 5–20 MB each), or the flag dropped, fails it.
 */
const LIMIT_MB = 150;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-idle-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The process's resident set in MB, as the kernel counts it. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** Starts the server on the shared data folder, asks what a first visitor and a client ask, and reads its memory once idle. */
async function idleResident(): Promise<number> {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    for (const page of ['/', '/books', '/api/product/?page=1', '/api/product/1/', '/api/category/', '/healthz']) {
      const res = await fetch(server.baseUrl + page);
      expect(res.status, page).toBe(200);
      await res.arrayBuffer();
    }
    // Idle: the answers sent, the background start-up work (search documents) given time to finish.
    await new Promise((r) => setTimeout(r, 2000));
    return residentMb(server.pid);
  } finally {
    await server.stop();
  }
}

describe.skipIf(process.platform !== 'linux')('idle memory of the built server', () => {
  it(`stays under ${LIMIT_MB} MB resident after start, with the demo shop already in the database`, async () => {
    const first = await idleResident();
    const second = await idleResident();
    console.log(`idle RSS: first start (demo shop drawn) ${first.toFixed(1)} MB, second start ${second.toFixed(1)} MB`);
    expect(second).toBeLessThan(LIMIT_MB);
  });
});
