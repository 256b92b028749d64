/** What differs between the books, electronics and stationery screens: their paths and the words of their notices. */
import type { ProductType } from '../../../domain/catalog';

export interface ProductKind {
  type: ProductType;
  title: string;
  one: string;
  list: string;
  edit: (id: number) => string;
  create: string;
  added: string;
  updated: string;
  confirmDelete: string;
  deleted: string;
  /** The top category its products are filed under (the category tree has one per product type). */
  topCategory: string;
}

export const PRODUCT_KINDS: Record<ProductType, ProductKind> = {
  books: {
    type: 'books',
    title: 'Books',
    one: 'book',
    list: '/admin-books',
    edit: (id) => `/update-book/${id}`,
    create: '/create-book/',
    added: 'Book added Successfully!',
    updated: 'Book updated Successfully!',
    confirmDelete: 'Are you sure to delete book?',
    deleted: 'Book deleted!',
    topCategory: 'বই',
  },
  electronics: {
    type: 'electronics',
    title: 'Electronics',
    one: 'electronics product',
    list: '/admin-electronics',
    edit: (id) => `/update-electronics/${id}`,
    create: '/create-electronics/',
    added: 'Electronics added Successfully!',
    updated: 'Product updated Successfully!',
    confirmDelete: 'Are you sure to delete Electronics?',
    deleted: 'Electronics deleted!',
    topCategory: 'ইলেক্ট্রনিক্স',
  },
  stationary: {
    type: 'stationary',
    title: 'Stationery',
    one: 'stationery product',
    list: '/admin-stationary',
    edit: (id) => `/update-stationary/${id}`,
    create: '/create-stationary/',
    added: 'Stationary added Successfully!',
    updated: 'Product updated Successfully!',
    confirmDelete: 'Are you sure to delete Stationaries?',
    deleted: 'Stationaries deleted!',
    topCategory: 'স্টেশনারি',
  },
};

export function kindFromPath(pathname: string): ProductKind {
  if (pathname.includes('electronics')) return PRODUCT_KINDS.electronics;
  if (pathname.includes('stationary')) return PRODUCT_KINDS.stationary;
  return PRODUCT_KINDS.books;
}
