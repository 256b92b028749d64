import { describe, expect, it } from 'vitest';
import { formErrorKeys, idList, promotionBody, validatePromotion } from './promotion-form';

function form(values: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) fd.append(k, one);
  return fd;
}

describe('promotion form', () => {
  it('sends a coupon with Dhaka times as ISO instants, its lists as ids, and empty limits as none', () => {
    const body = promotionBody(
      form({ name: ' Boimela ', kind: 'percentage', value: '10', applies_types: 'books', applies_categories: ['3', '7'], applies_products: '12, 15 40', min_subtotal: '', starts_at: '2026-02-01T00:00', ends_at: '', usage_limit: '', per_customer_limit: '1', code: 'boimela10', is_active: 'on' }),
    );
    expect(body).toMatchObject({ name: 'Boimela', kind: 'percentage', value: 10, buy_quantity: null, get_products: [], min_subtotal: 0, usage_limit: null, per_customer_limit: 1, code: 'boimela10', is_active: true });
    expect(body.applies_to).toEqual({ types: ['books'], categories: [3, 7], products: [12, 15, 40] });
    expect(body.starts_at).toBe('2026-01-31T18:00:00.000Z');
    expect(body.ends_at).toBeNull();
    expect(validatePromotion(body)).toEqual({});
  });

  it('keeps only the fields of the chosen kind', () => {
    const free = promotionBody(form({ name: 'Free', kind: 'free_delivery', value: '50', buy_quantity: '2', get_products: '4' }));
    expect(free).toMatchObject({ value: 0, buy_quantity: null, get_quantity: null, get_products: [], is_active: false, code: '' });
    expect(validatePromotion(free)).toEqual({});
    const bxgy = promotionBody(form({ name: 'B2G1', kind: 'buy_x_get_y', value: '100', buy_quantity: '2', get_quantity: '', get_products: '9' }));
    expect(bxgy).toMatchObject({ buy_quantity: 2, get_quantity: null, get_products: [9] });
    expect(Object.keys(validatePromotion(bxgy))).toEqual(['get_quantity']);
  });

  it('names the field at fault, inside applies_to too, as the form names its inputs', () => {
    const errors = validatePromotion(promotionBody(form({ name: '', kind: 'percentage', value: '', applies_products: '12, x', code: 'a b', starts_at: '2026-02-02T00:00', ends_at: '2026-02-01T00:00' })));
    expect(Object.keys(formErrorKeys(errors)).sort()).toEqual(['applies_products', 'code', 'name']);
    // The rules across fields come once each field reads (as on the server).
    const rules = validatePromotion(promotionBody(form({ name: 'X', kind: 'percentage', value: '', starts_at: '2026-02-02T00:00', ends_at: '2026-02-01T00:00' })));
    expect(Object.keys(rules).sort()).toEqual(['ends_at', 'value']);
    // The server's keys: `applies_to.products.1`, `get_products.0`.
    expect(formErrorKeys({ 'applies_to.products.1': ['Only ids.'], 'get_products.0': ['Only ids.'], code: ['Taken'] })).toEqual({ applies_products: ['Only ids.'], get_products: ['Only ids.'], code: ['Taken'] });
    expect(idList(' 1,2 ,, 3 ')).toEqual([1, 2, 3]);
    expect(idList('1, two')[1]).toBeNaN();
  });
});
