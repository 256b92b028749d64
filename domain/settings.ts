/** The shop's settings, edited in the back office. Nothing shop-specific is hard-coded elsewhere. */
import { z } from 'zod';
import { COURIER_IDS, GATEWAYS, ONLINE_GATEWAYS, type CourierId, type OnlineGateway } from './providers';
import { isSafeLink } from './catalog-forms';
import { normalizePhone } from './phone';
import { DEFAULT_COUNTER_DISCOUNT_LIMITS, counterDiscountLimitsSchema } from './counter-limits';

export const deliveryOptionSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  charge: z.number().int().min(0),
});

export const paymentOptionSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  wallet: z.boolean(),
  /** Paid online through a gateway (the customer is sent to its page); absent or false otherwise. */
  online: z.boolean().optional(),
});

/** `order_confirmation`: none (every order confirmed at checkout), sms (the order SMS carries a one-time link), staff (only staff confirm). */
export const CONFIRMATION_MODES = ['none', 'sms', 'staff'] as const;
export type ConfirmationMode = (typeof CONFIRMATION_MODES)[number];

export const SETTINGS_MESSAGES = {
  socialUrl: 'শুধু http:// বা https:// দিয়ে শুরু হওয়া লিংক দিন। (Only an http:// or https:// link.)',
  limit: '০ (সীমা নেই) থেকে ১০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা দিন। (A whole number from 0, no limit, to 10000.)',
  threshold: 'পূর্ণ টাকার পরিমাণ দিন, অথবা খালি রাখুন (ফ্রি ডেলিভারি নেই)। (Whole taka, or empty for none.)',
  smsLimit: '০ (সীমা নেই) থেকে ১০০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা দিন। (A whole number from 0, no limit, to 100000.)',
  confirmation: 'none, sms অথবা staff বেছে নিন। (Choose none, sms or staff.)',
  cancelHours: '০ (কখনও না) থেকে ৭২০ ঘণ্টার মধ্যে একটি পূর্ণ সংখ্যা দিন। (Whole hours from 0, never, to 720.)',
  alertPhones: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX), সর্বোচ্চ ৫টি। (Up to 5 Bangladeshi mobile numbers.)',
  returnDays: '০ (অনলাইনে ফেরত নেই) থেকে ৯০ দিনের মধ্যে একটি পূর্ণ সংখ্যা দিন। (Whole days from 0, no online returns, to 90.)',
  courierRates: 'প্রতিটি কুরিয়ারের জন্য পূর্ণ টাকায় চার্জ দিন। (Whole taka per known courier.)',
  lowStockDefault: '০ থেকে ১০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা দিন। (A whole number from 0 to 10000.)',
} as const;

