/**
 * The catalogue from CSV (`POST /api/product/import/`): csv-parse reads the upload as a stream,
 * each row is checked by the admin product form's schema (domain/catalog-import.ts), matched to a
 * stored product (by `id`, else ISBN for books, else exact English title and type) and, unless it
 * is a dry run, written in batches of IMPORT_BATCH rows, one transaction each: a batch that fails
 * rolls back alone, and its rows are reported. Images are not imported (the column is ignored).
 * An .xlsx upload (known by its ZIP signature, not its name) is unzipped here within
 * XLSX_MAX_UNZIPPED bytes actually inflated (xlsx-archive.ts; past it, 413) and read with
 * read-excel-file: the first sheet, row 1 the header, each cell as the text a CSV would hold;
 * then the same pipeline.
 */
import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { parse, CsvError } from 'csv-parse';
import { readSheet } from 'read-excel-file/node';
import type { DB, Product, ProductType } from '../db/schema';
import { nowIso } from '../db/dialect';
import { HttpError, badRequest } from '../http/errors';
import { OFFER_NONE, resolveOffer, type ProductForm } from '../../domain/catalog-forms';
import { changedPrice, headerErrors, rowToForm, rowType, type BulkPriceChange, type ImportError, type StoredOffer } from '../../domain/catalog-import';
import { MAX_ID } from '../../domain/queries';
import { UnreadableZip, UnzippedTooLarge, storedZip, unzipSheetParts } from './xlsx-archive';
import { restoreCell } from '../../domain/spreadsheet-cells';

export const IMPORT_BATCH = 500;
/** An .xlsx unzips to far more than its upload size; past this many rows it is refused. */
export const XLSX_MAX_ROWS = 50_000;
/** What an .xlsx may unzip to, counted as it is inflated (a small upload can unzip to gigabytes): past it, 413. */
export const XLSX_MAX_UNZIPPED = 200 * 1024 * 1024;
/** How many changed products a bulk price answer lists. */
export const PRICE_SAMPLE = 50;

export interface PriceChangeResult {
  count: number;
  sample: { id: number; english_title: string; from: number; to: number; discount_price: number }[];
  problems: { id: number; english_title: string; message: string }[];
  applied?: number;
}

export interface ImportResult {
  create: number;
  update: number;
  errors: ImportError[];
  /** Rows written (not on a dry run). */
  applied?: number;
  /** One per batch of IMPORT_BATCH rows, in order (not on a dry run): its lines, the rows written, why it rolled back. */
  batches?: ImportBatch[];
}

export interface ImportBatch {
  first_line: number;
  last_line: number;
  applied: number;
  error?: string;
}

type NameTable = 'categories' | 'authors' | 'publishers';
const REFS: { column: 'category_name' | 'author_name' | 'publisher_name'; field: 'category' | 'author' | 'publisher'; table: NameTable; label: string }[] = [
  { column: 'category_name', field: 'category', table: 'categories', label: 'Category' },
  { column: 'author_name', field: 'author', table: 'authors', label: 'Author' },
  { column: 'publisher_name', field: 'publisher', table: 'publishers', label: 'Publisher' },
];
/** The id a name to be created stands for while the row is checked (a dry run creates nothing). */
const TO_CREATE = MAX_ID;

interface Parsed {
  line: number;
  row: Record<string, string>;
}
interface Planned {
  line: number;
  type: ProductType;
  form: ProductForm;
  names: Partial<Record<'category' | 'author' | 'publisher', string>>;
  existing?: Product | undefined;
}

const clean = (s: string | undefined) => (s ?? '').trim().normalize('NFC');

