/**
 * Bengali first, English on request. Every text is written at its call site in both languages,
 * `t('কার্ট', 'Cart')`, so no dictionary file is shared between screens. The choice lives in the
 * `lang` cookie, so the server renders the right language on the first byte.
 */
import { createContext, useContext } from 'react';
import { toBengaliDigits } from '../../domain/bengali-digits';

// The pages write Bengali digits through this module, so it passes the one helper on.
export { toBengaliDigits };

export type Lang = 'bn' | 'en';
export const LANG_COOKIE = 'lang';

export function langFromCookie(cookieHeader: string | null): Lang {
  const match = /(?:^|;\s*)lang=(bn|en)\b/.exec(cookieHeader ?? '');
  return match?.[1] === 'en' ? 'en' : 'bn';
}

const LangContext = createContext<Lang>('bn');
export const LangProvider = LangContext.Provider;

export function useLang(): Lang {
  return useContext(LangContext);
}

/** `t(bengali, english)` picks the text for the current language. */
export function useT(): (bn: string, en: string) => string {
  const lang = useLang();
  return (bn, en) => (lang === 'en' ? en : bn);
}

/** A price in taka: `৳ ১,২৫০` in Bengali, `৳ 1,250` in English. */
export function formatTaka(amount: number, lang: Lang): string {
  const text = Math.round(amount).toLocaleString('en-IN');
  return `৳ ${lang === 'bn' ? toBengaliDigits(text) : text}`;
}
