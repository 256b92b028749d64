/**
 * How many parts an SMS takes: GSM-7 when every character is in the GSM 03.38 basic set or its
 * extension table (extension characters take two septets), 160 septets in one part and 153 in
 * each part of a longer message; otherwise UCS-2, 70 UTF-16 units in one part and 67 in each part
 * of a longer one (Bengali text is always UCS-2). Pure.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

/** The text's length in GSM-7 septets, or null when some character is not in GSM-7. */
export function gsmLength(text: string): number | null {
  let n = 0;
  for (const c of text) {
    if (BASIC.has(c)) n += 1;
    else if (EXTENSION.has(c)) n += 2;
    else return null;
  }
  return n;
}

export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  parts: number;
}

export function smsSize(text: string): SmsSize {
  const gsm = gsmLength(text);
  if (gsm !== null) return { encoding: 'gsm7', units: gsm, parts: gsm <= 160 ? 1 : Math.ceil(gsm / 153) };
  const units = text.length;
  return { encoding: 'ucs2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** How many parts the text is sent in (an empty text is one part). */
export function smsParts(text: string): number {
  return Math.max(1, smsSize(text).parts);
}

export function fitsOneSms(text: string): boolean {
  return smsParts(text) === 1;
}

/**
 * A message that fits one part: `build(cut)` writes it around `cut` (a shop's name), which is
 * shortened character by character until it fits, or left out when even one character is too many.
 */
export function fitOneSms(build: (cut: string) => string, cut: string): string {
  const chars = [...cut];
  for (let n = chars.length; n > 0; n--) {
    const text = build(chars.slice(0, n).join('').trimEnd());
    if (fitsOneSms(text)) return text;
  }
  return build('');
}
