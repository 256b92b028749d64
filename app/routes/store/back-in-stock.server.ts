/**
 * "স্টকে এলে জানান" without JavaScript: the component's forms post to the product page itself
 * with `intent=restock`, and the page's action answers here with the step to show next (phone,
 * code, done) and any message. With JavaScript the component calls the API instead; both end
 * in services.backInStock.ask, which checks everything.
 */
import { data, type AppLoadContext } from 'react-router';
import { ZodError } from 'zod';
import { asHttpError, firstMessage, zodFieldErrors, type FieldErrors } from '../../../server/http/errors';
import { backInStockRequestSchema } from '../../../domain/back-in-stock';

/** What the component shows after a form post (under `restock` in the action's data). */
export interface BackInStockFormState {
  ok: boolean;
  step: 'phone' | 'code' | 'done';
  message: string;
  phone: string;
  errors?: FieldErrors | undefined;
}

/** Whether a post to the product page is this form's (read from a copy, so another form's action can still read the body). */
export async function isBackInStockPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get('intent') === 'restock';
}

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');

export async function backInStockAction(context: AppLoadContext, request: Request, productId: number) {
  const form = await request.formData();
  const phone = text(form.get('phone_number'));
  // "Send the code again" posts the number alone.
  const otp = form.get('resend') ? '' : text(form.get('otp'));
  const answer = (state: BackInStockFormState, status = 200) => data({ restock: state }, { status });
  // A guest's first click: show the phone field.
  if (!context.user && !phone.trim() && !otp.trim()) return answer({ ok: true, step: 'phone', message: '', phone: '' });
  const step = otp.trim() ? 'code' : 'phone';
  try {
    const input = backInStockRequestSchema.parse({ phone_number: phone, otp });
    const res = await context.services.backInStock.ask(productId, input, { user: context.user, ip: context.ip });
    return answer({ ok: true, step: res.status === 201 ? 'done' : 'code', message: res.message, phone: input.phone_number ?? '' });
  } catch (error) {
    if (error instanceof ZodError) {
      const errors = zodFieldErrors(error);
      return answer({ ok: false, step, message: firstMessage(errors), phone, errors }, 400);
    }
    const http = asHttpError(error);
    if (http) return answer({ ok: false, step, message: http.message, phone, errors: http.errors }, http.statusCode);
    throw error;
  }
}
