/**
 * The catalogue module: products, categories, authors, publishers, banners and logos. This file
 * only puts the resources together into the one service the routes and page loaders use; each
 * resource keeps its reads, writes and API shape in its own file. Other modules reach the
 * catalogue's tables only through this service (checkout through `stock`).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { createSearchStrategy } from './search/create-strategy';
import { createProducts, type ProductDeps } from './products';
import { createProductLists } from './product-lists';
import { createCategories } from './categories';
import { createPeople } from './people';
import { createShowcase } from './showcase';
import { createStock } from './stock';
import { createSearchFacets } from './search/facets';
import { createRatings } from './ratings';
import { createRelated, type RelatedDeps } from './related';
import { createBulkExport } from './bulk-export';
import { createBulkImport } from './bulk-import';
import { createBulkPrice } from './bulk-price';
import { createReportProducts } from './report-products';
import { createCounterItems } from './counter-items';
import { createProductCards } from './product-cards';
import type { BulkPriceChange } from '../../domain/catalog-import';

export { PRODUCT_ORDERINGS, type ApiProduct, type Listed, type ProductOrdering } from './api-product';
export type { SearchFilters } from './product-lists';
export { PERSON_ORDERINGS } from './people';
export type { ApiCategory } from './categories';
export type { CatalogRatings } from './ratings';
export type { CheckoutProduct, StockItem, StockSummary } from './stock';

export interface CatalogOptions extends ProductDeps {
  dialect: DialectName;
  /** How far a search counts exactly (SEARCH_COUNT_LIMIT); tests set it low. */
  searchCountLimit?: number | undefined;
  /** How a common word's matches are sampled for ranking (search/ranked-pages.ts RANK_SAMPLE); tests set them low. */
  rankSample?: number | undefined;
  titleSample?: number | undefined;
  /** The product page's "bought together": the orders module's ranked ids, handed in by server/services.ts (related.ts). */
  boughtTogether?: RelatedDeps['boughtTogether'];
}

export function createCatalogService(db: Kysely<DB>, storage: FileStorage, opts: CatalogOptions) {
  const search = createSearchStrategy(db, opts.dialect);
  const products = createProducts(db, storage, { isOnOrders: opts.isOnOrders, onBackInStock: opts.onBackInStock, onStockUp: opts.onStockUp });
  const categories = createCategories(db, opts.dialect);
  const authors = createPeople(db, storage, search, 'authors');
  const publishers = createPeople(db, storage, search, 'publishers');
  const showcase = createShowcase(db, storage);
  const lists = createProductLists(db, storage, { search, categories, authors, publishers, searchCountLimit: opts.searchCountLimit, rankSample: opts.rankSample, titleSample: opts.titleSample });
  const stock = createStock(db, opts.dialect);
  const bulk = createBulkImport(db, { onBackInStock: opts.onBackInStock, onStockUp: opts.onStockUp });
  const changePrices = createBulkPrice(db);
  const related = createRelated(db, storage, { versions: () => stock.versions(), boughtTogether: opts.boughtTogether });

  return {
    /** The change counter of the catalogue: equal counters mean equal answers. */
    version: () => search.version(),
    /**
     * The content, stock and availability counters (migration 0104): a checkout moves only the
     * last two, so answers that show stock figures read those per product when served.
     */
    versions: () => stock.versions(),
    /** Writes the search documents still queued (a new or migrated database queues every product). */
    refreshSearch: () => search.refresh(),

    ...lists,
    getProduct: products.get,
    productType: products.productType,
    createProduct: products.create,
    updateProduct: products.update,
    deleteProduct: products.remove,

    listAuthors: authors.list,
    getAuthor: authors.get,
    createAuthor: authors.create,
    updateAuthor: authors.update,
    deleteAuthor: authors.remove,
    listPublishers: publishers.list,
    getPublisher: publishers.get,
    createPublisher: publishers.create,
    updatePublisher: publishers.update,
    deletePublisher: publishers.remove,

    listCategories: categories.list,
    getCategory: categories.get,
    categoryTree: categories.tree,
    descendantIds: categories.descendantIds,
    categoryParents: categories.parents,
    categoryIdByName: categories.idByName,
    createCategory: categories.create,
    updateCategory: categories.update,
    deleteCategory: categories.remove,

    ...showcase,

    /** Everything the home page shows, in a fixed number of queries. */
    async home(perSection = 12) {
      const [sections, authorList, publisherList, banners] = await Promise.all([
        lists.homeSections(perSection),
        authors.first(6),
        publishers.first(6),
        showcase.listBanners(),
      ]);
      return { sections, authors: authorList, publishers: publisherList, banners };
    },

    /** How much the catalogue holds, for the back office's dashboard. */
    async counts() {
      const [total_books, total_categories, total_authors, total_publishers] = await Promise.all([
        products.countOfType('books'),
        categories.count(),
        authors.count(),
        publishers.count(),
      ]);
      return { total_books, total_categories, total_authors, total_publishers };
    },

    /** The catalogue as CSV and from CSV (bulk-export.ts, bulk-import.ts). */
    exportCsv: createBulkExport(db, storage, search).exportCsv,
    importCsv: bulk.importCsv,
    /** Regular prices up or down by category (with its sub-categories) and/or publisher (bulk-price.ts). */
    changePrices: async (change: BulkPriceChange) => changePrices(change, change.category === undefined ? undefined : await categories.descendantIds(change.category)),

    /** The product page's more by the author, more in the category and bought together (related.ts). */
    related: related.related,

    /** The /search page's facet counts and "did you mean" (search/facets.ts). */
    searchFacets: createSearchFacets(db, search, stock),

    /** The shelf counts and their ledger, which checkout, cancels, returns, edits and receipts change inside their own transactions. */
    stock,

    /** The counter's compact copy of the catalogue and its version (counter-items.ts). */
    counterItems: createCounterItems(db, () => stock.versions()),

    /** The rating figures on products, which the reviews module writes inside its own transactions (ratings.ts). */
    ratings: createRatings(db),

    /** Sold products' titles, authors, publishers, categories and purchase prices, for the reports (report-products.ts). */
    reportProducts: createReportProducts(db),

    /** Active products' answers in the order of the ids given, missing and inactive ones skipped: curated lists (product-cards.ts). */
    activeProductsInOrder: createProductCards(db, storage),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
