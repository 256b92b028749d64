/**
 * Steadfast Courier's merchant API v1 (https://portal.packzy.com/api/v1; the "Steadfast Courier
 * Limited API Documentation V1" Google Doc): `Api-Key` and `Secret-Key` headers on every call,
 * create_order, create_order/bulk-order (≤ 500; `data` is sent as a JSON-encoded string, as the
 * docs' own example does with json_encode), status_by_cid / status_by_invoice, get_balance.
 *
 * findBooked: status_by_invoice answers only `{status, delivery_status}`, never the consignment
 * id. So a parcel found by invoice comes back with consignmentId `invoice:<orderId>` and no
 * tracking code; `status()` understands that form (it asks status_by_invoice), so the shop can
 * follow the parcel; the real consignment id is in Steadfast's portal.
 */
import { CourierError, type BookedParcel, type BulkResult, type Courier, type ParcelInput, type ParcelState, type ParcelStatus } from '../../courier';
import { bookedParcel, callCourier, courierWords, obj, rawOf, readTwice, str, type CourierAnswer } from '../../http';

export const STEADFAST_DEFAULT_BASE_URL = 'https://portal.packzy.com/api/v1';
/** Steadfast's bulk order takes at most this many orders a call. */
export const STEADFAST_BULK_MAX = 500;
/** The consignment id findBooked gives a parcel it found by invoice (see above). */
export const INVOICE_PREFIX = 'invoice:';

export interface SteadfastOptions {
  baseUrl?: string;
  apiKey: string;
  secretKey: string;
  /** Per call; 30 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Steadfast's delivery_status in our words. */
export function steadfastState(deliveryStatus: string): ParcelState {
  switch (deliveryStatus.trim().toLowerCase()) {
    case 'in_review': // placed, waiting for Steadfast's review
      return 'booked';
    case 'pending': // accepted, neither delivered nor cancelled yet
    case 'delivered_approval_pending': // final only once Steadfast approves it
    case 'partial_delivered_approval_pending':
    case 'cancelled_approval_pending':
      return 'in_transit';
    case 'delivered':
      return 'delivered';
    case 'partial_delivered':
      return 'partly_delivered';
    case 'cancelled':
      return 'cancelled';
    case 'hold':
      return 'on_hold';
    default: // 'unknown', 'unknown_approval_pending' and any word the docs do not list
      return 'unknown';
  }
}

export class SteadfastCourier implements Courier {
  readonly id = 'steadfast' as const;
  readonly canFindBooked = true;
  readonly bulkBooking = true;
  private readonly baseUrl: string;
  readonly timeoutMs: number;
  private readonly secrets: string[];

