import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** React, React DOM and React Router: every page runs them, so they travel as one file. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The storefront's shared pieces (header, cards, carousel, listing controls, cart, prices,
 * language): small modules that every shop page uses some of. One file instead of a dozen:
 * a phone on HTTP/1.1 pays ~300 bytes of headers and a request slot for each file, more than
 * the few hundred bytes a page may carry unused. Nothing here may import zod or the back office.
 */
const STOREFRONT = new RegExp(
  String.raw`[\\/](app[\\/]lib[\\/](i18n|cart|images)\.tsx?|domain[\\/](prices|catalog|store-paths)\.ts|app[\\/]components[\\/](icons|price|notices|product-card|product-grid|picture|person-card|shop-actions|server-only|scroll-top|header|header-search|search-results|search-suggestions|carousel|pager|filter-panel|filter-drawer|sort-select|footer)\.tsx?)$`,
);

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
          return undefined;
        },
      },
    },
  },
});
