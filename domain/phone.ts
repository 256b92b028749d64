/**
 * Bangladeshi mobile numbers: `01[3-9]` and 8 more digits.
 * `+880` / `880` prefixes are accepted; the 11-digit form is what we store and compare.
 */
const MOBILE = /^01[3-9]\d{8}$/;

/** Returns the 11-digit form, or null when the input is not a Bangladeshi mobile number. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s\-()]/g, '').replace(/^\+/, '');
  const local = digits.startsWith('880') ? digits.slice(2) : digits;
  return MOBILE.test(local) ? local : null;
}
