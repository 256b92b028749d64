/** Catalogue reads. The catalogue module owns products, categories, authors, publishers, banners and logos. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { toApiPerson, toApiProduct, type ProductRow } from './serialize';
import { HOME_SECTIONS } from '../../domain/catalog';



export function productQuery(db: Kysely<DB>) {
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('authors', 'authors.id', 'products.author_id')
    .leftJoin('publishers', 'publishers.id', 'products.publisher_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'authors.name as author_name', 'publishers.name as publisher_name']);
}

export function createCatalogService(db: Kysely<DB>, storage: FileStorage) {
  /** Ids of a category and all its descendants. */
  async function descendantIds(categoryId: number): Promise<number[]> {
    const rows = await db
      .withRecursive('tree(id)', (qb) =>
        qb
          .selectFrom('categories')
          .select('id')
          .where('id', '=', categoryId)
          .unionAll((q) => q.selectFrom('categories').innerJoin('tree', 'tree.id', 'categories.parent_id').select('categories.id')),
      )
      .selectFrom('tree')
      .select('id')
      .execute();
    return rows.map((r) => r.id);
  }

  return {
    descendantIds,

    /** Everything the home page shows, in a fixed number of queries. */
    async home(perSection = 12) {
      const sections = await db.selectFrom('categories').select(['id', 'name']).where('name', 'in', HOME_SECTIONS.map((s) => s.name)).execute();
      const books = await Promise.all(
        sections.map(async (s) => {
          const ids = await descendantIds(s.id);
          const rows = (await productQuery(db)
            .where('products.category_id', 'in', ids)
            .where('products.is_active', '=', 1)
            .orderBy('products.updated_at', 'desc')
            .orderBy('products.id', 'desc')
            .limit(perSection)
            .execute()) as ProductRow[];
          return { id: s.id, name: s.name, products: rows.map((r) => toApiProduct(r, storage)) };
        }),
      );
      const ordered = HOME_SECTIONS.flatMap((section) => books.filter((b) => b.name === section.name).map((b) => ({ ...b, slug: section.slug })));
      const [authors, publishers, banners] = await Promise.all([
        db.selectFrom('authors').selectAll().orderBy('id').limit(6).execute(),
        db.selectFrom('publishers').selectAll().orderBy('id').limit(6).execute(),
        db.selectFrom('banners').selectAll().orderBy('id').execute(),
      ]);
      return {
        sections: ordered,
        authors: authors.map((a) => toApiPerson(a, storage)),
        publishers: publishers.map((p) => toApiPerson(p, storage)),
        banners: banners.map((b) => ({ id: b.id, image: imageUrls(storage, b.image)?.detail ?? null, images: imageUrls(storage, b.image), alt_text: b.alt_text, url: b.url })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
