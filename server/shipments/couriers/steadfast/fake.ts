/**
 * A loopback fake of Steadfast's merchant API (portal.packzy.com/api/v1) for tests: create_order,
 * create_order/bulk-order (`data` as a JSON array or, as the docs' example sends it, a JSON-encoded
 * string), status_by_cid / status_by_invoice / status_by_trackingcode and get_balance, each checking
 * the `Api-Key` and `Secret-Key` headers. Invoices are unique, as on Steadfast: a second parcel
 * for the same invoice is refused with `errors.invoice`.
 *
 * Knobs (server/test/fakes/courier-knobs.ts and its own) are plain mutable fields on the returned
 * object; set them between calls.
 */
import type http from 'node:http';
import { json, readJson, startLoopbackServer } from '../../../test/fakes/loopback-server';
import { delayed, restingKnobs, takeFailure, type FakeCourierKnobs } from '../../../test/fakes/courier-knobs';

export const FAKE_STEADFAST_CREDENTIALS = { apiKey: 'fake-steadfast-api-key', secretKey: 'fake-steadfast-secret-key' } as const;

export interface FakeSteadfastParcel {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  /** Steadfast's delivery_status word: starts as 'in_review'. */
  status: string;
  note: string;
  /** Everything the client sent, for assertions. */
  sent: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** `creates`: create_order requests answered; `failNext` refuses the next create_order or bulk order. */
export interface FakeSteadfast extends FakeCourierKnobs {
  origin: string;
  env: { STEADFAST_BASE_URL: string; STEADFAST_API_KEY: string; STEADFAST_SECRET_KEY: string };
  credentials: { apiKey: string; secretKey: string };
  /** Parcels by consignment id (as a string). */
  parcels: Map<string, FakeSteadfastParcel>;
  bulkCalls: number;
  balanceCalls: number;
  /** The next create_order or bulk order is carried out, but answered with this HTTP status (a 5xx), then the knob clears. */
  madeButAnswers: number | null;
  /** Bulk orders with these invoices come back `status: 'error'`. */
  bulkFailInvoices: Set<string>;
  /** Moves a parcel to a Steadfast delivery_status ('delivered', 'partial_delivered', 'cancelled', 'hold', …). */
  setStatus(consignmentId: string | number, deliveryStatus: string): void;
  /** The parcel booked for an invoice, if any. */
  byInvoice(invoice: string | number): FakeSteadfastParcel | undefined;
  /**
   * Moves a parcel to a delivery_status and answers the webhook Steadfast then sends, in its
   * documented shape (`notification_type: 'delivery_status'`, `cod_amount` collected,
   * `delivery_charge`); `codAmount` defaults to the parcel's COD (0 when cancelled).
   */
  deliveryNotice(consignmentId: string | number, deliveryStatus: string, opts?: { codAmount?: number; deliveryCharge?: number }): Record<string, unknown>;
}

export async function startFakeSteadfast(opts: { credentials?: Partial<FakeSteadfast['credentials']> } = {}): Promise<FakeSteadfast> {
  const credentials = { ...FAKE_STEADFAST_CREDENTIALS, ...opts.credentials };
  let nextId = 1424107;
  const server = await startLoopbackServer(async (req, res, url) => {
    await delayed(fake, server);
    if (req.headers['api-key'] !== credentials.apiKey || req.headers['secret-key'] !== credentials.secretKey) {
      return json(res, 401, { status: 401, message: 'Unauthorized.' });
    }
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (req.method === 'POST' && path === '/create_order') return createOne(req, res);
    if (req.method === 'POST' && path === '/create_order/bulk-order') return createBulk(req, res);
    if (req.method === 'GET' && path === '/get_balance') {
      fake.balanceCalls++;
      return json(res, 200, { status: 200, current_balance: 0 });
    }
    const m = /^\/status_by_(cid|invoice|trackingcode)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      fake.statusCalls++;
      const key = decodeURIComponent(m[2]!);
      const all = [...fake.parcels.values()];
      const p = m[1] === 'cid' ? fake.parcels.get(key) : m[1] === 'invoice' ? fake.byInvoice(key) : all.find((x) => x.tracking_code === key);
      if (!p) return json(res, 404, { status: 404, message: 'Consignment not found.' });
      return json(res, 200, { status: 200, delivery_status: p.status });
    }
    return json(res, 404, { status: 404, message: 'Not found.' });
  });

