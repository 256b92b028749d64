import { describe, expect, it } from 'vitest';
import { MAX_PRINT_IDS } from '../../../../domain/packing';
import { countedAll, printBatches, readPackOrder } from './pack-order';

describe('the packing screen', () => {
  it('prints a list of orders in batches the server takes, each size and the slips', () => {
    expect(printBatches([])).toEqual([]);
    const [one] = printBatches([3, 1]);
    expect(one).toEqual({
      label: '',
      labels: { a4: '/api/order/labels.pdf?ids=3,1&size=a4', a6: '/api/order/labels.pdf?ids=3,1&size=a6', '4x6': '/api/order/labels.pdf?ids=3,1&size=4x6' },
      slips: '/api/order/packing-slips.pdf?ids=3,1',
    });
    const many = printBatches(Array.from({ length: MAX_PRINT_IDS + 5 }, (_, i) => i + 1));
    expect(many.map((b) => b.label)).toEqual([`#1–#${MAX_PRINT_IDS}`, `#${MAX_PRINT_IDS + 1}–#${MAX_PRINT_IDS + 5}`]);
    expect(many[1]!.slips).toBe(`/api/order/packing-slips.pdf?ids=${[1, 2, 3, 4, 5].map((n) => n + MAX_PRINT_IDS).join(',')}`);
  });

  it('reads the scan answer leniently; an order packed before starts with every unit counted', () => {
    const order = readPackOrder({ id: 7, status: 'Pending', name: 'R', items: [{ id: 1, product: 2, product_title: 'Book', quantity: 3, isbn: null }], packed_at: '2026-11-27T06:00:00Z' });
    expect(order).toMatchObject({ id: 7, courier: null, cod_amount: null, items: [{ id: 1, isbn: '' }] });
    expect(countedAll(order!)).toEqual({ 1: 3 });
    expect(readPackOrder({ message: 'Not found.' })).toBeNull();
  });
});
