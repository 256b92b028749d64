/**
 * The shipments module's tables: parcels booked with a courier, and what the courier said of them.
 */
import type { Generated, Selectable } from 'kysely';
import type { CourierId, ParcelStateName } from '../../../domain/shipments';

export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  courier: CourierId;
  booking: 'booking' | 'booked' | 'failed' | 'unknown';
  claim_token: string | null;
  claimed_at: string | null;
  consignment_id: string | null;
  tracking_code: string | null;
  state: ParcelStateName | null;
  courier_status: Generated<string>;
  message: Generated<string>;
  /** JSON: [{at, step, answer}] */
  answers: Generated<string>;
  polled_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type Shipment = Selectable<ShipmentTable>;

export interface ShipmentEventTable {
  id: Generated<number>;
  shipment_id: number;
  order_id: number;
  status: string;
  message: Generated<string>;
  created_at: string;
}

/** A courier's payout batch, uploaded by the accountant (migration 0703). */
export interface CourierPayoutTable {
  id: Generated<number>;
  courier: CourierId;
  reference: Generated<string>;
  paid_at: string;
  file_sha256: string;
  total: Generated<number>;
  fees: Generated<number>;
  lines: Generated<number>;
  matched: Generated<number>;
  short: Generated<number>;
  unknown: Generated<number>;
  created_by: number | null;
  created_at: string;
}

/** One line of a payout sheet and what it matched. */
export interface CourierPayoutLineTable {
  id: Generated<number>;
  payout_id: number;
  consignment_id: string;
  order_id: number | null;
  cod_amount: number;
  delivery_fee: Generated<number>;
  expected: number | null;
  outcome: 'matched' | 'short' | 'unknown' | 'already_paid';
}

/** The shipments module's tables, by name (part of `DB`). */
export interface ShipmentTables {
  shipments: ShipmentTable;
  shipment_events: ShipmentEventTable;
  courier_payouts: CourierPayoutTable;
  courier_payout_lines: CourierPayoutLineTable;
}
