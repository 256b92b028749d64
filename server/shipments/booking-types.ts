/** What booking a parcel is given and answers, shared by the booking files (and tracking's common part). */
import type { OrderShipments } from '../orders/service';
import type { Couriers } from './couriers';
import type { ShipmentStore } from './store';
import type { CourierId } from '../../domain/providers';

/** What booking and tracking are both given (service.ts builds it once). */
export interface ShipmentCommon {
  store: ShipmentStore;
  orders: OrderShipments;
  couriers: Couriers;
  shopName(): Promise<string>;
  /** The settings' `courier_rates`: what each courier charges a parcel when its answer does not say. */
  courierRates(): Promise<Partial<Record<CourierId, number>>>;
  publicUrl: string;
  nudgeSms(): void;
  log(): { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface BookingDeps extends ShipmentCommon {
  /** A booking claim older than this belongs to a process that died. */
  staleMs: number;
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
