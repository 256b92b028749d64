/**
 * What the order routes answer, in zod for the OpenAPI document: the order of shapes.ts
 * (toApiOrder with withLines' lines, discounts and payments), its lines, a checkout's answer and
 * a cart's quote. Staff-only fields are optional: forCustomer leaves them out of a customer's view.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../domain/orders';
import { PAYMENT_STATUSES } from '../../domain/payment-status';
import { ORDER_CONFIRMATIONS, ORDER_SOURCES } from '../../domain/order-desk';
import { messageAnswer, pageOf } from '../http/answer-schemas';

const id = z.int().min(1);
const taka = z.int();
const time = z.string();

export const orderItemAnswer = z
  .object({
    id,
    order: id,
    product: id.nullable(),
    product_title: z.string(),
    product_type: z.string(),
    unit_price: taka,
    quantity: z.int().min(1),
    total: taka,
    preorder: z.string().nullable().describe('A pre-order line: `waiting`, then `filled`; null for a line from stock'),
    short: z.literal(true).optional().describe("An offline counter sale's line that found no stock"),
  })
  .strict()
  .meta({ id: 'OrderItem', description: 'An order line.' });

const discount = z.object({ promotion: id.nullable(), name: z.string(), code: z.string().nullable(), kind: z.string(), amount: taka });
const payment = z.object({
  id,
  kind: z.string(),
  method: z.string(),
  transaction_id: z.string().nullable(),
  amount: taka,
  verified: z.boolean(),
  at: time,
  user: id.nullable().optional().describe('Staff only: who verified (else recorded) it'),
  reason: z.string().optional(),
});
const staffOnly = (schema: z.ZodType) => schema.optional().describe('Staff only');

export const orderAnswer = z
  .object({
    id,
    user: id.nullable(),
    name: z.string(),
    phone_number: z.string(),
    optional_phone_number: z.string(),
    email: z.string(),
    district: z.string(),
    upazila_thana: z.string(),
    delivery_address: z.string(),
    delivery_option: z.string(),
    payment_option: z.string(),
    cash_on_delivery: z.boolean(),
    bkash_transaction_ID: z.string(),
    nagad_transaction_ID: z.string(),
    rocket_transaction_ID: z.string(),
    transaction_amount: taka.nullable(),
    order_instruction: z.string(),
    subtotal: taka,
    delivery_charge: taka,
    discount_total: taka,
    total: taka,
    status: z.enum(ORDER_STATUSES),
    date: time,
    updated_at: time,
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_gateway: z.string().nullable(),
    payment_reference: z.string(),
    paid_amount: taka,
    refunded_amount: taka,
    refund_due: z.boolean(),
    paid_at: time.nullable(),
    payment_hold_until: time.nullable(),
    courier: z.string().nullable(),
    consignment_id: z.string().nullable(),
    tracking_code: z.string().nullable(),
    shipment_status: z.string().nullable(),
    cod_amount: taka.nullable(),
    delivery_fee: staffOnly(taka.nullable()),
    cod_settled_at: staffOnly(time.nullable()),
    confirmation: z.enum(ORDER_CONFIRMATIONS),
    confirmed_at: time.nullable(),
    confirmation_method: z.string().nullable(),
    source: z.enum(ORDER_SOURCES),
    staff_note: staffOnly(z.string()),
    return_status: z.string().nullable(),
    exchange_of: id.nullable(),
    difference_due: taka.nullable(),
    packed_at: time.nullable(),
    packed_by: staffOnly(id.nullable()),
    preorder: z.object({ release_date: z.string(), waiting: z.boolean() }).nullable(),
    client_ref: z.string().nullable(),
    tendered: taka.nullable(),
    change_due: taka.nullable(),
    stock_short: z.boolean(),
    discounts: z.array(discount),
    payments: z.array(payment),
    refunds_by_hand: z.array(payment),
    items: z.array(orderItemAnswer),
    orderItems: z.array(z.object({ product: id.nullable(), quantity: z.int() })).describe("The first version's lines"),
    savedCart: z.record(z.string(), z.int()).describe("The first version's lines: product id → quantity"),
    returns: z.array(z.object({ id }).loose()),
    return_request_until: time.nullable(),
    status_history: z.array(z.object({}).loose()).optional().describe('One order only'),
    shipment_events: z.array(z.object({}).loose()).optional().describe('One order only'),
  })
  .meta({ id: 'Order', description: 'An order with its lines (prices in taka).' });

export const orderPage = pageOf(orderAnswer);
export const orderItemPage = pageOf(orderItemAnswer);

/** A checkout placed: the order and its id. */
export const placedAnswer = messageAnswer.extend({ order_id: id, order: orderAnswer });

/** A cart priced as checkout would price it. */
export const quoteAnswer = z.object({
  lines: z.array(z.object({ product: id, quantity: z.int(), unit_price: taka, total: taka, discount: taka, promotion: z.unknown() }).loose()),
  subtotal: taka,
  delivery_charge: taka,
  discounts: z.array(z.object({}).loose()),
  discount_total: taka,
  total: taka,
  delivery_option: z.string(),
  coupon: z.unknown(),
});

/** A write on an order: the message and the order as it now is. */
export const orderChangedAnswer = messageAnswer.extend({ order: orderAnswer });

/** "The order" as the order desk's writes answer it (shapes.ts orderAnswer): its fields, the message, and the order again under `order`. */
export const orderWithMessage = orderAnswer.extend({ message: z.string(), order_id: id.optional(), order: orderAnswer });
