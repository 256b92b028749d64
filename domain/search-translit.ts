/**
 * Bengali for a word typed in Latin letters the way Bangladeshis type Bengali phonetically
 * ("ganit", "boi", "humayun"). A compact rule table in the spirit of Avro Phonetic, but for
 * casual spellings: "a" may be আ-কার or the inherent vowel, "o" the inherent vowel or ো,
 * doubled letters one letter or a conjunct, "t"/"d" dental or retroflex. Each reading has a
 * cost; the cheapest few, normalised, are the candidates. Matching treats a candidate as the
 * prefix of a word of the normalised document, so a candidate need only be right so far.
 * (The npm avro-phonetic package is a jQuery plugin and a browser global, no module, and its
 * strict Avro readings miss casual spellings: ganit → গানিত, rabindranath → রাবিন্দ্রানাথ.)
 */
import { normalizeSearchText } from './search-text';

export const MAX_TRANSLIT_CANDIDATES = 4;

const VIRAMA = '\u09CD';
const YA = '\u09AF';
const YYA = '\u09AF\u09BC'; // য় as NFC writes it

type Options = [bengali: string, cost: number][];

/** Consonants: Latin letters → Bengali readings, the likeliest first. */
const CONSONANTS: Record<string, Options> = {
  kkh: [['ক্ষ', 0]], ksh: [['ক্ষ', 0]], kh: [['খ', 0]], k: [['ক', 0]], ck: [['ক', 0]], qu: [['ক', 0]], q: [['ক', 0]], x: [['ক্স', 0]],
  gg: [['জ্ঞ', 0], ['গ্গ', 1]], gy: [['জ্ঞ', 0], ['গ্য', 1]], gh: [['ঘ', 0]], g: [['গ', 0]],
  cc: [['চ্চ', 0], ['ক্ক', 0.5]], chh: [['ছ', 0]], ch: [['চ', 0], ['ছ', 0.8]], c: [['ক', 0], ['চ', 0.5], ['স', 0.8]],
  jh: [['ঝ', 0]], j: [['জ', 0], ['য', 0.7]], z: [['জ', 0], ['য', 0.7]],
  th: [['থ', 0], ['ঠ', 0.9]], t: [['ত', 0], ['ট', 0.9]],
  dh: [['ধ', 0], ['ঢ', 1]], d: [['দ', 0], ['ড', 0.9]],
  n: [['ন', 0]], ph: [['ফ', 0]], f: [['ফ', 0]], p: [['প', 0]],
  bh: [['ভ', 0]], v: [['ভ', 0]], b: [['ব', 0]], m: [['ম', 0]],
  r: [['র', 0]], l: [['ল', 0]], sh: [['স', 0]], s: [['স', 0]], h: [['হ', 0]],
};

/** Vowels: [sign after a consonant, letter on its own]; '' is the inherent vowel. */
const VOWELS: Record<string, { sign: Options; alone: Options }> = {
  aa: { sign: [['া', 0]], alone: [['আ', 0]] },
  a: { sign: [['া', 0], ['', 0.5]], alone: [['আ', 0], ['অ', 0.7]] },
  ee: { sign: [['ি', 0]], alone: [['ই', 0]] },
  ii: { sign: [['ি', 0]], alone: [['ই', 0]] },
  i: { sign: [['ি', 0]], alone: [['ই', 0]] },
  oo: { sign: [['ু', 0]], alone: [['উ', 0]] },
  u: { sign: [['ু', 0]], alone: [['উ', 0]] },
  e: { sign: [['ে', 0]], alone: [['এ', 0], ['অ্যা', 1]] },
  // "boi" is ব + ই (বই) far more often than বৈ.
  oi: { sign: [['ই', 0], ['ৈ', 0.6]], alone: [['ঐ', 0], ['অই', 0.5]] },
  ou: { sign: [['ৌ', 0], ['উ', 0.6]], alone: [['ঔ', 0], ['অউ', 0.6]] },
  ow: { sign: [['ৌ', 0], ['ো', 0.6]], alone: [['ঔ', 0], ['ও', 0.6]] },
  au: { sign: [['ৌ', 0], ['াউ', 0.6]], alone: [['আউ', 0], ['ঔ', 0.6]] },
  o: { sign: [['', 0], ['ো', 0.6]], alone: [['অ', 0], ['ও', 0.4]] },
  // "ri" after a word's first consonant: র-ফলা + ি, or ৃ (পৃথিবী, বৃষ্টি, কৃষি).
  ri: { sign: [['্রি', 0], ['ৃ', 0.3]], alone: [['রি', 0]] },
  // "o" before another vowel is ো (দোয়া), not the inherent vowel.
  'o+': { sign: [['ো', 0], ['', 0.6]], alone: [['ও', 0], ['অ', 0.4]] },
};

