/** /register: name, phone number and password; signed in at once, then back to ?next=. */
import { useT } from '../../lib/i18n';
import { Field } from '../../components/form/field';
import { AccountForm } from '../../components/account/account-form';
import { PasswordField, PhoneField } from '../../components/account/account-fields';
import { withNext } from '../../components/account/next';
import { useSignInForm } from '../../components/account/use-sign-in-form';
import { lazySchema } from '../../components/form/values';

/** The server's schema (domain/accounts), fetched when the form is first touched. */
const schema = lazySchema(() => import('../../../domain/accounts').then((m) => m.registerSchema));

export function meta() {
  return [{ title: 'সাইন আপ | Sign up' }];
}

export default function Register() {
  const t = useT();
  const { form, next } = useSignInForm('/register_user/', ['name', 'phone_number', 'password'], schema, 'Register Successfully!', true);
  return (
    <AccountForm title="Sign up" form={form} submit="Next" footer={{ to: withNext('/login', next), text: 'Do you have an account? Sign in' }}>
      <Field name="name" label={t('নাম', 'Name')} autoComplete="name" required maxLength={100} errors={form.errors} />
      <PhoneField errors={form.errors} placeholder="01XXXXXXXXX" />
      <PasswordField errors={form.errors} fresh hint={t('কমপক্ষে ৮ অক্ষর', 'At least 8 characters')} />
    </AccountForm>
  );
}
