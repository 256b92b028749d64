/**
 * The app serving a test's server build (mini-build.ts) through the real page adapter
 * (server/http/react-router.ts), from a client folder of its own: the page tests in app/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from '../app';
import type { TestApp } from './app';

export interface PagesApp {
  app: FastifyInstance;
  /** Closes the app and the test app, and removes the client folder. */
  close(): Promise<void>;
}

/** `files`: what the client folder holds besides nothing (a service worker, a favicon…), by name. */
export async function startPagesApp(t: TestApp, build: ServerBuild, files: Record<string, string> = {}): Promise<PagesApp> {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-client-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(clientDir, name), text);
  const app = await buildApp({ services: t.services, pages: { build, clientDir } });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await t.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
