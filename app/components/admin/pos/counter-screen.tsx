/**
 * The counter screen (issue 36; docs/counter.md). The cursor waits in one field: a scanner types
 * an ISBN and Enter, and the line appears from the local catalogue (use-catalogue.ts) without
 * asking the server; typed words search titles locally. Quantity, a discount within the role's
 * limit, the payment method, the amount tendered and the change; Sell sends the sale with its
 * client_ref, or — without network — queues it (sale-queue.ts). The cursor returns to the field
 * after every action; everything works from the keyboard (Enter on the empty field goes to the
 * amount tendered, Enter there sells).
 */
import { useCallback, useDeferredValue, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { COUNTER_METHOD_LABELS, COUNTER_PAYMENT_METHODS, itemForCode, searchItems, type CounterItem, type CounterPaymentMethod } from '../../../../domain/counter';
import { isbnKey } from '../../../../domain/isbn';
import { bi } from '../packing/pack-order';
import { addItem, cartMoney, setQuantity, takaOf, type CartLine } from './cart';
import { useCatalogue } from './use-catalogue';
import { newClientRef, sendSale, unanswered, useSaleQueue, type SaleBody } from './sale-queue';
import { CameraScan } from './camera-scan';
import { QueuePanel } from './queue-panel';
import { DayReport } from './day-report';

type Notice = { kind: 'ok' | 'error' | 'info'; text: string; receipt?: number };
const TONE = { ok: 'border-emerald-200 bg-emerald-50 text-emerald-900', error: 'border-red-200 bg-red-50 text-red-900', info: 'border-stone-200 bg-stone-50 text-stone-800' };
const input = 'rounded border border-stone-300 px-2 py-1';
const TAB_ONLY = bi('সাবধান: ব্রাউজার বিক্রিটি সংরক্ষণ করতে পারেনি — শুধু এই ট্যাবে আছে, ট্যাব বন্ধ বা রিলোড করবেন না।', 'Warning: the browser could not store the sale — it is held in this tab only; do not close or reload it.');

/** The browser's online/offline events, for useSyncExternalStore. */
function watchOnline(changed: () => void) {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
}

export function CounterScreen({ percent }: { percent: number }) {
  const catalogue = useCatalogue();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [query, setQuery] = useState('');
  const [discount, setDiscount] = useState('');
  const [tendered, setTendered] = useState('');
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const [phone, setPhone] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useSyncExternalStore(watchOnline, () => navigator.onLine, () => true);
  const [stamp, setStamp] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  const paidField = useRef<HTMLInputElement>(null);
  const focusField = useCallback(() => field.current?.focus(), []);

  const afterSale = useCallback(() => {
    void catalogue.refresh();
    setStamp((n) => n + 1);
  }, [catalogue.refresh]); // eslint-disable-line react-hooks/exhaustive-deps
  const queue = useSaleQueue(afterSale);

  // A scanner's digits are no title: only words with letters search.
  const deferred = useDeferredValue(query);
  const suggestions = useMemo(() => (/\p{L}/u.test(deferred) ? searchItems(catalogue.items, deferred, 8, catalogue.normalized) : []), [deferred, catalogue.items, catalogue.normalized]);
  const money = cartMoney(lines, { discount: takaOf(discount) ?? 0, tendered: takaOf(tendered), percent });

  const add = (item: CounterItem) => {
    setLines((ls) => addItem(ls, item));
    setQuery('');
    setNotice(item.stock <= 0 ? { kind: 'error', text: bi(`"${item.title || item.title_en}" স্টকে নেই`, `"${item.title_en || item.title}" shows no stock`) } : null);
    focusField();
  };

  const enter = (raw: string) => {
    const code = raw.trim();
    if (!code) {
      if (lines.length) paidField.current?.focus();
      return;
    }
    const item = itemForCode(catalogue.byIsbn, catalogue.byId, code);
    if (item) return add(item);
    const found = /\p{L}/u.test(code) ? searchItems(catalogue.items, code, 2, catalogue.normalized) : [];
    if (found.length === 1) return add(found[0]!);
    if (!found.length) {
      setNotice({ kind: 'error', text: isbnKey(code) ? bi(`ISBN ${code} তালিকায় নেই`, `ISBN ${code} is not in the catalogue`) : bi(`"${code}" পাওয়া যায়নি`, `"${code}" not found`) });
      setQuery('');
    }
  };

  const sell = async () => {
    if (!lines.length || money.short || money.overLimit || busy) return;
    const body: SaleBody = {
      lines: lines.map((l) => ({ product: l.id, quantity: l.quantity, unit_price: l.price })),
      discount: takaOf(discount) ?? 0,
      payment_method: method,
      paid: money.paid,
      ...(phone.trim() ? { customer_phone: phone.trim() } : {}),
      client_ref: newClientRef(),
    };
    const done = (n: Notice) => {
      setLines([]);
      setDiscount('');
      setTendered('');
      setPhone('');
      setMethod('cash');
      setNotice(n);
      focusField();
    };
    const change = money.change ? bi(` ফেরত ৳${money.change}`, ` change ৳${money.change}`) : '';
    // IndexedDB refused: the sale lives in this tab only — say so loudly.
    const keep = async (text: string) => ((await queue.enqueue(body, money.total)) ? done({ kind: 'info', text: text + change }) : done({ kind: 'error', text: text + change + ' ' + TAB_ONLY }));
    if (!navigator.onLine) return keep(bi('নেটওয়ার্ক নেই: বিক্রি জমা রইল, পরে যাবে।', 'Offline: the sale is queued and will be sent.'));
    setBusy(true);
    const res = await sendSale(body);
    setBusy(false);
    if (unanswered(res)) return keep(bi('সার্ভারে পৌঁছানো গেল না: বিক্রি জমা রইল।', 'Server unreachable: the sale is queued.'));
    if (!res.ok || !res.body) {
      setNotice({ kind: 'error', text: res.message || `HTTP ${res.status}` });
      return focusField();
    }
    afterSale();
    done({ kind: 'ok', text: bi(`বিক্রি #${res.body.id} হয়েছে।`, `Sale #${res.body.id} done.`) + change, receipt: res.body.id });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]" data-testid="pos-screen" data-items={catalogue.items.length}>
      <div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            enter(field.current?.value ?? query);
          }}
        >
          <label htmlFor="pos-code" className="block text-sm font-semibold">
            {bi('স্ক্যান করুন বা বইয়ের নাম লিখুন', 'Scan an ISBN or type a title')}
          </label>
          <input id="pos-code" ref={field} value={query} onChange={(e) => setQuery(e.target.value)} autoFocus autoComplete="off" className="mt-1 w-full rounded border-2 border-brand px-3 py-2 font-mono text-lg" data-testid="pos-input" aria-describedby="pos-catalogue-state" />
        </form>
        <p id="pos-catalogue-state" className="mt-1 text-xs text-stone-600">
          {catalogue.version ? bi(`${catalogue.items.length}টি পণ্য হাতে আছে`, `${catalogue.items.length} products held locally`) : bi('তালিকা আসছে…', 'Loading the catalogue…')}
        </p>
        {suggestions.length > 0 && (
          <ul className="mt-1 rounded border border-stone-200 bg-white" aria-label={bi('মিলে যাওয়া বই', 'Matching titles')}>
            {suggestions.map((s) => (
              <li key={s.id}>
                <button type="button" className="w-full px-3 py-1 text-left hover:bg-stone-100 focus:bg-stone-100" onClick={() => add(s)} data-testid="pos-suggestion">
                  {s.title || s.title_en} <span className="text-stone-600">{s.title && s.title_en}</span> · ৳{s.price} · {bi('স্টক', 'stock')} {s.stock}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2">
          <CameraScan onCode={enter} onDone={focusField} />
        </div>
        {notice && (
          <p role="status" className={`mt-3 rounded border px-3 py-2 text-sm ${TONE[notice.kind]}`} data-testid="pos-notice" data-kind={notice.kind}>
            {notice.text}{' '}
            {notice.receipt && (
              <a className="font-semibold underline" href={`/api/pos/sales/${notice.receipt}/receipt?print=1`} target="_blank" rel="noopener" data-testid="pos-receipt">
                {bi('রসিদ প্রিন্ট', 'Print receipt')}
              </a>
            )}
          </p>
        )}
        <table className="mt-3 w-full text-sm" data-testid="pos-lines">
          <thead>
            <tr className="border-b text-left text-stone-600">
              <th className="py-1">{bi('বই', 'Item')}</th>
              <th className="w-32">{bi('পরিমাণ', 'Qty')}</th>
              <th className="w-20 text-right">{bi('দাম', 'Price')}</th>
              <td className="w-8" />
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} className="border-b border-stone-100" data-testid="pos-line" data-product={l.id} data-quantity={l.quantity}>
                <td className="py-1">
                  {l.title}
                  {l.quantity > l.stock && <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">{bi(`স্টক ${l.stock}`, `stock ${l.stock}`)}</span>}
                </td>
                <td>
                  <button type="button" className="px-2" aria-label={bi('একটি কম', 'One less')} onClick={() => (setLines((ls) => setQuantity(ls, l.id, l.quantity - 1)), focusField())}>
                    −
                  </button>
                  <input type="number" min={1} aria-label={bi(`${l.title}: পরিমাণ`, `${l.title}: quantity`)} className={`${input} w-14 text-center`} value={l.quantity} onChange={(e) => setLines((ls) => setQuantity(ls, l.id, Number(e.target.value) || 1))} />
                  <button type="button" className="px-2" aria-label={bi('একটি বেশি', 'One more')} onClick={() => (setLines((ls) => setQuantity(ls, l.id, l.quantity + 1)), focusField())}>
                    +
                  </button>
                </td>
                <td className="text-right">৳{l.price * l.quantity}</td>
                <td className="text-right">
                  <button type="button" aria-label={bi(`${l.title} বাদ দিন`, `Remove ${l.title}`)} className="px-2 text-red-700" onClick={() => (setLines((ls) => setQuantity(ls, l.id, 0)), focusField())}>
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!lines.length && <p className="mt-2 text-sm text-stone-600">{bi('কোনো বই যোগ হয়নি।', 'No items yet.')}</p>}
      </div>
      <aside className="space-y-3 rounded border border-stone-200 bg-white p-3" aria-label={bi('পরিশোধ', 'Payment')}>
        <p className="flex justify-between">
          <span>{bi('উপমোট', 'Subtotal')}</span> <span data-testid="pos-subtotal">৳{money.subtotal}</span>
        </p>
        <label className="flex items-center justify-between gap-2 text-sm">
          <span>
            {bi('ছাড় (টাকা)', 'Discount (taka)')} <span className="text-stone-600">≤ ৳{money.limit}</span>
          </span>
          <input inputMode="numeric" className={`${input} w-24 text-right`} value={discount} onChange={(e) => setDiscount(e.target.value)} aria-invalid={money.overLimit} data-testid="pos-discount" />
        </label>
        {money.overLimit && <p className="text-sm text-red-700">{bi(`সর্বোচ্চ ছাড় ৳${money.limit} (${percent}%)`, `At most ৳${money.limit} (${percent}%)`)}</p>}
        <p className="flex justify-between text-lg font-bold">
          <span>{bi('মোট', 'Total')}</span> <span data-testid="pos-total">৳{money.total}</span>
        </p>
        <fieldset>
          <legend className="text-sm">{bi('পেমেন্ট', 'Payment method')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {COUNTER_PAYMENT_METHODS.map((m) => (
              <button key={m} type="button" aria-pressed={method === m} className={`rounded border px-2 py-1 text-sm ${method === m ? 'border-brand bg-brand text-white' : 'border-stone-300'}`} onClick={() => setMethod(m)} data-testid={`pos-method-${m}`}>
                {COUNTER_METHOD_LABELS[m].bn} · {COUNTER_METHOD_LABELS[m].en}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center justify-between gap-2 text-sm">
          <span>{bi('দেওয়া টাকা', 'Tendered')}</span>
          <input ref={paidField} inputMode="numeric" placeholder={String(money.total)} className={`${input} w-24 text-right`} value={tendered} onChange={(e) => setTendered(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void sell()} aria-invalid={money.short} data-testid="pos-tendered" />
        </label>
        <p className="flex justify-between">
          <span>{bi('ফেরত', 'Change')}</span> <span data-testid="pos-change">৳{money.change}</span>
        </p>
        {money.short && <p className="text-sm text-red-700">{bi('দেওয়া টাকা মোটের কম', 'Tendered is below the total')}</p>}
        <label className="block text-sm">
          {bi('ক্রেতার মোবাইল (ঐচ্ছিক)', 'Buyer’s mobile (optional)')}
          <input type="tel" className={`${input} mt-1 w-full`} value={phone} onChange={(e) => setPhone(e.target.value)} data-testid="pos-phone" />
        </label>
        <button type="button" className="w-full rounded bg-brand px-3 py-2 font-semibold text-white disabled:opacity-50" disabled={!lines.length || money.short || money.overLimit || busy} onClick={() => void sell()} data-testid="pos-sell">
          {bi('বিক্রি', 'Sell')} · ৳{money.total}
        </button>
        <QueuePanel entries={queue.entries} tabOnly={queue.tabOnly} online={online} onRetry={(r) => void queue.retry(r)} onDiscard={(r) => void queue.discard(r)} />
        <details>
          <summary className="cursor-pointer text-sm font-semibold">{bi('আজকের হিসাব', 'Today')}</summary>
          <DayReport stamp={stamp} />
        </details>
      </aside>
    </div>
  );
}