const CONSONANT_KEYS = Object.keys(CONSONANTS).sort((a, b) => b.length - a.length);
const VOWEL_KEYS = Object.keys(VOWELS).filter((k) => k !== 'ri' && k !== 'o+').sort((a, b) => b.length - a.length);

type Token = { kind: 'consonant' | 'vowel'; latin: string } | { kind: 'y' | 'w' | 'ng'; latin: string };

function tokenize(word: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < word.length) {
    const rest = word.slice(i);
    const vowel = VOWEL_KEYS.find((k) => rest.startsWith(k));
    // "ng" is one sound (ং) unless a vowel follows the g, where it is ঙ্গ or ং + a vowel sign.
    if (rest.startsWith('ri') && out.length === 1 && out[0]?.kind === 'consonant') {
      out.push({ kind: 'vowel', latin: 'ri' });
      i += 2;
    } else if (rest.startsWith('ng')) {
      out.push({ kind: 'ng', latin: 'ng' });
      i += 2;
    } else if (rest[0] === 'y' || rest[0] === 'w') {
      out.push({ kind: rest[0] === 'y' ? 'y' : 'w', latin: rest[0] });
      i += 1;
    } else if (vowel) {
      out.push({ kind: 'vowel', latin: vowel });
      i += vowel.length;
    } else {
      const consonant = CONSONANT_KEYS.find((k) => rest.startsWith(k)) as string;
      out.push({ kind: 'consonant', latin: consonant });
      i += consonant.length;
    }
  }
  return out;
}

interface Reading {
  text: string;
  cost: number;
  /** Whether the text ends in a consonant that has no vowel yet (so a vowel is a sign). */
  open: boolean;
}

const BEAM = 48;

const STOPS = new Set(['k', 'kh', 'g', 'gh', 'p', 'ph', 'f', 'b', 'bh', 'v', 't', 'th', 'd', 'dh']);
/** Pairs usually written as a conjunct inside a word (গ্রাম, বর্ণ, সন্ধ্যা, মোস্তফা, গল্প); other pairs
 * are usually two letters (রহমান, ইসলাম, ইকবাল, নাসরিন). At the start of a word it is always a conjunct. */
const CONJUNCT_AFTER: Record<string, string[]> = {
  n: ['d', 'dh', 't', 'th', 'k', 'g', 'gh', 'ch', 'j'],
  m: ['p', 'b', 'bh'],
  s: ['t', 'th', 'k', 'kh', 'p', 'ph'],
  sh: ['t', 'th', 'k', 'kh', 'p', 'ph'],
  k: ['t', 's'],
  l: ['p', 'k', 'd'],
  d: ['dh', 'd'],
  p: ['t'],
  t: ['th'],
  ch: ['ch', 'chh'],
  j: ['j', 'jh'],
};
function conjunctLikely(first: string, second: string): boolean {
  return (second === 'r' && STOPS.has(first)) || first === 'r' || (CONJUNCT_AFTER[first] ?? []).includes(second);
}

function extend(beam: Reading[], options: Options, open: boolean, join = ''): Reading[] {
  return beam.flatMap((p) => options.map(([bn, cost]) => ({ text: p.text + join + bn, cost: p.cost + cost, open })));
}

/**
 * The normalised Bengali a phonetically typed Latin word most likely means, cheapest first, at
 * most four; [] when the word is not Latin letters only (after normalisation).
 */
