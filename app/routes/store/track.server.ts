/**
 * The data of /track: an order's status, payment and parcel for the order number and the phone
 * number used on it. It asks the shipments service through the load context (the same service
 * `GET /api/track/` answers from); a wrong pair and a refused one (too many tries) come back as
 * such, never saying which half was wrong.
 */
import type { AppLoadContext } from 'react-router';
import { parseId } from '../../../domain/queries';
import { normalizePhone } from '../../../domain/phone';
import { fromBengaliDigits } from '../../../domain/bengali-digits';
import { paymentStatusOf } from '../../components/payments/status';
import { readEvents, shipmentStatusOf, type ShipmentEvent, type ShipmentStatus } from '../../components/shipments/status';
import type { PaymentStatus } from '../../../domain/payments';

export interface Tracked {
  order: number;
  status: string;
  payment_status: PaymentStatus;
  shipment_status: ShipmentStatus | null;
  courier: string | null;
  tracking_code: string | null;
  events: ShipmentEvent[];
}

export type TrackAnswer = { kind: 'found'; tracked: Tracked } | { kind: 'wrong' } | { kind: 'limited' };

/** The query of /track: both halves, or null (the form is shown empty). */
export function readTrackQuery(url: URL): { order: string; phone: string } | null {
  const order = (url.searchParams.get('order') ?? '').trim();
  const phone = (url.searchParams.get('phone') ?? '').trim();
  return order || phone ? { order, phone } : null;
}

/** What the service answered, read leniently into what the page shows. */
export function readTracked(value: unknown): Tracked | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const orderRef = v.order;
  const order = typeof orderRef === 'number' ? orderRef : typeof orderRef === 'object' && orderRef && 'id' in orderRef ? Number((orderRef as { id: unknown }).id) : Number.NaN;
  if (!Number.isInteger(order)) return null;
  return {
    order,
    status: typeof v.status === 'string' ? v.status : '',
    payment_status: paymentStatusOf(v.payment_status),
    shipment_status: shipmentStatusOf(v.shipment_status),
    courier: typeof v.courier === 'string' && v.courier ? v.courier : null,
    tracking_code: typeof v.tracking_code === 'string' && v.tracking_code ? v.tracking_code : null,
    events: readEvents(v.events),
  };
}

/** An error's HTTP status, when it carries one (the services throw HttpError). */
const statusOf = (e: unknown) => (e && typeof e === 'object' && 'status' in e && typeof e.status === 'number' ? e.status : e && typeof e === 'object' && 'statusCode' in e && typeof e.statusCode === 'number' ? e.statusCode : 0);

/** Bengali digits typed by the shopper, as ASCII. */
export const asciiDigits = fromBengaliDigits;

export async function trackOrder(context: AppLoadContext, query: { order: string; phone: string }): Promise<TrackAnswer> {
  const id = parseId(asciiDigits(query.order).replace(/^#/, ''));
  const phone = normalizePhone(asciiDigits(query.phone));
  if (!id || !phone) return { kind: 'wrong' };
  // The client's address from the load context (the server applies the proxy rules; a header
  // read here could be forged). Without it, page tries share one allowance.
  const { ip } = context;
  try {
    const tracked = readTracked(await context.services.shipments.track({ order: id, phone, ...(ip ? { ip } : {}) }));
    return tracked ? { kind: 'found', tracked } : { kind: 'wrong' };
  } catch (e) {
    const status = statusOf(e);
    if (status === 404) return { kind: 'wrong' };
    if (status === 429) return { kind: 'limited' };
    throw e;
  }
}
