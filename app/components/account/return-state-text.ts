/**
 * A return's state in words (Bengali and English) and its badge colour, for the customer's
 * orders page and the back office (components/admin/returns/returns.ts re-exports it). A file of
 * its own so that the orders page does not load the back office's zod readers (issue 32).
 */
import type { ReturnState } from '../../../domain/returns';

export const RETURN_STATE_TEXT: Record<ReturnState, { bn: string; en: string; badge: string }> = {
  requested: { bn: 'অনুরোধ করা হয়েছে', en: 'Requested', badge: 'bg-amber-100 text-amber-900' },
  approved: { bn: 'গ্রহণ করা হয়েছে, পণ্য ফেরতের পথে', en: 'Approved, on its way back', badge: 'bg-sky-100 text-sky-900' },
  rejected: { bn: 'গ্রহণ করা হয়নি', en: 'Rejected', badge: 'bg-red-100 text-red-900' },
  received: { bn: 'পণ্য দোকানে ফেরত এসেছে', en: 'Received', badge: 'bg-emerald-100 text-emerald-900' },
  refunded: { bn: 'টাকা ফেরত দেওয়া হয়েছে', en: 'Refunded', badge: 'bg-stone-200 text-stone-900' },
};
