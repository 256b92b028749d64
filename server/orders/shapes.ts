/**
 * The API shapes of an order and its lines: the one mapper from rows to what the REST API and
 * the pages show. Field names follow the first version's clients (`bkash_transaction_ID`,
 * `orderItems`, `savedCart`), so those clients keep working.
 */
import type { Order, OrderDiscount, OrderItem, OrderPayment } from '../db/schema';

export function toApiOrder(o: Order) {
  return {
    id: o.id,
    user: o.user_id,
    name: o.name,
    phone_number: o.phone_number,
    optional_phone_number: o.optional_phone_number,
    email: o.email,
    district: o.district,
    upazila_thana: o.upazila_thana,
    delivery_address: o.delivery_address,
    delivery_option: o.delivery_option,
    payment_option: o.payment_option,
    cash_on_delivery: o.cash_on_delivery === 1,
    bkash_transaction_ID: o.bkash_transaction_id,
    nagad_transaction_ID: o.nagad_transaction_id,
    rocket_transaction_ID: o.rocket_transaction_id,
    transaction_amount: o.transaction_amount,
    order_instruction: o.order_instruction,
    subtotal: o.subtotal,
    delivery_charge: o.delivery_charge,
    /** What promotions took off; `discounts` (on one order and the lists) says which. */
    discount_total: o.discount_total,
    total: o.total,
    status: o.status,
    date: o.created_at,
    updated_at: o.updated_at,
    payment_status: o.payment_status,
    payment_gateway: o.payment_gateway,
    payment_reference: o.payment_reference,
    paid_amount: o.paid_amount,
    refunded_amount: o.refunded_amount,
    /** Money arrived for this order after it was cancelled and must be given back. */
    refund_due: o.refund_due === 1,
    paid_at: o.paid_at,
    /** Until when an unpaid online order is kept; null once paid, cancelled, or not paid online. */
    payment_hold_until: o.status === 'Pending' && o.payment_status !== 'paid' ? o.payment_hold_until : null,
    /** The courier carrying the parcel, its ids and its state; null until booked. */
    courier: o.courier,
    consignment_id: o.consignment_id,
    tracking_code: o.tracking_code,
    shipment_status: o.shipment_status,
    /** What the courier was asked to collect at booking (total − what the shop kept then); null until booked. */
    cod_amount: o.cod_amount,
    /** What the courier charges for the parcel, once known. */
    delivery_fee: o.delivery_fee,
    /** When the courier paid the parcel's COD out to the shop. */
    cod_settled_at: o.cod_settled_at,
    /** Whether the shop knows the buyer wants it (domain/order-desk.ts): an unconfirmed order cannot be booked. */
    confirmation: o.confirmation,
    confirmed_at: o.confirmed_at ?? (o.confirmation === 'confirmed' ? o.created_at : null),
    confirmation_method: o.confirmation === 'confirmed' ? o.confirmation_method : null,
    /** Where the order was taken: `web`, or by staff (`phone`, `facebook`, `shop`, `other`), or the `counter`. */
    source: o.source,
    /** Staff's own note on an order they took; left out of the customer's view. */
    staff_note: o.staff_note,
    /** Goods coming back (`in_transit`) or back in the shop (`received`); null when nothing was returned. Orders Returned before returns were recorded read `received` (migration 0309). */
    return_status: o.return_status,
    /** The order this one replaces in an exchange (server/orders/returns/exchange.ts). */
    exchange_of: o.exchange_of,
    /** An exchange's price difference: positive is still due from the customer, negative is owed to them. */
    difference_due: o.difference_due,
    /** When the parcel was packed at the packing desk (server/packing); null until then. Not a status. */
    packed_at: o.packed_at,
    /** Who packed it (staff only). */
    packed_by: o.packed_by,
    /** A pre-order order (docs/preorders.md): held whole until no line waits and the latest release date has come; null otherwise. */
    preorder: o.preorder_release_date ? { release_date: o.preorder_release_date, waiting: o.preorder_waiting > 0 } : null,
    /** A counter sale's own id, what the buyer handed over and the change (server/orders/counter); null for other orders. */
    client_ref: o.client_ref,
    tendered: o.tendered,
    change_due: o.change_due,
    /** An offline counter sale some of whose lines (`items[].short`) found no stock: staff look. */
    stock_short: o.stock_short === 1,
  };
}

