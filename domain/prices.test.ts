import { describe, expect, it } from 'vitest';
import { applyOffer, stockState, unitPrice } from './prices';

describe('applyOffer', () => {
  it('truncates a percentage discount (999 at 15 % costs 849)', () => {
    expect(applyOffer(999, 'Percentage', 15)).toEqual({ offer_type: 'Percentage', percentage: 15, flat_discount: 0, discount_price: 849 });
  });
  it('subtracts a flat discount and zeroes the percentage', () => {
    expect(applyOffer(500, 'Flat Discount', 50)).toEqual({ offer_type: 'Flat Discount', percentage: 0, flat_discount: 50, discount_price: 450 });
  });
  it('zeroes every offer field when there is no offer', () => {
    expect(applyOffer(500, '', 30)).toEqual({ offer_type: '', percentage: 0, flat_discount: 0, discount_price: 0 });
  });
});

describe('unitPrice', () => {
  it('prefers a non-zero discount price', () => {
    expect(unitPrice({ regular_price: 500, discount_price: 450 })).toBe(450);
  });
  it('falls back to the regular price when the discount is 0 or null', () => {
    expect(unitPrice({ regular_price: 500, discount_price: 0 })).toBe(500);
    expect(unitPrice({ regular_price: 500, discount_price: null })).toBe(500);
  });
});

describe('stockState', () => {
  it('is out at 0, low from 1 to 10, normal above', () => {
    expect(stockState(0)).toBe('out');
    expect(stockState(1)).toBe('low');
    expect(stockState(10)).toBe('low');
    expect(stockState(11)).toBe('normal');
  });
});
