/**
 * The lists module's tables (server/lists/): curated lists and their products in order
 * (migration 1301). Products are the catalogue's; a deleted product's rows go with it.
 */
import type { Generated } from 'kysely';

export interface CuratedListTable {
  id: Generated<number>;
  /** Unique; lowercase latin letters, digits and hyphens (domain/lists.ts LIST_SLUG). */
  slug: string;
  title: string;
  title_en: string;
  starts_at: string | null;
  ends_at: string | null;
  is_active: number;
  show_on_home: number;
  home_position: number;
  created_at: string;
  updated_at: string;
}

/** One product of a list at its place (0 first). */
export interface CuratedListProductTable {
  list_id: number;
  product_id: number;
  position: number;
}

/** The lists module's tables, by name (part of `DB`). */
export interface ListTables {
  curated_lists: CuratedListTable;
  curated_list_products: CuratedListProductTable;
}
