// Bundles the server (server/main.ts and everything it imports) into build/server-main.js.
// Packages stay external: they are loaded from node_modules at run time; the rarely used ones are
// imported where they are first used (`await import('sharp')` and the like), which stays a
// dynamic import in the bundle, so the server does not load them at start.
import fs from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.mjs';

const out = await bundle('server/main.ts', `${process.env.HAAT_BUILD_DIR ?? 'build'}/server-main.js`, { sourcemap: true });

// esbuild escapes non-ASCII in strings but leaves it in comments and regular expressions; one
// such character makes V8 hold the whole source as two bytes a character (2 MB instead of 1 for
// the life of the process). \uXXXX means the same in a regular expression, and in a comment nothing.
// (A character after a backslash is left alone: the file is then kept as it is.)
const source = fs.readFileSync(out, 'utf8');
if (!/\\[\u0080-\uffff]/.test(source)) {
  const ascii = source.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== source) fs.writeFileSync(out, ascii);
}

// `npm start` rebuilds when a source file is newer than this stamp.
fs.writeFileSync(path.join(path.dirname(out), '.built'), new Date().toISOString());