async function readRows(data: Buffer): Promise<{ columns: string[]; rows: Parsed[] }> {
  let columns: string[] = [];
  const rows: Parsed[] = [];
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
export const isXlsx = (data: Buffer) => data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;

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
async function readXlsxRows(data: Buffer, maxUnzipped: number): Promise<{ columns: string[]; rows: Parsed[] }> {
  let parts: Map<string, Buffer>;
  try {
    parts = await unzipSheetParts(data, maxUnzipped);
  } catch (error) {
    if (error instanceof UnzippedTooLarge) throw xlsxTooLarge(maxUnzipped);
    if (error instanceof UnreadableZip) throw badRequest(`XLSX পড়া যায়নি (The XLSX could not be read): ${error.message}.`, { file: [`XLSX পড়া যায়নি (The XLSX could not be read): ${error.message}.`] });
    throw error;
  }
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
  const rows: Parsed[] = [];
  body.forEach((cells, i) => {
    const texts = cells.map(cellText);
    // An empty row is skipped, as a CSV's empty line is; the line is the sheet's row number.
    if (texts.every((c) => c === '')) return;
    rows.push({ line: i + 2, row: Object.fromEntries(columns.map((c, j) => [c, texts[j] ?? ''])) });
  });
  return { columns, rows };
}

export function createBulkImport(db: Kysely<DB>, deps: { onBackInStock?: ((productIds: number[]) => void) | undefined; xlsxMaxUnzipped?: number | undefined } = {}) {
  const maxUnzipped = deps.xlsxMaxUnzipped ?? XLSX_MAX_UNZIPPED;
  /** Names already looked up (or created) during this import, per table. */
  type Names = Record<NameTable, Map<string, number>>;

  async function lookUpNames(names: Names, batch: Parsed[]): Promise<void> {
    for (const ref of REFS) {
      const wanted = [...new Set(batch.map((p) => clean(p.row[ref.column])).filter((n) => n && !names[ref.table].has(n)))];
      if (!wanted.length) continue;
      const found = await db.selectFrom(ref.table).select(['id', 'name']).where('name', 'in', wanted).orderBy('id', 'desc').execute();
      // Ordered newest first, so of two with one name the oldest is kept.
      for (const r of found) names[ref.table].set(r.name, r.id);
    }
  }

  async function lookUpProducts(batch: Parsed[]) {
    const ids = batch.map((p) => Number(clean(p.row.id))).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_ID);
    const isbns = batch.map((p) => clean(p.row.isbn)).filter(Boolean);
    const titles = batch.map((p) => clean(p.row.english_title)).filter(Boolean);
    const found = await db
      .selectFrom('products')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('id', 'in', ids)] : []),
          ...(isbns.length ? [eb.and([eb('type', '=', 'books'), eb('isbn', 'in', isbns)])] : []),
          ...(titles.length ? [eb('english_title', 'in', titles)] : []),
          eb.lit(false),
        ]),
      )
      .orderBy('id')
      .execute();
    const byId = new Map(found.map((p) => [p.id, p]));
    const byIsbn = new Map<string, Product>();
    const byTitle = new Map<string, Product>();
    for (const p of found) {
      if (p.type === 'books' && p.isbn && !byIsbn.has(p.isbn)) byIsbn.set(p.isbn, p);
      const key = `${p.type}\u0000${p.english_title}`;
      if (!byTitle.has(key)) byTitle.set(key, p);
    }
    return (row: Record<string, string>): Product | undefined => {
      const id = Number(clean(row.id));
      if (clean(row.id) && byId.has(id)) return byId.get(id);
      const type = rowType(row);
      const isbn = clean(row.isbn);
      if (isbn && (type === 'books' || type === null) && byIsbn.has(isbn)) return byIsbn.get(isbn);
      return type ? byTitle.get(`${type}\u0000${clean(row.english_title)}`) : undefined;
    };
  }

  function plan(batch: Parsed[], names: Names, match: (row: Record<string, string>) => Product | undefined, createMissing: boolean, errors: ImportError[]): Planned[] {
    const planned: Planned[] = [];
    for (const { line, row } of batch) {
      const existing = match(row);
      if (clean(row.id) && !existing) {
        errors.push({ line, field: 'id', message: `পণ্য ${clean(row.id)} নেই (Product ${clean(row.id)} does not exist).` });
        continue;
      }
      const refs: Record<string, number | undefined> = {};
      const toCreate: Planned['names'] = {};
      const refErrors: ImportError[] = [];
      for (const ref of REFS) {
        const name = clean(row[ref.column]);
        if (!name) continue;
        const id = names[ref.table].get(name);
        if (id !== undefined) refs[ref.field] = id;
        else if (createMissing) {
          refs[ref.field] = TO_CREATE;
          toCreate[ref.field] = name;
        } else refErrors.push({ line, field: ref.column, message: `${ref.label} "${name}" নেই (does not exist); create_missing=1 adds it.` });
      }
      if (refErrors.length) {
        errors.push(...refErrors);
        continue;
      }
      const stored: StoredOffer | undefined = existing && {
        type: existing.type,
        regular_price: existing.regular_price,
        offer_type: existing.offer_type,
        percentage: existing.percentage,
        flat_discount: existing.flat_discount,
      };
      const result = rowToForm(row, line, refs, stored);
      if (!result.ok) errors.push(...result.errors);
      else planned.push({ line, type: result.type, form: result.form, names: toCreate, existing });
    }
    return planned;
  }

  async function createName(trx: Transaction<DB>, names: Names, table: NameTable, name: string): Promise<number> {
    const known = names[table].get(name);
    if (known !== undefined) return known;
    const now = nowIso();
    const row =
      table === 'categories'
        ? await trx.insertInto('categories').values({ name, parent_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow()
        : await trx.insertInto(table).values({ name, description: '', image: null, alt_text: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    names[table].set(name, row.id);
    return row.id;
  }

  /** The columns a planned row writes, as products.ts create and update work them out (no image, no PDF). */
  function values(p: Planned, ids: Record<'category' | 'author' | 'publisher', number | undefined>) {
    const f = p.form;
    const e = p.existing;
    const regular = f.regular_price ?? e?.regular_price ?? 0;
    const offer = resolveOffer({
      regular_price: regular,
      offer_type: f.offer_type ?? (e?.offer_type || OFFER_NONE),
      percentage: f.percentage ?? (e?.offer_type === 'Percentage' ? e.percentage : undefined),
      flat_discount: f.flat_discount ?? (e?.offer_type === 'Flat Discount' ? e.flat_discount : undefined),
    });
    // rowToForm checked the offer already.
    if (!('offer' in offer)) throw new Error('offer not checked');
    const title = f.english_title ?? e?.english_title ?? '';
    const book = p.type === 'books';
    return {
      english_title: title,
      bangla_title: f.bangla_title ?? e?.bangla_title ?? '',
      description: f.description ?? e?.description ?? '',
      category_id: ids.category ?? e?.category_id ?? null,
      author_id: book ? (ids.author ?? e?.author_id ?? null) : null,
      publisher_id: book ? (ids.publisher ?? e?.publisher_id ?? null) : null,
      alt_text: f.alt_text ?? (e ? e.alt_text || title : title),
      isbn: f.isbn ?? e?.isbn ?? '',
      edition: f.edition ?? e?.edition ?? '',
      language: f.language ?? e?.language ?? '',
      country: f.country ?? e?.country ?? '',
      total_page: f.total_page ?? e?.total_page ?? null,
      model: f.model ?? e?.model ?? '',
      brand: f.brand ?? e?.brand ?? '',
      warranty: f.warranty ?? e?.warranty ?? '',
      ...offer.offer,
      purchase_from: f.purchase_from ?? e?.purchase_from ?? '',
      purchase_price: f.purchase_price ?? e?.purchase_price ?? 0,
      regular_price: regular,
      units_stock: f.units_stock ?? e?.units_stock ?? 0,
      units_sold: f.units_sold ?? e?.units_sold ?? 0,
      is_active: f.is_active === undefined ? (e?.is_active ?? 1) : f.is_active ? 1 : 0,
      updated_at: nowIso(),
    };
  }

  async function write(planned: Planned[], names: Names): Promise<number[]> {
    const available: number[] = [];
    await db.transaction().execute(async (trx) => {
      // A product two rows update: the second works on what the first wrote.
      const latest = new Map<number, Product>();
      for (const item of planned) {
        const stored = item.existing && (latest.get(item.existing.id) ?? item.existing);
        const p = { ...item, existing: stored };
        const ids: Record<'category' | 'author' | 'publisher', number | undefined> = { category: undefined, author: undefined, publisher: undefined };
        for (const ref of REFS) {
          const name = p.names[ref.field];
          ids[ref.field] = name !== undefined ? await createName(trx, names, ref.table, name) : p.form[ref.field];
        }
        const v = values(p, ids);
        if (p.existing) {
          await trx.updateTable('products').set(v).where('id', '=', p.existing.id).execute();
          latest.set(p.existing.id, { ...p.existing, ...v });
          const wasOffered = p.existing.units_stock > 0 && p.existing.is_active === 1;
          if (!wasOffered && v.units_stock > 0 && v.is_active === 1) available.push(p.existing.id);
        } else {
          await trx.insertInto('products').values({ ...v, type: p.type, image: null, pdf: null, created_at: v.updated_at }).execute();
        }
      }
    });
    return available;
  }

  return {
    /**
     * A bulk price change of the products in `categoryIds` and/or of `change.publisher`. All or
     * nothing, in one transaction: a product the change cannot apply to (a price below 0, a flat
     * discount not below the new price) is listed and, unless it is a dry run, refuses the change.
     */
    async changePrices(change: BulkPriceChange, categoryIds: number[] | undefined): Promise<PriceChangeResult> {
      return db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('products').select(['id', 'type', 'english_title', 'regular_price', 'offer_type', 'percentage', 'flat_discount']);
        if (categoryIds) q = q.where('category_id', 'in', categoryIds.length ? categoryIds : [0]);
        if (change.publisher !== undefined) q = q.where('publisher_id', '=', change.publisher);
        const rows = await q.orderBy('id').execute();
        const planned: { id: number; english_title: string; from: number; offer: ReturnType<typeof changedPrice> }[] = rows.map((r) => ({ id: r.id, english_title: r.english_title, from: r.regular_price, offer: changedPrice(r, change) }));
        const problems = planned.flatMap((p) => ('error' in p.offer ? [{ id: p.id, english_title: p.english_title, message: p.offer.error }] : []));
        const good = planned.flatMap((p) => ('offer' in p.offer ? [{ ...p, offer: p.offer.offer }] : []));
        const sample = good.slice(0, PRICE_SAMPLE).map((p) => ({ id: p.id, english_title: p.english_title, from: p.from, to: p.offer.regular_price, discount_price: p.offer.discount_price }));
        if (change.dry_run) return { count: good.length, sample, problems };
        if (problems.length) {
          const message = `${problems.length}টি পণ্যে এই পরিবর্তন চলে না (The change does not fit ${problems.length} products): ${problems[0]!.english_title}: ${problems[0]!.message}`;
          throw new HttpError(400, message, { [change.percentage !== undefined ? 'percentage' : 'amount']: [message] });
        }
        const now = nowIso();
        for (const p of good) await trx.updateTable('products').set({ ...p.offer, updated_at: now }).where('id', '=', p.id).execute();
        return { count: good.length, sample, problems, applied: good.length };
      });
    },

    /**
     * Checks (and unless `dryRun`, applies) a catalogue CSV. Invalid rows are reported with their
     * line (the header is line 1) and skipped; `create`/`update` count the valid rows.
     */
    async importCsv(data: Buffer, opts: { dryRun: boolean; createMissing: boolean }): Promise<ImportResult> {
      const { columns, rows } = isXlsx(data) ? await readXlsxRows(data, maxUnzipped) : await readRows(data);
      // The export put a quote before text a spreadsheet would run as a formula: off again, so
      // export → import gives back the text stored (domain/spreadsheet-cells.ts).
      for (const { row } of rows) for (const key of Object.keys(row)) row[key] = restoreCell(row[key] ?? '');
      const header = headerErrors(columns);
      if (header.length) return { create: 0, update: 0, errors: header, ...(opts.dryRun ? {} : { applied: 0, batches: [] }) };
      const names: Names = { categories: new Map(), authors: new Map(), publishers: new Map() };
      const errors: ImportError[] = [];
      let create = 0;
      let update = 0;
      let applied = 0;
      const batches: ImportBatch[] = [];
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        const batch = rows.slice(i, i + IMPORT_BATCH);
        await lookUpNames(names, batch);
        const planned = plan(batch, names, await lookUpProducts(batch), opts.createMissing, errors);
        create += planned.filter((p) => !p.existing).length;
        update += planned.filter((p) => p.existing).length;
        if (opts.dryRun) continue;
        const done: ImportBatch = { first_line: batch[0]!.line, last_line: batch[batch.length - 1]!.line, applied: 0 };
        batches.push(done);
        if (!planned.length) continue;
        // Names created in a batch that rolls back are forgotten with it.
        const before = { categories: new Map(names.categories), authors: new Map(names.authors), publishers: new Map(names.publishers) };
        try {
          const available = await write(planned, names);
          applied += planned.length;
          done.applied = planned.length;
          if (available.length) deps.onBackInStock?.(available);
        } catch (error) {
          Object.assign(names, before);
          const message = error instanceof Error ? error.message : String(error);
          errors.push({ line: planned[0]!.line, field: '', message: `লাইন ${planned[0]!.line}–${planned[planned.length - 1]!.line} লেখা হয়নি (These rows were not written): ${message}` });
          done.error = message;
        }
      }
      errors.sort((a, b) => a.line - b.line);
      return opts.dryRun ? { create, update, errors } : { create, update, errors, applied, batches };
    },
  };
}
