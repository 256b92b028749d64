/** /login: phone number and password; afterwards back to ?next= (a local path only). */
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { AccountForm } from '../../components/account/account-form';
import { PasswordField, PhoneField } from '../../components/account/account-fields';
import { withNext } from '../../components/account/next';
import { useSignInForm } from '../../components/account/use-sign-in-form';
import { lazySchema } from '../../components/form/values';

/** The server's schema (domain/accounts), fetched when the form is first touched. */
const schema = lazySchema(() => import('../../../domain/accounts').then((m) => m.loginSchema));

export function meta() {
  return [{ title: 'সাইন ইন | Sign in' }, { name: 'description', content: 'ফোন নাম্বার আর পাসওয়ার্ড দিয়ে সাইন ইন করুন: অর্ডার, উইশলিস্ট আর চেকআউট এক জায়গায়।' }];
}

export default function Login() {
  const t = useT();
  const { form, next } = useSignInForm('/login/', ['phone_number', 'password'], schema, t('সাইন ইন সফল হয়েছে!', 'Signed in successfully!'));
  return (
    <AccountForm
      title={t('সাইন ইন', 'Sign in')}
      form={form}
      submit={t('সাইন ইন', 'Sign in')}
      footer={{ to: withNext('/register', next), text: t('অ্যাকাউন্ট নেই? সাইন আপ করুন', "Don't have an account? Sign up") }}
    >
      <PhoneField errors={form.errors} placeholder="01XXXXXXXXX" />
      <PasswordField errors={form.errors} />
      <p className="-mt-2 mb-4 text-right text-sm">
        <Link to="/forget-password" className="text-brand underline">
          {t('পাসওয়ার্ড ভুলে গেছেন?', 'Forgot password?')}
        </Link>
      </p>
    </AccountForm>
  );
}
