/**
 * /c/{token} — the one-time link in a cash-on-delivery order's SMS (issue 33): the order's
 * number, lines and total, and one button that confirms it. The button is a plain form POST to
 * this same address, so it works without JavaScript on any phone. Bengali first, English
 * beneath (whoever opens an SMS link has chosen no language yet). A link that confirms nothing
 * (unknown, used, or its order no longer Pending) answers 404 with a friendly page. The token is
 * in the address: the answer is never stored or indexed, and no Referer carries it (LINK_HEADERS).
 */
import { data } from 'react-router';
import type { Route } from './+types/confirm';
import { formatTaka, toBengaliDigits } from '../../lib/i18n';
import { confirmLink, linkView, statusOf, type ConfirmView, type LinkOrder } from './confirm.server';

/**
 * The answer's headers: the token is in the address, so it is never kept, indexed or passed on.
 * `strict-origin` sends no path (so no token) in any Referer, yet keeps the form POST's Origin
 * header: under `no-referrer` browsers send `Origin: null`, and React Router refuses an action
 * whose Origin is not the shop's (its CSRF check) with 400.
 */
const REFERRER_POLICY = 'strict-origin';
const LINK_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': REFERRER_POLICY, 'X-Robots-Tag': 'noindex, nofollow' } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await linkView(context, params.token);
  return data(view, { status: statusOf(view), headers: LINK_HEADERS });
}

// The form carries nothing: the token in the address is the whole request.
export async function action({ params, context }: Route.ActionArgs) {
  const view = await confirmLink(context, params.token);
  return data(view, { status: statusOf(view), headers: LINK_HEADERS });
}

export function headers() {
  return LINK_HEADERS;
}

export function meta() {
  return [{ title: 'অর্ডার কনফার্ম করুন | Confirm your order' }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: REFERRER_POLICY }];
}

/** A Bengali line with its English beneath. */
function Both({ bn, en, as: Tag = 'p', className = '' }: { bn: string; en: string; as?: 'p' | 'h1'; className?: string }) {
  return (
    <Tag className={className}>
      {bn}
      <span lang="en" className="mt-0.5 block text-sm font-normal text-stone-600">
        {en}
      </span>
    </Tag>
  );
}

function Lines({ order }: { order: LinkOrder }) {
  return (
    <div className="my-4 rounded-lg border border-stone-200 bg-white p-3 text-sm" data-testid="confirm-order">
      <p className="mb-2 font-bold">
        {`অর্ডার #${toBengaliDigits(String(order.id))} `}
        <span lang="en" className="font-normal text-stone-600">{`(Order #${order.id})`}</span>
      </p>
      <ul className="divide-y divide-stone-100">
        {order.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-3 py-1.5">
            <span className="min-w-0 break-words">{`${l.title} × ${toBengaliDigits(String(l.quantity))}`}</span>
            <span className="shrink-0">{formatTaka(l.total, 'bn')}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 py-1.5 text-stone-600">
          <span>ডেলিভারি (Delivery)</span>
          <span className="shrink-0">{formatTaka(order.delivery_charge, 'bn')}</span>
        </li>
      </ul>
      <p className="mt-2 flex justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold">
        <span>মোট (Total)</span>
        <span data-testid="confirm-total">{formatTaka(order.total, 'bn')}</span>
      </p>
    </div>
  );
}

function View({ view }: { view: ConfirmView }) {
  if (view.kind === 'gone') {
    return (
      <div data-testid="confirm-gone">
        <Both as="h1" className="text-xl font-bold" bn="লিংকটি আর কাজ করে না" en="This link no longer works" />
        <Both className="mt-3" bn="অর্ডারটি হয়তো আগেই কনফার্ম বা বাতিল হয়েছে। কোনো প্রশ্ন থাকলে আমাদের ফোন করুন।" en="The order may already be confirmed or cancelled. Call us with any question." />
        <a href="/" className="mt-6 inline-block text-brand underline">
          হোমে ফিরে যান (Home)
        </a>
      </div>
    );
  }
  if (view.kind === 'confirmed') {
    return (
      <div data-testid="confirm-done">
        <Both as="h1" className="text-xl font-bold text-emerald-800" bn="ধন্যবাদ! অর্ডারটি কনফার্ম হয়েছে।" en="Thank you! Your order is confirmed." />
        <Lines order={view.order} />
        <Both bn="আমরা শিগগিরই পার্সেলটি পাঠাব, তখন আরেকটি এসএমএস পাবেন।" en="We will send the parcel soon; you will get another SMS then." />
      </div>
    );
  }
  return (
    <div data-testid="confirm-ask">
      <Both as="h1" className="text-xl font-bold" bn="আপনার অর্ডারটি কনফার্ম করুন" en="Please confirm your order" />
      <Lines order={view.order} />
      <form method="post">
        <button type="submit" className="w-full rounded-lg bg-brand px-4 py-3 text-lg font-bold text-white hover:bg-brand-dark" data-testid="confirm-button">
          হ্যাঁ, অর্ডারটি চাই
          <span lang="en" className="block text-sm font-normal">
            Yes, confirm the order
          </span>
        </button>
      </form>
      <Both className="mt-3 text-sm text-stone-600" bn="অর্ডারটি আপনি না করে থাকলে কিছু করতে হবে না।" en="If you did not place this order, you need not do anything." />
    </div>
  );
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  // After the button, the action's answer is what happened (the link is spent, so the loader's says gone).
  return (
    <main className="mx-auto w-full max-w-md px-4 py-6">
      <View view={actionData ?? loaderData} />
    </main>
  );
}
