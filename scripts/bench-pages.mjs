// `npm run bench:pages [-- --runs 3] [--strict] [--build-dir DIR]`: page weight and paint times
// on a throttled phone profile; see scripts/bench/pages.ts.
import { runScript } from './bundle.mjs';

await runScript('scripts/bench/pages.ts');
