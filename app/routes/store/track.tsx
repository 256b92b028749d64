/**
 * /track — follow an order without signing in: the order number and the phone number used on
 * it. A plain GET form (`?order=&phone=`), so it works without JavaScript too; the loader asks
 * the shipments service. It shows the order's status, its payment, the parcel's status and
 * timeline. A wrong pair says one thing only, never which half was wrong.
 */
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/track';
import { langFromCookie, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { PaymentBadge } from '../../components/payments/status';
import { courierName, ShipmentBadge, Timeline } from '../../components/shipments/status';
import { readTrackQuery, trackOrder, type TrackAnswer } from './track.server';

const WRONG_PAIR = ['অর্ডার নম্বর বা ফোন নম্বর মিলছে না', 'The order number or the phone number does not match'] as const;

export function meta() {
  return [{ title: 'অর্ডার ট্র্যাক করুন | Track your order' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readTrackQuery(url);
  const answer: TrackAnswer | null = query ? await trackOrder(context, query) : null;
  // Times are formatted here, in the shop's time zone, so the server and the browser agree.
  const lang = langFromCookie(request.headers.get('cookie'));
  const format = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : format.format(d);
  };
  const shown = answer?.kind === 'found' ? { kind: 'found' as const, tracked: { ...answer.tracked, events: answer.tracked.events.map((e) => ({ ...e, when: when(e.at) })) } } : answer;
  return { query: query ?? { order: '', phone: '' }, answer: shown };
}

const ORDER_STATUS_TEXT: Record<string, [string, string]> = {
  Pending: ['পেন্ডিং', 'Pending'],
  Delivered: ['ডেলিভারড', 'Delivered'],
  Returned: ['রিটার্নড', 'Returned'],
  Cancelled: ['বাতিল', 'Cancelled'],
};

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 py-2 last:border-0">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Result({ answer }: { answer: NonNullable<Route.ComponentProps['loaderData']['answer']> }) {
  const t = useT();
  const lang = useLang();
  if (answer.kind === 'wrong') {
    return (
      <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="track-wrong">
        {t(...WRONG_PAIR)}
      </p>
    );
  }
  if (answer.kind === 'limited') {
    return (
      <p role="alert" className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="track-limited">
        {t('অনেকবার চেষ্টা করা হয়েছে, একটু পরে আবার চেষ্টা করুন।', 'Too many attempts; please try again later.')}
      </p>
    );
  }
  const { tracked } = answer;
  const status = ORDER_STATUS_TEXT[tracked.status];
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid="track-result" data-order-id={tracked.order}>
      <h2 className="mb-2 text-lg font-bold">
        {t('অর্ডার', 'Order')} #{lang === 'bn' ? toBengaliDigits(tracked.order) : tracked.order}
      </h2>
      <dl>
        <Row label={t('অর্ডারের অবস্থা', 'Order status')} testId="track-order-status">
          {status ? t(status[0], status[1]) : tracked.status}
        </Row>
        <Row label={t('পেমেন্ট', 'Payment')}>
          <PaymentBadge status={tracked.payment_status} />
        </Row>
        <Row label={t('পার্সেল', 'Parcel')}>
          <ShipmentBadge status={tracked.shipment_status} />
        </Row>
        {tracked.courier && (
          <Row label={t('কুরিয়ার', 'Courier')} testId="track-courier">
            {courierName(tracked.courier, t)}
            {tracked.tracking_code && <span className="ml-2 font-mono font-normal break-all">{tracked.tracking_code}</span>}
          </Row>
        )}
      </dl>
      <h3 className="mt-4 mb-2 font-semibold">{t('পার্সেলের আপডেট', 'Parcel updates')}</h3>
      <Timeline events={tracked.events} />
    </section>
  );
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { query, answer } = loaderData;
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === '/track';
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-6">
      <h1 className="mb-1 text-2xl font-bold">{t('অর্ডার ট্র্যাক করুন', 'Track your order')}</h1>
      <p className="mb-4 text-sm text-stone-600">{t('অর্ডার নম্বর আর অর্ডারে দেওয়া ফোন নম্বর লিখুন।', 'Enter the order number and the phone number given on the order.')}</p>
      <Form method="get" action="/track" className="mb-6 grid gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="track-form">
        <label className="grid gap-1 text-sm font-semibold">
          {t('অর্ডার নম্বর', 'Order number')}
          <input name="order" inputMode="numeric" required autoComplete="off" defaultValue={query.order} className="w-full rounded border border-stone-300 px-3 py-2 text-base font-normal" />
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          {t('ফোন নম্বর', 'Phone number')}
          <input name="phone" type="tel" inputMode="tel" required autoComplete="tel" placeholder="01XXXXXXXXX" defaultValue={query.phone} className="w-full rounded border border-stone-300 px-3 py-2 text-base font-normal" />
        </label>
        <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60" data-testid="track-submit">
          {busy ? t('খোঁজা হচ্ছে…', 'Looking…') : t('ট্র্যাক করুন', 'Track')}
        </button>
      </Form>
      {answer && <Result answer={answer} />}
    </main>
  );
}
