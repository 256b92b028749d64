/** /reset-password (spec §2 "Reset password", §5; decisions §3.4: the code is checked here, passwords must match). */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { Field, FormAlert, FormCard, SubmitButton } from '../../components/account/field';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { resetPasswordSchema } from '../../../domain/accounts';

export function meta() {
  return [{ title: 'পাসওয়ার্ড রিসেট | Reset password' }];
}

export default function ResetPassword() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const parsed = resetPasswordSchema.safeParse({
      phone_number: values.phone_number ?? '',
      otp: values.otp ?? '',
      password: values.password ?? '',
      password2: values.password2 ?? '',
    });
    const found = schemaErrors(parsed);
    setErrors(found);
    setAlert(null);
    if (!parsed.success) return;
    setBusy(true);
    const answer = await postJson('/reset-password/', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(answer, t);
      setErrors(fieldErrorsOf(answer));
      setAlert(text);
      notify(text, 'error');
      return;
    }
    form.reset();
    notify(t('পাসওয়ার্ড রিসেট হয়েছে! নতুন পাসওয়ার্ড দিয়ে সাইন ইন করুন।', 'Password reset! Sign in with the new password.'));
    await navigate('/');
  }

  return (
    <FormCard title={t('পাসওয়ার্ড রিসেট', 'Reset password')}>
      <p className="mb-4 text-sm text-stone-700">
        {t('এসএমএসে পাওয়া ৬ অঙ্কের কোড আর নতুন পাসওয়ার্ড দিন। কোডটি ১০ মিনিট কার্যকর থাকে।', 'Enter the 6-digit code from the text message and a new password. The code is valid for 10 minutes.')}
      </p>
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label={t('পাসওয়ার্ড রিসেট', 'Reset password')}>
        <FormAlert text={alert} />
        <Field
          name="phone_number"
          label={t('ফোন নাম্বার', 'Phone number')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          required
          maxLength={13}
          defaultValue={params.get('phone') ?? ''}
          onInput={digitsOnly}
          error={errors.phone_number}
        />
        <Field name="otp" label={t('ও.টি.পি', 'OTP')} inputMode="numeric" autoComplete="one-time-code" required maxLength={6} onInput={digitsOnly} error={errors.otp} />
        <Field name="password" label={t('পাসওয়ার্ড', 'Password')} type="password" autoComplete="new-password" required maxLength={128} error={errors.password} />
        <Field name="password2" label={t('কনফার্ম পাসওয়ার্ড', 'Confirm password')} type="password" autoComplete="new-password" required maxLength={128} error={errors.password2} />
        <SubmitButton busy={busy}>{t('পাসওয়ার্ড রিসেট করুন', 'Reset password')}</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/forget-password" className="text-brand underline">
          {t('নতুন কোড পাঠান', 'Send a new code')}
        </Link>
      </p>
    </FormCard>
  );
}
