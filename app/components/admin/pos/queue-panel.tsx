/**
 * The counter's waiting sales (issue 36): how many are queued for the network, those the server
 * refused (with its message: retry or discard, staff's choice), and those recorded with lines
 * short of stock (a link to the order; "seen" clears it from this screen only).
 */
import { bi } from '../packing/pack-order';
import type { QueuedSale } from './sale-queue';

const TAB_ONLY = (n: number) => bi(`সাবধান: ${n}টি বিক্রি ব্রাউজারে সংরক্ষণ হয়নি — শুধু এই ট্যাবে আছে, ট্যাব বন্ধ বা রিলোড করবেন না।`, `Warning: ${n} sale(s) could not be stored by the browser — held in this tab only; do not close or reload it.`);

export function QueuePanel({ entries, tabOnly, online, onRetry, onDiscard }: { entries: QueuedSale[]; tabOnly: number; online: boolean; onRetry: (ref: string) => void; onDiscard: (ref: string) => void }) {
  const queued = entries.filter((e) => e.state === 'queued');
  const attention = entries.filter((e) => e.state !== 'queued');
  return (
    <div className="text-sm" data-testid="pos-queue" data-queued={queued.length}>
      <p role="status" className={online ? 'text-emerald-800' : 'font-semibold text-amber-800'} data-testid="pos-online" data-online={online ? 'true' : 'false'}>
        {online ? bi('নেটওয়ার্ক আছে', 'Online') : bi('নেটওয়ার্ক নেই — বিক্রি জমা থাকবে', 'Offline — sales are kept and sent later')}
      </p>
      <p className="mt-1" data-testid="pos-queued-count">
        {bi('পাঠানোর অপেক্ষায়', 'Queued')}: {queued.length}
        {queued.length > 0 && ` · ৳ ${queued.reduce((n, e) => n + e.total, 0)}`}
      </p>
      {tabOnly > 0 && (
        <p role="alert" className="mt-1 rounded border border-red-300 bg-red-50 p-1 font-semibold text-red-900" data-testid="pos-tab-only">
          {TAB_ONLY(tabOnly)}
        </p>
      )}
      {attention.length > 0 && (
        <ul className="mt-2 space-y-2">
          {attention.map((e) => (
            <li key={e.client_ref} className={`rounded border p-2 ${e.state === 'failed' ? 'border-red-300 bg-red-50' : 'border-amber-300 bg-amber-50'}`} data-testid="pos-attention" data-state={e.state}>
              <span className="font-mono text-xs">{new Date(e.made_at).toLocaleTimeString('en-GB', { timeZone: 'Asia/Dhaka' })}</span> · ৳ {e.total}
              {e.state === 'failed' ? (
                <>
                  <p className="text-red-900">
                    {bi('সার্ভার নেয়নি', 'Refused')}: {e.message}
                  </p>
                  <button type="button" className="mr-3 underline" onClick={() => onRetry(e.client_ref)}>
                    {bi('আবার পাঠান', 'Retry')}
                  </button>
                  <button type="button" className="underline" onClick={() => window.confirm(bi('এই বিক্রিটি বাদ দেবেন?', 'Discard this sale?')) && onDiscard(e.client_ref)}>
                    {bi('বাদ দিন', 'Discard')}
                  </button>
                </>
              ) : (
                <>
                  <p className="text-amber-900">
                    {e.state === 'short'
                      ? bi('লেখা হয়েছে, কিন্তু কিছু বইয়ের স্টক ছিল না: তাক গুনে স্টক ঠিক করুন।', 'Recorded, but some lines had no stock: count the shelf and correct the stock.')
                      : bi('লেখা হয়েছে, স্টাফের দেখার নোটসহ।', 'Recorded, with a note for staff to check.')}{' '}
                    <a className="underline" href={`/admin-orders?search=${e.order_id}`}>
                      #{e.order_id}
                    </a>
                  </p>
                  {e.message && <p className="whitespace-pre-wrap text-xs text-amber-900">{e.message}</p>}
                  <button type="button" className="underline" onClick={() => onDiscard(e.client_ref)}>
                    {bi('দেখেছি', 'Seen')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
