/**
 * A parcel's status as the shop and the back office show it (Bengali, English on request), and
 * its timeline. The server's answers are read leniently here: a status we do not know reads as
 * `unknown`, an event of an unexpected shape is left out.
 */
import { useT } from '../../lib/i18n';
import { COURIERS, isCourierId } from '../../../domain/providers';

export const SHIPMENT_STATUSES = ['booked', 'in_transit', 'out_for_delivery', 'delivered', 'partly_delivered', 'cancelled', 'returned', 'on_hold', 'unknown'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_TEXT: Record<ShipmentStatus, { bn: string; en: string; badge: string }> = {
  booked: { bn: 'পার্সেল বুক হয়েছে', en: 'Booked', badge: 'bg-stone-200 text-stone-900' },
  in_transit: { bn: 'পথে আছে', en: 'In transit', badge: 'bg-sky-100 text-sky-900' },
  out_for_delivery: { bn: 'ডেলিভারির জন্য বের হয়েছে', en: 'Out for delivery', badge: 'bg-indigo-100 text-indigo-900' },
  delivered: { bn: 'ডেলিভারি হয়েছে', en: 'Delivered', badge: 'bg-emerald-100 text-emerald-900' },
  partly_delivered: { bn: 'আংশিক ডেলিভারি', en: 'Partly delivered', badge: 'bg-teal-100 text-teal-900' },
  cancelled: { bn: 'পার্সেল বাতিল', en: 'Cancelled', badge: 'bg-red-100 text-red-900' },
  returned: { bn: 'ফেরত এসেছে', en: 'Returned', badge: 'bg-amber-100 text-amber-900' },
  on_hold: { bn: 'অপেক্ষমাণ', en: 'On hold', badge: 'bg-violet-100 text-violet-900' },
  unknown: { bn: 'অজানা', en: 'Unknown', badge: 'bg-stone-100 text-stone-700' },
};

/** A courier's name (domain/providers.ts); an id we do not know as it is. */
export function courierName(id: string | null | undefined, t: (bn: string, en: string) => string): string {
  if (!id) return '';
  return isCourierId(id) ? t(COURIERS[id].name.bn, COURIERS[id].name.en) : id;
}

/** A parcel status from an answer: null when there is no parcel, `unknown` for a word we do not know. */
export function shipmentStatusOf(value: unknown): ShipmentStatus | null {
  if (value === null || value === undefined || value === '') return null;
  return (SHIPMENT_STATUSES as readonly unknown[]).includes(value) ? (value as ShipmentStatus) : 'unknown';
}

/** An event of the timeline: a parcel state (booked, delivered…) or an order status move (Pending, Delivered…). */
export interface ShipmentEvent {
  at: string;
  status: string | null;
  message: string;
}

/** The order's own statuses, as the timeline says them. */
export const ORDER_EVENT_TEXT: Record<string, [string, string]> = {
  Pending: ['অর্ডার করা হয়েছে', 'Order placed'],
  Delivered: ['অর্ডার ডেলিভারড', 'Order delivered'],
  Returned: ['অর্ডার রিটার্নড', 'Order returned'],
  Cancelled: ['অর্ডার বাতিল', 'Order cancelled'],
};

/** What an event is called, and whether the server's message (a courier's words) is worth showing under it. */
export function eventLabel(status: string | null, say: (bn: string, en: string) => string): { label: string; showMessage: boolean } {
  if (!status) return { label: '', showMessage: true };
  const order = ORDER_EVENT_TEXT[status];
  if (order) return { label: say(order[0], order[1]), showMessage: false };
  const parcel = SHIPMENT_STATUS_TEXT[shipmentStatusOf(status) ?? 'unknown'];
  return { label: say(parcel.bn, parcel.en), showMessage: true };
}

/** A string, null or absent: an event's optional field. */
const optionalText = (v: unknown): v is string | null | undefined => v === undefined || v === null || typeof v === 'string';

/**
 * The events of an answer, oldest first; rows of another shape are left out. Read by hand, not
 * with zod: this page is on the storefront, where zod would be a fifth of its script budget.
 */
export function readEvents(value: unknown): ShipmentEvent[] {
  if (!Array.isArray(value)) return [];
  const events = value.flatMap((row: unknown) => {
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    if (typeof r.at !== 'string' || !optionalText(r.status) || !optionalText(r.message)) return [];
    return [{ at: r.at, status: r.status || null, message: r.message ?? '' }];
  });
  const time = (iso: string) => Date.parse(iso) || 0;
  return events.sort((a, b) => time(a.at) - time(b.at));
}

/** An order's parcel, read from an order of the API (fields absent before a parcel is booked). */
export interface ParcelView {
  courier: string | null;
  consignment_id: string | null;
  tracking_code: string | null;
  shipment_status: ShipmentStatus | null;
  events: ShipmentEvent[];
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

export function parcelOf(order: object): ParcelView {
  const o = order as Record<string, unknown>;
  return {
    courier: str(o.courier),
    consignment_id: str(o.consignment_id),
    tracking_code: str(o.tracking_code),
    shipment_status: shipmentStatusOf(o.shipment_status),
    events: readEvents(o.shipment_events),
  };
}

/** The badge; `english` keeps it in English (the back office). */
export function ShipmentBadge({ status, english }: { status: ShipmentStatus | null; english?: boolean }) {
  const t = useT();
  if (!status) {
    return (
      <span className="text-xs text-stone-500" data-testid="shipment-status" data-shipment-status="">
        {english ? 'Not booked' : t('বুক হয়নি', 'Not booked')}
      </span>
    );
  }
  const text = SHIPMENT_STATUS_TEXT[status];
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${text.badge}`} data-testid="shipment-status" data-shipment-status={status}>
      {english ? text.en : t(text.bn, text.en)}
    </span>
  );
}

/** The parcel's timeline, newest last; `format` turns an ISO time into what is shown. */
export function Timeline({ events, english, format }: { events: (ShipmentEvent & { when?: string })[]; english?: boolean; format?: (iso: string) => string }) {
  const t = useT();
  const say = (bn: string, en: string) => (english ? en : t(bn, en));
  if (events.length === 0) return <p className="text-sm text-stone-600" data-testid="shipment-timeline-empty">{say('এখনো কোন আপডেট নেই।', 'No updates yet.')}</p>;
  return (
    <ol className="relative ml-2 border-l-2 border-stone-200" data-testid="shipment-timeline">
      {events.map((e, i) => {
        const { label, showMessage } = eventLabel(e.status, say);
        return (
          <li key={`${e.at}-${i}`} className="mb-4 ml-4 last:mb-0" data-testid="shipment-event" data-status={e.status ?? ''}>
            <span className={`absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full ${i === events.length - 1 ? 'bg-brand' : 'bg-stone-300'}`} aria-hidden="true" />
            <p className="text-xs text-stone-500">{e.when ?? format?.(e.at) ?? e.at.slice(0, 16).replace('T', ' ')}</p>
            {label && <p className="text-sm font-semibold">{label}</p>}
            {showMessage && e.message && <p className="text-sm break-words text-stone-700">{e.message}</p>}
          </li>
        );
      })}
    </ol>
  );
}
