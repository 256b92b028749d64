/**
 * A ZIP archive written as it is read: each entry deflated by node:zlib as its bytes come, its
 * CRC and sizes written after it (a data descriptor, general purpose flag bit 3) and again in
 * the central directory at the end, so nothing but the deflater's window is held in memory
 * whatever an entry's size. The downloads' XLSX (downloads.ts) is such an archive. The
 * catalogue's import re-packs what it read with storedZip (catalog/xlsx-archive.ts), which
 * stores small parts already in memory; this one is for large files written on the fly.
 */
import zlib from 'node:zlib';
import { Readable, pipeline } from 'node:stream';

export interface ZipStreamEntry {
  name: string;
  /** The entry's bytes, as they come. */
  data: Buffer | string | AsyncIterable<Buffer | string>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DEFLATED = 8;
/** Sizes and CRC follow the data (bit 3); names are UTF-8 (bit 11). */
const FLAGS = 0x0808;
/** This writer writes no ZIP64 records: a part or an archive past 4 GiB is refused. */
const MAX_32 = 0xffffffff;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

async function* asChunks(data: ZipStreamEntry['data']): AsyncGenerator<Buffer> {
  if (typeof data === 'string' || Buffer.isBuffer(data)) {
    yield Buffer.from(data);
    return;
  }
  for await (const chunk of data) yield Buffer.from(chunk);
}

function localHeader(name: Buffer): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(LOCAL_HEADER, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(FLAGS, 6);
  h.writeUInt16LE(DEFLATED, 8);
  // Time and date 0 (1980-01-01); CRC and sizes 0 here, in the descriptor after the data.
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function descriptor(w: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(DATA_DESCRIPTOR, 0);
  d.writeUInt32LE(w.crc, 4);
  d.writeUInt32LE(w.compressed, 8);
  d.writeUInt32LE(w.size, 12);
  return d;
}

function directoryEntry(w: Written): Buffer {
  const c = Buffer.alloc(46);
  c.writeUInt32LE(DIRECTORY_ENTRY, 0);
  c.writeUInt16LE(20, 4);
  c.writeUInt16LE(20, 6);
  c.writeUInt16LE(FLAGS, 8);
  c.writeUInt16LE(DEFLATED, 10);
  c.writeUInt32LE(w.crc, 16);
  c.writeUInt32LE(w.compressed, 20);
  c.writeUInt32LE(w.size, 24);
  c.writeUInt16LE(w.name.length, 28);
  c.writeUInt32LE(w.offset, 42);
  return Buffer.concat([c, w.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(END_OF_DIRECTORY, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(size, 12);
  e.writeUInt32LE(offset, 16);
  return e;
}

async function* archive(entries: Iterable<ZipStreamEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const w: Written = { name: Buffer.from(entry.name, 'utf8'), crc: 0, compressed: 0, size: 0, offset };
    const header = localHeader(w.name);
    yield header;
    offset += header.length;
    // The raw bytes are counted and checksummed on their way into the deflater; a failing source
    // (a database error mid-export) destroys it, and the archive ends there, cut short.
    const deflater = zlib.createDeflateRaw({ level: 6 });
    const counted = async function* () {
      for await (const chunk of asChunks(entry.data)) {
        w.crc = zlib.crc32(chunk, w.crc);
        w.size += chunk.length;
        yield chunk;
      }
    };
    pipeline(Readable.from(counted()), deflater, () => {});
    for await (const chunk of deflater as AsyncIterable<Buffer>) {
      w.compressed += chunk.length;
      yield chunk;
    }
    if (w.size > MAX_32 || w.compressed > MAX_32) throw new Error(`${entry.name} is larger than a ZIP without ZIP64 holds`);
    const d = descriptor(w);
    yield d;
    offset += w.compressed + d.length;
    written.push(w);
  }
  if (offset > MAX_32) throw new Error('The archive is larger than a ZIP without ZIP64 holds');
  const directory = written.map(directoryEntry);
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  yield* directory;
  yield endOfDirectory(written.length, size, offset);
}

/** The archive of these entries, in this order, as a stream. */
export function zipStream(entries: Iterable<ZipStreamEntry>): Readable {
  return Readable.from(archive(entries), { objectMode: false });
}
