/** /forget-password (spec §2 "Forgot password", §4 "Password recovery"; decisions §3.4: the server makes the code). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { Field, FormAlert, FormCard, SubmitButton } from '../../components/account/field';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { sendResetCodeSchema } from '../../../domain/accounts';

export function meta() {
  return [{ title: 'পাসওয়ার্ড ভুলে গেছেন | Forgot password' }];
}

export default function ForgetPassword() {
  const t = useT();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = sendResetCodeSchema.safeParse({ phone_number: values.phone_number ?? '' });
    const found = schemaErrors(parsed);
    setErrors(found);
    setAlert(null);
    if (!parsed.success) return;
    setBusy(true);
    const phone = parsed.data.phone_number;
    const answer = await postJson('/send_reset_otp/', { phone_number: phone });
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(answer, t);
      setErrors(fieldErrorsOf(answer));
      setAlert(text);
      notify(text, 'error');
      return;
    }
    notify('OTP Send Successfully!');
    await navigate(`/reset-password?phone=${encodeURIComponent(phone)}`);
  }

  return (
    <FormCard title={t('পাসওয়ার্ড ভুলে গেছেন?', 'Forgot password?')}>
      <p className="mb-4 text-sm text-stone-700">
        {t('আপনার ফোন নাম্বার দিন, আমরা একটি ৬ অঙ্কের কোড এসএমএস করব।', 'Enter your phone number and we will text you a 6-digit code.')}
      </p>
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label={t('পাসওয়ার্ড ভুলে গেছেন', 'Forgot password')}>
        <FormAlert text={alert} />
        <Field
          name="phone_number"
          label={t('ফোন নাম্বার', 'Phone number')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          required
          maxLength={13}
          onInput={digitsOnly}
          error={errors.phone_number}
        />
        <SubmitButton busy={busy}>{t('কোড পাঠান', 'Send code')}</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-brand underline">
          {t('সাইন ইন পেজে ফিরে যান', 'Back to sign in')}
        </Link>
      </p>
    </FormCard>
  );
}
