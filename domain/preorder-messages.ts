/**
 * Pre-orders' messages (docs/preorders.md), apart from domain/preorders.ts: the product form and
 * the server read them; the storefront, which reads the rules, must not carry their text.
 */
export const PREORDER_MESSAGES = {
  date: 'প্রকাশের তারিখ দিন, যেমন 2026-02-15 (Give the release date as YYYY-MM-DD).',
  limit: 'প্রি-অর্ডারের সীমা ১ বা তার বেশি পূর্ণ সংখ্যা দিন (The pre-order limit is a whole number, 1 or more).',
  shape: 'preorder হবে null অথবা {"release_date": "YYYY-MM-DD", "limit": n} (preorder is null or {release_date, limit}).',
  belowTaken: (taken: number) => `সীমা ইতিমধ্যে নেওয়া ${taken}টির কম হতে পারে না (The limit cannot be below the ${taken} units already pre-ordered).`,
  payment: 'প্রি-অর্ডার শুধু ক্যাশ অন ডেলিভারিতে — ক্যাশ অন ডেলিভারি বেছে নিন। (Pre-orders are cash on delivery only.)',
  soldOut: (title: string, left: number) =>
    left > 0 ? `দুঃখিত, "${title}" প্রি-অর্ডারে মাত্র ${left}টি বাকি। (Only ${left} pre-order units of "${title}" left.)` : `দুঃখিত, "${title}"-এর প্রি-অর্ডার শেষ। ("${title}" pre-orders are sold out.)`,
  waitingBooking: (id: number) => `Order #${id} is a pre-order still waiting for stock; it can be booked once every line is filled.`,
  beforeRelease: (id: number, date: string) => `Order #${id} is a pre-order released on ${date}; it can be booked from that day.`,
  noEdit: (id: number) => `Order #${id} is a pre-order; its lines cannot be edited (cancel it and take a new order).`,
} as const;
