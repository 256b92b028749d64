/**
 * "স্টকে এলে জানান" on a sold-out product: a signed-in shopper is recorded with one click (the
 * account's number); a guest gives a phone number, types the code texted to it, and is told
 * it is done. The forms post to the product page (`intent=restock`,
 * app/routes/store/back-in-stock.server.ts), which checks them and answers the next step: with
 * JavaScript through a fetcher (no page load), without it as a plain post whose page comes back
 * at that step. One path, so the product page carries no request code or checks of its own
 * (e2e/page-weight); `POST /api/product/{id}/notify/` stays for API clients.
 */
import type { FormEvent, InputHTMLAttributes } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { useT } from '../lib/i18n';
import { BACK_IN_STOCK_OTP_LENGTH } from '../../domain/back-in-stock-code';

type Step = 'idle' | 'phone' | 'code' | 'done';

/** What the page's action answered after a post without JavaScript (back-in-stock.server.ts's BackInStockFormState). */
interface Posted {
  ok: boolean;
  step: Exclude<Step, 'idle'>;
  message: string;
  phone: string;
  errors?: Record<string, string[]> | undefined;
}

const digitsOnly = (e: FormEvent<HTMLInputElement>) => {
  const el = e.currentTarget;
  el.value = el.value.replace(/[^\d+]/g, '');
};

/** A field typed as digits (the phone number, the code): takes the focus, its error read out with it. */
function DigitsInput({ name, invalid, className, ...input }: { name: 'phone_number' | 'otp'; invalid: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return <input name={name} {...input} onInput={digitsOnly} aria-invalid={invalid} aria-describedby={invalid ? `restock-${name}-error` : undefined} className={className} autoFocus />;
}

export function BackInStock() {
  const t = useT();
  const fetcher = useFetcher<{ restock?: Posted }>();
  const posted = (useActionData() as { restock?: Posted } | undefined)?.restock;
  // The fetcher's answer once the shopper has used the form here; the page's after a plain post.
  const state = fetcher.data?.restock ?? posted;
  const step: Step = state?.step ?? 'idle';
  const phone = state?.phone ?? '';
  const message = state?.message ?? '';
  const errors = state?.errors ?? {};
  const ok = state?.ok ?? true;
  const busy = fetcher.state !== 'idle';

  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <span id={`restock-${name}-error`} className="mt-1 block text-sm text-red-700">
        {errors[name][0]}
      </span>
    ) : null;
  const status = message ? (
    <p role={ok ? 'status' : 'alert'} className={`mt-2 text-sm ${ok ? 'text-emerald-800' : 'text-red-700'}`} data-testid="restock-message">
      {message}
    </p>
  ) : null;

  if (step === 'done') return <div className="w-full">{status}</div>;
  const formProps = { method: 'post', noValidate: true } as const;
  const intent = <input type="hidden" name="intent" value="restock" />;
  if (step === 'idle')
    return (
      <fetcher.Form {...formProps} className="w-full sm:w-auto">
        {intent}
        <button type="submit" disabled={busy} className="btn-lg" data-testid="restock-button">
          {t('স্টকে এলে জানান', 'Notify me when back')}
        </button>
        {status}
      </fetcher.Form>
    );
  return (
    <fetcher.Form {...formProps} className="w-full max-w-sm" data-testid="restock-form" key={step}>
      {intent}
      {step === 'phone' ? (
        <label className="block text-sm font-medium">
          {t('আপনার মোবাইল নাম্বার', 'Your mobile number')}
          <DigitsInput name="phone_number" type="tel" inputMode="numeric" autoComplete="tel" maxLength={14} placeholder="01XXXXXXXXX" defaultValue={phone} invalid={!!errors.phone_number} className="mt-1 block w-full rounded border border-stone-300 px-3 py-2" />
          {fieldError('phone_number')}
        </label>
      ) : (
        <label className="block text-sm font-medium">
          <input type="hidden" name="phone_number" value={phone} />
          {t(`${phone} নাম্বারে পাঠানো কোড`, `The code sent to ${phone}`)}
          <DigitsInput name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={BACK_IN_STOCK_OTP_LENGTH} invalid={!!errors.otp} className="mt-1 block w-full rounded border border-stone-300 px-3 py-2 tracking-widest" />
          {fieldError('otp')}
        </label>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn-lg">
          {step === 'phone' ? t('কোড পাঠান', 'Send code') : t('নিশ্চিত করুন', 'Confirm')}
        </button>
        {step === 'code' && (
          <button type="submit" name="resend" value="1" disabled={busy} className="btn-wish">
            {t('আবার কোড পাঠান', 'Send the code again')}
          </button>
        )}
      </div>
      {status}
    </fetcher.Form>
  );
}
