/**
 * An .xlsx upload unzipped by the shop itself, counting the bytes actually inflated, before
 * read-excel-file sees it. read-excel-file unzips by itself (unzipper-esm, reading the local
 * headers one after the other) with no limit, and the sizes an archive declares are the
 * uploader's word: a 306 KB file that declared small sizes inflated to hundreds of megabytes
 * inside the server. So:
 *
 * 1. The central directory is read (the archive's own list of entries); each entry's bytes are
 *    found through its local header and the compressed size the directory gives.
 * 2. Every entry read-excel-file would read (`.xml`, `.xml.rels`) is inflated once through a
 *    streaming inflate that only counts: past `maxBytes` in all, the inflate stops and
 *    UnzippedTooLarge is thrown. Nothing is kept, so a bomb costs a little CPU and no memory.
 * 3. Only then are the entries inflated again and kept (each at most the size just counted).
 * 4. read-excel-file is handed a new archive of those entries, stored (not compressed): it has
 *    nothing left to inflate, and what it reads is exactly what was counted.
 *
 * node:zlib does the inflating (no new dependency: read-excel-file's own fflate and unzipper
 * are not ours to rely on, and the ZIP structure needed here is small).
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';

/** The entries inflated add up to more than the limit. */
export class UnzippedTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the archive unzips to more than ${limit} bytes`);
  }
}

/** Not a ZIP archive this reader can open (truncated, encrypted, an unknown compression…). */
export class UnreadableZip extends Error {}

interface Entry {
  name: string;
  method: number;
  /** Where the entry's compressed bytes are in the archive. */
  start: number;
  compressedSize: number;
  /** What the archive declares; never trusted for memory, only for refusing early. */
  declaredSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ZIP64 = 0xffffffff;

/** The entries read-excel-file reads (its filterZipArchiveEntry): the others are neither inflated nor counted. */
export const isSheetPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

function u32(data: Buffer, at: number): number {
  if (at < 0 || at + 4 > data.length) throw new UnreadableZip('not a complete ZIP archive');
  return data.readUInt32LE(at);
}
function u16(data: Buffer, at: number): number {
  if (at < 0 || at + 2 > data.length) throw new UnreadableZip('not a complete ZIP archive');
  return data.readUInt16LE(at);
}

/** A ZIP64 extra field's sizes and offset (only those whose 32-bit field said 0xFFFFFFFF are there, in this order). */
function zip64Values(extra: Buffer, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      const next = () => {
        if (p + 8 > at + 4 + length || p + 8 > extra.length) throw new UnreadableZip('a ZIP64 field is cut short');
        const value = Number(extra.readBigUInt64LE(p));
        p += 8;
        return value;
      };
        return { size: wanted.size ? next() : undefined, compressed: wanted.compressed ? next() : undefined, offset: wanted.offset ? next() : undefined };
    }
    at += 4 + length;
  }
  // No ZIP64 field: the 32-bit values stand (a declared 4 GB is refused as too large).
  return { size: undefined, compressed: undefined, offset: undefined };
}

/** The archive's entries, from its central directory. */
export function zipEntries(data: Buffer): Entry[] {
  // The end-of-directory record is the last 22 bytes, plus a comment of at most 64 KB.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new UnreadableZip('not a complete ZIP archive');
  const count = u16(data, end + 10);
  let at = u32(data, end + 16);
  if (count === 0xffff || at === ZIP64) throw new UnreadableZip('a ZIP64 archive of this size is not an .xlsx this shop reads');
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(data, at) !== DIRECTORY_ENTRY) throw new UnreadableZip('the ZIP directory is damaged');
    const flags = u16(data, at + 8);
    const method = u16(data, at + 10);
    let compressedSize = u32(data, at + 20);
    let declaredSize = u32(data, at + 24);
    const nameLength = u16(data, at + 28);
    const extraLength = u16(data, at + 30);
    const commentLength = u16(data, at + 32);
    let offset = u32(data, at + 42);
    if (at + 46 + nameLength + extraLength > data.length) throw new UnreadableZip('the ZIP directory is damaged');
    const name = data.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    if (compressedSize === ZIP64 || declaredSize === ZIP64 || offset === ZIP64) {
      const extra = data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const big = zip64Values(extra, { size: declaredSize === ZIP64, compressed: compressedSize === ZIP64, offset: offset === ZIP64 });
      declaredSize = big.size ?? declaredSize;
      compressedSize = big.compressed ?? compressedSize;
      offset = big.offset ?? offset;
    }
    at += 46 + nameLength + extraLength + commentLength;
    if (!isSheetPart(name)) continue;
    if (flags & 0x1) throw new UnreadableZip('the file is encrypted (password protected)');
    if (method !== STORED && method !== DEFLATED) throw new UnreadableZip(`${name} is compressed in a way this shop does not read (method ${method})`);
    if (u32(data, offset) !== LOCAL_HEADER) throw new UnreadableZip('the ZIP directory points to nothing');
    const start = offset + 30 + u16(data, offset + 26) + u16(data, offset + 28);
    if (start + compressedSize > data.length) throw new UnreadableZip(`${name} is cut short`);
    entries.push({ name, method, start, compressedSize, declaredSize });
  }
  return entries;
}

/** How many bytes a raw deflate stream inflates to, keeping none of them; throws UnzippedTooLarge past `budget`. */
function countInflated(compressed: Buffer, budget: number, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 256 * 1024 });
    let bytes = 0;
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget) {
        inflater.destroy();
        reject(new UnzippedTooLarge(limit));
      }
    });
    inflater.on('error', (error) => reject(new UnreadableZip(`the compressed data is damaged (${error.message})`)));
    inflater.on('end', () => resolve(bytes));
    inflater.end(compressed);
  });
}

const inflateRaw = promisify(zlib.inflateRaw) as (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * The archive's sheet parts, inflated, never more than `maxBytes` in all (UnzippedTooLarge) —
 * counted as inflated, whatever the archive declares. Of two entries with one name, the later.
 */
export async function unzipSheetParts(data: Buffer, maxBytes: number): Promise<Map<string, Buffer>> {
  const entries = zipEntries(data);
  // Declared sizes can only refuse early: an honest archive over the limit costs no inflating.
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > maxBytes) throw new UnzippedTooLarge(maxBytes);
  const compressed = (e: Entry) => data.subarray(e.start, e.start + e.compressedSize);
  const sizes: number[] = [];
  let total = 0;
  for (const e of entries) {
    const size = e.method === STORED ? e.compressedSize : await countInflated(compressed(e), maxBytes - total, maxBytes);
    total += size;
    if (total > maxBytes) throw new UnzippedTooLarge(maxBytes);
    sizes.push(size);
  }
  const files = new Map<string, Buffer>();
  for (const [i, e] of entries.entries()) {
    if (e.method === STORED) {
      files.set(e.name, compressed(e));
      continue;
    }
    try {
      // The size just counted bounds this inflate too: the same bytes inflate the same way.
      files.set(e.name, await inflateRaw(compressed(e), { maxOutputLength: Math.max(1, sizes[i]!) }));
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new UnzippedTooLarge(maxBytes);
      throw new UnreadableZip(`the compressed data is damaged (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return files;
}

/** A ZIP archive of these files, stored (not compressed), as the pieces to send one after another. */
export function storedZip(files: Map<string, Buffer>): Buffer[] {
  const pieces: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    pieces.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return [...pieces, ...directory, end];
}
