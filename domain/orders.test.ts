import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import { LIMIT_MESSAGES, MESSAGES, cartLines, checkoutSchema, disagreeingFigures, overUnitLimit, transactionFieldFor } from './orders';

const valid = {
  district: 'ঢাকা',
  upazila_thana: 'মিরপুর',
  delivery_address: 'বাড়ি ১২, রোড ৩',
  delivery_option: 'dhaka_home',
  payment_option: 'cod',
  orderItems: [{ product: 1, quantity: 2 }],
};
const schema = checkoutSchema(DEFAULT_SETTINGS);
function errorsOf(input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('order pricing', () => {
  it('names only the client figures that disagree, ignoring figures not sent', () => {
    const server = { subtotal: 500, delivery_charge: 60, total: 560 };
    expect(disagreeingFigures({}, server)).toEqual([]);
    expect(disagreeingFigures({ subtotal: 500, delivery_charge: 60, total: 560 }, server)).toEqual([]);
    expect(disagreeingFigures({ subtotal: 450, total: 510 }, server)).toEqual(['subtotal', 'total']);
    // A client that knows of no discount agrees with an order without one; one that expects a discount does not.
    expect(disagreeingFigures({ discount_total: 0 }, server)).toEqual([]);
    expect(disagreeingFigures({ discount_total: 50 }, { ...server, discount_total: 60 })).toEqual(['discount_total']);
  });
});

describe('checkout lines', () => {
  it('uses orderItems when both orderItems and savedCart are sent, never both', () => {
    expect(cartLines({ orderItems: [{ product: 3, quantity: 1 }], savedCart: { '3': 1, '4': 2 } })).toEqual([{ product: 3, quantity: 1 }]);
  });
  it('reads the savedCart map when no orderItems are sent', () => {
    expect(cartLines({ savedCart: { '3': 1, '4': 2 } })).toEqual([{ product: 3, quantity: 1 }, { product: 4, quantity: 2 }]);
  });
  it('merges a product listed twice into one line', () => {
    expect(cartLines({ orderItems: [{ product: 3, quantity: 1 }, { product: 3, quantity: 2 }] })).toEqual([{ product: 3, quantity: 3 }]);
  });
});

describe('checkout schema', () => {
  it('accepts a cash-on-delivery order with the required fields', () => {
    expect(errorsOf(valid)).toEqual({});
  });
  it('gives the Bengali required message for each missing address and option field', () => {
    expect(errorsOf({ orderItems: valid.orderItems })).toMatchObject({
      district: 'জেলা আবশ্যক*',
      upazila_thana: 'উপজেলা/থানা আবশ্যক*',
      delivery_address: 'ডেলিভারি এড্রেস আবশ্যক*',
      delivery_option: 'ডেলিভারি অপশন আবশ্যক*',
      payment_option: 'পেমেন্ট অপশন আবশ্যক*',
    });
    expect(errorsOf({ ...valid, district: '   ' })).toMatchObject({ district: 'জেলা আবশ্যক*' });
  });
  it('accepts an option by id or by its Bengali label, and refuses an unknown one', () => {
    expect(errorsOf({ ...valid, delivery_option: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)', payment_option: 'ক্যাশ অন ডেলিভারি' })).toEqual({});
    expect(errorsOf({ ...valid, delivery_option: 'drone' })).toMatchObject({ delivery_option: MESSAGES.unknownDelivery });
  });
  it('requires the matching transaction ID and amount for a wallet payment', () => {
    expect(errorsOf({ ...valid, payment_option: 'nagad', bkash_transaction_ID: 'X1' })).toMatchObject({
      nagad_transaction_ID: MESSAGES.transactionId,
      transaction_amount: MESSAGES.transactionAmount,
    });
    expect(errorsOf({ ...valid, payment_option: 'বিকাশ পেমেন্ট', bkash_transaction_ID: 'TX9', transaction_amount: '560' })).toEqual({});
  });
  it('maps each wallet to its transaction-ID field', () => {
    expect(DEFAULT_SETTINGS.payment_options.map(transactionFieldFor)).toEqual([null, 'bkash_transaction_ID', 'nagad_transaction_ID', 'rocket_transaction_ID']);
  });
  it('checks phone and e-mail formats when given', () => {
    expect(errorsOf({ ...valid, phone_number: '12345', optional_phone_number: '0171', email: 'nope' })).toMatchObject({
      phone_number: MESSAGES.phone,
      optional_phone_number: MESSAGES.phone,
      email: MESSAGES.email,
    });
    expect(errorsOf({ ...valid, phone_number: '+8801712345678', email: 'a@b.com' })).toEqual({});
  });
  it('refuses quantities below 1 or fractional, and an empty cart', () => {
    expect(errorsOf({ ...valid, orderItems: [{ product: 1, quantity: 0 }] })).toMatchObject({ 'orderItems.0.quantity': MESSAGES.quantity });
    expect(errorsOf({ ...valid, orderItems: [{ product: 1, quantity: 1.5 }] })).toMatchObject({ 'orderItems.0.quantity': MESSAGES.quantity });
    expect(errorsOf({ ...valid, orderItems: [] })).toMatchObject({ orderItems: MESSAGES.emptyCart });
  });
  it('refuses unknown fields but accepts and ignores status and cash_on_delivery', () => {
    expect(schema.safeParse({ ...valid, is_admin: true }).success).toBe(false);
    expect(errorsOf({ ...valid, status: 'Delivered', cash_on_delivery: true, subtotal: '500.00' })).toEqual({});
  });
});

describe('checkout ids and limits', () => {
  const noItems = { ...valid, orderItems: undefined };
  it('refuses product ids above 2^31-1 in orderItems and savedCart keys (no id is that large)', () => {
    expect(errorsOf({ ...valid, orderItems: [{ product: 2_147_483_648, quantity: 1 }] })).toEqual({ 'orderItems.0.product': MESSAGES.unknownProduct });
    expect(errorsOf({ ...valid, orderItems: [{ product: '9999999999', quantity: 1 }] })).toEqual({ 'orderItems.0.product': MESSAGES.unknownProduct });
    expect(errorsOf({ ...noItems, savedCart: { '2147483648': 1 } })).toEqual({ savedCart: MESSAGES.unknownProduct });
    expect(errorsOf({ ...valid, orderItems: [{ product: 2_147_483_647, quantity: 1 }] })).toEqual({});
    expect(errorsOf({ ...noItems, savedCart: { '2147483647': 1 } })).toEqual({});
    expect(cartLines({ savedCart: { '2147483648': 1, '5': 1 } })).toEqual([{ product: 5, quantity: 1 }]);
  });

  it('refuses more than max_units_per_line units of one product, a product listed twice counted once, 0 meaning no limit', () => {
    const message = LIMIT_MESSAGES.unitsPerLine(10);
    expect(errorsOf({ ...valid, orderItems: [{ product: 1, quantity: 10 }] })).toEqual({});
    expect(errorsOf({ ...valid, orderItems: [{ product: 1, quantity: 11 }] })).toEqual({ orderItems: message });
    expect(errorsOf({ ...valid, orderItems: [{ product: 1, quantity: 6 }, { product: 1, quantity: 5 }] })).toEqual({ orderItems: message });
    expect(errorsOf({ ...noItems, savedCart: { '1': 104 } })).toEqual({ savedCart: message });
    expect(checkoutSchema({ ...DEFAULT_SETTINGS, max_units_per_line: 0 }).safeParse({ ...valid, orderItems: [{ product: 1, quantity: 104 }] }).success).toBe(true);
    expect(overUnitLimit([{ product: 1, quantity: 3 }, { product: 2, quantity: 4 }], 3)).toEqual([{ product: 2, quantity: 4 }]);
    expect(overUnitLimit([{ product: 1, quantity: 300 }], 0)).toEqual([]);
  });
});
