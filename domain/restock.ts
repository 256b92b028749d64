/**
 * Back-in-stock requests ("স্টকে এলে জানান"): the one schema the product page's form and
 * `POST /api/product/{id}/notify/` share, the messages both show, and the SMS texts.
 * A signed-in shopper sends nothing (the account's number is used); a guest sends a phone
 * number first (a code is texted to it), then the number and the code.
 */
import { z } from 'zod';
import { normalizePhone } from './phone';

export const RESTOCK_OTP_LENGTH = 6;

export const RESTOCK_MESSAGES = {
  phoneRequired: 'ফোন নাম্বার আবশ্যক*',
  phoneInvalid: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX)',
  otpInvalid: `ও.টি.পি ${RESTOCK_OTP_LENGTH} সংখ্যার হতে হবে`,
  recorded: 'ধন্যবাদ! পণ্যটি স্টকে এলে আপনাকে এসএমএস করে জানানো হবে। (We will text you when it is back in stock.)',
  codeSent: 'আপনার নাম্বারে একটি ৬ সংখ্যার কোড পাঠানো হয়েছে। কোডটি দিয়ে নিশ্চিত করুন। (A code was sent to your number.)',
  inStock: 'পণ্যটি এখন স্টকে আছে — এখনই কার্টে যোগ করতে পারেন। (This product is in stock now.)',
  notFound: 'পণ্যটি পাওয়া যায়নি। (Product not found.)',
  codeWrong: 'ও.টি.পি মেলেনি। আবার চেষ্টা করুন। (The code is not correct.)',
  codeGone: 'ও.টি.পি-র মেয়াদ শেষ অথবা আগেই ব্যবহার হয়েছে। নতুন কোড নিন। (This code has expired or was used; ask for a new one.)',
  codeLocked: 'অনেকবার ভুল ও.টি.পি দেওয়া হয়েছে। নতুন কোড নিন। (Too many wrong codes; ask for a new one.)',
  tooMany: (minutes: number) => `অনেকবার চেষ্টা করা হয়েছে। ${minutes} মিনিট পরে আবার চেষ্টা করুন। (Too many attempts; try again in ${minutes} minutes.)`,
} as const;

/** Empty fields count as absent: the form always posts both inputs. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'number' ? String(v) : v);

const phoneField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: RESTOCK_MESSAGES.phoneInvalid })
    .max(20, RESTOCK_MESSAGES.phoneInvalid)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: RESTOCK_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    })
    .optional(),
);

const otpField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: RESTOCK_MESSAGES.otpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${RESTOCK_OTP_LENGTH}}$`), RESTOCK_MESSAGES.otpInvalid)
    .optional(),
);

/**
 * `{phone_number?, otp?}`: both optional here, because a signed-in shopper sends neither; a
 * guest must send a number (`requirePhone`), and a code only with a number.
 */
export const restockRequestSchema = z
  .object({ phone_number: phoneField, otp: otpField })
  .strict()
  .refine((v) => v.otp === undefined || v.phone_number !== undefined, { message: RESTOCK_MESSAGES.phoneRequired, path: ['phone_number'] });
export type RestockRequestInput = z.infer<typeof restockRequestSchema>;

/** A guest's request: the same schema, with the number required. */
export const guestRestockSchema = restockRequestSchema.refine((v) => v.phone_number !== undefined, { message: RESTOCK_MESSAGES.phoneRequired, path: ['phone_number'] });

/** The text that asks the owner of a number to confirm it (a code is needed so nobody texts strangers through the shop). */
export function restockCodeText(shop: string, code: string): string {
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
