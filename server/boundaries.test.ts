/**
 * Each module owns its tables: only the owner's production code names a table in a query, and
 * every other module asks the owner's service. This test reads the source of every folder
 * under server/ (tests and server/test's fixtures aside; server/db's migrations and demo seed
 * build every table, so they are exempt) and fails, naming the file and the table, when a
 * query there names a table of another module: in a query builder call (selectFrom,
 * insertInto, updateTable, deleteFrom, the joins, with…) or in raw `sql` text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;

/** Which module owns which table; the catalogue also owns its search tables (0102, 0103) and change counters (0102, 0104). */
const OWNERS: Record<string, readonly string[]> = {
  catalog: ['products', 'categories', 'authors', 'publishers', 'banners', 'logos', 'product_search', 'product_search_docs', 'product_search_queue', 'product_search_vocab', 'catalog_version', 'catalog_version_seq', 'catalog_stock_version', 'catalog_stock_version_seq', 'catalog_availability_version_seq', 'catalog_versions', 'stock_movements'],
  orders: ['orders', 'order_items', 'order_status_changes', 'idempotency_keys', 'order_discounts', 'order_payments', 'order_edits', 'returns', 'return_lines', 'return_photos'],
  promotions: ['promotions', 'promotion_redemptions'],
  accounts: ['users', 'sessions', 'password_resets', 'rate_limits'],
  notifications: ['sms_outbox'],
  settings: ['settings'],
  payments: ['payment_attempts', 'payment_refunds'],
  shipments: ['shipments', 'shipment_events', 'courier_payouts', 'courier_payout_lines'],
  reviews: ['product_reviews'],
  'back-in-stock': ['restock_requests', 'restock_codes'],
  audit: ['audit_log'],
  // Receipts and the morning notice's days; the stock and its ledger stay the catalogue's (stock_movements).
  stock: ['stock_receipts', 'stock_receipt_lines', 'stock_alert_days'],
  lists: ['curated_lists', 'curated_list_products'],
};
const OWNER_OF = new Map(Object.entries(OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module] as const)));
/** Folders that are not modules: the schema and its migrations, and test support. */
const EXEMPT = new Set(['db', 'test']);

const BUILDER_CALLS = [
  'selectFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto',
  'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral',
  'with', 'withRecursive', 'withMaterialized', 'withNotMaterialized',
];
const CTE_CALLS = new Set(['with', 'withRecursive', 'withMaterialized', 'withNotMaterialized']);

interface Use {
  table: string;
  how: string;
}

