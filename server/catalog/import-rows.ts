/**
 * An import's upload read as rows of text by column name, each with its line: a CSV read as a
 * stream by csv-parse, or an .xlsx (known by its ZIP signature, not its name) unzipped here
 * within XLSX_MAX_UNZIPPED bytes actually inflated (xlsx-archive.ts; past it, 413) and read
 * with read-excel-file: the first sheet, row 1 the header, each cell as the text a CSV would hold.
 * Both readers are imported on the first import, not at start: a server that is never sent a
 * file never holds them (read-excel-file and its XML parser alone take about 10 MB).
 */
import { Readable } from 'node:stream';
import type * as CsvParse from 'csv-parse';
import type * as ReadExcelFile from 'read-excel-file/node';
import { HttpError, badRequest } from '../http/errors';
import { UnreadableZip, UnzippedTooLarge, storedZip, unzipSheetParts } from './xlsx-archive';

/** An .xlsx unzips to far more than its upload size; past this many rows it is refused. */
export const XLSX_MAX_ROWS = 50_000;
/** What an .xlsx may unzip to, counted as it is inflated (a small upload can unzip to gigabytes): past it, 413. */
export const XLSX_MAX_UNZIPPED = 200 * 1024 * 1024;

/** A row of the upload: its line (the header is line 1) and its cells by column. */
export interface ParsedRow {
  line: number;
  row: Record<string, string>;
}
/** The upload's columns (the header, trimmed) and rows. */
export interface ParsedUpload {
  columns: string[];
  rows: ParsedRow[];
}

/** The upload's rows, CSV or XLSX. */
export function readUpload(data: Buffer, maxUnzipped = XLSX_MAX_UNZIPPED): Promise<ParsedUpload> {
  return isXlsx(data) ? readXlsxRows(data, maxUnzipped) : readRows(data);
}

let csvParse: Promise<typeof CsvParse> | null = null;
let readExcelFile: Promise<typeof ReadExcelFile> | null = null;

async function readRows(data: Buffer): Promise<ParsedUpload> {
  const { parse, CsvError } = await (csvParse ??= import('csv-parse'));
  let columns: string[] = [];
  const rows: ParsedRow[] = [];
  const parser = Readable.from([data]).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => (columns = header.map((h) => h.trim())),
      skip_empty_lines: true,
      trim: false,
      info: true,
    }),
  );
  // A row's line is where it starts (a quoted description may span lines): the line after the previous row's end.
  let end = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      rows.push({ line: end + 1, row: record });
      end = info.lines;
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`CSV পড়া যায়নি (The CSV could not be read): ${error.message}`);
    throw error;
  }
  return { columns, rows };
}

/** An .xlsx is a ZIP archive: it starts with a local file header. */
const isXlsx = (data: Buffer) => data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;

/** A cell as the CSV export would write it: numbers as typed (parseNumber keeps the text), dates as ISO, empty as ''. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** 413 with the file's own message: the upload is refused before anything is read or written. */
function xlsxTooLarge(limit: number): HttpError {
  const message = `XLSX ফাইলটি খুব বড় (The XLSX is too large): খুললে ${limit / 1024 / 1024} MB-এর বেশি হয় (it unzips to more than ${limit / 1024 / 1024} MB); ভাগ করে দিন বা CSV দিন (split it, or upload a CSV).`;
  return new HttpError(413, message, { file: [message] });
}

/**
 * The first sheet's rows. The archive is unzipped here, counting the bytes actually inflated
 * (xlsx-archive.ts), and read-excel-file reads a stored copy of what was counted.
 */
async function readXlsxRows(data: Buffer, maxUnzipped: number): Promise<ParsedUpload> {
  let parts: Map<string, Buffer>;
  try {
    parts = await unzipSheetParts(data, maxUnzipped);
  } catch (error) {
    if (error instanceof UnzippedTooLarge) throw xlsxTooLarge(maxUnzipped);
    if (error instanceof UnreadableZip) throw badRequest(`XLSX পড়া যায়নি (The XLSX could not be read): ${error.message}.`, { file: [`XLSX পড়া যায়নি (The XLSX could not be read): ${error.message}.`] });
    throw error;
  }
  const { readSheet } = await (readExcelFile ??= import('read-excel-file/node'));
  let sheet: unknown[][];
  try {
    sheet = await readSheet(Readable.from(storedZip(parts)), 1, { parseNumber: (s: string) => s, trim: false });
  } catch (error) {
    throw badRequest(`XLSX পড়া যায়নি (The XLSX could not be read): ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    parts.clear();
  }
  if (sheet.length > XLSX_MAX_ROWS + 1) throw badRequest(`XLSX-এ সারি বেশি (Too many rows): at most ${XLSX_MAX_ROWS}; split the file.`);
  const [header = [], ...body] = sheet;
  const columns = header.map((h) => cellText(h).trim());
  const rows: ParsedRow[] = [];
  body.forEach((cells, i) => {
    const texts = cells.map(cellText);
    // An empty row is skipped, as a CSV's empty line is; the line is the sheet's row number.
    if (texts.every((c) => c === '')) return;
    rows.push({ line: i + 2, row: Object.fromEntries(columns.map((c, j) => [c, texts[j] ?? ''])) });
  });
  return { columns, rows };
}