export function latinToBengali(word: string): string[] {
  const latin = normalizeSearchText(word);
  if (!/^[a-z]{2,40}$/.test(latin)) return [];
  const tokens = tokenize(latin);
  if (tokens.length < 7) return readings(tokens).slice(0, MAX_TRANSLIT_CANDIDATES);
  // A long word has more doubtful letters than four readings cover (rabindranath: three "a"s).
  // Half the candidates read the whole word, half its first part (up to a consonant), which
  // has fewer doubts and, as a word prefix, still finds the word.
  let cut = Math.ceil(tokens.length * 0.6);
  while (cut > 3 && tokens[cut]?.kind !== 'vowel') cut--;
  const whole = readings(tokens).slice(0, 2);
  const head = readings(tokens.slice(0, cut)).filter((h) => !whole.some((w) => w.startsWith(h)));
  return [...whole, ...head].slice(0, MAX_TRANSLIT_CANDIDATES);
}

function readings(tokens: Token[]): string[] {
  let beam: Reading[] = [{ text: '', cost: 0, open: false }];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const vowelNext = next?.kind === 'vowel';
    const prev = tokens[i - 1];
    beam = beam.flatMap((p): Reading[] => {
      const one = [p];
      if (t.kind === 'vowel') {
        const v = VOWELS[t.latin === 'o' && vowelNext ? 'o+' : t.latin] as { sign: Options; alone: Options };
        if (p.open) {
          // A final "a" is nearly always া (কবিতা, বাংলা), seldom the inherent vowel.
          // A final "e" is silent as often as not in names spelt the English way (haque → হক).
          const sign =
            t.latin === 'a' && !next
              ? v.sign.map(([bn, c]): [string, number] => [bn, bn ? c : c + 1])
              : t.latin === 'e' && !next && i > 1
                ? [...v.sign, ['', 0.7] as [string, number]]
                : v.sign;
          return extend(one, sign, false);
        }
        // A vowel after a vowel: its own letter (বই, আইন) or after a glide য় (সাদিয়া, দোয়া).
        if (prev?.kind === 'vowel') return [...extend(one, v.alone, false), ...extend(extend(one, [[YYA, 0.2]], true), v.sign, false)];
        return extend(one, v.alone, false);
      }
      if (t.kind === 'ng') {
        // ঙ folds to ং, so ঙ + vowel and ঙ্গ + vowel both start with ং.
        return vowelNext ? [...extend(one, [['ংগ', 0]], true), ...extend(one, [['ং', 0.4]], true)] : extend(one, [['ং', 0]], false);
      }
      if (t.kind === 'y') {
        if (p.open) return extend(one, [[VIRAMA + YA, 0]], true); // য-ফলা
        return extend(one, [[p.text === '' ? YA : YYA, 0]], true);
      }
      if (t.kind === 'w') {
        if (p.open) return extend(one, [[VIRAMA + 'ব', 0]], true); // ব-ফলা
        return extend(one, [['ওয়', 0]], vowelNext);
      }
      let options = CONSONANTS[t.latin] as Options;
      // After "sh" a t is mostly ট (বৃষ্টি, কষ্ট), after "s" mostly ত (মোস্তফা, রাস্তা).
      if (prev?.latin === 'sh' && (t.latin === 't' || t.latin === 'th')) options = options.map(([bn], k) => [bn, (options[1 - k] as [string, number])[1]]);
      if (!p.open) return extend(one, options, true);
      // A consonant right after another: a conjunct, or two letters; the same letter twice is
      // often typed for one (uponnas → উপন্যাস, whose য-ফলা the normaliser drops).
      if (prev?.kind === 'consonant' && prev.latin === t.latin) {
        return [...extend(one, options, true, VIRAMA), ...extend(one, [['', 0.3]], true)];
      }
      const [joined, apart] = i === 1 ? [0, 2] : conjunctLikely(prev?.latin ?? '', t.latin) ? [0, 0.7] : [0.5, 0];
      return [...extend(one, options.map(([bn, c]) => [bn, c + joined]), true, VIRAMA), ...extend(one, options.map(([bn, c]) => [bn, c + apart]), true)];
    });
    beam = beam.sort((a, b) => a.cost - b.cost).slice(0, BEAM);
  });
  const best = new Map<string, number>();
  for (const p of beam) {
    const text = normalizeSearchText(p.text);
    if (text && !best.has(text)) best.set(text, p.cost);
  }
  return [...best.keys()];
}
