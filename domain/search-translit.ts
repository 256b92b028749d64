/**
 * Bengali for a word typed in Latin letters the way Bangladeshis type Bengali phonetically
 * ("ganit", "boi", "humayun"). A rule table after Avro Phonetic's (search-translit-rules.ts), but
 * for casual spellings: "a" may be আ-কার or the inherent vowel, "o" the inherent vowel or ো,
 * doubled letters one letter or a conjunct, "t"/"d" dental or retroflex. Each reading has a
 * cost; the cheapest few, normalised, are the candidates (`latinToBengali`), and more of them
 * (`latinReadings`) are checked against the catalogue's words. Matching treats a candidate as the
 * prefix of a word of the normalised document, so a candidate need only be right so far.
 * (The npm avro-phonetic package is a jQuery plugin and a browser global, no module, and its
 * strict Avro readings miss casual spellings: ganit → গানিত, rabindranath → রাবিন্দ্রানাথ.)
 */
import { normalizeBengaliLetters, normalizeSearchText } from './search-text';
import { ANUSVARA_BEFORE, CONSONANTS, NASAL_BEFORE, VOWELS, conjunctLikely, type Options } from './search-translit-rules';

export const MAX_TRANSLIT_CANDIDATES = 4;
/** How many readings `latinReadings` gives: the ones a search checks against the catalogue's words. */
export const MAX_WIDE_READINGS = 24;

const VIRAMA = '\u09CD';
const YA = '\u09AF';
const YYA = '\u09AF\u09BC'; // য় as NFC writes it

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

function extend(beam: Reading[], options: Options, open: boolean, join = ''): Reading[] {
  return beam.flatMap((p) => options.map(([bn, cost]) => ({ text: p.text + join + bn, cost: p.cost + cost, open })));
}

/** The word's tokens when it is Latin letters only (after normalisation), else null. */
function latinTokens(word: string): Token[] | null {
  const latin = normalizeSearchText(word);
  return /^[a-z]{2,40}$/.test(latin) ? tokenize(latin) : null;
}

/**
 * The cheapest `limit` readings. A long word has more doubtful letters than a few readings
 * cover (rabindranath: three "a"s): half the readings read the whole word, half its first part
 * (up to a consonant), which has fewer doubts and, as a word prefix, still finds the word.
 */
function cheapest(tokens: Token[], limit: number): string[] {
  const { whole, head } = readingsOf(tokens);
  if (!head) return whole.slice(0, limit);
  const first = whole.slice(0, limit / 2);
  return [...first, ...head.filter((h) => !first.some((w) => w.startsWith(h)))].slice(0, limit);
}

/** The readings of the whole word and, for a long one, of its first part (up to a consonant). */
function readingSets(tokens: Token[]): { whole: string[]; head: string[] | null } {
  if (tokens.length < 7) return { whole: readings(tokens), head: null };
  let cut = Math.ceil(tokens.length * 0.6);
  while (cut > 3 && tokens[cut]?.kind !== 'vowel') cut--;
  return { whole: readings(tokens), head: readings(tokens.slice(0, cut)) };
}

/** The last word's reading sets: a search asks for a word's likeliest and wider readings one after the other. */
let lastRead: { key: string; sets: ReturnType<typeof readingSets> } | null = null;
function readingsOf(tokens: Token[]): ReturnType<typeof readingSets> {
  const key = tokens.map((t) => t.latin).join(' ');
  if (lastRead?.key !== key) lastRead = { key, sets: readingSets(tokens) };
  return lastRead.sets;
}

/**
 * The normalised Bengali a phonetically typed Latin word most likely means, cheapest first, at
 * most four; [] when the word is not Latin letters only (after normalisation).
 */
export function latinToBengali(word: string): string[] {
  const tokens = latinTokens(word);
  return tokens ? cheapest(tokens, MAX_TRANSLIT_CANDIDATES) : [];
}

/**
 * More readings of the word, cheapest first (at most MAX_WIDE_READINGS): too many to look each
 * up in the documents, but cheap to check against the catalogue's vocabulary of words at once,
 * so a spelling with several doubtful letters (chhotogolpo → ছোটগল্প: ো and ট both second
 * choices) still finds its word.
 */
export function latinReadings(word: string): string[] {
  const tokens = latinTokens(word);
  if (!tokens) return [];
  // Three letters at least (two for a word of three or four): a doubled run read as one letter (zzzz → জ) starts too many words.
  const least = Math.min(3, Math.ceil(tokens.reduce((n, t) => n + t.latin.length, 0) / 2));
  return cheapest(tokens, MAX_WIDE_READINGS).filter((r) => Array.from(r).length >= least);
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
          // A final "a" or "o" is া/ো or the inherent vowel (কবিতা, অনন্ত, গল্প): the reading
          // without it is a prefix of both, and matching is by prefix, so it stands for both (once
          // two letters are read: a lone letter would be inside every other word).
          if ((t.latin === 'a' || t.latin === 'o') && !next && Array.from(p.text).length >= 2) return one;
          // A short word's final "a" is nearly always া (মা, না), seldom the inherent vowel.
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
        // Before a vowel: ঙ্গ (গঙ্গা, সঙ্গে), ঙ + the vowel's sign (রঙিন), ংগ (সংগীত); ঙ folds to ং.
        if (vowelNext) return extend(one, [['ঙ্গ', 0], ['ং', 0.3], ['ংগ', 0.4]], true);
        // Before k, kh, g, gh: ঙ joined to it (bongkim → বঙ্কিম), or ং.
        if (next && NASAL_BEFORE[next.latin] === 'ঙ') return [...extend(one, [['ঙ', 0]], true), ...extend(one, [['ং', 0.3]], false)];
        return extend(one, [['ং', 0]], false);
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
      // (য after a virama is য-ফলা, which only "y" writes.)
      const joinable = options.filter(([bn]) => bn !== YA);
      if (prev?.kind === 'consonant' && prev.latin === t.latin) {
        return [...extend(one, joinable, true, VIRAMA), ...extend(one, [['', 0.3]], true)];
      }
      const [joined, apart] = i === 1 ? [0, 2] : conjunctLikely(prev?.latin ?? '', t.latin) ? [0, 0.7] : [0.5, 0];
      const out = [...extend(one, joinable.map(([bn, c]) => [bn, c + joined]), true, VIRAMA), ...extend(one, options.map(([bn, c]) => [bn, c + apart]), true)];
      // An n before k, g, c, j is mostly the nasal of their row (bankim → বঙ্কিম, injin → ইঞ্জিন).
      const nasal = prev?.latin === 'n' && p.text.endsWith('ন') ? NASAL_BEFORE[t.latin] : undefined;
      if (nasal) out.push(...extend([{ ...p, text: p.text.slice(0, -1) + nasal }], joinable.map(([bn, c]) => [bn, c - 0.1]), true, VIRAMA));
      // Or the nasal sound alone, ং (porisongkhan, sombidhan).
      if (prev && ANUSVARA_BEFORE[prev.latin]?.includes(t.latin)) out.push(...extend([{ ...p, text: p.text.slice(0, -1) + 'ং' }], options.map(([bn, c]) => [bn, c + 0.3]), true));
      return out;
    });
    beam = beam.sort((a, b) => a.cost - b.cost).slice(0, BEAM);
  });
  const best = new Map<string, number>();
  for (const p of beam) {
    const text = normalizeBengaliLetters(p.text);
    if (text && !best.has(text)) best.set(text, p.cost);
  }
  return [...best.keys()];
}
