import { describe, expect, it } from 'vitest';
import { isDataRequest } from './react-router';

describe('page requests', () => {
  it('tells a data request (no document, so no script nonce is made) from a page', () => {
    for (const url of ['/books.data', '/books/3.data?_routes=routes%2Fbook', '/_root.data']) expect(isDataRequest(url), url).toBe(true);
    for (const url of ['/books', '/books?q=x.data', '/', '/search?q=a.data']) expect(isDataRequest(url), url).toBe(false);
  });
});
