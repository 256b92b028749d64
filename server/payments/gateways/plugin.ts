/**
 * A payment gateway as a plug-in: everything the shop knows of one gateway lives in its own
 * folder (server/payments/gateways/<id>/) and is registered in one line of gateways/index.ts.
 * A plug-in declares the environment variables it reads (server/config.ts reads them, the only
 * place the environment is read), builds its client from what was read (the `PaymentGateway`:
 * start, confirm, lookup, refund), and brings its return and IPN routes with their docs; how
 * it judges a return is its own code, run against the shop's attempts (payments/returns.ts).
 * Its loopback fake sits in the same folder (fake*.ts): only tests import it.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteAuthConfig } from '../../accounts/auth';
import type { RouteDocs } from '../../http/route-docs';
import type { OnlineGateway } from '../../../domain/providers';
import type { PaymentGateway, ReturnUrls } from '../gateway';
import type { ReturnContext, ReturnResult } from '../returns';
import type { EnvSettings, SettingValues } from '../../provider-env';

/** What a gateway's return routes are handed. */
interface ReturnHandling {
  /** Runs one return or IPN of this gateway against the shop's attempts. */
  handle(run: (ctx: ReturnContext) => Promise<ReturnResult>): Promise<ReturnResult>;
  /** Where the browser is sent afterwards: the order page with the outcome. */
  returnUrl(result: ReturnResult): string;
}

export interface GatewayPlugin<S extends EnvSettings = EnvSettings> {
  id: OnlineGateway;
  /** Its environment variables, with their defaults. */
  settings: S;
  /** Its client, from the settings config.ts read. */
  connect(values: SettingValues<S>): PaymentGateway;
  /** The addresses of its return routes on PUBLIC_URL, given to `start`. */
  returnUrls(publicUrl: string): Partial<ReturnUrls>;
  /** Its return routes' OpenAPI documentation. */
  docs: RouteDocs;
  /** Registers its return routes (in a scope that reads form posts). */
  routes(app: FastifyInstance, returns: ReturnHandling): void;
}

/** Declares a plug-in; the registry holds them without their settings' own type. */
export function gatewayPlugin<S extends EnvSettings>(plugin: GatewayPlugin<S>): GatewayPlugin {
  return plugin as unknown as GatewayPlugin;
}

/**
 * The gateways' returns act for nobody: a session cookie the browser sends along (it does when
 * the gateway is on the same site as the shop) is ignored, and with it the Origin check. None
 * is believed: the gateway is asked.
 */
export const SESSIONLESS = { config: { sessionless: true } satisfies RouteAuthConfig };
