/**
 * Booking an order's parcel with a courier: choose one of the configured couriers (one that needs
 * its own places, Pathao, adds its city / zone / area pickers, prefilled from the order by the server) and send
 * `POST /api/order/{id}/shipment/`. When the courier refuses, its message stays in the dialog.
 * When an earlier booking had no answer and the courier cannot be asked about it (Pathao: 409
 * with `unsure_booking`), the dialog offers the two ways on: the parcel's consignment id from the
 * courier's panel (recorded, not booked again), or the admin's word that there is none.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { formText } from '../../form/values';
import { Button } from '../buttons';
import { checkBooking, getJson, pathaoBody } from './courier-api';
import { CourierPlaces, type PlacesPrefill } from './courier-places';
import { useCouriers } from './use-couriers';
import { courierNeedsPlaces } from '../../../../domain/providers';

const EMPTY: PlacesPrefill = { city: '', zone: '', area: '', weight: '' };

/** The admin's answer to an unsure booking, as the API takes it; an error when neither was given. */
export function adoptChoice(consignmentId: string, confirmed: boolean): { body: { consignment_id?: string; confirm_not_booked?: true }; errors: Record<string, string[]> } {
  const id = consignmentId.trim();
  if (id) return { body: { consignment_id: id }, errors: {} };
  if (confirmed) return { body: { confirm_not_booked: true }, errors: {} };
  return { body: {}, errors: { consignment_id: ['Enter the consignment id, or confirm there is no parcel.'] } };
}

/** The prefill answer's values as the pickers want them (strings, '' when absent). */
export function prefillOf(body: unknown): PlacesPrefill {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v) ? String(v) : '');
  return {
    city: s(b.recipient_city),
    zone: s(b.recipient_zone),
    area: s(b.recipient_area),
    weight: s(b.item_weight),
  };
}

function usePrefill(orderId: number, courier: string): PlacesPrefill | null {
  const [prefill, setPrefill] = useState<PlacesPrefill | null>(null);
  useEffect(() => {
    if (!courierNeedsPlaces(courier)) return;
    let live = true;
    void getJson(`/api/order/${orderId}/shipment/prefill/?courier=${encodeURIComponent(courier)}`).then((res) => {
      if (live) setPrefill(res.ok ? prefillOf(res.body) : EMPTY);
    });
    return () => {
      live = false;
    };
  }, [orderId, courier]);
  return courierNeedsPlaces(courier) ? prefill : EMPTY;
}

export function BookParcelDialog({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: () => Promise<void> | void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { couriers, error } = useCouriers();
  const configured = (couriers ?? []).filter((c) => c.configured);
  const [courier, setCourier] = useState('');
  const chosen = courier || configured[0]?.id || '';
  const prefill = usePrefill(orderId, chosen);
  // The 409 for a booking without an answer at a courier that cannot be asked about it.
  const [unsure, setUnsure] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const form = useApiForm({
    method: 'POST',
    url: `/api/order/${orderId}/shipment/`,
    payload: (f) => ({
      ...(unsure ? adoptChoice(formText(f, 'consignment_id'), (f.elements.namedItem('confirm_not_booked') as HTMLInputElement | null)?.checked === true).body : {}),
      courier: formText(f, 'courier'),
      ...(courierNeedsPlaces(formText(f, 'courier'))
        ? pathaoBody({
            city: formText(f, 'recipient_city'),
            zone: formText(f, 'recipient_zone'),
            area: formText(f, 'recipient_area'),
            weight: formText(f, 'item_weight'),
          })
        : {}),
    }),
    validate: ({ courier: c, consignment_id, confirm_not_booked, ...rest }) => ({
      ...checkBooking(c, rest),
      ...(unsure ? adoptChoice(consignment_id ?? '', confirm_not_booked === true).errors : {}),
    }),
    onAnswer: (res) => {
      if (res.status === 409 && res.body?.unsure_booking === true) setUnsure(true);
    },
    success: (res) => {
      const code = typeof res.body?.tracking_code === 'string' ? res.body.tracking_code : '';
      const cod = typeof res.body?.cod_amount === 'number' ? ` The courier collects ৳ ${res.body.cod_amount}.` : '';
      return `Order #${orderId}: parcel booked${code ? ` (tracking code ${code})` : ''}.${cod}`;
    },
    then: async () => {
      ref.current?.close();
      await onDone();
    },
  });
  return (
    <dialog ref={ref} onClose={onClose} className="m-auto w-full max-w-md rounded-lg p-5 text-stone-900 shadow-xl backdrop:bg-black/40" data-testid="book-parcel-dialog" aria-labelledby={`book-${orderId}-title`}>
      <form {...form.props} className="grid gap-3">
        <h2 id={`book-${orderId}-title`} className="text-lg font-bold">
          Book a parcel for order #{orderId}
        </h2>
        <FormAlert text={form.alert ?? (error || null)} />
        {couriers === null && !error && <p className="text-sm text-stone-600">Loading couriers…</p>}
        {couriers !== null && configured.length === 0 && (
          <p className="rounded bg-amber-50 p-2 text-sm text-amber-950" data-testid="no-courier">
            No courier is configured. See{' '}
            <Link to="/admin-couriers" className="text-brand underline">
              Couriers
            </Link>
            .
          </p>
        )}
        {configured.length > 0 && (
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">Courier</legend>
            {configured.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input type="radio" name="courier" value={c.id} checked={chosen === c.id} onChange={() => setCourier(c.id)} />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        {courierNeedsPlaces(chosen) && (prefill ? <CourierPlaces key={`${orderId}-${chosen}`} courier={chosen} prefill={prefill} errors={form.errors} /> : <p className="text-sm text-stone-600">Loading the address…</p>)}
        {unsure && (
          <fieldset className="grid gap-2 rounded bg-amber-50 p-2 text-sm text-amber-950" data-testid="unsure-booking">
            <legend className="font-medium">Was it booked?</legend>
            <label className="grid gap-1">
              Consignment id from the courier&apos;s panel
              <input name="consignment_id" className="rounded border px-2 py-1" aria-invalid={form.errors.consignment_id ? true : undefined} />
            </label>
            {form.errors.consignment_id && <p className="text-red-700">{form.errors.consignment_id[0]}</p>}
            <label className="flex items-center gap-2">
              <input type="checkbox" name="confirm_not_booked" />
              There is no parcel for this order in the panel: book it now.
            </label>
          </fieldset>
        )}
        <div className="flex justify-end gap-2">
          <Button kind="secondary" onClick={() => ref.current?.close()}>
            Not now
          </Button>
          <Button type="submit" disabled={form.busy || !chosen} data-testid="book-parcel-submit">
            {form.busy ? 'Booking…' : 'Book parcel'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** One booking dialog for a page: `open(orderId)` shows it; after a booking the page's data is reloaded. */
export function useBookParcel(): {
  open: (orderId: number) => void;
  dialog: ReactNode;
} {
  const [orderId, setOrderId] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const open = useCallback((id: number) => setOrderId(id), []);
  const dialog = orderId !== null ? <BookParcelDialog key={orderId} orderId={orderId} onClose={() => setOrderId(null)} onDone={() => revalidator.revalidate()} /> : null;
  return { open, dialog };
}

/** Whether an order may be booked: Pending, without a parcel, and not waiting for its confirmation (the server refuses that too). */
export function canBook(order: { status: string; shipment_status: string | null; confirmation?: string | undefined }): boolean {
  return order.status === 'Pending' && order.shipment_status === null && order.confirmation !== 'unconfirmed';
}
