/** What the stock screens say: each movement's reason, Bengali first with English beside, and the times in Dhaka. */
import type { StockReason } from '../../../../domain/stock';

export const REASON_TEXT: Record<StockReason, string> = {
  sale: 'বিক্রি (Sale)',
  cancel: 'বাতিল (Cancel)',
  return: 'ফেরত (Return)',
  damaged: 'নষ্ট (Damaged)',
  receipt: 'মাল গ্রহণ (Receipt)',
  adjustment: 'সমন্বয় (Adjustment)',
  counter: 'কাউন্টার (Counter)',
};

const dhakaTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });

/** An instant as the shop's clock shows it. */
export const stockTime = (iso: string) => dhakaTime.format(new Date(iso));

/** A movement's reference as a link where it names an order (its invoice); otherwise as written. */
export function refLink(ref: string): { to: string | null; text: string } {
  const order = /^order:(\d+)$/.exec(ref);
  return { to: order ? `/order-invoice/${order[1]}` : null, text: ref || '—' };
}
