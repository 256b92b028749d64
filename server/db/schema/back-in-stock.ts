/**
 * The back-in-stock module's tables: the requests to be told when a product is back, and the codes
 * proving a guest's phone.
 */
import type { Generated } from 'kysely';

/** Back-in-stock requests (back-in-stock module, migration 1001): waiting while `notified_at` is null. */
export interface RestockRequestTable {
  id: Generated<number>;
  product_id: number;
  phone_number: string;
  user_id: number | null;
  created_at: string;
  notified_at: string | null;
}

/** Codes proving a guest's phone number for a back-in-stock request (hashed, like recovery codes). */
export interface RestockCodeTable {
  id: Generated<number>;
  phone_number: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** The back-in-stock module's tables, by name (part of `DB`). */
export interface BackInStockTables {
  restock_requests: RestockRequestTable;
  restock_codes: RestockCodeTable;
}
