/** What booking a parcel is given and answers, shared by the booking files. */
import type { OrderShipments } from '../orders/service';
import type { Courier } from './courier';
import type { ShipmentStore } from './store';
import type { CourierId } from '../../domain/shipments';

export type Couriers = Partial<Record<CourierId, Courier>>;

export interface BookingDeps {
  store: ShipmentStore;
  orders: OrderShipments;
  couriers: Couriers;
  shopName(): Promise<string>;
  publicUrl: string;
  nudgeSms(): void;
  /** A booking claim older than this belongs to a process that died. */
  staleMs: number;
  log(): { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface BulkLine {
  order: number;
  ok: boolean;
  consignment_id?: string;
  tracking_code?: string;
  /** What the courier was asked to collect (total − what the shop kept). */
  cod_amount?: number | null;
  message?: string;
}
