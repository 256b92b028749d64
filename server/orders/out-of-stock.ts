/** The 409 checkout and order edits answer when a product is short: the first line named, every short line listed. */
import { conflict } from '../http/errors';

export function outOfStock(lines: { product: number; title: string; available: number }[]) {
  const first = lines[0];
  // A refusal with no short line named is a caller's bug: said as such, never a 500 from here.
  if (!first) return conflict('দুঃখিত, স্টক বদলে গেছে; আবার চেষ্টা করুন। (The stock changed meanwhile; try again.)', { out_of_stock: [] });
  const message =
    first.available > 0
      ? `দুঃখিত, "${first.title}" মাত্র ${first.available}টি আছে। (Only ${first.available} of "${first.title}" left.)`
      : `দুঃখিত, "${first.title}" স্টকে নেই। ("${first.title}" is out of stock.)`;
  return conflict(message, { out_of_stock: lines });
}
