/**
 * Bengali digits (০–৯) to and from ASCII, the one place the shop writes them: prices and counts
 * on Bengali pages, SMS texts, search and tracking input typed with a Bengali keyboard.
 */
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';

/** `1,250` → `১,২৫০`: every ASCII digit in the text becomes its Bengali digit. */
export function toBengaliDigits(value: string | number): string {
  return String(value).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);
}

/** `১,২৫০` → `1,250`: every Bengali digit in the text becomes its ASCII digit. */
export function fromBengaliDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BN_DIGITS.indexOf(d)));
}
