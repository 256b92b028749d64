/** /forget-password: the server texts a 6-digit code to the number (it makes the code itself), then on to /reset-password. */
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { useApiForm } from '../../components/form/use-api-form';
import { lazySchema, postTextFields } from '../../components/form/values';
import { AccountForm } from '../../components/account/account-form';
import { PhoneField } from '../../components/account/account-fields';

/** The server's schema (domain/accounts), fetched when the form is first touched. */
const schema = lazySchema(() => import('../../../domain/accounts').then((m) => m.sendResetCodeSchema));

export function meta() {
  return [{ title: 'পাসওয়ার্ড ভুলে গেছেন | Forgot password' }];
}

export default function ForgetPassword() {
  const t = useT();
  const navigate = useNavigate();
  const form = useApiForm({
    ...postTextFields('/send_reset_otp/', ['phone_number'], schema),
    success: 'OTP Send Successfully!',
    then: (_res, body) => navigate(`/reset-password?phone=${encodeURIComponent(body.phone_number)}`),
  });
  return (
    <AccountForm
      title={t('পাসওয়ার্ড ভুলে গেছেন?', 'Forgot password?')}
      label={t('পাসওয়ার্ড ভুলে গেছেন', 'Forgot password')}
      intro={t('আপনার ফোন নাম্বার দিন, আমরা একটি ৬ অঙ্কের কোড এসএমএস করব।', 'Enter your phone number and we will text you a 6-digit code.')}
      form={form}
      submit={t('কোড পাঠান', 'Send code')}
      footer={{ to: '/login', text: t('সাইন ইন পেজে ফিরে যান', 'Back to sign in') }}
    >
      <PhoneField errors={form.errors} placeholder="01XXXXXXXXX" />
    </AccountForm>
  );
}
