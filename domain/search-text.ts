/**
 * The text layer of the catalogue search: one normalised form for search documents and for
 * queries, the words of a query, and the typo helpers (edit distance, pg_trgm-like trigrams).
 * Pure functions, no I/O. Latin-to-Bengali transliteration is in `search-translit.ts`.
 */
import { fromBengaliDigits } from './bengali-digits';

export const MAX_SEARCH_WORDS = 8;
export const MAX_WORD_LENGTH = 60;

// Bengali code points the folds name.
const VIRAMA = '\u09CD';
const NUKTA = '\u09BC';
const YA = '\u09AF';
const BA = '\u09AC';
const KA = '\u0995';
const SSA = '\u09B7';
const KHA = '\u0996';
const AA_SIGN = '\u09BE';
const E_SIGN = '\u09C7';
const VISARGA = '\u0983';
const HA = '\u09B9';

/** A Bengali consonant letter (ক…হ, and the nukta forms, which NFC keeps decomposed anyway). */
function isConsonant(c: string | undefined): boolean {
  return c !== undefined && ((c >= '\u0995' && c <= '\u09B9') || (c >= '\u09DC' && c <= '\u09DF'));
}

/** Letters folded one for one: Lucene's BengaliNormalizer, plus the independent long vowels. */
const SIMPLE_FOLDS: Record<string, string> = {
  '\u09C0': '\u09BF', // ী → ি
  '\u09C2': '\u09C1', // ূ → ু
  '\u0988': '\u0987', // ঈ → ই (not in Lucene: the same fold as the vowel signs)
  '\u098A': '\u0989', // ঊ → উ (likewise)
  '\u0999': '\u0982', // ঙ → ং
  '\u09B6': '\u09B8', // শ → স
  '\u09B7': '\u09B8', // ষ → স
  '\u09A3': '\u09A8', // ণ → ন
  '\u09CE': '\u09A4', // ৎ → ত
};

/**
 * Folds one Bengali word the way Lucene's BengaliNormalizer does (a double-metaphone-like
 * folding of spellings that sound alike). Positions are within the word, as in Lucene, whose
 * "word start" exceptions for য-ফলা, ব-ফলা and ক্ষ depend on them. Differences: ড়/ঢ় arrive
 * decomposed (NFC keeps them as ড/ঢ + nukta) and are folded in that form; ক্ষ is folded as
 * Lucene means to (its check looks for ি instead of ষ, so it never fires); a mid-word visarga
 * doubles the next letter only when that is a consonant, and the copy is folded too.
 */
function foldBengaliWord(word: string): string {
  const s = Array.from(word);
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const simple = SIMPLE_FOLDS[c];
    if (simple) {
      s[i] = simple;
      continue;
    }
    switch (c) {
      case '\u0981': // chandrabindu: dropped
        s.splice(i, 1);
        i--;
        break;
      case '\u09A1': // ড় / ঢ় (ড/ঢ + nukta) → র
      case '\u09A2':
        if (s[i + 1] === NUKTA) {
          s.splice(i, 2, '\u09B0');
        }
        break;
      case KA: // ক্ষ: খ at the start of a word, কখ inside it
        if (s[i + 1] === VIRAMA && s[i + 2] === SSA) {
          if (i === 0) s.splice(i, 3, KHA);
          else s.splice(i + 1, 2, KHA);
        }
        break;
      case YA: // য-ফলা (not য়, which is য + nukta)
        if (s[i - 1] !== VIRAMA || s[i + 1] === NUKTA) break;
        if (i === 2) {
          // ব্যা… at the start sounds ব্যা = বে: the virama becomes ে and a following া goes.
          s[1] = E_SIGN;
          s.splice(i, s[i + 1] === AA_SIGN ? 2 : 1);
          i--;
        } else {
          s.splice(i - 1, 2);
          i -= 2;
        }
        break;
      case BA: // ব-ফলা
        if (i === 0 || s[i - 1] !== VIRAMA) break;
        if (i === 2 || (i >= 5 && s[i - 3] === VIRAMA)) {
          // At the start (স্বর → সর) or after a conjunct: the ফলা is silent.
          s.splice(i - 1, 2);
          i -= 2;
        } else if (i >= 2) {
          // Inside a word it doubles the consonant before it (বিশ্ব → বিসস).
          s[i - 1] = s[i - 2] as string;
          s.splice(i, 1);
          i--;
        }
        break;
      case VISARGA:
        if (i === s.length - 1) {
          if (s.length <= 3) s[i] = HA;
          else s.splice(i, 1);
        } else if (isConsonant(s[i + 1])) {
          s[i] = s[i + 1] as string;
          i--; // fold the copy as well
        } else {
          s.splice(i, 1);
          i--;
        }
        break;
      default:
        break;
    }
  }
  return s.join('');
}

