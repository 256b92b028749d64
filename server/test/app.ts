/**
 * An API server on a fresh test database, for `app.inject` tests, plus helpers to sign in.
 * Uses the real services, the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../domain/roles';
import { courierSettings, gatewaySettings, loadConfig, type Config } from '../config';
import { buildApp } from '../app';
import { createServices, type ServiceOptions, type Services } from '../services';
import { createTestDatabase, type TestDatabase } from './database';
import type { ShopSettings } from '../../domain/settings';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  close(): Promise<void>;
  /** Creates a user and returns a bearer token for them. */
  signIn(opts?: SignInOptions): Promise<{ token: string; userId: number; phone: string; headers: Record<string, string> }>;
}

export interface SignInOptions {
  /** An owner (the admin of the days before roles). */
  admin?: boolean;
  /** Any role; wins over `admin`. */
  role?: Role;
  phone?: string;
  name?: string;
  password?: string;
}

let phoneCounter = 0;
/** A valid, unique Bangladeshi mobile number for a test user. */
export function testPhone(): string {
  phoneCounter += 1;
  return `017${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

/**
 * Tests place many orders for few customers, all from inject's one address: the hourly and
 * open-order checkout limits are off unless a test's `settings` turn them on (server/orders/limits.test.ts).
 */
export const TEST_CHECKOUT_LIMITS: Partial<ShopSettings> = { checkouts_per_hour: 0, max_open_orders_per_customer: 0 };

/**
 * `options` go to createServices (e.g. `couriers`: the couriers the app has instead of the
 * environment's); `settings` are stored before the first request.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: ServiceOptions = {}, settings: Partial<ShopSettings> = TEST_CHECKOUT_LIMITS): Promise<TestApp> {
  const database = await createTestDatabase();
  // The gateways' and couriers' settings come from process.env as the server would read them: tests point them at the fakes.
  const config: Config = { ...loadConfig({ NODE_ENV: 'test' }), gateways: gatewaySettings(process.env), couriers: courierSettings(process.env), dataDir: database.dataDir, databaseUrl: database.url, ...overrides };
  const services = createServices(database, config, options);
  const app = await buildApp({ services });
  await app.ready();
  if (Object.keys(settings).length) await services.settings.update(settings);
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
    signIn: (opts = {}) => signInUser(services, opts),
  };
}

/** Creates a user (a test customer unless `admin` (an owner) or `role`) and a session: its token, and the headers that carry it. */
export async function signInUser(services: Pick<Services, 'users' | 'sessions'>, opts: SignInOptions = {}) {
  const phone = opts.phone ?? testPhone();
  const user = await services.users.create({
    name: opts.name ?? (opts.admin ? 'Test Admin' : 'Test Customer'),
    phone_number: phone,
    password: opts.password ?? 'correct horse battery',
    role: opts.role ?? (opts.admin ? 'owner' : 'customer'),
  });
  const token = await services.sessions.create(user.id);
  return { token, userId: user.id, phone, headers: { authorization: `Bearer ${token}` } };
}

export type Signed = Awaited<ReturnType<TestApp['signIn']>>;

/** A test app with a signed-in admin and a signed-in customer. */
export async function openSignedApp(): Promise<{ t: TestApp; admin: Signed; customer: Signed }> {
  const t = await createTestApp();
  return { t, admin: await t.signIn({ admin: true }), customer: await t.signIn() };
}

/** The same, with each user as the request headers that sign them in. */
export async function openAdminApp(): Promise<{ t: TestApp; admin: Record<string, string>; customer: Record<string, string> }> {
  const { t, admin, customer } = await openSignedApp();
  return { t, admin: admin.headers, customer: customer.headers };
}