  constructor(private readonly opts: SteadfastOptions) {
    this.baseUrl = (opts.baseUrl || STEADFAST_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.secrets = [opts.apiKey, opts.secretKey];
  }


  async book(input: ParcelInput): Promise<BookedParcel> {
    const label = 'Steadfast create_order';
    const { status, data } = await this.call('POST', '/create_order', label, orderBody(input));
    const d = obj(data);
    const c = obj(d.consignment);
    if (status !== 200 || !ok(d) || !str(c.consignment_id)) this.refuse(label, status, data);
    const courierStatus = str(c.status) || 'in_review';
    return bookedParcel({ consignmentId: c.consignment_id, trackingCode: c.tracking_code }, courierStatus, steadfastState, d.message, data);
  }

  /** One bulk-order call per 500 inputs; results matched back by invoice. A call that fails fails its inputs. */
  async bookMany(inputs: ParcelInput[]): Promise<BulkResult[]> {
    const out: BulkResult[] = [];
    for (let i = 0; i < inputs.length; i += STEADFAST_BULK_MAX) out.push(...(await this.bulkChunk(inputs.slice(i, i + STEADFAST_BULK_MAX))));
    return out;
  }

  private async bulkChunk(chunk: ParcelInput[]): Promise<BulkResult[]> {
    const label = 'Steadfast bulk-order';
    let answer: CourierAnswer;
    try {
      answer = await this.call('POST', '/create_order/bulk-order', label, { data: JSON.stringify(chunk.map(orderBody)) });
      if (answer.status !== 200 || !Array.isArray(answer.data)) this.refuse(label, answer.status, answer.data);
    } catch (err) {
      const message = err instanceof CourierError ? err.message : String(err);
      const unsure = !(err instanceof CourierError && err.kind === 'refused');
      return chunk.map((p) => ({ orderId: p.orderId, ok: false, unsure, message: unsure ? `${message}; some parcels may exist: ask findBooked before booking again` : message }));
    }
    const rows = (answer.data as unknown[]).map(obj);
    return chunk.map((p, i) => {
      const row = rows.find((r) => str(r.invoice) === String(p.orderId)) ?? (str(rows[i]?.invoice) ? undefined : rows[i]);
      if (!row) return { orderId: p.orderId, ok: false, message: `${label}: no result for invoice ${p.orderId}` };
      if (str(row.status) !== 'success' || !str(row.consignment_id)) {
        return { orderId: p.orderId, ok: false, message: `${label}: ${courierWords({ message: str(row.error) || str(row.message) || 'the order was refused', errors: row.errors }, this.secrets)}` };
      }
      const parcel: BookedParcel = {
        consignmentId: str(row.consignment_id),
        trackingCode: str(row.tracking_code),
        state: 'booked',
        courierStatus: 'in_review',
        message: 'Consignment created (bulk order).',
        raw: row,
      };
      return { orderId: p.orderId, ok: true, parcel };
    });
  }

  async findBooked(orderId: number): Promise<BookedParcel | null> {
    const label = 'Steadfast status_by_invoice';
    const { status, data } = await readTwice(() => this.call('GET', `/status_by_invoice/${encodeURIComponent(String(orderId))}`, label));
    const d = obj(data);
    if (status === 404 || (status === 200 && !ok(d))) return null;
    if (status !== 200 || !str(d.delivery_status)) this.refuse(label, status, data);
    const courierStatus = str(d.delivery_status);
    return {
      consignmentId: INVOICE_PREFIX + orderId,
      trackingCode: '',
      state: steadfastState(courierStatus),
      courierStatus,
      message: `Steadfast has a parcel for invoice ${orderId}; its answer does not name the consignment id (see the Steadfast portal).`,
      raw: data,
    };
  }

  /** `consignmentId` is Steadfast's consignment id, or `invoice:<orderId>` from findBooked. */
  async status(consignmentId: string): Promise<ParcelStatus> {
    const byInvoice = consignmentId.startsWith(INVOICE_PREFIX);
    const path = byInvoice ? `/status_by_invoice/${encodeURIComponent(consignmentId.slice(INVOICE_PREFIX.length))}` : `/status_by_cid/${encodeURIComponent(consignmentId)}`;
    const label = byInvoice ? 'Steadfast status_by_invoice' : 'Steadfast status_by_cid';
    const { status, data } = await readTwice(() => this.call('GET', path, label));
    const d = obj(data);
    if (status !== 200 || !ok(d) || !str(d.delivery_status)) this.refuse(label, status, data);
    const courierStatus = str(d.delivery_status);
    return { state: steadfastState(courierStatus), courierStatus, message: str(d.message), raw: data };
  }

  async ping(): Promise<{ ok: boolean; message: string }> {
    try {
      const { status, data } = await readTwice(() => this.call('GET', '/get_balance', 'Steadfast get_balance'));
      const d = obj(data);
      if (status === 200 && ok(d)) return { ok: true, message: `Steadfast answers; balance ${str(d.current_balance) || '0'} Tk` };
      return { ok: false, message: `Steadfast get_balance: HTTP ${status}: ${courierWords(data, this.secrets)}` };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }

  private call(method: 'GET' | 'POST', path: string, label: string, body?: unknown): Promise<CourierAnswer> {
    return callCourier({
      url: this.baseUrl + path,
      method,
      headers: { 'Api-Key': this.opts.apiKey, 'Secret-Key': this.opts.secretKey },
      body,
      timeoutMs: this.timeoutMs,
      label,
      secrets: this.secrets,
      fetch: this.opts.fetch,
    });
  }

  private refuse(label: string, status: number, data: unknown): never {
    const what = status === 401 || status === 403 ? 'the API key or secret key was refused' : courierWords(data, this.secrets);
    throw new CourierError(`${label}: HTTP ${status}: ${what}`, status < 300 || status >= 400 ? 'refused' : 'http', rawOf(data, this.secrets));
  }
}

/** The body's `status` field, when there is one, is 200. */
function ok(d: Record<string, unknown>): boolean {
  return d.status === undefined || Number(d.status) === 200;
}

/** One order as Steadfast takes it; the address is cut to Steadfast's 250 characters. */
function orderBody(p: ParcelInput): Record<string, unknown> {
  return {
    invoice: String(p.orderId),
    recipient_name: p.recipientName.slice(0, 100),
    recipient_phone: p.recipientPhone,
    ...(p.alternativePhone ? { alternative_phone: p.alternativePhone } : {}),
    ...(p.recipientEmail ? { recipient_email: p.recipientEmail } : {}),
    recipient_address: p.recipientAddress.slice(0, 250),
    cod_amount: Math.max(0, p.codAmount),
    note: p.note,
    item_description: p.itemDescription,
  };
}
