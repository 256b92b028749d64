/**
 * The catalogue from CSV (`POST /api/product/import/`): csv-parse reads the upload as a stream,
 * each row is checked by the admin product form's schema (domain/catalog-import.ts), matched to a
 * stored product (by `id`, else ISBN for books, else exact English title and type) and, unless it
 * is a dry run, written in batches of IMPORT_BATCH rows, one transaction each: a batch that fails
 * rolls back alone, and its rows are reported. Images are not imported (the column is ignored).
 * An .xlsx upload goes through the same pipeline (import-rows.ts reads either).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, Product, ProductType } from '../db/schema';
import { nowIso } from '../db/dialect';
import type { ProductForm } from '../../domain/catalog-forms';
import { headerErrors, rowToForm, rowType, type ImportError, type StoredOffer } from '../../domain/catalog-import';
import { MAX_ID } from '../../domain/queries';
import { readUpload, XLSX_MAX_UNZIPPED, type ParsedRow } from './import-rows';
import { describedColumns, formOffer, stockColumns } from './product-values';
import { changeStock, setStock } from './stock-ledger';
import { isbnKey, isbnValid, isbnWarning } from '../../domain/isbn';
import { restoreCell } from '../../domain/spreadsheet-cells';

export const IMPORT_BATCH = 500;

export interface ImportResult {
  create: number;
  update: number;
  errors: ImportError[];
  /** Rows imported as written but worth a look: an ISBN whose check digit is wrong (old books carry misprinted numbers). */
  warnings: ImportError[];
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

interface Planned {
  line: number;
  type: ProductType;
  form: ProductForm;
  names: Partial<Record<'category' | 'author' | 'publisher', string>>;
  existing?: Product | undefined;
}

const clean = (s: string | undefined) => (s ?? '').trim().normalize('NFC');

