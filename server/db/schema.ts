/**
 * Row types of every table, for Kysely. Booleans are stored as 0/1 integers in both databases
 * (SQLite has no boolean type; one representation keeps the queries identical), and
 * timestamps as ISO-8601 strings (TEXT on SQLite, timestamptz parsed to ISO on PostgreSQL).
 * Money is whole taka.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AttemptStatus, OnlineGateway, PaymentStatus } from '../../domain/payments';
import type { CourierId, ParcelStateName } from '../../domain/shipments';
import type { OrderPaymentKind, OrderPaymentMethod } from '../../domain/wallet-payments';

export type ProductType = 'books' | 'electronics' | 'stationary';
export type OrderStatus = 'Pending' | 'Delivered' | 'Returned' | 'Cancelled';

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
}

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

export interface UserTable {
  id: Generated<number>;
  name: string;
  phone_number: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
  updated_at: string;
  /** Wrong recovery codes since the last success (0201_account_recovery). */
  recovery_failures: Generated<number>;
  /** Address of the last successful sign-in or password reset; '' when none yet. */
  last_login_ip: Generated<string>;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  to_phone: string;
  text: string;
  kind: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The audit log (audit module, migration 1101): append-only; `changes` is JSON `{field: [before, after]}`. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  action: string;
  target: string | null;
  changes: string;
  address: string | null;
}

/** Back-in-stock requests (restock module, migration 1001): waiting while `notified_at` is null. */
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

/** A customer's review of a product they received (reviews module, migration 0901); `hidden` 0/1 by an admin. */
export interface ProductReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  rating: number;
  text: Generated<string>;
  hidden: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  phone_number: string;
  optional_phone_number: string;
  email: string;
  district: string;
  upazila_thana: string;
  delivery_address: string;
  delivery_option: string;
  payment_option: string;
  cash_on_delivery: number;
  bkash_transaction_id: string;
  nagad_transaction_id: string;
  rocket_transaction_id: string;
  transaction_amount: number | null;
  order_instruction: string;
  subtotal: number;
  delivery_charge: number;
  total: number;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  payment_status: Generated<PaymentStatus>;
  /** The online gateway the order is paid through; null for cash on delivery and manual wallet payments. */
  payment_gateway: OnlineGateway | null;
  /** bKash trxID or SSLCommerz bank_tran_id of the payment that paid the order. */
  payment_reference: Generated<string>;
  paid_amount: Generated<number>;
  refunded_amount: Generated<number>;
  paid_at: string | null;
  /** Until when an unpaid online order keeps its stock; then the hold worker cancels it. */
  payment_hold_until: string | null;
  /** The courier carrying the parcel; null until the order is booked (migration 0302). */
  courier: CourierId | null;
  consignment_id: string | null;
  tracking_code: string | null;
  /** The parcel's state as last read from the courier. */
  shipment_status: ParcelStateName | null;
  /** The placing account's phone: order SMS go here, not to the delivery phone (migration 0303). */
  account_phone: Generated<string>;
  /** What promotions took off (migration 0304): total = subtotal + delivery_charge − discount_total. */
  discount_total: Generated<number>;
  /** 1 while a payment that arrived for a cancelled order waits to be refunded (migration 0305). */
  refund_due: Generated<number>;
  /** What the courier collects on delivery: total − what the shop already holds, set at booking (migration 0305). */
  cod_amount: number | null;
  /** What the courier charges for the parcel, from its answer or its payout (migration 0305). */
  delivery_fee: number | null;
  /** When the courier paid this parcel's COD out to the shop (migration 0305). */
  cod_settled_at: string | null;
}

/**
 * Money an order received or gave back by hand (migration 0306): a checkout's wallet claim
 * (`verified` 0), a payment staff recorded or verified, a manual refund (`kind` refund).
 */
