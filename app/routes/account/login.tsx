/** /login (spec §2 "Login", §4 "Login", §5 "Login"). Returns to ?next= (a local path only). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { Field, FormAlert, FormCard, SubmitButton } from '../../components/account/field';
import { safeNext, withNext } from '../../components/account/next';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { loginSchema } from '../../../domain/accounts';
import { useAfterSignIn } from '../../components/account/use-after-sign-in';

export function meta() {
  return [{ title: 'সাইন ইন | Sign in' }];
}

export default function Login() {
  const t = useT();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const afterSignIn = useAfterSignIn();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = loginSchema.safeParse({ phone_number: values.phone_number ?? '', password: values.password ?? '' });
    const found = schemaErrors(parsed);
    setErrors(found);
    setAlert(null);
    if (!parsed.success) return;
    setBusy(true);
    const answer = await postJson('/login/', parsed.data);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(answer, t);
      setErrors(fieldErrorsOf(answer));
      setAlert(text);
      notify(text, 'error');
      return;
    }
    notify(t('সাইন ইন সফল হয়েছে!', 'Signed in successfully!'));
    await afterSignIn(next);
  }

  return (
    <FormCard title={t('সাইন ইন', 'Sign in')}>
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label={t('সাইন ইন', 'Sign in')}>
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
        <Field name="password" label={t('পাসওয়ার্ড', 'Password')} type="password" autoComplete="current-password" required maxLength={128} error={errors.password} />
        <p className="-mt-2 mb-4 text-right text-sm">
          <Link to="/forget-password" className="text-brand underline">
            {t('পাসওয়ার্ড ভুলে গেছেন?', 'Forgot password?')}
          </Link>
        </p>
        <SubmitButton busy={busy}>{t('সাইন ইন', 'Sign in')}</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to={withNext('/register', next)} className="text-brand underline">
          {t('অ্যাকাউন্ট নেই? সাইন আপ করুন', "Don't have an account? Sign up")}
        </Link>
      </p>
    </FormCard>
  );
}
