/** /verify-otp: checks a code sent by text message, then on to /login. */
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { useApiForm } from '../../components/form/use-api-form';
import { lazySchema, postTextFields } from '../../components/form/values';
import { AccountForm } from '../../components/account/account-form';
import { OtpField, PhoneField } from '../../components/account/account-fields';

/** The server's schema (domain/accounts), fetched when the form is first touched. */
const schema = lazySchema(() => import('../../../domain/accounts').then((m) => m.verifyCodeSchema));

export function meta() {
  return [{ title: 'ও.টি.পি যাচাই | Verify OTP' }];
}

export default function VerifyOtp() {
  const t = useT();
  const [params] = useSearchParams();
  const form = useApiForm({ ...postTextFields('/verify_otp/', ['phone_number', 'otp'], schema), success: 'OTP matched Successfully!', then: '/login' });
  return (
    <AccountForm title={t('ও.টি.পি যাচাই', 'Verify OTP')} form={form} submit={t('পরবর্তী', 'Next')}>
      <PhoneField errors={form.errors} defaultValue={params.get('phone')} />
      <OtpField errors={form.errors} />
    </AccountForm>
  );
}
