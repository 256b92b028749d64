/**
 * The back-in-stock request's messages and code length, without zod: the product page's form
 * (app/components/back-in-stock.tsx) shows them, and a shop page must not ship zod
 * (vite.config.ts). domain/back-in-stock.ts's schema uses the same words, and its test checks that
 * `backInStockFormErrors` refuses exactly what the schema refuses.
 */
import { normalizePhone } from './phone';

export const BACK_IN_STOCK_OTP_LENGTH = 6;

export const BACK_IN_STOCK_MESSAGES = {
  phoneRequired: 'ফোন নাম্বার আবশ্যক*',
  phoneInvalid: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX)',
  otpInvalid: `ও.টি.পি ${BACK_IN_STOCK_OTP_LENGTH} সংখ্যার হতে হবে`,
  recorded: 'ধন্যবাদ! পণ্যটি স্টকে এলে আপনাকে এসএমএস করে জানানো হবে। (We will text you when it is back in stock.)',
  codeSent: 'আপনার নাম্বারে একটি ৬ সংখ্যার কোড পাঠানো হয়েছে। কোডটি দিয়ে নিশ্চিত করুন। (A code was sent to your number.)',
  inStock: 'পণ্যটি এখন স্টকে আছে — এখনই কার্টে যোগ করতে পারেন। (This product is in stock now.)',
  notFound: 'পণ্যটি পাওয়া যায়নি। (Product not found.)',
  codeWrong: 'ও.টি.পি মেলেনি। আবার চেষ্টা করুন। (The code is not correct.)',
  codeGone: 'ও.টি.পি-র মেয়াদ শেষ অথবা আগেই ব্যবহার হয়েছে। নতুন কোড নিন। (This code has expired or was used; ask for a new one.)',
  codeLocked: 'অনেকবার ভুল ও.টি.পি দেওয়া হয়েছে। নতুন কোড নিন। (Too many wrong codes; ask for a new one.)',
  tooMany: (minutes: number) => `অনেকবার চেষ্টা করা হয়েছে। ${minutes} মিনিট পরে আবার চেষ্টা করুন। (Too many attempts; try again in ${minutes} minutes.)`,
} as const;

/** The browser's check of the guest form (the server checks again with backInStockRequestSchema): `{}` when it may go. */
export function backInStockFormErrors(v: { phone_number: string; otp?: string | undefined }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const phone = v.phone_number.trim();
  if (!phone) errors.phone_number = [BACK_IN_STOCK_MESSAGES.phoneRequired];
  else if (phone.length > 20 || !normalizePhone(phone)) errors.phone_number = [BACK_IN_STOCK_MESSAGES.phoneInvalid];
  const otp = v.otp?.trim();
  if (otp && !new RegExp(`^\\d{${BACK_IN_STOCK_OTP_LENGTH}}$`).test(otp)) errors.otp = [BACK_IN_STOCK_MESSAGES.otpInvalid];
  return errors;
}
