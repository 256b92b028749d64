/**
 * "স্টকে এলে জানান" on a sold-out product: a signed-in shopper is recorded with one click (the
 * account's number); a guest gives a phone number, types the code texted to it, and is told
 * it is done. Calls `POST /api/product/{id}/notify/` with fetch. No zod here (a shop page must
 * not ship it): the form is checked with restock-messages.ts's rules, the server checks again.
 */
import { useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useT } from '../lib/i18n';
import { sendApi, failureText } from './form/api';
import { RESTOCK_OTP_LENGTH, restockFormErrors } from '../../domain/restock-messages';

type Step = 'idle' | 'phone' | 'code' | 'done';

const digitsOnly = (e: FormEvent<HTMLInputElement>) => {
  const el = e.currentTarget;
  el.value = el.value.replace(/[^\d+]/g, '');
};

export function BackInStock({ productId }: { productId: number }) {
  const t = useT();
  const signedIn = !!(useRouteLoaderData('root') as { user?: unknown } | undefined)?.user;
  const [step, setStep] = useState<Step>('idle');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState(true);

  async function send(body: object): Promise<boolean> {
    setBusy(true);
    const res = await sendApi('POST', `/api/product/${productId}/notify/`, body);
    setBusy(false);
    setErrors(res.errors);
    setOk(res.ok);
    setMessage(res.ok ? res.message : failureText(res, t));
    if (res.status === 201) setStep('done');
    else if (res.status === 202) setStep('code');
    return res.ok;
  }

  async function onClick() {
    if (signedIn) await send({});
    else setStep('phone');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fd = new FormData(event.currentTarget);
    const values = { phone_number: step === 'phone' ? String(fd.get('phone_number') ?? '') : phone, otp: step === 'code' ? String(fd.get('otp') ?? '') : undefined };
    const local = restockFormErrors(values);
    if (step === 'code' && !values.otp?.trim()) local.otp = [t(`${RESTOCK_OTP_LENGTH} সংখ্যার কোডটি লিখুন`, `Type the ${RESTOCK_OTP_LENGTH}-digit code`)];
    setErrors(local);
    if (Object.keys(local).length) return;
    if (step === 'phone') setPhone(values.phone_number);
    await send(step === 'phone' ? { phone_number: values.phone_number } : { phone_number: values.phone_number, otp: values.otp });
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
  if (step === 'idle')
    return (
      <div className="w-full sm:w-auto">
        <button type="button" onClick={() => void onClick()} disabled={busy} className="btn-lg" data-testid="restock-button">
          {t('স্টকে এলে জানান', 'Notify me when back')}
        </button>
        {status}
      </div>
    );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="w-full max-w-sm" data-testid="restock-form">
      {step === 'phone' ? (
        <label className="block text-sm font-medium">
          {t('আপনার মোবাইল নাম্বার', 'Your mobile number')}
          <input
            name="phone_number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={14}
            placeholder="01XXXXXXXXX"
            defaultValue={phone}
            onInput={digitsOnly}
            aria-invalid={!!errors.phone_number}
            aria-describedby={errors.phone_number ? 'restock-phone_number-error' : undefined}
            className="mt-1 block w-full rounded border border-stone-300 px-3 py-2"
            autoFocus
          />
          {fieldError('phone_number')}
        </label>
      ) : (
        <label className="block text-sm font-medium">
          {t(`${phone} নাম্বারে পাঠানো কোড`, `The code sent to ${phone}`)}
          <input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESTOCK_OTP_LENGTH}
            onInput={digitsOnly}
            aria-invalid={!!errors.otp}
            aria-describedby={errors.otp ? 'restock-otp-error' : undefined}
            className="mt-1 block w-full rounded border border-stone-300 px-3 py-2 tracking-widest"
            autoFocus
          />
          {fieldError('otp')}
        </label>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn-lg">
          {step === 'phone' ? t('কোড পাঠান', 'Send code') : t('নিশ্চিত করুন', 'Confirm')}
        </button>
        {step === 'code' && (
          <button type="button" disabled={busy} onClick={() => void send({ phone_number: phone })} className="btn-wish">
            {t('আবার কোড পাঠান', 'Send the code again')}
          </button>
        )}
      </div>
      {status}
    </form>
  );
}
