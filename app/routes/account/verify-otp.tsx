/** /verify-otp (spec §2 "OTP verification", §5 "OTP page"): checks a code, then to /login. */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { Field, FormAlert, FormCard, SubmitButton } from '../../components/account/field';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { verifyCodeSchema } from '../../../domain/accounts';

export function meta() {
  return [{ title: 'ও.টি.পি যাচাই | Verify OTP' }];
}

export default function VerifyOtp() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = verifyCodeSchema.safeParse({ phone_number: values.phone_number ?? '', otp: values.otp ?? '' });
    const found = schemaErrors(parsed);
    setErrors(found);
    setAlert(null);
    if (!parsed.success) return;
    setBusy(true);
    const answer = await postJson('/verify_otp/', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(answer, t);
      setErrors(fieldErrorsOf(answer));
      setAlert(text);
      notify(text, 'error');
      return;
    }
    notify('OTP matched Successfully!');
    await navigate('/login');
  }

  return (
    <FormCard title={t('ও.টি.পি যাচাই', 'Verify OTP')}>
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label={t('ও.টি.পি যাচাই', 'Verify OTP')}>
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
        <SubmitButton busy={busy}>{t('পরবর্তী', 'Next')}</SubmitButton>
      </form>
    </FormCard>
  );
}
