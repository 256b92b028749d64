/**
 * Files the API sends for a spreadsheet: CSV (UTF-8 with a BOM, or Excel reads Bengali as
 * Latin-1) and XLSX (one sheet, written as a streamed ZIP: zip-stream.ts). Rows come as an
 * (async) iterable and are written as they come, so an export's memory stays flat whatever its
 * size. Every text cell is neutralised (domain/spreadsheet-cells.ts: a spreadsheet would run a
 * name starting with `=` as a formula); numbers stay numbers.
 */
import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { neutraliseCell, neutraliseRow } from '../../domain/spreadsheet-cells';
import { zipStream } from './zip-stream';

export type Cell = string | number | null | undefined;
export type SheetRow = Record<string, Cell>;
type Rows = Iterable<SheetRow> | AsyncIterable<SheetRow>;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function* neutralised(rows: Rows): AsyncGenerator<SheetRow> {
  for await (const row of rows) yield neutraliseRow(row);
}

/** The rows as CSV: a BOM, the header (the column keys), then a line a row. */
export function csvStream(columns: readonly string[], rows: Rows): Readable {
  const csv = stringify({ bom: true, header: true, columns: [...columns] });
  return pipeline(Readable.from(neutralised(rows)), csv, () => {});
}

// XML 1.0 allows neither most control characters nor U+FFFE/U+FFFF; a cell never holds them.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeXml = (s: string) => s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(i: number): string {
  return i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));
}

function cellXml(value: Cell, ref: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutraliseCell(value))}</t></is></c>`;
}

function rowXml(n: number, cells: Cell[]): string {
  return `<row r="${n}">${cells.map((v, i) => cellXml(v, `${columnName(i)}${n}`)).join('')}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const workbook = (sheet: string) =>
  `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
  `<sheets><sheet name="${escapeXml(sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Rows written to the sheet per chunk handed to the deflater. */
const ROWS_PER_CHUNK = 200;

async function* sheetXml(columns: readonly string[], rows: Rows): AsyncGenerator<string> {
  // The header row stays in view as the sheet scrolls.
  yield `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
  let n = 1;
  let chunk = rowXml(n, [...columns]);
  let inChunk = 1;
  for await (const row of rows) {
    n += 1;
    chunk += rowXml(n, columns.map((c) => row[c]));
    if (++inChunk >= ROWS_PER_CHUNK) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

/** The rows as an .xlsx of one sheet: the header (the column keys) in row 1, frozen. */
export function xlsxStream(columns: readonly string[], rows: Rows, sheet = 'Sheet1'): Readable {
  return zipStream([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: workbook(sheet) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(columns, rows) },
  ]);
}

export type DownloadFormat = 'csv' | 'xlsx';

/** Sends a file to save: its type, a name, never stored by a cache (it holds the shop's figures). */
export function sendDownload(reply: FastifyReply, file: { name: string; format: DownloadFormat }, body: Readable) {
  return reply
    .header('content-type', file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}.${file.format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
