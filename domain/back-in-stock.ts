/**
 * Back-in-stock requests ("স্টকে এলে জানান"): the one schema the product page's form and
 * `POST /api/product/{id}/notify/` share, the messages both show, and the SMS texts.
 * A signed-in shopper sends nothing (the account's number is used); a guest sends a phone
 * number first (a code is texted to it), then the number and the code.
 */
import { z } from 'zod';
import { normalizePhone } from './phone';
// The messages live in a module without zod, so the product page's form can show them without shipping zod.
import { BACK_IN_STOCK_MESSAGES, BACK_IN_STOCK_OTP_LENGTH } from './back-in-stock-messages';

export { BACK_IN_STOCK_MESSAGES, BACK_IN_STOCK_OTP_LENGTH };

/** Empty fields count as absent: the form always posts both inputs. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'number' ? String(v) : v);

const phoneField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: BACK_IN_STOCK_MESSAGES.phoneInvalid })
    .max(20, BACK_IN_STOCK_MESSAGES.phoneInvalid)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: BACK_IN_STOCK_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    })
    .optional(),
);

const otpField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: BACK_IN_STOCK_MESSAGES.otpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${BACK_IN_STOCK_OTP_LENGTH}}$`), BACK_IN_STOCK_MESSAGES.otpInvalid)
    .optional(),
);

/**
 * `{phone_number?, otp?}`: both optional here, because a signed-in shopper sends neither; a
 * guest must send a number (`requirePhone`), and a code only with a number.
 */
export const backInStockRequestSchema = z
  .object({ phone_number: phoneField, otp: otpField })
  .strict()
  .refine((v) => v.otp === undefined || v.phone_number !== undefined, { message: BACK_IN_STOCK_MESSAGES.phoneRequired, path: ['phone_number'] });
export type BackInStockRequestInput = z.infer<typeof backInStockRequestSchema>;

/** A guest's request: the same schema, with the number required. */
export const guestBackInStockSchema = backInStockRequestSchema.refine((v) => v.phone_number !== undefined, { message: BACK_IN_STOCK_MESSAGES.phoneRequired, path: ['phone_number'] });

/** The text that asks the owner of a number to confirm it (a code is needed so nobody texts strangers through the shop). */
export function backInStockCodeText(shop: string, code: string): string {
  return `${shop}: স্টকে এলে জানানোর জন্য আপনার কোড ${code}। কোডটি ১০ মিনিট বৈধ। কাউকে জানাবেন না।`;
}

/** The one message a request gets when its product is back: the shop, the title and the product's link. */
export function backInStockText(shop: string, title: string, link: string): string {
  const name = title.length > 60 ? `${title.slice(0, 57)}...` : title;
  return `${shop}: "${name}" আবার স্টকে এসেছে! এখনই অর্ডার করুন: ${link}`;
}

/** Products whose stock rose from nothing: the ones whose waiting requests are due. */
export function cameBack(before: number, after: number): boolean {
  return before <= 0 && after > 0;
}
