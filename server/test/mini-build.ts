/**
 * A React Router server build made in a test, for mounting real page modules (or small stand-ins)
 * in the real Fastify adapter without `vite build`: every route hangs under `root`.
 */
import type { ServerBuild } from 'react-router';

export interface MiniRoute {
  /** The URL path under the root ('' for the root itself); absent for an index route. */
  path?: string | undefined;
  index?: boolean;
  /** The route module: `default` (the page), `loader`, `meta`, `ErrorBoundary`… */
  module: Record<string, unknown>;
}

/** `entry` is entry.server's `default` (handleRequest); `routes` must hold `root`. */
export function miniServerBuild(entry: unknown, routes: Record<string, MiniRoute>): ServerBuild {
  const parentOf = (id: string) => (id === 'root' ? undefined : 'root');
  return {
    entry: { module: { default: entry } },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, r]) => [id, { id, parentId: parentOf(id), path: r.path, index: r.index, caseSensitive: undefined, module: r.module }]),
    ),
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: Object.fromEntries(
        Object.entries(routes).map(([id, r]) => [
          id,
          { id, parentId: parentOf(id), path: undefined, module: `/${id}.js`, imports: [], css: [], hasLoader: 'loader' in r.module, hasAction: 'action' in r.module, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: 'ErrorBoundary' in r.module },
        ]),
      ),
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
