import { describe, expect, it } from 'vitest';
import { addLine, receiptBody, receiptErrors } from './receipt-form';

const line = (product: number, quantity: string, unit_cost = '') => ({ product, title: `P${product}`, stock: 0, quantity, unit_cost });

describe('the receipt form', () => {
  it('sends quantities and costs as numbers, leaves an empty cost and an empty reference out', () => {
    expect(receiptBody('Padma', ' ', [line(1, '3', '120'), line(2, '1')])).toEqual({ supplier: 'Padma', lines: [{ product: 1, quantity: 3, unit_cost: 120 }, { product: 2, quantity: 1 }] });
    expect(receiptBody('Padma', 'CH-1', [line(1, '2')]).reference).toBe('CH-1');
  });

  it("names each bad line's field by its full path, as the server does", () => {
    expect(receiptErrors(receiptBody('', '', [line(1, '0'), line(2, '2', '1.5')]))).toEqual({
      supplier: [expect.any(String)],
      'lines.0.quantity': [expect.any(String)],
      'lines.1.unit_cost': [expect.any(String)],
    });
    expect(receiptErrors(receiptBody('Padma', '', [line(1, '2')]))).toEqual({});
  });

  it('adds a product once: picking it again adds a unit', () => {
    const one = addLine([], { product: 5, title: 'Himu', stock: 0 });
    expect(one).toEqual([{ product: 5, title: 'Himu', stock: 0, quantity: '1', unit_cost: '' }]);
    expect(addLine(one, { product: 5, title: 'Himu', stock: 0 })[0]!.quantity).toBe('2');
  });
});
