// Bundles the server (server/main.ts and everything it imports) into build/server-main.js.
// Packages stay external: they are loaded from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.mjs';

const out = await bundle('server/main.ts', `${process.env.HAAT_BUILD_DIR ?? 'build'}/server-main.js`, { sourcemap: true });

// `npm start` rebuilds when a source file is newer than this stamp.
fs.writeFileSync(path.join(path.dirname(out), '.built'), new Date().toISOString());
