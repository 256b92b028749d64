import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { useApiForm, type ApiForm } from '../form/use-api-form';
import { postTextFields } from '../form/values';
import { safeNext } from './next';

type Schema = Parameters<typeof postTextFields>[2];

/**
 * A form that signs the shopper in (sign in, sign up). `next` is the page the shopper came from
 * (`?next=`, a local path only). After a success the page data is reloaded (the header now
 * knows the user, from the new session cookie) and the shopper goes back there.
 */
export function useSignInForm<K extends string>(url: string, fields: readonly K[], schema: Schema, success: string, reset = false): { form: ApiForm; next: string } {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useApiForm({
    ...postTextFields(url, fields, schema),
    success,
    reset,
    then: async () => {
      await revalidator.revalidate();
      await navigate(next, { replace: true });
    },
  });
  return { form, next };
}
