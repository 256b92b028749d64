/**
 * What a courier plug-in declares (server/shipments/couriers/<id>/index.ts): its settings and
 * the environment variables they come from (server/config.ts reads them, nothing else does),
 * how its client is made from them, its webhook, and any routes of its own. The shop's code
 * loops over the registry (./index.ts) and never names a courier.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ParcelRef } from './webhook-kit';
import type { RouteDocs } from '../../http/route-docs';
import type { Courier } from '../courier';
import type { CourierId } from '../../../domain/providers';
import type { EnvSettings, SettingValues } from '../../provider-env';

/** A courier's settings as read from the environment (server/provider-env.ts): unset ones are undefined. */
export type CourierSettings<K extends string = string> = Readonly<Record<K, string | number | undefined>>;

export interface CourierOptions {
  /** A stored (e.g. Bengali) district or upazila name in English, for couriers that match places by name. */
  toEnglish?: (name: string) => string;
}

export interface CourierWebhook<K extends string> {
  /** The route's path, e.g. `/webhooks/steadfast`; sessionless, POST. */
  path: string;
  summary: string;
  /** The answer's status when the webhook is accepted; 200 unless set. */
  status?: number;
  /** The body's schema, for the API document (`parcelFields` in webhook-kit.ts). */
  body: z.ZodType;
  /** The parcel the body names: the courier's consignment id, or our order number. */
  parcel(body: unknown): ParcelRef;
  /** Whether the request carries the configured secret (compared in constant time); may add a header to the answer. */
  authorised(request: FastifyRequest, reply: FastifyReply, settings: Readonly<Partial<Record<K, string>>>): boolean;
}

/**
 * Routes of the courier's own, for the back office, given its client when it is configured. A
 * courier that needs its own places (`needsPlaces`) serves `/api/couriers/<id>/cities/`,
 * `zones/?city=` and `areas/?zone=`: the booking form's pickers read them (Pathao's places-routes.ts).
 */
export interface CourierRoutes {
  docs: RouteDocs;
  register(app: FastifyInstance, client: () => Courier | undefined): void;
}

export interface CourierPlugin<S extends EnvSettings = EnvSettings, C extends Courier = Courier> {
  id: CourierId;
  /** Each setting's environment variable (server/provider-env.ts); `secret` ones are its credentials. */
  env: S;
  /** Its client, made only when every credential is set (else the courier is absent). */
  client(settings: SettingValues<S>, opts: CourierOptions): C;
  webhook: CourierWebhook<NoInfer<TextKeys<S>>>;
  /**
   * A booking's courier-specific fields, filled from the order's address
   * (`GET /api/order/{id}/shipment/prefill/`); `client` is undefined when the courier is not configured.
   */
  prefill?(client: Courier | undefined, place: { district: string; upazila: string }): Promise<Record<string, number>>;
  routes?: CourierRoutes;
}

/** The settings a webhook may read: the optional texts (its secrets), never the credentials. */
type TextKeys<S extends EnvSettings> = { [K in keyof S]: S[K] extends { kind: 'optional' } ? K : never }[keyof S] & string;

/** Declares a plug-in, keeping its settings' names typed inside it. */
export function defineCourier<S extends EnvSettings, C extends Courier>(plugin: CourierPlugin<S, C>): CourierPlugin {
  return plugin as unknown as CourierPlugin;
}
