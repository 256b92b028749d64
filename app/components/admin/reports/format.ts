/**
 * How the reports' charts write figures and periods, Bengali first: taka in Bengali digits
 * grouped the South Asian way (৳ ১২,৫০,০০০), an axis's round figures in words a reader says
 * (৳ ১২ হাজার, ৳ ১.৫ লাখ, ৳ ২ কোটি), periods as short day, week or month names, and the round
 * steps an axis is marked at. Pure, so they are tested without a browser.
 */
import { toBengaliDigits } from '../../../../domain/bengali-digits';

/** `৳ ১২,৫০,০০০`: the exact figure (negative with a minus sign). */
export function takaText(amount: number): string {
  const whole = Math.round(amount);
  return `${whole < 0 ? '−' : ''}৳ ${toBengaliDigits(Math.abs(whole).toLocaleString('en-IN'))}`;
}

/** A count in Bengali digits, grouped: `১,২৫০`. */
export function countText(n: number): string {
  return toBengaliDigits(Math.round(n).toLocaleString('en-IN'));
}

const UNITS: [value: number, word: string][] = [
  [10_000_000, 'কোটি'],
  [100_000, 'লাখ'],
  [1_000, 'হাজার'],
];

/** An axis mark: `৳ ৮০০`, `৳ ১২ হাজার`, `৳ ১.৫ লাখ`, `৳ ২ কোটি` (one decimal at most). */
export function takaShort(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  const abs = Math.abs(amount);
  for (const [value, word] of UNITS) {
    if (abs >= value) {
      const n = Math.round((abs / value) * 10) / 10;
      return `${sign}৳ ${toBengaliDigits(String(n))} ${word}`;
    }
  }
  return `${sign}৳ ${toBengaliDigits(String(Math.round(abs)))}`;
}

/** A percentage from a ratio: 0.3429 → `৩৪.৩%`. */
export function percentText(ratio: number): string {
  return `${toBengaliDigits(String(Math.round(ratio * 1000) / 10))}%`;
}

const MONTHS = ['জানু', 'ফেব্রু', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টে', 'অক্টো', 'নভে', 'ডিসে'];

/** A period as an axis names it: `২৭ নভে` (a day), `সপ্তাহ ৪৮` (an ISO week), `নভে ২০২৬` (a month). */
export function periodShort(period: string): string {
  const week = /^(\d{4})-W(\d{2})$/.exec(period);
  if (week) return `সপ্তাহ ${toBengaliDigits(String(Number(week[2])))}`;
  const [year, month, day] = period.split('-');
  const name = MONTHS[Number(month) - 1] ?? month;
  return day ? `${toBengaliDigits(String(Number(day)))} ${name}` : `${name} ${toBengaliDigits(year ?? '')}`;
}

/**
 * Round marks for an axis from `min` to `max` (0 always among them): about `count` steps of 1, 2
 * or 5 times a power of ten, covering both ends.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (hi === lo) return [0, 1];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step; v += step) {
    ticks.push(Math.round(v * 1e6) / 1e6);
    if (v >= hi) break;
  }
  return ticks;
}

/** Every `k`-th label shown so that at most `most` fit under an axis (the first always). */
export function labelEvery(n: number, most = 12): number {
  return Math.max(1, Math.ceil(n / most));
}
