import { describe, expect, it } from 'vitest';
import { meta } from './product';

type MetaArgs = Parameters<typeof meta>[0];

const product = {
  id: 7, type: 'books', english_title: 'Rivers of Bengal', bangla_title: 'বাংলার নদী', description: 'A book.', price: 250, units_stock: 3,
  author_name: 'A', publisher_name: 'P', category_name: 'C', isbn: null, total_page: null, language: null, edition: null, brand: null, model: null,
  images: { thumb: '/media/products/k-thumb.webp', card: '/media/products/k-card.webp', detail: '/media/products/k-detail.webp' },
};

describe('a product page for crawlers and link previews', () => {
  it('names its picture and address absolutely, on the public origin', () => {
    const tags = meta({ data: { product, url: 'https://shop.example/books/7' } } as unknown as MetaArgs) as Record<string, unknown>[];
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://shop.example/media/products/k-detail.webp' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://shop.example/books/7' });
    const ld = tags.find((t) => 'script:ld+json' in t)!['script:ld+json'] as { image: string; offers: { url: string } };
    expect(ld.image).toBe('https://shop.example/media/products/k-detail.webp');
    expect(ld.offers.url).toBe('https://shop.example/books/7');
  });
});
