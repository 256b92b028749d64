import { describe, expect, it } from 'vitest';
import { shelfFields } from './product-form';

function form(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

describe('the product form’s shelf counts', () => {
  it('an update sends the stock with the figure it loaded, and units sold only when the admin changed it (a sale moves it too)', () => {
    const same = shelfFields(form({ units_stock: '15', expected_units_stock: '10', units_sold: '2' }), { units_sold: 2 });
    expect(Object.fromEntries(same)).toEqual({ units_stock: '15', expected_units_stock: '10' });
    const changed = shelfFields(form({ units_stock: '15', expected_units_stock: '10', units_sold: '7' }), { units_sold: 2 });
    expect(changed.get('units_sold')).toBe('7');
    expect(shelfFields(form({ units_sold: '' }), { units_sold: 2 }).get('units_sold')).toBe('0');
  });

  it('a new product sends an empty units sold as 0', () => {
    expect(shelfFields(form({ units_stock: '5', units_sold: '' }), undefined).get('units_sold')).toBe('0');
    expect(shelfFields(form({ units_stock: '5', units_sold: '3' }), undefined).get('units_sold')).toBe('3');
  });
});
