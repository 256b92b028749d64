/**
 * The shop's order rules:
 * the checkout form's schema (shared by the form and `POST /checkout/`) and how an order is
 * priced; which status changes are allowed is the state machine's (order-states.ts). Pure: no
 * database, no clock.
 */
import { z } from 'zod';
import { findOption, type DeliveryOption, type PaymentOption } from './settings';
import { normalizePhone } from './phone';
import { MAX_ID } from './queries';
import { LIMIT_MESSAGES, MESSAGES, transactionFieldFor } from './order-messages';

export const ORDER_STATUSES = ['Pending', 'Delivered', 'Returned', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { LIMIT_MESSAGES, MESSAGES, transactionFieldFor } from './order-messages';

const trimmed = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string().trim().max(max).optional());
const required = (message: string, max = 300) => z.string({ message }).trim().min(1, message).max(max);
/** Whole taka from a number or a numeric string; '' and null mean "not sent". */
const money = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ message: 'টাকার পরিমাণ সংখ্যায় দিন' }).finite('টাকার পরিমাণ সংখ্যায় দিন').min(0, 'টাকার পরিমাণ সংখ্যায় দিন').optional(),
);
const id = z.coerce.number({ message: MESSAGES.unknownProduct }).int(MESSAGES.unknownProduct).positive(MESSAGES.unknownProduct).max(MAX_ID, MESSAGES.unknownProduct);

/** A `savedCart` key: a product id written in digits, within the ids a record can have. */
export function isCartKey(key: string): boolean {
  return /^[1-9]\d{0,9}$/.test(key) && Number(key) <= MAX_ID;
}
const quantity = z.coerce.number({ message: MESSAGES.quantity }).int(MESSAGES.quantity).min(1, MESSAGES.quantity).max(10_000, MESSAGES.quantity);

/** A cart line as the client sends it; display fields a cart line may carry are ignored, never trusted. */
export const orderLineSchema = z.object({ product: id, quantity });

/**
 * The checkout payload as the first version's client sends it. `subtotal`, `delivery_charge` and `total` are only compared
 * with the server's figures; `cash_on_delivery` and `status` are accepted and ignored.
 */
export const checkoutFieldsSchema = z
  .object({
    name: trimmed(120),
    phone_number: trimmed(30),
    optional_phone_number: trimmed(30),
    email: trimmed(200),
    district: required(MESSAGES.district, 100),
    upazila_thana: required(MESSAGES.upazila_thana, 100),
    delivery_address: required(MESSAGES.delivery_address, 500),
    delivery_option: required(MESSAGES.delivery_option, 200),
    payment_option: required(MESSAGES.payment_option, 200),
    order_instruction: trimmed(1000),
    /** A coupon code (domain/promotions.ts); checkout says why a code cannot be used. */
    coupon: trimmed(40),
    bkash_transaction_ID: trimmed(60),
    nagad_transaction_ID: trimmed(60),
    rocket_transaction_ID: trimmed(60),
    transaction_amount: money,
    orderItems: z.array(orderLineSchema).max(200).optional(),
    savedCart: z.record(z.string(), quantity).optional(),
    subtotal: money,
    delivery_charge: money,
    discount_total: money,
    total: money,
    cash_on_delivery: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .strict();


/** `POST /api/cart/quote/`: the cart as checkout would price it, before the address is typed. */
export const cartQuoteSchema = z
  .object({
    orderItems: z.array(orderLineSchema).max(200).optional(),
    savedCart: z.record(z.string(), quantity).optional(),
    delivery_option: trimmed(200),
    coupon: trimmed(40),
  })
  .strict();

/** The full checkout schema for the shop's current options: known options, wallet details, formats, units per line (0: no limit). */
export function checkoutSchema(options: { delivery_options: DeliveryOption[]; payment_options: PaymentOption[]; max_units_per_line?: number }) {
  return checkoutFieldsSchema.superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so the customer sees every problem at once; the
      // value may therefore be partly unparsed, hence the type checks.
      if (!value || typeof value !== 'object' || Array.isArray(value)) return;
      const v = value as Partial<Record<string, unknown>>;
      const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string).trim() : '');
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (text('delivery_option') && !findOption(options.delivery_options, text('delivery_option'))) issue('delivery_option', MESSAGES.unknownDelivery);
      const payment = text('payment_option') ? findOption(options.payment_options, text('payment_option')) : undefined;
      if (text('payment_option') && !payment) issue('payment_option', MESSAGES.unknownPayment);
      const field = payment ? transactionFieldFor(payment) : null;
      if (field) {
        if (!text(field)) issue(field, MESSAGES.transactionId);
        if (typeof v.transaction_amount !== 'number' || !(v.transaction_amount > 0)) issue('transaction_amount', MESSAGES.transactionAmount);
      }
      for (const key of ['phone_number', 'optional_phone_number']) {
        if (text(key) && !normalizePhone(text(key))) issue(key, MESSAGES.phone);
      }
      if (text('email') && !z.email().safeParse(text('email')).success) issue('email', MESSAGES.email);
      const items = Array.isArray(v.orderItems) ? v.orderItems : [];
      const cart = v.savedCart && typeof v.savedCart === 'object' ? Object.keys(v.savedCart) : [];
      if (items.length === 0 && cart.length === 0) issue('orderItems', MESSAGES.emptyCart);
      if (items.length === 0 && cart.some((key) => !isCartKey(key))) issue('savedCart', MESSAGES.unknownProduct);
      const max = options.max_units_per_line ?? 0;
      if (max > 0 && overUnitLimit(rawLines(items, v.savedCart), max).length) issue(items.length ? 'orderItems' : 'savedCart', LIMIT_MESSAGES.unitsPerLine(max));
    },
    { when: () => true },
  );
}

