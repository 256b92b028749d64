/** /reset-password: the code from the text message and a new password, typed twice; the server checks the code here. */
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { useApiForm } from '../../components/form/use-api-form';
import { lazySchema, postTextFields } from '../../components/form/values';
import { AccountForm } from '../../components/account/account-form';
import { OtpField, PasswordField, PhoneField } from '../../components/account/account-fields';

/** The server's schema (domain/accounts), fetched when the form is first touched. */
const schema = lazySchema(() => import('../../../domain/accounts').then((m) => m.resetPasswordSchema));

export function meta() {
  return [{ title: 'পাসওয়ার্ড রিসেট | Reset password' }];
}

export default function ResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const form = useApiForm({
    ...postTextFields('/reset-password/', ['phone_number', 'otp', 'password', 'password2'], schema),
    success: t('পাসওয়ার্ড রিসেট হয়েছে! নতুন পাসওয়ার্ড দিয়ে সাইন ইন করুন।', 'Password reset! Sign in with the new password.'),
    then: '/',
    reset: true,
  });
  return (
    <AccountForm
      title={t('পাসওয়ার্ড রিসেট', 'Reset password')}
      intro={t('এসএমএসে পাওয়া ৬ অঙ্কের কোড আর নতুন পাসওয়ার্ড দিন। কোডটি ১০ মিনিট কার্যকর থাকে।', 'Enter the 6-digit code from the text message and a new password. The code is valid for 10 minutes.')}
      form={form}
      submit={t('পাসওয়ার্ড রিসেট করুন', 'Reset password')}
      footer={{ to: '/forget-password', text: t('নতুন কোড পাঠান', 'Send a new code') }}
    >
      <PhoneField errors={form.errors} defaultValue={params.get('phone')} />
      <OtpField errors={form.errors} />
      <PasswordField errors={form.errors} fresh />
      <PasswordField errors={form.errors} fresh name="password2" label={t('কনফার্ম পাসওয়ার্ড', 'Confirm password')} />
    </AccountForm>
  );
}