const BENGALI = /[\u0980-\u09FF]/u;
// Diacritics on Latin letters (script Inherited: the combining accents); Bengali vowel signs
// and the virama are of the Bengali script, so they are never stripped.
const LATIN_MARKS = /(\p{Script=Latin})\p{Script=Inherited}+/gu;

function normalizeOnce(text: string): string {
  const words = text
    // Compatibility forms too (full-width letters, ligatures, superscript digits).
    .normalize('NFKC')
    // Zero-width joiner/non-joiner, soft hyphen, bidi marks, BOM…: invisible, so never typed.
    .replace(/\p{Cf}+/gu, '')
    .replace(/[০-৯]+/gu, fromBengaliDigits)
    .toLowerCase()
    .normalize('NFD')
    .replace(LATIN_MARKS, '$1')
    .normalize('NFC')
    // Everything but letters, marks and digits separates words.
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    // So do the seams between digits and letters and between Latin and Bengali (৩২জিবি, fx991,
    // 10000mAh), so "fx991" finds "FX-991" and "জিবি" finds "৩২জিবি".
    .replace(/(\p{N})(?=[\p{L}\p{M}])|([\p{L}\p{M}])(?=\p{N})/gu, '$1$2 ')
    .replace(/(\p{Script=Latin})(?=\p{Script=Bengali})|(\p{Script=Bengali})(?=\p{Script=Latin})/gu, '$1$2 ')
    .split(' ')
    .filter(Boolean);
  return words
    .map((w) => (BENGALI.test(w) ? foldBengaliWord(w).normalize('NFC') : w))
    .filter(Boolean)
    .join(' ');
}

/**
 * The one normalised form of search text, for documents and queries alike: words of lower-case
 * Latin without accents, of ASCII digits, and of Bengali with its spelling variants folded (ী/ি, ূ/ু,
 * শ/ষ/স, ণ/ন, ড়/ঢ়/র, ৎ/ত, ঙ/ং, no chandrabindu, য-ফলা and ব-ফলা), separated by one space.
 * Idempotent: the folds run until nothing changes (a fold can bring letters together that NFC
 * or another fold then joins).
 */
export function normalizeSearchText(text: string): string {
  let out = normalizeOnce(text);
  for (let i = 0; i < 4; i++) {
    const again = normalizeOnce(out);
    if (again === out) break;
    out = again;
  }
  return out;
}

/**
 * `normalizeSearchText` of a text made only of Bengali letters, vowel signs, virama and nukta
 * (one word: no spaces, digits, joiners or other scripts), without the steps that cannot change
 * it: the transliteration normalises dozens of such readings for every word typed in Latin.
 */
export function normalizeBengaliLetters(text: string): string {
  let out = foldBengaliWord(text.normalize('NFC')).normalize('NFC');
  for (let i = 0; i < 4; i++) {
    const again = foldBengaliWord(out).normalize('NFC');
    if (again === out) break;
    out = again;
  }
  return out;
}

/** The words of a search term, normalised: at most 8, each at most 60 letters, no repeats. */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  const words = normalizeSearchText(text)
    .split(' ')
    .filter(Boolean)
    .map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Whether `a` becomes `b` with at most one edit: a letter wrong, missing or extra, or two
 * neighbours swapped. Letters are code points, so a Bengali vowel sign counts as one.
 */
export function editDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (p: string[], from: number, q: string[], qFrom: number) => p.slice(from).join('\u0000') === q.slice(qFrom).join('\u0000');
  if (x.length === y.length) {
    // One substitution, or one adjacent swap.
    if (rest(x, i + 1, y, i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2, y, i + 2);
  }
  // One insertion or deletion.
  return x.length > y.length ? rest(x, i + 1, y, i) : rest(x, i, y, i + 1);
}

/**
 * pg_trgm's trigrams of one word: lower-cased, padded with two spaces before and one after,
 * every run of three letters (code points), distinct and sorted.
 */
export function trigrams(word: string): string[] {
  const letters = Array.from(`  ${word.toLowerCase()} `);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) out.add(letters.slice(i, i + 3).join(''));
  return [...out].sort();
}

/**
 * pg_trgm's similarity: shared distinct trigrams over all distinct trigrams of the two texts
 * (each word of a text padded on its own, as pg_trgm does). 0 when either has no letters.
 */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (text: string) => new Set(text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean).flatMap(trigrams));
  const ta = grams(a);
  const tb = grams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}