export interface CartLine {
  product: number;
  quantity: number;
}

/**
 * The lines of a checkout: `orderItems` when sent, else `savedCart` (the cart as the browser
 * keeps it); when both are sent they describe one cart, so lines are never counted twice. A product listed twice is one line with the quantities added.
 */
export function cartLines(input: { orderItems?: CartLine[] | undefined; savedCart?: Record<string, number> | undefined }): CartLine[] {
  const source: CartLine[] =
    input.orderItems && input.orderItems.length > 0
      ? input.orderItems
      : Object.entries(input.savedCart ?? {})
          .filter(([key]) => isCartKey(key))
          .map(([key, q]) => ({ product: Number(key), quantity: q }));
  const merged = new Map<number, number>();
  for (const line of source) merged.set(line.product, (merged.get(line.product) ?? 0) + line.quantity);
  return [...merged].map(([product, q]) => ({ product, quantity: q }));
}

/** The lines with more units than `max` allows (0: no limit), after a product listed twice is merged. */
export function overUnitLimit(lines: CartLine[], max: number): CartLine[] {
  return max > 0 ? cartLines({ orderItems: lines }).filter((l) => l.quantity > max) : [];
}

/** The lines of a payload not yet parsed (the form checks it before sending): what can be read as lines. */
function rawLines(items: unknown[], savedCart: unknown): CartLine[] {
  const line = (product: unknown, quantity: unknown) => ({ product: Number(product), quantity: Number(quantity) });
  const lines = items.length
    ? items.map((i) => (i && typeof i === 'object' ? line((i as Record<string, unknown>).product, (i as Record<string, unknown>).quantity) : line(0, 0)))
    : Object.entries(savedCart && typeof savedCart === 'object' ? savedCart : {}).map(([k, q]) => line(k, q));
  return lines.filter((l) => Number.isFinite(l.product) && Number.isFinite(l.quantity));
}

export interface OrderFigures {
  subtotal: number;
  delivery_charge: number;
  /** What promotions took off (domain/promotions.ts); absent means none. */
  discount_total?: number;
  total: number;
}

/**
 * An order's figures: subtotal = Σ quantity × unit price; total = subtotal + the delivery charge
 * − discount_total, worked out with the promotions by domain/promotions.ts `quoteOrder`.
 * The figures the client sent that disagree with the server's (the customer must confirm a changed price); empty when they agree or none were sent. */
export function disagreeingFigures(client: Partial<Record<keyof OrderFigures, number | undefined>>, server: OrderFigures): (keyof OrderFigures)[] {
  return (['subtotal', 'delivery_charge', 'discount_total', 'total'] as const).filter((k) => client[k] !== undefined && client[k] !== (server[k] ?? 0));
}