  function validate(o: Record<string, unknown>): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {};
    const invoice = o.invoice === undefined || o.invoice === null ? '' : String(o.invoice);
    if (!invoice) errors.invoice = ['The invoice field is required.'];
    else if (fake.byInvoice(invoice)) errors.invoice = ['The invoice has already been taken.'];
    if (!o.recipient_name) errors.recipient_name = ['The recipient name field is required.'];
    if (!/^\d{11}$/.test(String(o.recipient_phone ?? ''))) errors.recipient_phone = ['The recipient phone must be 11 digits.'];
    if (o.alternative_phone && !/^\d{11}$/.test(String(o.alternative_phone))) errors.alternative_phone = ['The alternative phone must be 11 digits.'];
    const address = String(o.recipient_address ?? '');
    if (!address) errors.recipient_address = ['The recipient address field is required.'];
    else if (address.length > 250) errors.recipient_address = ['The recipient address may not be greater than 250 characters.'];
    const cod = Number(o.cod_amount);
    if (o.cod_amount === undefined || o.cod_amount === '' || !Number.isFinite(cod) || cod < 0) errors.cod_amount = ['The cod amount must be at least 0.'];
    return Object.keys(errors).length ? errors : null;
  }

  function store(o: Record<string, unknown>): FakeSteadfastParcel {
    const id = nextId++;
    const now = new Date().toISOString();
    const p: FakeSteadfastParcel = {
      consignment_id: id,
      invoice: String(o.invoice),
      tracking_code: id.toString(16).toUpperCase().padStart(8, 'B'),
      recipient_name: String(o.recipient_name),
      recipient_phone: String(o.recipient_phone),
      recipient_address: String(o.recipient_address),
      cod_amount: Number(o.cod_amount),
      status: 'in_review',
      note: String(o.note ?? ''),
      sent: o,
      created_at: now,
      updated_at: now,
    };
    fake.parcels.set(String(id), p);
    return p;
  }

  /** The `madeButAnswers` knob: the work is done, the answer is an error page. */
  function lostAnswer(res: http.ServerResponse): boolean {
    const status = fake.madeButAnswers;
    if (status === null) return false;
    fake.madeButAnswers = null;
    res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
    return true;
  }

  async function createOne(req: http.IncomingMessage, res: http.ServerResponse) {
    fake.creates++;
    const body = await readJson(req);
    if (!body) return json(res, 400, { status: 400, message: 'Invalid JSON.' });
    const failure = takeFailure(fake);
    if (failure) return json(res, 400, { status: 400, message: failure });
    const errors = validate(body);
    if (errors) return json(res, 400, { status: 400, errors });
    const { sent: _sent, ...consignment } = store(body);
    if (lostAnswer(res)) return;
    return json(res, 200, { status: 200, message: 'Consignment has been created successfully.', consignment });
  }

  async function createBulk(req: http.IncomingMessage, res: http.ServerResponse) {
    fake.bulkCalls++;
    const body = await readJson(req);
    let data: unknown = body?.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        data = undefined;
      }
    }
    if (!Array.isArray(data) || data.length === 0 || data.length > 500) {
      return json(res, 400, { status: 400, message: 'The data must be an array of 1 to 500 orders.' });
    }
    const failure = takeFailure(fake);
    if (failure) return json(res, 400, { status: 400, message: failure });
    const out = (data as Record<string, unknown>[]).map((o) => {
      const echo = {
        invoice: o.invoice,
        recipient_name: o.recipient_name,
        recipient_address: o.recipient_address,
        recipient_phone: o.recipient_phone,
        cod_amount: o.cod_amount,
        note: o.note ?? null,
      };
      const errors = validate(o);
      if (errors || fake.bulkFailInvoices.has(String(o.invoice))) {
        const error = errors ? Object.values(errors).flat().join(' ') : 'Could not create the consignment.';
        return { ...echo, consignment_id: null, tracking_code: null, status: 'error', error };
      }
      const p = store(o);
      return { ...echo, consignment_id: p.consignment_id, tracking_code: p.tracking_code, status: 'success' };
    });
    if (lostAnswer(res)) return;
    return json(res, 200, out);
  }

  const fake: FakeSteadfast = {
    ...restingKnobs(server, `${server.origin}/api/v1`),
    origin: server.origin,
    env: { STEADFAST_BASE_URL: `${server.origin}/api/v1`, STEADFAST_API_KEY: credentials.apiKey, STEADFAST_SECRET_KEY: credentials.secretKey },
    credentials,
    parcels: new Map(),
    bulkCalls: 0,
    balanceCalls: 0,
    madeButAnswers: null,
    bulkFailInvoices: new Set(),
    setStatus(consignmentId, deliveryStatus) {
      const p = fake.parcels.get(String(consignmentId));
      if (!p) throw new Error(`fake Steadfast: no parcel ${consignmentId}`);
      p.status = deliveryStatus;
      p.updated_at = new Date().toISOString();
    },
    byInvoice(invoice) {
      return [...fake.parcels.values()].find((p) => p.invoice === String(invoice));
    },
    deliveryNotice(consignmentId, deliveryStatus, opts = {}) {
      fake.setStatus(consignmentId, deliveryStatus);
      const p = fake.parcels.get(String(consignmentId))!;
      return {
        notification_type: 'delivery_status',
        consignment_id: p.consignment_id,
        invoice: p.invoice,
        cod_amount: opts.codAmount ?? (deliveryStatus === 'cancelled' ? 0 : p.cod_amount),
        status: deliveryStatus,
        delivery_charge: opts.deliveryCharge ?? 60,
        tracking_message: `Consignment is ${deliveryStatus.replace(/_/g, ' ')}.`,
        // "YYYY-MM-DD HH:MM:SS", as Steadfast writes it.
        updated_at: p.updated_at.slice(0, 19).replace('T', ' '),
      };
    },
  };
  return fake;
}
