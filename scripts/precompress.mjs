// Compresses the client build once, at build time: beside each compressible file under
// <build dir>/client/ it writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9),
// each only when it is smaller than the file. The server sends them as they are
// (@fastify/static's preCompressed, server/http/compression.ts) and never compresses a file per
// request. Images and fonts are already compressed and are left alone.
//
// Run by `npm run build` after `react-router build`; HAAT_BUILD_DIR selects the build (default build/).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** Extensions of the text files worth compressing. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.html', '.txt', '.xml']);

const brotli = (data) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
const gzip = (data) => zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes the .br and .gz of every compressible file under `clientDir`, removing a stale one that
 * would no longer be smaller. Returns what it did, for the build's log and the tests.
 */
export function precompress(clientDir) {
  const written = [];
  let files = 0;
  let rawBytes = 0;
  let brBytes = 0;
  for (const file of filesUnder(clientDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const data = fs.readFileSync(file);
    files += 1;
    rawBytes += data.length;
    let smallest = data.length;
    for (const [suffix, compress] of [['.br', brotli], ['.gz', gzip]]) {
      const target = file + suffix;
      const packed = compress(data);
      if (packed.length < data.length) {
        fs.writeFileSync(target, packed);
        written.push(target);
        smallest = Math.min(smallest, packed.length);
      } else {
        fs.rmSync(target, { force: true });
      }
    }
    brBytes += smallest;
  }
  return { files, written, rawBytes, compressedBytes: brBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const buildDir = path.resolve(process.env.HAAT_BUILD_DIR ?? 'build');
  const clientDir = path.join(buildDir, 'client');
  if (!fs.existsSync(clientDir)) {
    console.error(`precompress: ${clientDir} does not exist (run react-router build first)`);
    process.exit(1);
  }
  const { files, written, rawBytes, compressedBytes } = precompress(clientDir);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`precompress: ${files} files, ${written.length} .br/.gz written; ${kib(rawBytes)} → ${kib(compressedBytes)} (smallest variant)`);
}
