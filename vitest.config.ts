import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code; browser journeys live in e2e/ and run through `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'checks/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NODE_ENV: 'test' },
  },
});
