import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** React, React DOM and React Router: every page runs them, so they travel as one file. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The storefront's shared pieces, as two files of small modules instead of a dozen (a phone on
 * HTTP/1.1 pays ~300 bytes of headers and a request slot for each file, more than the few hundred
 * bytes a page may carry unused). `storefront`: the frame every page shows (header, search,
 * footer, notices, cart, language), which the root loads. `catalog`: what the product listings use
 * (cards, carousel; `filters`: the list pages' filters and sort), loaded only by pages that show products, so that the cart,
 * checkout, sign-in and tracking pages do not carry it (issue 32: each page ≤ 110 KiB). The pager
 * is in the frame's file: the orders page and the reviews need it and nothing else of the catalogue.
 * Nothing here may import zod or the back office.
 */
const STOREFRONT = new RegExp(
  String.raw`[\\/](app[\\/]lib[\\/](i18n|cart)\.tsx?|domain[\\/](catalog|store-paths|preorders|bengali-digits)\.ts|app[\\/]components[\\/](icons|notices|shop-actions|preorder|server-only|scroll-top|header|header-search|search-ids|footer|pager)\.tsx?)$`,
);
const CATALOG = new RegExp(
  String.raw`[\\/](app[\\/]lib[\\/]images\.ts|domain[\\/](prices|promotion-match)\.ts|app[\\/]components[\\/](price|product-card|product-grid|picture|person-card|carousel)\.tsx?)$`,
);
/** The listings' filters and sort: only the list pages show them, so a book's page does not carry them (~1.3 KiB). */
const FILTERS = /[\\/]app[\\/]components[\\/](filter-panel|filter-drawer|sort-select)\.tsx$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // HAAT_SOURCEMAP=1 npm run build: source maps, to see what each module adds to a page's scripts.
    sourcemap: process.env.HAAT_SOURCEMAP === '1',
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (FRAMEWORK.test(id)) return 'framework';
          if (STOREFRONT.test(id)) return 'storefront';
          if (CATALOG.test(id)) return 'catalog';
          if (FILTERS.test(id)) return 'filters';
          // The header's live search panel: one file, fetched when the shopper first types.
          if (/[\\/]app[\\/]components[\\/]search-(results|suggestions)\.tsx$/.test(id)) return 'search-panel';
          return undefined;
        },
      },
    },
  },
});
