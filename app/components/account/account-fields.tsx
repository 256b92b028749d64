/** The inputs the account forms and the checkout repeat: phone number, one-time code, password. */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import type { FieldErrors } from '../form/api';
import { Field } from '../form/field';
import { digitsOnly } from '../form/values';

interface Props {
  errors: FieldErrors;
  defaultValue?: string | null | undefined;
}

/** A mobile number: digits only, as typed; the server accepts 01XXXXXXXXX and the +880 form. */
export function PhoneField({ errors, defaultValue, name = 'phone_number', label, required = true, placeholder }: Props & { name?: string; label?: string; required?: boolean; placeholder?: string }) {
  const t = useT();
  return (
    <Field
      name={name}
      label={label ?? t('ফোন নাম্বার', 'Phone number')}
      type="tel"
      inputMode="numeric"
      autoComplete={name === 'phone_number' ? 'tel' : undefined}
      placeholder={placeholder}
      required={required}
      maxLength={13}
      onInput={digitsOnly}
      defaultValue={defaultValue}
      errors={errors}
    />
  );
}

/** The 6-digit code sent by text message. */
export function OtpField({ errors }: Props) {
  const t = useT();
  return <Field name="otp" label={t('ও.টি.পি', 'OTP')} inputMode="numeric" autoComplete="one-time-code" required maxLength={6} onInput={digitsOnly} errors={errors} />;
}

export function PasswordField({ errors, name = 'password', label, fresh = false, hint }: Props & { name?: string; label?: string; fresh?: boolean; hint?: ReactNode }) {
  const t = useT();
  const autoComplete = fresh ? 'new-password' : 'current-password';
  return <Field name={name} label={label ?? t('পাসওয়ার্ড', 'Password')} type="password" autoComplete={autoComplete} required maxLength={128} hint={hint} errors={errors} />;
}
