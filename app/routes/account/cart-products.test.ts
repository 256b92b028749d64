import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { action, loader } from './cart-products';

/** A catalogue that knows product 1 only and fails on any id a 32-bit column cannot hold (as PostgreSQL does). */
function contextWith(asked: number[]): AppLoadContext {
  const catalog = {
    getProduct(id: number) {
      asked.push(id);
      if (id > 2_147_483_647) throw new Error('value out of range for type integer');
      return Promise.resolve(id === 1 ? { id: 1, type: 'books', english_title: 'A', bangla_title: '', images: null, image: null, alt_text: 'A', regular_price: 5, discount_price: 0, price: 5, units_stock: 1 } : undefined);
    },
  };
  return { services: { catalog }, user: null } as unknown as AppLoadContext;
}

const load = (query: string, asked: number[] = []) =>
  loader({ request: new Request(`http://shop.test/cart-products?${query}`), params: {}, context: contextWith(asked) } as Parameters<typeof loader>[0]);

describe('/cart-products', () => {
  it('never asks the catalogue for ids above 2^31-1, negative, fractional or non-numeric ones', async () => {
    const asked: number[] = [];
    const res = await load('ids=2147483648,99999999999999999999,-1,1.5,abc,%00,1,1', asked);
    expect(res.status).toBe(200);
    expect(asked).toEqual([1]);
    expect(await res.json()).toMatchObject({ products: [{ id: 1 }], missing: [] });
  });

  it('answers other methods 405 with the API error shape', async () => {
    const res = action();
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ status: 405, message: 'Method not allowed.' });
  });
});
