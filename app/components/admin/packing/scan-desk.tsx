/**
 * The packing desk's one scan field (issue 35). A USB scanner types a code and Enter: a label's
 * order number (or the courier's consignment id or tracking code) opens that order with its
 * lines; while an order is open, a book's ISBN (or `P` and a product number) ticks its line, one
 * unit a scan. When every unit is in, Enter on the empty field (or "Mark packed") marks the order
 * packed, and the next scan starts the next order. Lines can also be ticked by hand (Tab to a
 * box, Space). Everything works from the keyboard; the cursor goes back to the field after a
 * click.
 */
import { useEffect, useRef, useState } from 'react';
import { allPacked, lineForCode } from '../../../../domain/packing';
import { useT } from '../../../lib/i18n';
import { failureText, sendApi } from '../../form/api';
import { Button } from '../buttons';
import { bi, countedAll, readPackOrder, type PackOrder } from './pack-order';
import { COURIERS, type CourierId } from '../../../../domain/providers';

interface Message {
  text: string;
  kind: 'ok' | 'error' | 'info';
}

const TONE: Record<Message['kind'], string> = {
  ok: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  error: 'bg-red-50 text-red-900 border-red-200',
  info: 'bg-stone-50 text-stone-800 border-stone-200',
};

export function ScanDesk() {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [order, setOrder] = useState<PackOrder | null>(null);
  const [counted, setCounted] = useState<Record<number, number>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  // A scanner may send the next code before the last one's answer came: codes are handled one
  // after another, each reading the order and counts as the one before left them.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const now = useRef<{ order: PackOrder | null; counted: Record<number, number> }>({ order: null, counted: {} });
  const show = (next: PackOrder | null, nextCounted: Record<number, number>) => {
    now.current = { order: next, counted: nextCounted };
    setOrder(next);
    setCounted(nextCounted);
  };
  const focusField = () => field.current?.focus();
  useEffect(focusField, []);

  const lines = order?.items ?? [];
  const packable = (o: PackOrder | null, c: Record<number, number>) => !!o && o.status === 'Pending' && !o.packed_at && allPacked(o.items, c);
  const canPack = packable(order, counted);

  const open = (next: PackOrder) => {
    show(next, next.packed_at ? countedAll(next) : {});
    if (next.status !== 'Pending') setMessage({ kind: 'error', text: bi(`অর্ডার #${next.id} ${next.status}: প্যাক করবেন না।`, `Order #${next.id} is ${next.status}: do not pack it.`) });
    else if (next.packed_at) setMessage({ kind: 'info', text: bi(`অর্ডার #${next.id} আগেই প্যাক হয়েছে।`, `Order #${next.id} was packed already.`) });
    else setMessage({ kind: 'info', text: bi(`অর্ডার #${next.id}: প্রতিটি বই স্ক্যান করুন বা টিক দিন।`, `Order #${next.id}: scan or tick each item.`) });
  };

  const markPacked = async () => {
    const { order: current, counted: have } = now.current;
    if (!current || !packable(current, have)) return;
    setBusy(true);
    const res = await sendApi('POST', `/api/order/${current.id}/packed/`);
    setBusy(false);
    const next = res.ok ? readPackOrder(res.body) : null;
    if (!next) {
      setMessage({ kind: 'error', text: failureText(res, t) });
      return;
    }
    show(next, countedAll(next));
    setMessage({ kind: 'ok', text: bi(`অর্ডার #${next.id} প্যাক হয়েছে। পরের পার্সেল স্ক্যান করুন।`, `Order #${next.id} packed. Scan the next parcel.`) });
    focusField();
  };

  const scanOrder = async (code: string) => {
    setBusy(true);
    const res = await sendApi('POST', '/api/order/scan/', { code });
    setBusy(false);
    const next = res.ok ? readPackOrder(res.body) : null;
    if (next) open(next);
    else setMessage({ kind: 'error', text: res.status === 404 ? bi(`"${code}" কোনো অর্ডারের নম্বর, কনসাইনমেন্ট বা ট্র্যাকিং কোড নয়।`, `"${code}" is no order number, consignment id or tracking code.`) : failureText(res, t) });
  };

  const handle = async (raw: string) => {
    const code = raw.trim();
    const { order: current, counted: have } = now.current;
    if (!code) {
      await markPacked();
      return;
    }
    // While an order is being packed, a code of one of its items ticks that item.
    if (current && current.status === 'Pending' && !current.packed_at) {
      const line = lineForCode(code, current.items, have);
      if (line) {
        const next = { ...have, [line.id]: Math.min(line.quantity, (have[line.id] ?? 0) + 1) };
        show(current, next);
        setMessage({
          kind: 'ok',
          text: allPacked(current.items, next) ? bi('সব তোলা হয়েছে: Enter চাপুন বা "প্যাক হয়েছে" দিন।', 'All items in: press Enter or "Mark packed".') : `✓ ${line.product_title} (${next[line.id]}/${line.quantity})`,
        });
        return;
      }
    }
    await scanOrder(code);
  };

  const toggle = (id: number, quantity: number, on: boolean) => show(now.current.order, { ...now.current.counted, [id]: on ? quantity : 0 });

  return (
    <div data-testid="scan-desk">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const input = field.current;
          if (!input) return;
          const value = input.value;
          input.value = '';
          queue.current = queue.current.then(() => handle(value));
        }}
      >
        <label className="block text-sm font-semibold" htmlFor="scan-code">
          {bi('স্ক্যান করুন: লেবেল, কনসাইনমেন্ট, ট্র্যাকিং কোড বা বইয়ের ISBN', 'Scan: label, consignment, tracking code or a book’s ISBN')}
        </label>
        <input
          id="scan-code"
          ref={field}
          name="code"
          autoComplete="off"
          autoFocus
          className="mt-1 w-full max-w-xl rounded border-2 border-brand px-3 py-2 font-mono text-lg"
          placeholder="#1234"
          data-testid="scan-input"
        />
      </form>
      {message && (
        <p role="status" className={`mt-3 rounded border px-3 py-2 text-sm ${TONE[message.kind]}`} data-testid="scan-message" data-kind={message.kind}>
          {message.text}
        </p>
      )}
      {order && (
        <div className="mt-4" data-testid="pack-order" data-order-id={order.id} data-packed={order.packed_at ? 'true' : 'false'}>
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span className="text-lg font-bold">#{order.id}</span>
            <span className="font-semibold">{order.name}</span>
            <span className="font-mono">{order.phone_number}</span>
            <span className="text-sm text-stone-600">{[order.delivery_address, order.upazila_thana, order.district].filter(Boolean).join(', ')}</span>
          </div>
          <div className="mt-1 text-sm text-stone-700">
            {order.courier ? `${COURIERS[order.courier as CourierId]?.label ?? order.courier} · ${order.consignment_id ?? ''}` : bi('কুরিয়ার বুক হয়নি', 'Parcel not booked yet')}
            {order.cod_amount !== null && ` · COD ৳ ${order.cod_amount}`}
            {order.staff_note && <span className="ml-2 rounded bg-amber-50 px-1 text-amber-900">{order.staff_note}</span>}
          </div>
          <ul className="mt-3 divide-y divide-stone-100 rounded border border-stone-200" data-testid="pack-lines">
            {lines.map((l) => {
              const have = counted[l.id] ?? 0;
              const done = have >= l.quantity;
              return (
                <li key={l.id} className={`flex items-center gap-3 px-3 py-2 ${done ? 'bg-emerald-50' : ''}`} data-testid="pack-line" data-done={done ? 'true' : 'false'}>
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={done}
                    disabled={!!order.packed_at || order.status !== 'Pending'}
                    onChange={(e) => toggle(l.id, l.quantity, e.target.checked)}
                    // A click (not the keyboard's Space) sends the cursor back to the scan field.
                    onClick={(e) => e.detail > 0 && setTimeout(focusField, 0)}
                    aria-label={`${l.product_title}: ${bi('তোলা হয়েছে', 'packed')}`}
                    data-testid="pack-line-tick"
                  />
                  <span className="flex-1">{l.product_title}</span>
                  {l.isbn && <span className="font-mono text-xs text-stone-500">{l.isbn}</span>}
                  <span className="font-semibold whitespace-nowrap" data-testid="pack-line-count">
                    {have} / {l.quantity}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 flex items-center gap-3">
            <Button
              onClick={() => {
                queue.current = queue.current.then(markPacked);
              }}
              disabled={!canPack || busy}
              data-testid="mark-packed"
            >
              {bi('প্যাক হয়েছে', 'Mark packed')}
            </Button>
            {order.packed_at && <span className="text-sm text-emerald-800">{bi('প্যাক করা হয়েছে', 'Packed')} · {new Date(order.packed_at).toLocaleString('en-GB', { timeZone: 'Asia/Dhaka' })}</span>}
          </div>
        </div>
      )}
    </div>
  );
}
