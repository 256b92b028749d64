/**
 * Sales made while the counter had no network (issue 36; docs/counter.md). Each sale already has
 * its `client_ref`; it waits in IndexedDB (and memory) as `queued`, and is sent with `sold_at` —
 * when it was made — once the network is back (the `online` event, and a retry timer). The
 * server answers a client_ref it has seen with that same sale, so sending twice never sells
 * twice. A sale is never dropped by the screen: 201 takes it off the queue (or keeps it as
 * `short` when the server flagged lines without stock, until staff have looked); any other
 * refusal keeps it as `failed` with the server's message, for staff to retry or discard; a sale
 * recorded with a staff note (price changed, discount, money, phone) is kept as `check`. A request
 * unanswered after SEND_TIMEOUT_MS counts as unreachable (a jammed network the browser calls
 * online). When IndexedDB refuses a write the sale is held in this tab only, and the screen says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendApi } from '../../form/api';
import { idb } from './idb';

export const RETRY_MS = 20_000;
export const SEND_TIMEOUT_MS = 8_000;

/** Aborts after `ms` (AbortSignal.timeout where the browser has it). */
export function timeoutSignal(ms = SEND_TIMEOUT_MS): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const c = new AbortController();
  setTimeout(() => c.abort(), ms);
  return c.signal;
}

/** A sale sent to the server, given up after SEND_TIMEOUT_MS (then status 0: unreachable). */
export const sendSale = (body: SaleBody & { sold_at?: string }) => sendApi<{ id: number; stock_short?: boolean; staff_note?: string }>('POST', '/api/pos/sales/', body, {}, timeoutSignal());

export interface SaleBody {
  /** unit_price: what the screen showed; the server uses it for a sale sent later (sold_at) only. */
  lines: { product: number; quantity: number; unit_price?: number }[];
  discount: number;
  payment_method: string;
  paid: number;
  customer_phone?: string;
  client_ref: string;
}

export interface QueuedSale {
  client_ref: string;
  body: SaleBody;
  made_at: string;
  total: number;
  state: 'queued' | 'failed' | 'short' | 'check';
  message?: string;
  order_id?: number;
}

/** A sale's id: crypto.randomUUID where the page is a secure context, else 16 random bytes (a counter on a LAN address over http). */
export function newClientRef(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether an answer means "the network or the server is not there now": keep the sale and try later. */
export const unreachable = (status: number) => status === 0 || status === 429 || status >= 500;
/** Also a 2xx whose body was cut off (the timeout struck mid-answer): sending again is safe by client_ref. */
export const unanswered = (res: { ok: boolean; status: number; body: unknown }) => unreachable(res.status) || (res.ok && !res.body);

export function useSaleQueue(onSent: () => void) {
  const [entries, setEntries] = useState<QueuedSale[]>([]);
  const memory = useRef(new Map<string, QueuedSale>());
  const flushing = useRef(false);
  // Sales IndexedDB refused to keep: held in this tab only, lost if it is closed.
  const unsaved = useRef(new Set<string>());
  const [tabOnly, setTabOnly] = useState(0);

  const show = () => {
    setEntries([...memory.current.values()].sort((a, b) => a.made_at.localeCompare(b.made_at)));
    setTabOnly(unsaved.current.size);
  };
  /** Keeps a sale; false when IndexedDB refused it (it is then in this tab's memory only). */
  const save = async (entry: QueuedSale): Promise<boolean> => {
    memory.current.set(entry.client_ref, entry);
    show();
    const kept = await idb.put('queue', entry);
    if (kept) unsaved.current.delete(entry.client_ref);
    else unsaved.current.add(entry.client_ref);
    show();
    return kept;
  };
  const drop = async (ref: string) => {
    memory.current.delete(ref);
    unsaved.current.delete(ref);
    show();
    await idb.remove('queue', ref);
  };

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    let sent = 0;
    try {
      for (const entry of [...memory.current.values()].filter((e) => e.state === 'queued').sort((a, b) => a.made_at.localeCompare(b.made_at))) {
        const res = await sendSale({ ...entry.body, sold_at: entry.made_at });
        if (unanswered(res)) break;
        if (res.ok && res.body) {
          sent++;
          if (res.body.stock_short) await save({ ...entry, state: 'short', order_id: res.body.id, message: res.body.staff_note || undefined });
          else if (res.body.staff_note) await save({ ...entry, state: 'check', order_id: res.body.id, message: res.body.staff_note });
          else await drop(entry.client_ref);
        } else {
          await save({ ...entry, state: 'failed', message: res.message || `HTTP ${res.status}` });
        }
      }
    } finally {
      flushing.current = false;
    }
    if (sent) onSent();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onSent]);

  useEffect(() => {
    void (async () => {
      for (const e of await idb.all<QueuedSale>('queue')) memory.current.set(e.client_ref, e);
      show();
      if (navigator.onLine) await flush();
    })();
    const online = () => void flush();
    addEventListener('online', online);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [flush]);

  return {
    entries,
    /** How many sales IndexedDB refused: only this tab holds them. */
    tabOnly,
    flush,
    /** Keeps a sale made without network; it is sent when the network is back. */
    enqueue: (body: SaleBody, total: number) => save({ client_ref: body.client_ref, body, made_at: new Date().toISOString(), total, state: 'queued' }),
    /** A failed sale sent again (staff corrected nothing the server would now accept otherwise; it may have been a passing refusal). */
    retry: async (ref: string) => {
      const e = memory.current.get(ref);
      if (e) await save({ ...e, state: 'queued', message: undefined });
      await flush();
    },
    /** Staff's explicit choice: a failed sale discarded, or a short or noted sale seen. */
    discard: drop,
  };
}
