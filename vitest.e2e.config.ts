import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built server on a free loopback port with a fresh
// demo shop and drives Debian's Chromium through playwright-core. One file at a time: the
// machines have two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
