/**
 * Reading the couriers' API from the back office's pages: GET calls on the same origin, their
 * answers read leniently (a list may come bare or under `data`/`results`, an item's id and name
 * under the courier's own keys, as Pathao's `city_id`/`city_name`).
 */
import { failureText } from '../../form/api';
import { courierNeedsPlaces } from '../../../../domain/providers';

export interface GetResult {
  ok: boolean;
  status: number;
  message: string;
  body: unknown;
}

export async function getJson(url: string): Promise<GetResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    return {
      ok: false,
      status: 0,
      message: failureText({ status: 0, message: '' }, (_bn, en) => en),
      body: null,
    };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* no JSON: the status says enough */
  }
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
  return {
    ok: res.ok,
    status: res.status,
    message: res.ok ? message : failureText({ status: res.status, message }, (_bn, en) => en),
    body,
  };
}

/** A list from an answer: the array itself, or under `data`, `results` or `data.data`. */
export function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['data', 'results', 'couriers', 'cities', 'zones', 'areas']) {
      const inner = b[key];
      if (Array.isArray(inner)) return inner;
      if (inner && typeof inner === 'object') {
        const nested = listOf(inner);
        if (nested.length) return nested;
      }
    }
  }
  return [];
}

export interface Choice {
  id: number;
  name: string;
}

/** Pathao's places (city, zone, area): `{id, name}` or `{city_id, city_name}` and the like. */
export function choicesOf(body: unknown, kind: 'city' | 'zone' | 'area'): Choice[] {
  return listOf(body).flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    const id = Number(r.id ?? r[`${kind}_id`]);
    const name = r.name ?? r[`${kind}_name`];
    return Number.isInteger(id) && typeof name === 'string' ? [{ id, name }] : [];
  });
}

export interface CourierInfo {
  id: string;
  label: string;
  configured: boolean;
  ok?: boolean | undefined;
  message?: string | undefined;
}

export function couriersOf(body: unknown): CourierInfo[] {
  return listOf(body).flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    if (typeof r.id !== 'string') return [];
    return [
      {
        id: r.id,
        label: typeof r.label === 'string' ? r.label : r.id,
        configured: r.configured === true,
        ok: typeof r.ok === 'boolean' ? r.ok : undefined,
        message: typeof r.message === 'string' ? r.message : undefined,
      },
    ];
  });
}

/** The Pathao fields of the booking form, as numbers; the weight in kilograms. */
export function pathaoBody(values: { city: string; zone: string; area: string; weight: string }): Record<string, number> {
  const out: Record<string, number> = {};
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  if (values.city) out.recipient_city = num(values.city);
  if (values.zone) out.recipient_zone = num(values.zone);
  if (values.area) out.recipient_area = num(values.area);
  if (values.weight.trim()) out.item_weight = num(values.weight);
  return out;
}

/** What the booking form would refuse before sending. */
export function checkBooking(courier: string, body: Record<string, number>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!courier) errors.courier = ['Choose a courier.'];
  if (courierNeedsPlaces(courier)) {
    if (!Number.isInteger(body.recipient_city)) errors.recipient_city = ['Choose the city.'];
    if (!Number.isInteger(body.recipient_zone)) errors.recipient_zone = ['Choose the zone.'];
    if (body.item_weight !== undefined && !(body.item_weight >= 0.5 && body.item_weight <= 10)) errors.item_weight = ['The weight is between 0.5 and 10 kg.'];
  }
  return errors;
}

export interface BulkRow {
  order: number;
  ok: boolean;
  consignment_id?: string | undefined;
  /** What the courier collects (total − what the shop kept). */
  cod_amount?: number | undefined;
  message?: string | undefined;
}

export function bulkResultsOf(body: unknown): BulkRow[] {
  const rows = body && typeof body === 'object' && 'results' in body && Array.isArray(body.results) ? (body.results as unknown[]) : [];
  return rows.flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    const order = Number(typeof r.order === 'object' && r.order ? (r.order as { id?: unknown }).id : r.order);
    if (!Number.isInteger(order)) return [];
    const consignment = r.consignment_id;
    return [
      {
        order,
        ok: r.ok === true,
        consignment_id: consignment === undefined || consignment === null ? undefined : String(consignment),
        cod_amount: typeof r.cod_amount === 'number' ? r.cod_amount : undefined,
        message: typeof r.message === 'string' ? r.message : undefined,
      },
    ];
  });
}
