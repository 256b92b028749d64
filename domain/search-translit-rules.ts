/**
 * The rule table of `search-translit.ts`: Latin letters → Bengali readings, each with a cost
 * (0 the likeliest). Which consonant pairs make a conjunct follows the consonant clusters of
 * Avro Phonetic's public rule table (OmicronLab's Avro Phonetic, as published in the
 * jsAvroPhonetic / pyAvroPhonetic `avrodict.json`), written out here as our own lower-case table:
 * casual typing has no Avro capitals (T, D, N, S), so a letter keeps all its readings.
 */

export type Options = [bengali: string, cost: number][];

/** Consonants: Latin letters → Bengali readings, the likeliest first. */
export const CONSONANTS: Record<string, Options> = {
  // ক্ষ is typed kkh, ksh, kh or x; "kkh" also stands for a doubled খ (byakkha → ব্যাখ্যা), "ksh" for ক + শ (noksha → নকশা).
  kkh: [['ক্ষ', 0], ['খ', 0.4]], ksh: [['ক্ষ', 0], ['কশ', 0.5]], kh: [['খ', 0], ['ক্ষ', 0.8]], k: [['ক', 0]], ck: [['ক', 0]], qu: [['ক', 0]], q: [['ক', 0]],
  x: [['ক্স', 0], ['ক্ষ', 0.6]],
  gg: [['জ্ঞ', 0], ['গ্গ', 1]], gy: [['জ্ঞ', 0], ['গ্য', 1]], gh: [['ঘ', 0]], g: [['গ', 0]],
  cch: [['চ্ছ', 0], ['চ্চ', 0.3]], cc: [['চ্চ', 0], ['ক্ক', 0.5]], chh: [['ছ', 0]], ch: [['চ', 0], ['ছ', 0.8]], c: [['ক', 0], ['চ', 0.5], ['স', 0.8]],
  jh: [['ঝ', 0]], j: [['জ', 0], ['য', 0.7]], z: [['জ', 0], ['য', 0.7]],
  th: [['থ', 0], ['ঠ', 0.9]], t: [['ত', 0], ['ট', 0.9]],
  dh: [['ধ', 0], ['ঢ', 1]], d: [['দ', 0], ['ড', 0.9]],
  n: [['ন', 0]], ph: [['ফ', 0]], f: [['ফ', 0]], p: [['প', 0]],
  bh: [['ভ', 0]], v: [['ভ', 0]], b: [['ব', 0]], m: [['ম', 0]],
  r: [['র', 0]], l: [['ল', 0]], sh: [['স', 0]], s: [['স', 0]], h: [['হ', 0]],
};

/** Vowels: [sign after a consonant, letter on its own]; '' is the inherent vowel. */
export const VOWELS: Record<string, { sign: Options; alone: Options }> = {
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

export const STOPS = new Set(['k', 'kh', 'g', 'gh', 'p', 'ph', 'f', 'b', 'bh', 'v', 't', 'th', 'd', 'dh']);

/**
 * Pairs usually written as a conjunct inside a word, by the first letter (Avro's clusters: গ্রাম,
 * বর্ণ, সন্ধ্যা, মোস্তফা, গল্প, শব্দ, বিশ্লেষণ, পত্নী); other pairs are usually two letters
 * (রহমান, আহমেদ, ইসলাম, ইকবাল, নাসরিন: h before m or n, which Avro joins, is two letters in names). At the start of a word it is always a conjunct. A consonant before
 * r is its র-ফলা, r before a consonant its রেফ (`conjunctLikely`).
 */
export const CONJUNCT_AFTER: Record<string, string[]> = {
  b: ['d', 'dh', 'j', 'b', 'l'],
  c: ['c', 'ch'],
  ch: ['ch', 'chh'],
  d: ['dh', 'd', 'bh', 'v', 'm', 'g', 'gh'],
  dh: ['n', 'm'],
  g: ['dh', 'n', 'm', 'l'],
  gh: ['n'],
  j: ['j', 'jh'],
  k: ['t', 's', 'k', 'l'],
  l: ['p', 'k', 'd', 'g', 't', 'm', 'l', 'b', 'bh', 'v', 'ph', 'f'],
  m: ['p', 'b', 'bh', 'v', 'n', 'm', 'l', 'ph', 'f', 'th'],
  n: ['d', 'dh', 't', 'th', 'k', 'kh', 'g', 'gh', 'c', 'ch', 'j', 'jh', 'n', 'm', 's'],
  ng: ['k', 'kh', 'g', 'gh'],
  p: ['t', 'n', 'p', 'l', 's'],
  ph: ['l'],
  f: ['l'],
  s: ['t', 'th', 'k', 'kh', 'p', 'ph', 'f', 'n', 'm', 'l'],
  sh: ['t', 'th', 'k', 'kh', 'p', 'ph', 'f', 'n', 'm', 'l', 'c', 'ch'],
  t: ['th', 't', 'n', 'm'],
};

/** The nasal an n (or ng) becomes before these letters in a conjunct: ঙ্ক, ঙ্গ (বঙ্কিম, গঙ্গা), ঞ্চ, ঞ্জ (পঞ্চাশ, ইঞ্জিন). */
export const NASAL_BEFORE: Record<string, string> = { k: 'ঙ', kh: 'ঙ', g: 'ঙ', gh: 'ঙ', c: 'ঞ', ch: 'ঞ', j: 'ঞ', jh: 'ঞ' };
/** Letters before which an n or m is often ং, the nasal sound written alone (পরিসংখ্যান, সংবিধান, সম্পূর্ণ's cousin সংবাদ). */
export const ANUSVARA_BEFORE: Record<string, string[]> = { n: ['k', 'kh', 'g', 'gh'], m: ['b', 'bh', 'v', 'p'] };

export function conjunctLikely(first: string, second: string): boolean {
  return (second === 'r' && STOPS.has(first)) || first === 'r' || (CONJUNCT_AFTER[first] ?? []).includes(second);
}
