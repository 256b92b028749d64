import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, zipEntries as makeZip } from '../test/xlsx';
import { UnreadableZip, UnzippedTooLarge, storedZip, unzipSheetParts, zipEntries } from './xlsx-archive';

const MB = 1024 * 1024;

describe('unzipping an .xlsx within a limit of bytes actually inflated', () => {
  it('reads deflated and stored sheet parts, skipping the parts read-excel-file never reads', async () => {
    const sheet = Buffer.from('<worksheet>হিমু</worksheet>');
    const archive = makeZip([
      { name: 'xl/worksheets/sheet1.xml', data: sheet, deflate: true },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships/>') },
      { name: 'xl/media/image1.png', data: Buffer.alloc(5000, 7), deflate: true },
    ]);
    const parts = await unzipSheetParts(archive, MB);
    expect([...parts.keys()]).toEqual(['xl/worksheets/sheet1.xml', 'xl/_rels/workbook.xml.rels']);
    expect(parts.get('xl/worksheets/sheet1.xml')).toEqual(sheet);
  });

  it('stops at the limit counting what is inflated when the archive declares small sizes (a bomb), keeping none of it', async () => {
    const bomb = await deflatedZeros(160 * MB);
    const archive = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: bomb, declaredSize: 100 }]);
    expect(archive.length).toBeLessThan(200_000);
    expect(zipEntries(archive)[0]).toMatchObject({ declaredSize: 100 });
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - before)), 1);
    try {
      await expect(unzipSheetParts(archive, 128 * MB)).rejects.toBeInstanceOf(UnzippedTooLarge);
    } finally {
      clearInterval(sampler);
    }
    // Counting keeps nothing (what it drops waits for the collector): well under the 128 MB a keeping inflate would have held.
    expect(peak).toBeLessThan(64 * MB);
  });

  it('counts every entry against one limit, however many point at the same bytes', async () => {
    const part = zlib.deflateRawSync(Buffer.alloc(3 * MB));
    const archive = makeZip(Array.from({ length: 4 }, (_, i) => ({ name: `xl/p${i}.xml`, data: Buffer.alloc(0), deflated: part, declaredSize: 1 })));
    await expect(unzipSheetParts(archive, 10 * MB)).rejects.toBeInstanceOf(UnzippedTooLarge);
    expect((await unzipSheetParts(archive, 12 * MB)).size).toBe(4);
  });

  it('refuses early an archive whose declared sizes are over the limit', async () => {
    const archive = makeZip([{ name: 'a.xml', data: Buffer.from('x'), declaredSize: 0xfffffff0 }]);
    await expect(unzipSheetParts(archive, MB)).rejects.toBeInstanceOf(UnzippedTooLarge);
  });

  it('answers UnreadableZip for a cut archive, damaged data, an unknown method or encryption', async () => {
    const good = makeZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(100)), deflate: true }]);
    await expect(unzipSheetParts(good.subarray(0, good.length - 30), MB)).rejects.toBeInstanceOf(UnreadableZip);
    const damaged = Buffer.from(good);
    damaged.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 4);
    await expect(unzipSheetParts(damaged, MB)).rejects.toBeInstanceOf(UnreadableZip);
    const method = Buffer.from(good);
    method.writeUInt16LE(14, method.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    await expect(unzipSheetParts(method, MB)).rejects.toThrow(/method 14/);
    const locked = Buffer.from(good);
    locked.writeUInt16LE(1, locked.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    await expect(unzipSheetParts(locked, MB)).rejects.toThrow(/encrypted/);
    await expect(unzipSheetParts(Buffer.from('PK\x03\x04 not really'), MB)).rejects.toBeInstanceOf(UnreadableZip);
  });

  it('writes what it read back as a stored archive that reads the same', async () => {
    const files = new Map([
      ['[Content_Types].xml', Buffer.from('<Types/>')],
      ['xl/worksheets/sheet1.xml', Buffer.from('<worksheet>আমদানি</worksheet>')],
    ]);
    const again = await unzipSheetParts(Buffer.concat(storedZip(files)), MB);
    expect(again).toEqual(files);
  });
});