/**
 * Money taken or given back by hand (order_payments): a wallet claim (`verified` false until
 * staff check it), a payment staff recorded, a manual refund (`kind` refund). `at` and `user`
 * are when and by whom it was verified, else recorded.
 */
export function toApiPayment(p: OrderPayment) {
  return {
    id: p.id,
    kind: p.kind,
    method: p.method,
    transaction_id: p.transaction_id,
    amount: p.amount,
    verified: p.verified === 1,
    at: p.verified_at ?? p.created_at,
    user: p.verified_by ?? p.created_by,
    ...(p.kind === 'refund' ? { reason: p.reason } : {}),
  };
}

export function toApiItem(i: OrderItem) {
  return {
    id: i.id,
    order: i.order_id,
    product: i.product_id,
    product_title: i.product_title,
    product_type: i.product_type,
    unit_price: i.unit_price,
    quantity: i.quantity,
    total: i.total,
    /** A pre-order line: `waiting` for stock, then `filled`; null for a line taken from stock. */
    preorder: i.preorder,
    /** Only on an offline counter sale's line that moved no stock (there was none left): `short: true`. */
    ...(i.short === 1 ? { short: true } : {}),
  };
}

/** A promotion as the order recorded it at checkout: `promotion` null for the shop's free-delivery threshold. */
export function toApiDiscount(d: OrderDiscount) {
  return { promotion: d.promotion_id, name: d.name, code: d.code, kind: d.kind, amount: d.amount };
}

/**
 * An order with its lines: `items` (the orderItem objects), plus `orderItems` and `savedCart`,
 * the shapes in which clients of the first version read an order's lines.
 */
export function withLines(order: ReturnType<typeof toApiOrder>, rows: OrderItem[], discounts: OrderDiscount[], payments: OrderPayment[] = []) {
  const items = rows.map(toApiItem);
  return {
    ...order,
    discounts: discounts.map(toApiDiscount),
    // Money in by hand (`payments`, the contract's shape) and money given back by hand, apart, so
    // a client adding up verified payments never counts a refund as money received.
    payments: payments.filter((p) => p.kind !== 'refund').map(toApiPayment),
    refunds_by_hand: payments.filter((p) => p.kind === 'refund').map(toApiPayment),
    items,
    orderItems: items.map((i) => ({ product: i.product, quantity: i.quantity })),
    savedCart: Object.fromEntries(items.map((i) => [String(i.product), i.quantity])),
  };
}

/** The rows a checkout wrote, as committed (checkout.ts): its answer shows them without reading them again (reads.ts viewPlaced). */
export interface PlacedOrder {
  order: Order;
  items: OrderItem[];
  discounts: OrderDiscount[];
  payments: OrderPayment[];
}

/**
 * An order as its customer sees it: without what is the shop's own business — what the courier
 * charges the shop, when the courier paid the COD out, staff's note, which member of staff checked a payment or packed the parcel.
 */
export function forCustomer<T extends ReturnType<typeof withLines>>(order: T) {
  const { delivery_fee: _fee, cod_settled_at: _settled, staff_note: _note, packed_by: _packer, ...rest } = order;
  const hideStaff = <P extends { user: unknown }>({ user: _user, ...p }: P) => p;
  return { ...rest, payments: order.payments.map(hideStaff), refunds_by_hand: order.refunds_by_hand.map(hideStaff) };
}

export type ApiOrderItem = ReturnType<typeof toApiItem>;


/**
 * "The order" as the order desk's and money's writes answer it (run contract: "201 the order"):
 * the order's own fields at the top, its `message`, and the order again under `order` for clients
 * of the `{status, message, order}` answers older calls give. `status` is therefore the order's.
 */
export function orderAnswer<T extends object>(order: T, message: string, extra: Record<string, unknown> = {}) {
  return { ...order, ...extra, message, order };
}
