/**
 * Paying an order again after a failed or cancelled online payment: the server opens a new
 * payment at the gateway (`POST /api/order/{id}/pay/` → `{payment_url}`) and the browser goes to
 * the gateway's page. A refusal (the order can no longer be paid, the gateway is down) is shown
 * as a notice and the page's data is reloaded, since the order may have moved on meanwhile.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi } from '../form/api';
import { goToGateway } from './gateway';

export function PayAgainButton({ orderId, className = '' }: { orderId: number; className?: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      data-testid="pay-again"
      disabled={busy}
      className={`rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-60 ${className}`}
      onClick={async () => {
        setBusy(true);
        const res = await sendApi<{ payment_url?: unknown }>('POST', `/api/order/${orderId}/pay/`);
        const url = typeof res.body?.payment_url === 'string' ? res.body.payment_url : '';
        if (res.ok && url) {
          notify(t('পেমেন্ট পেজে পাঠানো হচ্ছে…', 'Taking you to the payment page…'), 'info', 8000);
          goToGateway(url);
          return;
        }
        setBusy(false);
        notify(failureText(res, t), 'error', 8000);
        await revalidator.revalidate();
      }}
    >
      {busy ? t('অপেক্ষা করুন…', 'Please wait…') : t('আবার পেমেন্ট করুন', 'Pay again')}
    </button>
  );
}
