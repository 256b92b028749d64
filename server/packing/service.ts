/**
 * The packing desk (issue 35): labels and packing slips for a day's parcels, the scan that finds
 * an order from its label (or the courier's), and marking a parcel packed. It owns no table: the
 * orders come from the orders' packing face (orders/packing.ts), the parcels' codes from the
 * shipments' lookup (shipments/parcel-lookup.ts), the books' ISBNs from the catalogue, all
 * handed in by server/services.ts. The PDF libraries load on the first print (pdf.ts).
 */
import type { AuthUser } from '../accounts/sessions';
import type { OrderService } from '../orders/service';
import type { ParcelLookup } from '../shipments/parcel-lookup';
import type { SettingsService } from '../settings/service';
import { HttpError, conflict, notFound } from '../http/errors';
import { PACKING_MESSAGES, readScanCode, type LabelSize } from '../../domain/packing';
import { amountToCollect } from '../../domain/shipments';
import { dhakaDayRange } from '../../domain/order-desk';
import { COURIERS } from '../../domain/providers';
import { renderLabels, type LabelData } from './labels';
import { renderSlips } from './slips';

export interface PackingDeps {
  orders: Pick<OrderService, 'packing' | 'getOrder'>;
  parcels: Pick<ParcelLookup, 'orderOfCode' | 'bookedBetween'>;
  settings: Pick<SettingsService, 'get'>;
  /** The ISBN of each of these products that has one (the catalogue's). */
  isbns(productIds: number[]): Promise<Map<number, string>>;
}

/** How many ids the packing screen's print lists hold at most (each print call takes MAX_PRINT_IDS). */
const LIST_LIMIT = 1000;

type PrintOrder = Awaited<ReturnType<OrderService['packing']['forPrint']>>['orders'][number];

/**
 * The COD a label shows: what the booked parcel was sent to collect (`cod_amount`, as the
 * courier has it even when a payment came later), else what is still due now.
 */
export function codOnLabel(o: Pick<PrintOrder, 'cod_amount' | 'total' | 'paid_amount' | 'refunded_amount'>): number {
  return o.cod_amount ?? amountToCollect(o);
}

function labelOf(o: PrintOrder, shop: string): LabelData {
  const phones = [o.phone_number, o.optional_phone_number].map((p) => p.trim()).filter((p, i, all) => p && all.indexOf(p) === i);
  return {
    id: o.id,
    shop,
    name: o.name,
    phones: phones.join(' / '),
    address: [o.delivery_address, o.upazila_thana, o.district].map((p) => p.trim()).filter(Boolean).join(', '),
    cod: codOnLabel(o),
    courier: o.courier ? (COURIERS[o.courier]?.label ?? o.courier) : null,
    consignment_id: o.consignment_id,
    tracking_code: o.tracking_code,
  };
}

export function createPackingService(deps: PackingDeps) {
  /** The orders to print: 404 naming the ids no order has, 409 naming the cancelled ones (nothing is sent for them). */
  async function printable(ids: number[]) {
    const { orders, missing } = await deps.orders.packing.forPrint(ids);
    if (missing.length) throw new HttpError(404, PACKING_MESSAGES.notFound(missing), undefined, { missing });
    const cancelled = orders.filter((o) => o.status === 'Cancelled').map((o) => o.id);
    if (cancelled.length) throw conflict(PACKING_MESSAGES.cancelled(cancelled), { cancelled });
    return { orders, shop: (await deps.settings.get()).shop_name };
  }

  /** The order a scanned code names, or null: by number and by parcel code, in the order readScanCode gives. */
  async function orderOfCode(raw: string): Promise<number | null> {
    const code = readScanCode(raw);
    const byNumber = async () => (code.orderNumber !== null && (await deps.orders.packing.exists(code.orderNumber)) ? code.orderNumber : null);
    const byParcel = async () => (code.parcelCode !== null ? deps.parcels.orderOfCode(code.parcelCode) : null);
    return code.numberFirst ? ((await byNumber()) ?? (await byParcel())) : ((await byParcel()) ?? (await byNumber()));
  }

  /** The order as staff see it, each line with its book's ISBN ('' when none) for the packing screen. */
  async function staffView(user: AuthUser, id: number) {
    const order = await deps.orders.getOrder(user, id);
    if (!order) throw notFound(PACKING_MESSAGES.orderNotFound);
    const isbns = await deps.isbns([...new Set(order.items.map((i) => i.product))]);
    return { ...order, items: order.items.map((i) => ({ ...i, isbn: isbns.get(i.product) ?? '' })) };
  }

  return {
    async labels(ids: number[], size: LabelSize): Promise<Buffer> {
      const { orders, shop } = await printable(ids);
      return renderLabels(orders.map((o) => labelOf(o, shop)), size);
    },

    async slips(ids: number[]): Promise<Buffer> {
      const { orders, shop } = await printable(ids);
      return renderSlips(
        orders.map((o) => ({
          ...labelOf(o, shop),
          created_at: o.created_at,
          lines: o.lines.map((l) => ({ title: l.title, quantity: l.quantity, total: l.total })),
          staff_note: o.staff_note,
          customer_note: o.order_instruction,
          subtotal: o.subtotal,
          delivery_charge: o.delivery_charge,
          discount_total: o.discount_total,
          total: o.total,
          paid: Math.max(0, o.paid_amount - o.refunded_amount),
        })),
      );
    },

    /** `POST /api/order/scan/`: the order a label's (or courier's) code names, as staff see it; 404 when none. */
    async scan(user: AuthUser, code: string) {
      const id = await orderOfCode(code);
      if (id === null) throw notFound(PACKING_MESSAGES.codeNotFound);
      return staffView(user, id);
    },

    /** `POST /api/order/{id}/packed/`: packed once; the order as it now is. */
    async markPacked(user: AuthUser, id: number) {
      const result = await deps.orders.packing.markPacked(user.id, id);
      return { result, order: await staffView(user, id) };
    },

    /** What the packing screen offers to print: parcels booked and not packed, and those booked today (Dhaka), not cancelled. */
    async printLists(today: string) {
      const { start, end } = dhakaDayRange(today, today);
      const [toPack, bookedToday] = await Promise.all([deps.orders.packing.bookedNotPacked(LIST_LIMIT), deps.parcels.bookedBetween(start!, end!, LIST_LIMIT)]);
      return { to_pack: toPack, booked_today: await deps.orders.packing.notCancelled(bookedToday) };
    },
  };
}

export type PackingService = ReturnType<typeof createPackingService>;
