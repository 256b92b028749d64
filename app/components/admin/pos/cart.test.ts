/** The counter's cart arithmetic (issue 36): lines merge by product, quantities stay in range, money and the discount limit. */
import { describe, expect, it } from 'vitest';
import { addItem, cartMoney, setQuantity, takaOf } from './cart';
import { itemForCode, searchItems, soldAtOf, type CounterItem } from '../../../../domain/counter';

const book = (id: number, price = 100, extra: Partial<CounterItem> = {}): CounterItem => ({ id, title: `বই ${id}`, title_en: `Book ${id}`, isbn_key: null, price, stock: 5, ...extra });

describe('the counter cart', () => {
  it('adds a unit when the same book is scanned again, the latest line first', () => {
    let lines = addItem([], book(1));
    lines = addItem(lines, book(2));
    lines = addItem(lines, book(1));
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(setQuantity(lines, 1, 0).map((l) => l.id)).toEqual([2]);
    expect(setQuantity(lines, 2, 5000)[1]!.quantity).toBe(999);
  });

  it('reads whole taka only, and treats an empty tendered field as the exact total', () => {
    expect([takaOf('500'), takaOf(''), takaOf('1.5'), takaOf('-3')]).toEqual([500, null, null, null]);
    const lines = addItem(addItem([], book(1, 300)), book(1, 300));
    expect(cartMoney(lines, { discount: 30, tendered: null, percent: 5 })).toMatchObject({ subtotal: 600, limit: 30, total: 570, paid: 570, change: 0, short: false, overLimit: false });
    expect(cartMoney(lines, { discount: 31, tendered: 1000, percent: 5 })).toMatchObject({ total: 569, change: 431, overLimit: true });
    expect(cartMoney(lines, { discount: 0, tendered: 500, percent: 5 })).toMatchObject({ short: true });
  });

  it('finds a scanned ISBN in any form, or P and a product number, and titles by their words', () => {
    const items = [book(7, 100, { isbn_key: '9789848765432', title: 'পথের পাঁচালী', title_en: 'Pather Panchali' }), book(8)];
    const byIsbn = new Map(items.filter((i) => i.isbn_key).map((i) => [i.isbn_key!, i]));
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(itemForCode(byIsbn, byId, '978-984-8765-43-2')?.id).toBe(7);
    expect(itemForCode(byIsbn, byId, '9848765436')?.id).toBe(7);
    expect(itemForCode(byIsbn, byId, 'P8')?.id).toBe(8);
    expect(itemForCode(byIsbn, byId, '9780000000002')).toBeUndefined();
    expect(searchItems(items, 'pather').map((i) => i.id)).toEqual([7]);
    expect(searchItems(items, 'পাচালি').map((i) => i.id)).toEqual([7]);
  });

  it('dates an offline sale when it was made, never in the future', () => {
    const now = Date.parse('2025-02-21T10:00:00Z');
    expect(soldAtOf('2025-02-21T09:00:00+06:00', now)).toBe('2025-02-21T03:00:00.000Z');
    expect(soldAtOf('2025-02-22T09:00:00Z', now)).toBe('2025-02-21T10:00:00.000Z');
  });
});