/** The static text of every `sql` template in a source (the parts outside `${…}`). */
function sqlTexts(source: string): string[] {
  const texts: string[] = [];
  const start = /\bsql(?:<[^`]*?>)?`/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let i = m.index + m[0].length;
    let text = '';
    let depth = 0;
    for (; i < source.length; i++) {
      const c = source[i]!;
      if (depth === 0 && c === '`') break;
      if (depth === 0 && c === '$' && source[i + 1] === '{') {
        depth = 1;
        text += ' ? ';
        i++;
      } else if (depth > 0 && c === '{') depth++;
      else if (depth > 0 && c === '}') depth--;
      else if (depth === 0) text += c;
    }
    texts.push(text);
    start.lastIndex = i + 1;
  }
  return texts;
}

/** Every table a source names in a query, and how. CTE names declared in the same source are not tables. */
function tablesUsed(source: string): Use[] {
  const uses: Use[] = [];
  const ctes = new Set<string>();
  const call = new RegExp(`\\.(${BUILDER_CALLS.join('|')})\\(\\s*(?:\\[\\s*)?(?:[\\w.]+\\s+as\\s+)?'([A-Za-z_][\\w]*)`, 'g');
  for (const m of source.matchAll(call)) {
    if (CTE_CALLS.has(m[1]!)) ctes.add(m[2]!);
    else uses.push({ table: m[2]!, how: `${m[1]}('${m[2]}')` });
  }
  for (const m of source.matchAll(/\bsql\.(table|ref|id)\(\s*'([A-Za-z_]\w*)/g)) uses.push({ table: m[2]!, how: `sql.${m[1]}('${m[2]}')` });
  for (const text of sqlTexts(source)) {
    for (const m of text.matchAll(/\b(from|join|into|update|table|exists)\s+([A-Za-z_]\w*)/gi)) uses.push({ table: m[2]!, how: `sql\`…${m[1]} ${m[2]}…\`` });
    for (const m of text.matchAll(/\b([A-Za-z_]\w*)\.[A-Za-z_]\w*/g)) uses.push({ table: m[1]!, how: `sql\`…${m[0]}…\`` });
  }
  return uses.filter((u) => !ctes.has(u.table));
}

/** What a module's file names that it should not: another module's table, or a table without an owner. */
function violations(module: string, file: string, source: string): string[] {
  const out = new Set<string>();
  for (const use of tablesUsed(source)) {
    const owner = OWNER_OF.get(use.table);
    if (owner === module) continue;
    if (owner) out.add(`${file} names ${owner}'s table "${use.table}" in ${use.how}: ask the ${owner} service instead.`);
    // In raw SQL an unknown word after FROM may be a column or an alias; in a builder call it is a table.
    else if (!use.how.startsWith('sql`')) out.add(`${file} names "${use.table}" in ${use.how}, a table no module owns: add it to OWNERS.`);
  }
  return [...out];
}

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('module boundaries', () => {
  it('finds a foreign table in a builder call, a join, a cast table name and raw SQL (the check can fail)', () => {
    const source = [
      "db.selectFrom('products').innerJoin('order_items as i', 'i.product_id', 'products.id')",
      "db.deleteFrom(table as 'users')",
      "db.withRecursive('tree(id)', (q) => q.selectFrom('categories')).selectFrom('tree')",
      'sql`select count(*) from sms_outbox where ${x} > 1`',
      "db.selectFrom('mystery')",
    ].join('\n');
    expect(violations('catalog', 'catalog/x.ts', source)).toEqual([
      `catalog/x.ts names orders's table "order_items" in innerJoin('order_items'): ask the orders service instead.`,
      `catalog/x.ts names accounts's table "users" in deleteFrom('users'): ask the accounts service instead.`,
      `catalog/x.ts names "mystery" in selectFrom('mystery'), a table no module owns: add it to OWNERS.`,
      'catalog/x.ts names notifications\'s table "sms_outbox" in sql`…from sms_outbox…`: ask the notifications service instead.',
    ]);
  });

  it('gives every table of the schema an owner, typed in its owner\'s schema file (db/schema/<module>.ts)', () => {
    const dir = path.join(SERVER, 'db/schema');
    const typed = fs.readdirSync(dir).flatMap((file) => {
      const block = /export interface \w+Tables \{([^}]*)\}/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
      return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => ({ table: m[1]!, file: file.replace(/\.ts$/, '') }));
    });
    expect(typed.length).toBeGreaterThan(10);
    expect(typed.filter((t) => !OWNER_OF.has(t.table)).map((t) => t.table)).toEqual([]);
    expect(typed.filter((t) => OWNER_OF.get(t.table) !== t.file).map((t) => `${t.table} in schema/${t.file}.ts, owned by ${OWNER_OF.get(t.table)}`)).toEqual([]);
  });

  it("no module's production code names another module's tables", () => {
    const modules = fs
      .readdirSync(SERVER, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !EXEMPT.has(e.name))
      .map((e) => e.name);
    expect(modules).toEqual(expect.arrayContaining(Object.keys(OWNERS)));
    const found = modules.flatMap((module) =>
      productionFiles(path.join(SERVER, module)).flatMap((file) => violations(module, path.relative(SERVER, file), fs.readFileSync(file, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});
