/**
 * The orders module's tables: orders, their lines, status moves, discounts and payments by hand,
 * and the idempotency keys of checkout.
 */
import type { Generated, Selectable } from 'kysely';
import type { OnlineGateway, PaymentStatus } from '../../../domain/payments';
import type { CourierId, ParcelStateName } from '../../../domain/shipments';
import type { OrderPaymentKind, OrderPaymentMethod } from '../../../domain/wallet-payments';
import type { ConfirmationMethod, OrderConfirmation, OrderSource } from '../../../domain/order-desk';
import type { ReturnCondition, ReturnOrigin, ReturnState, ReturnStatus } from '../../../domain/returns';
import type { ProductType } from './catalog';

export type OrderStatus = 'Pending' | 'Delivered' | 'Returned' | 'Cancelled';
export type PreorderLineState = 'waiting' | 'filled';

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
  /** Whether the shop knows the buyer wants the parcel (migration 0308; domain/order-desk.ts). */
  confirmation: Generated<OrderConfirmation>;
  confirmed_at: string | null;
  confirmation_method: Generated<ConfirmationMethod>;
  /** The member of staff who confirmed it; null for the customer's link, a payment or checkout. */
  confirmed_by: number | null;
  /** SHA-256 of the one-time confirmation link's token, while it can be used. */
  confirm_token_hash: string | null;
  /** Where the order was taken: the web shop, or staff by phone, Facebook, in the shop… */
  source: Generated<OrderSource>;
  /** Staff's note on an order they took; never shown to the customer. */
  staff_note: Generated<string>;
  /** Goods coming back (`in_transit`) or back (`received`); null when nothing was returned (migration 0309). */
  return_status: ReturnStatus | null;
  /** The order an exchange replaces (migration 0309). */
  exchange_of: number | null;
  /** An exchange's price difference: positive is still due from the customer, negative owed to them. */
  difference_due: number | null;
  /** When the parcel was packed at the packing desk, and by whom (migration 0311); null until then. Not a status. */
  packed_at: string | null;
  packed_by: number | null;
  /** A counter sale's own id from the screen, unique while set: a retry answers the same sale (migration 0312). */
  client_ref: string | null;
  /** What a counter buyer handed over, and the change given back (migration 0312); null for other orders. */
  tendered: number | null;
  change_due: number | null;
  /** 1 when an offline counter sale had lines short of stock when it arrived (their `short` is 1): staff look (migration 0312). */
  stock_short: Generated<number>;
  /** Pre-orders (migration 0313): the latest release date of its pre-order lines (null: none), and how many lines still wait for stock. */
  preorder_release_date: string | null;
  preorder_waiting: Generated<number>;
}
export type Order = Selectable<OrderTable>;

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_title: string;
  product_type: ProductType;
  unit_price: number;
  quantity: number;
  total: number;
  /** 1: an offline counter sale's line whose stock was gone; it moved no stock (migration 0312). */
  short: Generated<number>;
  /** A pre-order line (migration 0313): `waiting` for stock, then `filled`; null: taken from stock at checkout. */
  preorder: Generated<PreorderLineState | null>;
}
export type OrderItem = Selectable<OrderItemTable>;

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
export type OrderDiscount = Selectable<OrderDiscountTable>;

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
export type OrderPayment = Selectable<OrderPaymentTable>;

/** A staff edit of a Pending order (migration 0308): the edited fields and lines before and after, as JSON. */
export interface OrderEditTable {
  id: Generated<number>;
  order_id: number;
  changed_by: number | null;
  before: string;
  after: string;
  created_at: string;
}

/** A return of some of an order's units (migration 0309; domain/returns.ts). */
export interface ReturnTable {
  id: Generated<number>;
  order_id: number;
  status: ReturnState;
  origin: ReturnOrigin;
  reason: Generated<string>;
  refund_amount: Generated<number>;
  refunded_amount: Generated<number>;
  decision_reason: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
  received_by: number | null;
  received_at: string | null;
  exchange_order_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type Return = Selectable<ReturnTable>;

export interface ReturnLineTable {
  id: Generated<number>;
  return_id: number;
  order_item_id: number;
  quantity: number;
  condition: ReturnCondition | null;
  received_condition: ReturnCondition | null;
}

export interface ReturnPhotoTable {
  id: Generated<number>;
  return_id: number;
  image: string;
  created_at: string;
}

/** The orders module's tables, by name (part of `DB`). */
export interface OrderTables {
  orders: OrderTable;
  order_items: OrderItemTable;
  order_status_changes: OrderStatusChangeTable;
  idempotency_keys: IdempotencyKeyTable;
  order_discounts: OrderDiscountTable;
  order_payments: OrderPaymentTable;
  order_edits: OrderEditTable;
  returns: ReturnTable;
  return_lines: ReturnLineTable;
  return_photos: ReturnPhotoTable;
}
