/**
 * The spreadsheets the API sends: CSV with a BOM and XLSX as a streamed, deflated ZIP that the
 * catalogue import's reader opens; text that would run as a formula is neutralised, characters
 * XML cannot hold are dropped, numbers stay numbers, and a failing source cuts the file short
 * instead of ending it as if complete.
 */
import { describe, expect, it } from 'vitest';
import { readUpload } from '../catalog/import-rows';
import { unzipSheetParts, zipEntries } from '../catalog/xlsx-archive';
import { columnName, csvStream, xlsxStream } from './downloads';

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

const ROWS = [
  { name: '=1+2', city: 'ঢাকা & <Mirpur>', amount: -50, note: null },
  { name: 'Rahim\u0007 "quoted"', city: '@home', amount: 1250.5, note: '📚' },
];

describe('downloads', () => {
  it('writes CSV with a BOM, the header, and text a spreadsheet would run neutralised', async () => {
    const file = await bytes(csvStream(['name', 'city', 'amount', 'note'], ROWS));
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.subarray(3).toString('utf8').split('\n')).toEqual(['name,city,amount,note', "'=1+2,ঢাকা & <Mirpur>,-50,", `"Rahim\u0007 ""quoted""",'@home,1250.5,📚`, '']);
  });

  it('writes an XLSX the import reads back: deflated parts, numbers as numbers, XML-safe text', async () => {
    const file = await bytes(xlsxStream(['name', 'city', 'amount', 'note'], (async function* () { yield* ROWS; })(), 'Orders: Nov/Dec'));
    // (zipEntries lists the parts read-excel-file reads: .xml and .xml.rels.)
    expect(zipEntries(file).map((e) => [e.name, e.method])).toEqual([
      ['[Content_Types].xml', 8],
      ['xl/workbook.xml', 8],
      ['xl/_rels/workbook.xml.rels', 8],
      ['xl/worksheets/sheet1.xml', 8],
    ]);
    const parts = await unzipSheetParts(file, 1024 * 1024);
    expect(parts.get('xl/workbook.xml')!.toString()).toContain('<sheet name="Orders  Nov Dec"');
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString();
    expect(sheet).toContain('<c r="C2"><v>-50</v></c>');
    expect(sheet).toContain('ঢাকা &amp; &lt;Mirpur&gt;');
    expect(sheet).not.toContain('\u0007');
    const read = await readUpload(file);
    expect(read.rows.map((r) => r.row)).toEqual([
      { name: "'=1+2", city: 'ঢাকা & <Mirpur>', amount: '-50', note: '' },
      { name: 'Rahim "quoted"', city: "'@home", amount: '1250.5', note: '📚' },
    ]);
  });

  it('cuts the XLSX short when its rows fail midway, so a broken export never looks complete', async () => {
    async function* failing() {
      yield ROWS[0]!;
      throw new Error('the database went away');
    }
    await expect(bytes(xlsxStream(['name'], failing()))).rejects.toThrow('the database went away');
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
