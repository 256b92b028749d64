/** The storefront's addresses of a product and a category, built in one place for the pages and the server's suggestions. */

/** A product's detail page: /books/7, /electronics/8, /stationary/9. */
export function productPath(p: { id: number; type: string }): string {
  const type = p.type === 'electronics' || p.type === 'stationary' ? p.type : 'books';
  return `/${type}/${p.id}`;
}

export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}
