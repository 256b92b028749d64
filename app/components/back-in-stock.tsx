/**
 * "স্টকে এলে জানান" on a sold-out product: a signed-in shopper is recorded with one click (the
 * account's number); a guest gives a phone number, types the code texted to it, and is told
 * it is done. With JavaScript it calls `POST /api/product/{id}/notify/`; without, the same forms
 * post to the product page (`intent=restock`, app/routes/store/back-in-stock.server.ts) and the
 * page comes back at the next step. No zod here (a shop page must not ship it): the form is
 * checked with back-in-stock-messages.ts's rules, and the server checks again.
 */
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useActionData, useRouteLoaderData } from 'react-router';
import { useT } from '../lib/i18n';
import { sendApi, failureText } from './form/api';
import { BACK_IN_STOCK_OTP_LENGTH, backInStockFormErrors } from '../../domain/back-in-stock-messages';

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

export function BackInStock({ productId }: { productId: number }) {
  const t = useT();
  const signedIn = !!(useRouteLoaderData('root') as { user?: unknown } | undefined)?.user;
  const posted = (useActionData() as { restock?: Posted } | undefined)?.restock;
  const [step, setStep] = useState<Step>(posted?.step ?? 'idle');
  const [phone, setPhone] = useState(posted?.phone ?? '');
  const [message, setMessage] = useState(posted?.message ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>(posted?.errors ?? {});
  const [ok, setOk] = useState(posted?.ok ?? true);
  const [busy, setBusy] = useState(false);

  async function send(body: object): Promise<void> {
    setBusy(true);
    const res = await sendApi('POST', `/api/product/${productId}/notify/`, body);
    setBusy(false);
    setErrors(res.errors);
    setOk(res.ok);
    setMessage(res.ok ? res.message : failureText(res, t));
    if (res.status === 201) setStep('done');
    else if (res.status === 202) setStep('code');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step === 'idle') {
      if (signedIn) await send({});
      else setStep('phone');
      return;
    }
    const resend = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'resend';
    const fd = new FormData(event.currentTarget);
    const number = step === 'phone' ? String(fd.get('phone_number') ?? '') : phone;
    const otp = step === 'code' && !resend ? String(fd.get('otp') ?? '') : undefined;
    const local = backInStockFormErrors({ phone_number: number, otp });
    if (otp !== undefined && !otp.trim()) local.otp = [t(`${BACK_IN_STOCK_OTP_LENGTH} সংখ্যার কোডটি লিখুন`, `Type the ${BACK_IN_STOCK_OTP_LENGTH}-digit code`)];
    setErrors(local);
    if (Object.keys(local).length) return;
    setPhone(number);
    await send(otp === undefined ? { phone_number: number } : { phone_number: number, otp });
  }

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
  const formProps = { method: 'post', noValidate: true, onSubmit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e) } as const;
  const intent = <input type="hidden" name="intent" value="restock" />;
  if (step === 'idle')
    return (
      <form {...formProps} className="w-full sm:w-auto">
        {intent}
        <button type="submit" disabled={busy} className="btn-lg" data-testid="restock-button">
          {t('স্টকে এলে জানান', 'Notify me when back')}
        </button>
        {status}
      </form>
    );
  return (
    <form {...formProps} className="w-full max-w-sm" data-testid="restock-form">
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
    </form>
  );
}
