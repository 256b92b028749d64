/** /register (spec §2 "Register", §4 "Registration", §5 "Register"). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { Field, FormAlert, FormCard, SubmitButton } from '../../components/account/field';
import { safeNext, withNext } from '../../components/account/next';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { registerSchema } from '../../../domain/accounts';
import { useAfterSignIn } from '../../components/account/use-after-sign-in';

export function meta() {
  return [{ title: 'সাইন আপ | Sign up' }];
}

export default function Register() {
  const t = useT();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const afterSignIn = useAfterSignIn();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const parsed = registerSchema.safeParse({ name: values.name ?? '', phone_number: values.phone_number ?? '', password: values.password ?? '' });
    const found = schemaErrors(parsed);
    setErrors(found);
    setAlert(null);
    if (!parsed.success) return;
    setBusy(true);
    const answer = await postJson('/register_user/', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(answer, t);
      setErrors(fieldErrorsOf(answer));
      setAlert(text);
      notify(text, 'error');
      return;
    }
    form.reset();
    notify('Register Successfully!');
    await afterSignIn(next);
  }

  return (
    <FormCard title="Sign up">
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label="Sign up">
        <FormAlert text={alert} />
        <Field name="name" label={t('নাম', 'Name')} autoComplete="name" required maxLength={100} error={errors.name} />
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
        <Field
          name="password"
          label={t('পাসওয়ার্ড', 'Password')}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={t('কমপক্ষে ৮ অক্ষর', 'At least 8 characters')}
          error={errors.password}
        />
        <SubmitButton busy={busy}>Next</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to={withNext('/login', next)} className="text-brand underline">
          Do you have an account? Sign in
        </Link>
      </p>
    </FormCard>
  );
}
