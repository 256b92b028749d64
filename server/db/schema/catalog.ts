/**
 * The catalogue's tables (catalog module): products and their categories, authors, publishers,
 * banners and logos, the search documents and the change counters.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

import type { ProductType } from '../../../domain/catalog';
import type { StockReason } from '../../../domain/stock';

/** The product types are the shop's rule (domain/catalog.ts), stored as they are sent. */
export type { ProductType };

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  created_at: string;
}

export interface PersonTable {
  id: Generated<number>;
  name: string;
  description: string;
  image: string | null;
  alt_text: string;
  created_at: string;
  updated_at: string;
}

export interface ProductTable {
  id: Generated<number>;
  type: ProductType;
  english_title: string;
  bangla_title: Generated<string>;
  description: Generated<string>;
  category_id: number | null;
  author_id: number | null;
  publisher_id: number | null;
  image: string | null;
  alt_text: Generated<string>;
  pdf: string | null;
  isbn: Generated<string>;
  /** The ISBN-13 digits of `isbn` (domain/isbn.ts isbnKey; migration 0110), null when it is no ISBN. */
  isbn_key: string | null;
  edition: Generated<string>;
  language: Generated<string>;
  country: Generated<string>;
  total_page: number | null;
  model: Generated<string>;
  brand: Generated<string>;
  warranty: Generated<string>;
  offer_type: Generated<string>;
  percentage: Generated<number>;
  flat_discount: Generated<number>;
  purchase_from: Generated<string>;
  purchase_price: Generated<number>;
  regular_price: number;
  discount_price: Generated<number>;
  units_stock: Generated<number>;
  units_sold: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Visible reviews and the sum of their ratings (migration 0107; written by the reviews module through catalog ratings). */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  /** At or under it the product is low on stock; null: the shop's `low_stock_default` (migration 0109). */
  low_stock_threshold: number | null;
  /** Pre-orders (migration 0111; domain/preorders.ts): the Dhaka release date (null: no pre-order), the limit in units, units taken against it, units not yet filled from stock. */
  preorder_release_date: string | null;
  preorder_limit: number | null;
  preorder_taken: Generated<number>;
  preorder_waiting: Generated<number>;
}
export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;

export interface BannerTable {
  id: Generated<number>;
  image: string;
  alt_text: string;
  url: string;
  created_at: string;
}

export interface LogoTable {
  id: Generated<number>;
  image: string;
  alt_text: string;
  created_at: string;
}

/** A product's normalised search document and titles (migration 0103, written by server/catalog/search-documents.ts). */
export interface ProductSearchDocTable {
  product_id: number;
  en: string;
  bn: string;
  doc: string;
  en_words: number;
  bn_words: number;
}

/**
 * One change of a product's `units_stock` (migration 0109, written only by
 * server/catalog/stock-ledger.ts): the stock is the sum of a product's deltas.
 */
export interface StockMovementTable {
  id: Generated<number>;
  product_id: number;
  delta: number;
  reason: StockReason;
  /** What caused it: `order:12`, `return:3`, `receipt:4`, `opening`, or ''. */
  ref: Generated<string>;
  user_id: number | null;
  created_at: string;
}

/** The catalogue's change counters in one row (a view, migration 0104): content, shelf counts, and products running out or coming back. */
export interface CatalogVersionsView {
  content: number;
  stock: number;
  availability: number;
}

/** The catalog module's tables, by name (part of `DB`). */
export interface CatalogTables {
  categories: CategoryTable;
  authors: PersonTable;
  publishers: PersonTable;
  products: ProductTable;
  banners: BannerTable;
  logos: LogoTable;
  catalog_versions: CatalogVersionsView;
  product_search_docs: ProductSearchDocTable;
  stock_movements: StockMovementTable;
}
