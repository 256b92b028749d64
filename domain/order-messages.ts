/**
 * The checkout's messages and which transaction-ID field a wallet payment fills: what the
 * checkout page needs without the schema, which it fetches only when the form is used (zod is a
 * fifth of a page's script budget, issue 32). domain/orders.ts re-exports all of it.
 */
import type { PaymentOption } from './settings';

export const MESSAGES = {
  district: 'জেলা আবশ্যক*',
  upazila_thana: 'উপজেলা/থানা আবশ্যক*',
  delivery_address: 'ডেলিভারি এড্রেস আবশ্যক*',
  delivery_option: 'ডেলিভারি অপশন আবশ্যক*',
  payment_option: 'পেমেন্ট অপশন আবশ্যক*',
  unknownDelivery: 'এই ডেলিভারি অপশনটি পাওয়া যায়নি।',
  unknownPayment: 'এই পেমেন্ট অপশনটি পাওয়া যায়নি।',
  transactionId: 'ট্রানজেকশন আইডি আবশ্যক*',
  transactionAmount: 'টাকার পরিমাণ আবশ্যক*',
  phone: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX)',
  email: 'সঠিক ই-মেইল দিন',
  emptyCart: 'আপনার কার্টে কোন আইটেম পাওয়া যায়নি!',
  quantity: 'পরিমাণ ১ বা তার বেশি পূর্ণ সংখ্যা হতে হবে',
  success: 'আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!',
  priceChanged: 'দাম পরিবর্তন হয়েছে — নতুন মূল্য দেখে আবার অর্ডার করুন। (The price changed; please confirm the new total.)',
  unknownProduct: 'Unknown product.',
} as const;

/** The checkout limits' messages; the numbers are the shop's settings. */
export const LIMIT_MESSAGES = {
  unitsPerLine: (max: number) =>
    `একটি পণ্য এক অর্ডারে সর্বোচ্চ ${max}টি নেওয়া যায় — পরিমাণ কমিয়ে আবার চেষ্টা করুন। (At most ${max} of one product per order.)`,
  openOrders: (max: number) =>
    `আপনার ${max}টি অর্ডার এখনও পেমেন্টের অপেক্ষায় আছে। সেগুলো পেমেন্ট, ডেলিভারি বা বাতিল হলে নতুন অর্ডার করুন। (You already have ${max} open unpaid orders.)`,
  checkoutsPerHour: (minutes: number) =>
    `অনেকবার অর্ডার করার চেষ্টা হয়েছে। ${minutes} মিনিট পরে আবার চেষ্টা করুন। (Too many checkouts; please try again in ${minutes} minutes.)`,
} as const;

/** Which transaction-ID field a wallet payment fills (the first version's field names). */
export const WALLET_FIELDS = {
  bkash: 'bkash_transaction_ID',
  nagad: 'nagad_transaction_ID',
  rocket: 'rocket_transaction_ID',
} as const;
export type TransactionField = (typeof WALLET_FIELDS)[keyof typeof WALLET_FIELDS];

/** The transaction-ID field of a wallet option: by its id, else by a wallet name in its id or label. */
export function transactionFieldFor(option: PaymentOption): TransactionField | null {
  if (!option.wallet) return null;
  const text = `${option.id} ${option.label}`.toLowerCase();
  if (text.includes('nagad') || text.includes('নগদ')) return WALLET_FIELDS.nagad;
  if (text.includes('rocket') || text.includes('রকেট')) return WALLET_FIELDS.rocket;
  return WALLET_FIELDS.bkash;
}

/** Optional text; null means "not sent", and a number (a transaction ID typed as digits) is taken as text. */
