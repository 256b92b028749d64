/**
 * The back-in-stock request's messages, shared by domain/back-in-stock.ts's schema and the
 * service. The product page's form shows what the page's action answers (it checks nothing
 * itself), so it imports only the code length (back-in-stock-code.ts).
 */
import { BACK_IN_STOCK_OTP_LENGTH } from './back-in-stock-code';

export { BACK_IN_STOCK_OTP_LENGTH };

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
