/**
 * Paths whose answers are about one person (orders, the cart, the account pages, the back
 * office, sign-in answers, payments and the personal API). The server marks their answers
 * `private, no-store` (server/http/security-headers.ts) and the service worker never stores them
 * (app/sw/cache-rules.ts): one list, so the two cannot drift apart. Page paths may end in
 * `.data` (React Router's data requests); a query string is ignored.
 */
const PERSONAL = [
  /^\/(order|checkout|cart|wishlist|track|login|logout|register|forget-password|verify-otp|reset-password)(\/|$)/,
  /^\/(admin|admin-[^/]+|update-[^/]+|make-admin|makeAdmin|order-invoice|create-banner|create-logo|register_user|send_reset_otp|verify_otp)(\/|$)/,
  /^\/api\/(order|orderItem|me|user|sms|dashboard|track|shipments|couriers|audit)(\/|$)/,
  /^\/payment\//,
];

export function isPersonalPath(url: string): boolean {
  const pathname = url.split('?')[0]!.replace(/\.data$/, '');
  return PERSONAL.some((re) => re.test(pathname));
}
