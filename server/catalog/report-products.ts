/**
 * What the reports (server/reports) need of the catalogue about products that sold: the title,
 * author, publisher and category with their names, and the purchase price, by product id. The
 * orders module sums the lines per product; the reports map those sums through this.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Ids per statement. */
const CHUNK = 500;

export interface Named {
  id: number;
  name: string;
}

export interface ReportProduct {
  title: string;
  author: Named | null;
  publisher: Named | null;
  category: Named | null;
  /** 0 when none was entered. */
  purchase_price: number;
}

const named = (id: number | null, name: string | null): Named | null => (id === null || name === null ? null : { id, name });

export function createReportProducts(db: Kysely<DB>) {
  return async function reportProducts(ids: readonly number[]): Promise<Map<number, ReportProduct>> {
    const out = new Map<number, ReportProduct>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await db
        .selectFrom('products as p')
        .leftJoin('authors as a', 'a.id', 'p.author_id')
        .leftJoin('publishers as pb', 'pb.id', 'p.publisher_id')
        .leftJoin('categories as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.english_title', 'p.bangla_title', 'p.purchase_price', 'p.author_id', 'a.name as author_name', 'p.publisher_id', 'pb.name as publisher_name', 'p.category_id', 'c.name as category_name'])
        .where('p.id', 'in', unique.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) {
        out.set(r.id, {
          // As the order lines write a title.
          title: r.english_title || r.bangla_title,
          author: named(r.author_id, r.author_name),
          publisher: named(r.publisher_id, r.publisher_name),
          category: named(r.category_id, r.category_name),
          purchase_price: r.purchase_price,
        });
      }
    }
    return out;
  };
}
