/**
 * Starts the built server (build/server-main.js) on a free loopback port with a fresh DATA_DIR
 * and the demo shop, and launches Debian's Chromium headless through playwright-core.
 * `startServer(env)` adds to the server's environment (payment gateways pointed at the loopback
 * fakes, say); PUBLIC_URL is the server's own loopback address unless `env` says otherwise, so
 * the gateways send the browser back to it. `publicHost` names that address differently: a
 * journey through the payment fakes (on 127.0.0.1) reaches the shop as `localhost`, so the
 * gateway's page is on another site than the shop, as a real gateway is.
 * Free of vitest, so the page benchmark (scripts/bench/pages.ts) starts its server from here too;
 * the journeys reach all this through the `shopTest` fixtures in harness.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startNodeFlags } from '../server/test/harness/processes';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = path.resolve(ROOT, process.env.HAAT_BUILD_DIR ?? 'build');
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
export const ADMIN = { phone: '01711000000', password: 'admin-pass-1234' };

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server process's id (the idle-memory check reads its /proc status). */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * `buildDir` and `root` default to this checkout's; a bundled caller (the page benchmark, whose
 * bundle sits elsewhere) passes its own.
 */
export async function startServer(env: Record<string, string> = {}, opts: { publicHost?: string; buildDir?: string; root?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://${opts.publicHost ?? '127.0.0.1'}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [...startNodeFlags(opts.root ?? ROOT), path.join(opts.buildDir ?? BUILD_DIR, 'server-main.js')], {
    cwd: opts.root ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      // The log driver sends nothing; this development flag keeps one-time codes readable in the
      // outbox once "sent", where the journeys read them (otherwise they are masked then).
      SMS_LOG_CODES: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Headless Chromium. Every page of every context reports Content-Security-Policy violations,
 * and closing the browser fails the journey if there were any: the shop must work under its CSP.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const violations: string[] = [];
  const watch = async (context: BrowserContext) => {
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.documentURI}`));
    });
    context.on('console', (msg) => {
      if (msg.type() === 'error' && /CSP violation|Content Security Policy/.test(msg.text())) violations.push(msg.text());
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watch(await newContext(options));
  // A page's context closes with the page; the browser waits for those closes, which otherwise
  // raced it and failed a run with "Target page, context or browser has been closed".
  const closing = new Set<Promise<void>>();
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => {
      const done = context.close().catch(() => {});
      closing.add(done);
      void done.finally(() => closing.delete(done));
    });
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await Promise.all(closing);
    await close(options);
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  };
  return browser;
}

/** Writes a screenshot to test-results/screenshots (git ignores it). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