/** Every footer links to it: only a web address (or none), never `javascript:` or `data:`. */
export function isSocialUrl(url: string): boolean {
  return url === '' || (/^https?:\/\//i.test(url) && isSafeLink(url));
}
const socialUrl = z.string({ message: SETTINGS_MESSAGES.socialUrl }).max(2000, SETTINGS_MESSAGES.socialUrl).refine(isSocialUrl, SETTINGS_MESSAGES.socialUrl);

/** Numbers the shop texts itself: each written as its 11-digit form; the same number once. */
const alertPhones = z
  .array(z.string({ message: SETTINGS_MESSAGES.alertPhones }).max(30, SETTINGS_MESSAGES.alertPhones).refine((v) => normalizePhone(v) !== null, SETTINGS_MESSAGES.alertPhones), { message: SETTINGS_MESSAGES.alertPhones })
  .max(5, SETTINGS_MESSAGES.alertPhones)
  .transform((list) => [...new Set(list.map((v) => normalizePhone(v)!))]);

/** A checkout limit: 0 means none. */
const limit = z.number({ message: SETTINGS_MESSAGES.limit }).int(SETTINGS_MESSAGES.limit).min(0, SETTINGS_MESSAGES.limit).max(10_000, SETTINGS_MESSAGES.limit);
/** An SMS limit: 0 means none. */
const smsLimit = z.number({ message: SETTINGS_MESSAGES.smsLimit }).int(SETTINGS_MESSAGES.smsLimit).min(0, SETTINGS_MESSAGES.smsLimit).max(100_000, SETTINGS_MESSAGES.smsLimit);

export const settingsSchema = z
  .object({
    shop_name: z.string().min(1).max(120),
    description: z.string().max(2000),
    address: z.string().max(500),
    email: z.union([z.literal(''), z.email()]),
    phones: z.array(z.string().max(30)).max(5),
    wallet_number: z.string().max(30),
    social_url: socialUrl,
    delivery_options: z.array(deliveryOptionSchema).min(1),
    payment_options: z.array(paymentOptionSchema).min(1),
    /** Orders a customer may have Pending and unpaid at once. */
    max_open_orders_per_customer: limit,
    /** Units of one product in one order. */
    max_units_per_line: limit,
    /** Checkouts an hour, counted per customer and per client address. */
    checkouts_per_hour: limit,
    /** Codes and notices to one number per Dhaka day (domain/sms-limits.ts); order messages and staff alerts are not counted. Staff only. */
    sms_daily_limit_per_number: smsLimit,
    /** Messages sent in any hour, shop-wide; once reached, codes and notices wait and the owners get one SMS. Staff only. */
    sms_hourly_limit: smsLimit,
    /** Whether new orders wait for the buyer's or staff's confirmation before they can be booked (domain/order-desk.ts). */
    order_confirmation: z.enum(CONFIRMATION_MODES, { message: SETTINGS_MESSAGES.confirmation }),
    /** An order still unconfirmed this many hours after checkout is cancelled, its stock and coupon uses back; 0: never. */
    unconfirmed_cancel_hours: z.number({ message: SETTINGS_MESSAGES.cancelHours }).int(SETTINGS_MESSAGES.cancelHours).min(0, SETTINGS_MESSAGES.cancelHours).max(720, SETTINGS_MESSAGES.cancelHours),
    /** Each new order texts these numbers one line (number, total, district). Staff only. */
    new_order_alert_phones: alertPhones,
    /** Days after delivery a customer may ask for a return from /order; 0: only by phone. */
    return_days: z.number({ message: SETTINGS_MESSAGES.returnDays }).int(SETTINGS_MESSAGES.returnDays).min(0, SETTINGS_MESSAGES.returnDays).max(90, SETTINGS_MESSAGES.returnDays),
    /** What each courier charges a parcel when its booking answer does not say (taka). Staff only. */
    courier_rates: z.partialRecord(
      z.enum(COURIER_IDS as [CourierId, ...CourierId[]], { message: SETTINGS_MESSAGES.courierRates }),
      z.number({ message: SETTINGS_MESSAGES.courierRates }).int(SETTINGS_MESSAGES.courierRates).min(0, SETTINGS_MESSAGES.courierRates).max(100_000, SETTINGS_MESSAGES.courierRates),
    ),
    /** The most each role may take off a counter sale, in percent of its subtotal (domain/counter.ts). Staff only. */
    counter_discount_limits: counterDiscountLimitsSchema,
    /** A product whose stock is at or under it is low (its own `low_stock_threshold` wins): the low-stock list and the morning notice (domain/stock.ts). */
    low_stock_default: z.number({ message: SETTINGS_MESSAGES.lowStockDefault }).int(SETTINGS_MESSAGES.lowStockDefault).min(0, SETTINGS_MESSAGES.lowStockDefault).max(10_000, SETTINGS_MESSAGES.lowStockDefault),
    /** A subtotal at or above it delivers free (domain/promotions.ts); null: never. */
    free_delivery_threshold: z
      .number({ message: SETTINGS_MESSAGES.threshold })
      .int(SETTINGS_MESSAGES.threshold)
      .min(0, SETTINGS_MESSAGES.threshold)
      .max(10_000_000, SETTINGS_MESSAGES.threshold)
      .nullable(),
  })
  .strict();

export type ShopSettings = z.infer<typeof settingsSchema>;
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/** PUT takes the settings whole or in part. */
export const settingsUpdateSchema = settingsSchema.partial().strict();

export const DEFAULT_SETTINGS: ShopSettings = {
  shop_name: 'হাট বুকশপ',
  description: 'বই, ইলেক্ট্রনিক্স আর স্টেশনারি — সারা দেশে হোম ডেলিভারি।',
  address: '৩৮/৪ বাংলাবাজার, ঢাকা ১১০০',
  email: 'support@haat.example',
  phones: ['01700000000', '01800000000'],
  wallet_number: '01700000000',
  social_url: 'https://facebook.com/haat.example',
  delivery_options: [
    { id: 'dhaka_home', label: 'হোম ডেলিভারি (ঢাকা সিটির ভেতরে)', charge: 60 },
    { id: 'courier', label: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)', charge: 80 },
    { id: 'outside_dhaka_home', label: 'হোম ডেলিভারি (ঢাকা সিটির বাইরে, ন্যূনতম ডেলিভারি চার্জ আগে পে করতে হবে)', charge: 130 },
  ],
  payment_options: [
    { id: 'cod', label: 'ক্যাশ অন ডেলিভারি', wallet: false },
    { id: 'bkash', label: 'বিকাশ পেমেন্ট', wallet: true },
    { id: 'nagad', label: 'নগদ পেমেন্ট', wallet: true },
    { id: 'rocket', label: 'রকেট পেমেন্ট', wallet: true },
  ],
  max_open_orders_per_customer: 3,
  max_units_per_line: 10,
  checkouts_per_hour: 10,
  sms_daily_limit_per_number: 10,
  sms_hourly_limit: 200,
  order_confirmation: 'none',
  unconfirmed_cancel_hours: 48,
  new_order_alert_phones: [],
  return_days: 7,
  courier_rates: {},
  low_stock_default: 3,
  counter_discount_limits: DEFAULT_COUNTER_DISCOUNT_LIMITS,
  free_delivery_threshold: null,
};

/**
 * Settings only staff see: `GET /api/settings/` and the pages leave them out for everyone else
 * (how the shop guards itself is nobody else's business).
 */
export const STAFF_ONLY_SETTINGS = ['sms_daily_limit_per_number', 'sms_hourly_limit', 'new_order_alert_phones', 'courier_rates', 'counter_discount_limits'] as const satisfies readonly (keyof ShopSettings)[];
export type PublicSettings = Omit<ShopSettings, (typeof STAFF_ONLY_SETTINGS)[number]>;

/** The settings as a visitor or customer may see them. */
export function publicSettings(settings: ShopSettings): PublicSettings {
  const out: Partial<ShopSettings> = { ...settings };
  for (const key of STAFF_ONLY_SETTINGS) delete out[key];
  return out as PublicSettings;
}

/**
 * The online payment options, one per gateway. They come from the server's configuration (a
 * gateway is offered when its credentials are set), never from the stored settings.
 */
export const ONLINE_PAYMENT_OPTIONS = Object.fromEntries(
  ONLINE_GATEWAYS.map((id) => [id, { id, label: GATEWAYS[id].label, wallet: false, online: true }]),
) as Record<OnlineGateway, PaymentOption>;

export { isOnlineOption } from './payment-status';

/** An option is chosen by its id or, as the first version sent it, by its label. */
export function findOption<T extends { id: string; label: string }>(options: T[], idOrLabel: string): T | undefined {
  return options.find((o) => o.id === idOrLabel || o.label === idOrLabel);
}
