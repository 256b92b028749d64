import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // HAAT_BUILD_DIR lets two people build and run browser tests side by side without clashing.
  buildDirectory: process.env.HAAT_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
