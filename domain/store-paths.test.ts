import { describe, expect, it } from 'vitest';
import { categoryPath, productPath } from './store-paths';

describe('productPath', () => {
  it('links a product to the detail page of its type', () => {
    expect(productPath({ id: 3, type: 'books' })).toBe('/books/3');
    expect(productPath({ id: 4, type: 'electronics' })).toBe('/electronics/4');
    expect(productPath({ id: 5, type: 'stationary' })).toBe('/stationary/5');
  });
});

describe('categoryPath', () => {
  it('encodes the category name', () => {
    expect(categoryPath('গল্প-উপন্যাস')).toBe(`/category/${encodeURIComponent('গল্প-উপন্যাস')}`);
  });
});