export function createBulkImport(db: Kysely<DB>, deps: { onBackInStock?: ((productIds: number[]) => void) | undefined; onStockUp?: ((productIds: number[]) => Promise<void> | void) | undefined; xlsxMaxUnzipped?: number | undefined } = {}) {
  const maxUnzipped = deps.xlsxMaxUnzipped ?? XLSX_MAX_UNZIPPED;
  /** Names already looked up (or created) during this import, per table. */
  type Names = Record<NameTable, Map<string, number>>;

  async function lookUpNames(names: Names, batch: ParsedRow[]): Promise<void> {
    for (const ref of REFS) {
      const wanted = [...new Set(batch.map((p) => clean(p.row[ref.column])).filter((n) => n && !names[ref.table].has(n)))];
      if (!wanted.length) continue;
      const found = await db.selectFrom(ref.table).select(['id', 'name']).where('name', 'in', wanted).orderBy('id', 'desc').execute();
      // Ordered newest first, so of two with one name the oldest is kept.
      for (const r of found) names[ref.table].set(r.name, r.id);
    }
  }

  async function lookUpProducts(batch: ParsedRow[]) {
    const ids = batch.map((p) => Number(clean(p.row.id))).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_ID);
    const isbns = batch.map((p) => clean(p.row.isbn)).filter(Boolean);
    // A book is the same book whichever way its ISBN is printed (domain/isbn.ts).
    const keys = isbns.flatMap((i) => isbnKey(i) ?? []);
    const titles = batch.map((p) => clean(p.row.english_title)).filter(Boolean);
    const found = await db
      .selectFrom('products')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('id', 'in', ids)] : []),
          ...(isbns.length ? [eb.and([eb('type', '=', 'books'), eb('isbn', 'in', isbns)])] : []),
          ...(keys.length ? [eb.and([eb('type', '=', 'books'), eb('isbn_key', 'in', keys)])] : []),
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
      if (p.type === 'books' && p.isbn_key && !byIsbn.has(p.isbn_key)) byIsbn.set(p.isbn_key, p);
      const key = `${p.type}\u0000${p.english_title}`;
      if (!byTitle.has(key)) byTitle.set(key, p);
    }
    return (row: Record<string, string>): Product | undefined => {
      const id = Number(clean(row.id));
      if (clean(row.id) && byId.has(id)) return byId.get(id);
      const type = rowType(row);
      const isbn = clean(row.isbn);
      const found = isbn && (type === 'books' || type === null) ? (byIsbn.get(isbn) ?? byIsbn.get(isbnKey(isbn) ?? '')) : undefined;
      if (found) return found;
      return type ? byTitle.get(`${type}\u0000${clean(row.english_title)}`) : undefined;
    };
  }

  function plan(batch: ParsedRow[], names: Names, match: (row: Record<string, string>) => Product | undefined, createMissing: boolean, errors: ImportError[], warnings: ImportError[]): Planned[] {
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
      else {
        planned.push({ line, type: result.type, form: result.form, names: toCreate, existing });
        const isbn = result.form.isbn;
        // Shaped like an ISBN but failing its check digit: kept as printed, said to the importer.
        if (isbn && isbnKey(isbn) && !isbnValid(isbn)) warnings.push({ line, field: 'isbn', message: isbnWarning(isbn) });
      }
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

  /** The columns a planned row writes, as products.ts create and update work them out (no image, no PDF; the stock through the ledger). */
  function values(p: Planned, ids: Record<'category' | 'author' | 'publisher', number | undefined>) {
    const f = p.form;
    const e = p.existing;
    const { regular, offer } = formOffer(f, e);
    // rowToForm checked the offer already.
    if (!('offer' in offer)) throw new Error('offer not checked');
    const book = p.type === 'books';
    return {
      ...describedColumns(f, e),
      category_id: ids.category ?? e?.category_id ?? null,
      author_id: book ? (ids.author ?? e?.author_id ?? null) : null,
      publisher_id: book ? (ids.publisher ?? e?.publisher_id ?? null) : null,
      ...offer.offer,
      regular_price: regular,
      ...stockColumns(f, e),
      units_sold: f.units_sold ?? e?.units_sold ?? 0,
      is_active: f.is_active === undefined ? (e?.is_active ?? 1) : f.is_active ? 1 : 0,
      updated_at: nowIso(),
    };
  }

  async function write(planned: Planned[], names: Names, user: number | null): Promise<number[]> {
    const available: number[] = [];
    const note = { reason: 'adjustment', ref: 'import', user } as const;
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
        // A row's stock is set to its figure (an `adjustment` of the difference, stock-ledger.ts); left empty, the stock stays.
        const stock = p.form.units_stock;
        if (p.existing) {
          await trx.updateTable('products').set(v).where('id', '=', p.existing.id).execute();
          const set = stock === undefined ? null : await setStock(trx, p.existing.id, stock, note);
          const before = set?.before ?? p.existing.units_stock;
          const units_stock = set?.after.units_stock ?? p.existing.units_stock;
          latest.set(p.existing.id, { ...p.existing, ...v, units_stock });
          const wasOffered = before > 0 && p.existing.is_active === 1;
          if (!wasOffered && units_stock > 0 && v.is_active === 1) available.push(p.existing.id);
        } else {
          const row = await trx.insertInto('products').values({ ...v, units_stock: 0, type: p.type, image: null, pdf: null, created_at: v.updated_at }).returning('id').executeTakeFirstOrThrow();
          if (stock) await changeStock(trx, { product: row.id, delta: stock }, note);
        }
      }
    });
    return available;
  }

  return {
    /**
     * Checks (and unless `dryRun`, applies) a catalogue CSV. Invalid rows are reported with their
     * line (the header is line 1) and skipped; `create`/`update` count the valid rows.
     */
    async importCsv(data: Buffer, opts: { dryRun: boolean; createMissing: boolean; user?: number | null | undefined }): Promise<ImportResult> {
      const { columns, rows } = await readUpload(data, maxUnzipped);
      // The export put a quote before text a spreadsheet would run as a formula: off again, so
      // export → import gives back the text stored (domain/spreadsheet-cells.ts).
      for (const { row } of rows) for (const key of Object.keys(row)) row[key] = restoreCell(row[key] ?? '');
      const header = headerErrors(columns);
      if (header.length) return { create: 0, update: 0, errors: header, warnings: [], ...(opts.dryRun ? {} : { applied: 0, batches: [] }) };
      const names: Names = { categories: new Map(), authors: new Map(), publishers: new Map() };
      const errors: ImportError[] = [];
      const warnings: ImportError[] = [];
      let create = 0;
      let update = 0;
      let applied = 0;
      const batches: ImportBatch[] = [];
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        const batch = rows.slice(i, i + IMPORT_BATCH);
        await lookUpNames(names, batch);
        const planned = plan(batch, names, await lookUpProducts(batch), opts.createMissing, errors, warnings);
        create += planned.filter((p) => !p.existing).length;
        update += planned.filter((p) => p.existing).length;
        if (opts.dryRun) continue;
        const done: ImportBatch = { first_line: batch[0]!.line, last_line: batch[batch.length - 1]!.line, applied: 0 };
        batches.push(done);
        if (!planned.length) continue;
        // Names created in a batch that rolls back are forgotten with it.
        const before = { categories: new Map(names.categories), authors: new Map(names.authors), publishers: new Map(names.publishers) };
        try {
          const available = await write(planned, names, opts.user ?? null);
          applied += planned.length;
          done.applied = planned.length;
          if (available.length) deps.onBackInStock?.(available);
          // Waiting pre-orders of these products are filled from any stock they now hold (one read finds which).
          await deps.onStockUp?.(planned.flatMap((p) => (p.existing ? [p.existing.id] : [])));
        } catch (error) {
          Object.assign(names, before);
          const message = error instanceof Error ? error.message : String(error);
          errors.push({ line: planned[0]!.line, field: '', message: `লাইন ${planned[0]!.line}–${planned[planned.length - 1]!.line} লেখা হয়নি (These rows were not written): ${message}` });
          done.error = message;
        }
      }
      errors.sort((a, b) => a.line - b.line);
      return opts.dryRun ? { create, update, errors, warnings } : { create, update, errors, warnings, applied, batches };
    },
  };
}
