/**
 * What GET /metrics exports, in one Prometheus registry per app (tests build several apps in one
 * process; the global default registry would collide). This process's own figures — requests,
 * memory, event-loop lag — are kept as they happen; the shop's — orders, payments, SMS — are
 * counted in the database when Prometheus scrapes, through the owning modules' services, so
 * every process answers the same whoever placed the order.
 */
import cluster from 'node:cluster';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ATTEMPT_STATUSES, PAYMENT_STATUSES } from '../../domain/payments';
import type { SmsOutboxTable } from '../db/schema';
import type { Database } from '../db/database';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { SmsService } from '../notifications/service';

const SMS_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const satisfies readonly SmsOutboxTable['status'][];

/** What the shop's figures are read from: the database's pool and the owning modules' counts. */
export interface MetricsSources {
  database: Pick<Database, 'poolUse'>;
  orders: Pick<OrderService, 'countByPaymentStatus'>;
  payments: Pick<PaymentService, 'countAttemptsByStatus'>;
  sms: Pick<SmsService, 'countByStatus'>;
}

export interface Metrics {
  contentType: string;
  /** The exposition text: this process's figures, then the shop's. */
  scrape(): Promise<string>;
  /** Times one answered request; `route` is a route pattern or a fixed word, never a raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** One query answered once for every metric that reads it within a scrape (they are collected together). */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= read().finally(() => {
      running = undefined;
    }));
}

/** A gauge of counts by state, read at each scrape: every known state gets a value, 0 when no row has it, so a series never vanishes. */
function stateGauge(registry: Registry, name: string, help: string, label: string, states: readonly string[], read: () => Promise<Record<string, number>>) {
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    async collect() {
      const counts = await read();
      for (const state of states) this.set({ [label]: state }, counts[state] ?? 0);
      for (const [state, n] of Object.entries(counts)) if (!states.includes(state)) this.set({ [label]: state }, n);
    },
  });
}

export function createMetrics(services: MetricsSources): Metrics {
  // This process's figures; under several server processes each answers for itself, told apart by pid.
  const own = new Registry();
  if (cluster.isWorker) own.setDefaultLabels({ pid: String(process.pid) });
  collectDefaultMetrics({ register: own });
  const requests = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  const pool = services.database.poolUse;
  new Gauge({
    name: 'haat_db_pool_connections',
    help: 'Database connections of this process by state (SQLite: its one connection).',
    labelNames: ['state'] as const,
    registers: [own],
    collect() {
      const use = pool();
      this.set({ state: 'busy' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'haat_db_pool_waiting',
    help: 'Queries of this process waiting for a database connection.',
    registers: [own],
    collect() {
      this.set(pool().waiting);
    },
  });
  new Gauge({
    name: 'haat_db_pool_max',
    help: 'The most database connections this process opens.',
    registers: [own],
    collect() {
      this.set(pool().max);
    },
  });

  // The shop's figures, the same from every process.
  const shop = new Registry();
  const orders = shared(() => services.orders.countByPaymentStatus());
  new Counter({
    name: 'haat_orders_placed_total',
    help: 'Orders placed since the shop opened.',
    registers: [shop],
    async collect() {
      const counts = await orders();
      this.reset();
      this.inc(Object.values(counts).reduce((sum, n) => sum + n, 0));
    },
  });
  stateGauge(shop, 'haat_orders', 'Orders by payment status.', 'payment_status', PAYMENT_STATUSES, orders);
  stateGauge(shop, 'haat_payment_attempts', 'Online payment attempts by state.', 'state', ATTEMPT_STATUSES, () => services.payments.countAttemptsByStatus());
  const sms = shared(() => services.sms.countByStatus());
  stateGauge(shop, 'haat_sms', 'Text messages in the outbox by state.', 'state', SMS_STATUSES, sms);
  new Gauge({
    name: 'haat_sms_outbox_depth',
    help: 'Text messages waiting to be sent (pending).',
    registers: [shop],
    async collect() {
      this.set((await sms()).pending ?? 0);
    },
  });

  return {
    contentType: own.contentType,
    async scrape() {
      // Not Registry.merge: the merged registry would drop this process's pid label. The pool is
      // read before the shop's counts take connections of it.
      const mine = await own.metrics();
      return mine + (await shop.metrics());
    },
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status }, seconds);
    },
  };
}
