import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { cartLines, cartTransportCharge, subtotal, type CartProduct } from './totals';

const product = (id: number, price: number, type: CartProduct['type'] = 'books'): CartProduct => ({
  id, type, english_title: `P${id}`, bangla_title: '', image: null, alt_text: '', regular_price: price, discount_price: null, price, units_stock: 5,
});

describe('cart totals', () => {
  it('multiplies each line by the price the customer pays and sums them', () => {
    const lines = cartLines({ '1': 2, '2': 1 }, { '1': product(1, 450), '2': product(2, 120) });
    expect(lines.map((l) => l.total)).toEqual([900, 120]);
    expect(subtotal(lines)).toBe(1020);
  });
  it('leaves out lines whose product is not known', () => {
    expect(cartLines({ '9': 1 }, {})).toEqual([]);
  });
  it('charges 60 for transport (the default delivery option of the demo settings) when the cart total is non-zero, otherwise 0', () => {
    expect(cartTransportCharge(1020, DEFAULT_SETTINGS.delivery_options)).toBe(60);
    expect(cartTransportCharge(0, DEFAULT_SETTINGS.delivery_options)).toBe(0);
  });
  it('takes the charge from the settings, not from the code', () => {
    expect(cartTransportCharge(500, [{ id: 'home', label: 'Home', charge: 75 }])).toBe(75);
  });
});
