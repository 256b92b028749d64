/**
 * Shipments: sending orders with a courier (Steadfast, Pathao) and following their parcels.
 * Booking (booking.ts: claims, adopting a parcel after a timeout; bulk-booking.ts; record.ts:
 * writing a parcel down), tracking (tracking.ts:
 * applying a courier's state, webhooks as signals, the poll round, the customer's tracking
 * answer) and the poll worker (tracking.ts's round, run by server/jobs/interval-worker.ts); the tables are in store.ts. The order's courier
 * columns and its status move only through the orders' shipment face (`orders.shipments`). The
 * courier's cash: payouts (payouts.ts) and the courier report (reports.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import type { AuthUser } from '../accounts/sessions';
import type { RateLimiter } from '../accounts/rate-limit';
import type { OrderService } from '../orders/service';
import type { SettingsService } from '../settings/service';
import { createShipmentStore } from './store';
import { createBooking } from './booking';
import type { Couriers } from './couriers';
import { createTracking } from './tracking';
import { createPayouts } from './payouts';
import { createCourierReport } from './reports';
import { createParcelLookup } from './parcel-lookup';
import { IntervalWorker } from '../jobs/interval-worker';
import type { BookShipmentInput } from '../../domain/shipments';
import { COURIER_IDS, COURIERS, type CourierId } from '../../domain/providers';

export type { Couriers } from './couriers';

export interface ShipmentLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLog: ShipmentLog = { info() {}, error() {} };

export interface ShipmentDeps {
  dialect: DialectName;
  orders: OrderService;
  settings: SettingsService;
  couriers: Couriers;
  limiter: RateLimiter;
  publicUrl: string;
  /** COURIER_POLL_MINUTES: how often a parcel not yet final is asked about. */
  pollMinutes: number;
  nudgeSms?: () => void;
  log?: ShipmentLog;
  /** Between the worker's rounds; default one minute (each parcel is still asked once per pollMinutes). */
  workerPollMs?: number;
  /** A booking claim older than this is taken over (its process died mid-call); default six courier timeouts, at least two minutes. */
  staleClaimMs?: number;
}

export function createShipmentService(db: Kysely<DB>, deps: ShipmentDeps) {
  const log = () => deps.log ?? silentLog;
  const store = createShipmentStore(db, deps.dialect);
  const orders = deps.orders.shipments;
  const shopName = async () => (await deps.settings.get()).shop_name;
  const nudgeSms = () => deps.nudgeSms?.();
  const courierRates = async () => (await deps.settings.get()).courier_rates;
  const common = { store, orders, couriers: deps.couriers, shopName, courierRates, publicUrl: deps.publicUrl, nudgeSms };
  // A claim is renewed before each courier call, and one call (token, retry) can take several timeouts.
  const timeouts = Object.values(deps.couriers).map((c) => c?.timeoutMs ?? 30_000);
  const staleMs = deps.staleClaimMs ?? Math.max(120_000, 6 * Math.max(0, ...timeouts));
  const booking = createBooking(db, { ...common, staleMs, log });
  const tracking = createTracking(db, { ...common, pollMinutes: deps.pollMinutes, limiter: deps.limiter, log, resolveUnknown: booking.resolveUnknown });
  // Parcels not yet final are asked about once every COURIER_POLL_MINUTES; each is claimed with a
  // conditional UPDATE, so rounds in several processes never act twice on one change.
  // One process's round at a time (server/jobs/exclusive.ts): the others would read the same due parcels.
  const worker = new IntervalWorker('courier poll worker', (now) => tracking.pollRound(now), log, deps.workerPollMs ?? 60_000, { exclusive: { db, dialect: deps.dialect } });

  return {
    worker,

    /** The couriers whose credentials are configured. */
    courierIds(): CourierId[] {
      return COURIER_IDS.filter((id) => !!deps.couriers[id]);
    },

    courier(id: CourierId) {
      return deps.couriers[id];
    },

    /** `GET /api/couriers/`: each courier, whether it is configured, and with `check` whether it answers. */
    async couriers(check: boolean) {
      return Promise.all(
        COURIER_IDS.map(async (id) => {
          const courier = deps.couriers[id];
          const base = { id, label: COURIERS[id].label, configured: !!courier };
          if (!courier || !check) return base;
          try {
            return { ...base, ...(await courier.ping()) };
          } catch (error) {
            return { ...base, ok: false, message: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
    },

    /** Books one parcel for a Pending order (see booking.ts); answers the order as the admin sees it. */
    async book(admin: AuthUser, orderId: number, body: BookShipmentInput) {
      await booking.bookOne(admin, orderId, body);
      return (await deps.orders.getOrder(admin, orderId))!;
    },

    bookMany: booking.bookMany,

    /** The courier's cash (payouts.ts): payout sheets matched to parcels, the batches, what is outstanding. */
    payouts: createPayouts(db, { store, orders }),
    /** `GET /api/reports/couriers/` (reports.ts). */
    courierReport: createCourierReport(db, orders),

    /** Parcels for the packing desk (parcel-lookup.ts): the order of a scanned consignment id or tracking code, the parcels booked today. */
    parcels: createParcelLookup(db, deps.dialect),

    /** An order's parcel timeline, oldest first (the order API's `shipment_events`). */
    events: (orderId: number) => store.events(orderId),

    refreshConsignment: tracking.refreshConsignment,
    pollRound: tracking.pollRound,
    track: tracking.track,

    start(logger?: ShipmentLog) {
      if (logger) deps.log = logger;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
