/**
 * What the orders module is built from (handed in by server/services.ts) and what its order lists
 * are asked: the types service.ts, reads.ts and checkout share, in a file that imports none of them.
 */
import type { DialectName } from '../db/database';
import type { UserStore } from '../accounts/users';
import type { RateLimiter } from '../accounts/rate-limit';
import type { SettingsService } from '../settings/service';
import type { CatalogService } from '../catalog/service';
import type { FileStorage } from '../media/storage';
import type { PromotionService } from '../promotions/service';
import type { OrderStatus } from '../../domain/orders';
import type { PaymentStatus } from '../../domain/payments';
import type { CourierId, ParcelStateName } from '../../domain/shipments';
import type { OrderConfirmation, OrderSource } from '../../domain/order-desk';

export interface OrderListQuery {
  phone_number?: string | undefined;
  search?: string | undefined;
  status?: OrderStatus | undefined;
  payment_status?: PaymentStatus | undefined;
  shipment_status?: ParcelStateName | undefined;
  refund_due?: boolean | undefined;
  confirmation?: OrderConfirmation | undefined;
  source?: OrderSource | undefined;
  courier?: CourierId | undefined;
  /** Dhaka calendar days, both included (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
  /** `id`: oldest first (the "to confirm" view); default newest first. */
  ordering?: '-id' | 'id' | undefined;
}

/**
 * What orders ask of the payments module, handed in by server/services.ts (payments is built
 * after orders and uses them, so orders does not import it).
 */
export interface OrderPaymentHooks {
  /** Opens (or, for a repeated checkout, reuses) a payment for an order paid online: the gateway page. */
  begin(orderId: number): Promise<{ payment_url: string }>;
  /** The back office's view of an order's payment attempts (with the gateways' answers) and refunds. */
  details(orderId: number): Promise<{ payment_attempts: unknown[]; refunds: unknown[] }>;
}

/** What orders ask of the shipments module: an order's parcel timeline (handed in by server/services.ts). */
export interface OrderShipmentHooks {
  events(orderId: number): Promise<{ at: string; status: string; message: string }[]>;
}

export interface OrderDeps {
  settings: SettingsService;
  /** The catalogue's stock face: checkout takes units and a cancelled order gives them back through it. */
  stock: CatalogService['stock'];
  /** The names of the admins in an order's history; the staff's phones for money alerts; the customer of an order staff take, by phone. */
  users: Pick<UserStore, 'namesByIds' | 'staffPhones' | 'findByPhone' | 'findOrMakeByPhone' | 'findById'>;
  dialect: DialectName;
  /** PAYMENT_HOLD_MINUTES: how long an unpaid online order keeps its stock. */
  paymentHoldMinutes: number;
  payments?: OrderPaymentHooks;
  shipments?: OrderShipmentHooks;
  /** The shared rate limiter, for checkouts an hour. */
  limiter?: RateLimiter;
  /** Promotions and coupons: checkout prices with them, a cancelled order gives its uses back. */
  promotions: PromotionService;
  /** PUBLIC_URL, for the confirmation link in the order SMS. */
  publicUrl: string;
  /** Where the photos of customers' return requests are kept (server/media). */
  storage: FileStorage;
}