export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  kind: Generated<OrderPaymentKind>;
  method: OrderPaymentMethod;
  transaction_id: Generated<string>;
  amount: number;
  verified: Generated<number>;
  reason: Generated<string>;
  created_by: number | null;
  created_at: string;
  verified_by: number | null;
  verified_at: string | null;
}

/** One promotion applied to an order, as it was at checkout (migration 0304). */
export interface OrderDiscountTable {
  id: Generated<number>;
  order_id: number;
  promotion_id: number | null;
  name: string;
  code: string | null;
  kind: string;
  amount: number;
}

/** A promotion or coupon (migration 0801); `applies_to` and `get_products` are JSON. */
export interface PromotionTable {
  id: Generated<number>;
  name: string;
  kind: 'percentage' | 'fixed' | 'free_delivery' | 'buy_x_get_y';
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_products: string;
  applies_to: string;
  min_subtotal: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  code: string | null;
  is_active: number;
  used_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One use of a promotion by an order; `released_at` set when the order was cancelled (migration 0801). */
export interface PromotionRedemptionTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  user_id: number | null;
  created_at: string;
  released_at: string | null;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_title: string;
  product_type: ProductType;
  unit_price: number;
  quantity: number;
  total: number;
}

export interface OrderStatusChangeTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus;
  to_status: OrderStatus;
  changed_by: number | null;
  created_at: string;
}

export interface IdempotencyKeyTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
}

export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: number;
  gateway: OnlineGateway;
  invoice: string;
  gateway_ref: string | null;
  amount: number;
  currency: Generated<string>;
  status: AttemptStatus;
  payment_url: Generated<string>;
  reference: Generated<string>;
  failure_reason: Generated<string>;
  /** JSON: [{at, step, answer}] */
  answers: Generated<string>;
  claim_token: string | null;
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number;
  gateway: OnlineGateway;
  amount: number;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  refund_key: string;
  reference: Generated<string>;
  message: Generated<string>;
  /** JSON: the gateway's answer. */
  answer: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

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

export interface ShipmentEventTable {
  id: Generated<number>;
  shipment_id: number;
  order_id: number;
  status: string;
  message: Generated<string>;
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

/** The catalogue's change counters in one row (a view, migration 0104): content, shelf counts, and products running out or coming back. */
export interface CatalogVersionsView {
  content: number;
  stock: number;
  availability: number;
}

export interface DB {
  categories: CategoryTable;
  authors: PersonTable;
  publishers: PersonTable;
  products: ProductTable;
  banners: BannerTable;
  logos: LogoTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  sms_outbox: SmsOutboxTable;
  settings: SettingTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_status_changes: OrderStatusChangeTable;
  idempotency_keys: IdempotencyKeyTable;
  rate_limits: RateLimitTable;
  payment_attempts: PaymentAttemptTable;
  payment_refunds: PaymentRefundTable;
  shipments: ShipmentTable;
  shipment_events: ShipmentEventTable;
  order_discounts: OrderDiscountTable;
  order_payments: OrderPaymentTable;
  promotions: PromotionTable;
  promotion_redemptions: PromotionRedemptionTable;
  restock_requests: RestockRequestTable;
  restock_codes: RestockCodeTable;
  audit_log: AuditLogTable;
  product_reviews: ProductReviewTable;
  catalog_versions: CatalogVersionsView;
  product_search_docs: ProductSearchDocTable;
}

export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type Category = Selectable<CategoryTable>;
export type Person = Selectable<PersonTable>;
export type User = Selectable<UserTable>;
export type Order = Selectable<OrderTable>;
export type OrderItem = Selectable<OrderItemTable>;
export type OrderDiscount = Selectable<OrderDiscountTable>;
export type OrderPayment = Selectable<OrderPaymentTable>;
export type PaymentAttempt = Selectable<PaymentAttemptTable>;
export type PaymentRefund = Selectable<PaymentRefundTable>;
export type Shipment = Selectable<ShipmentTable>;
