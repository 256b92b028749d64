import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistanceAtMostOne, normalizeBengaliLetters, normalizeSearchText as n, searchWords, trigramSimilarity, trigrams } from './search-text';

describe('normalizeSearchText: Bengali spelling variants fold together', () => {
  it.each([
    ['গনিত', 'গণিত'], // ণ/ন
    ['নদি', 'নদী'], // ী/ি
    ['হুমায়ুন', 'হুমায়ূন'], // ূ/ু
    ['সিক্ষা', 'শিক্ষা'], // শ/স (and ক্ষ)
    ['ভাসা', 'ভাষা'], // ষ/স
    ['পরা', 'পড়া'], // ড়/র
    ['আসার', 'আষাঢ়'], // ঢ়/র
    ['সরত', 'শরৎ'], // ৎ/ত
    ['বাংলা', 'বাঙলা'], // ঙ/ং
    ['চাদ', 'চাঁদ'], // chandrabindu
    ['ইদ', 'ঈদ'], // independent ঈ/ই
  ])('%s = %s', (a, b) => {
    expect(n(a)).toBe(n(b));
  });

  it('folds য-ফলা: at the start of a word to ে (taking a following া), inside a word away', () => {
    expect(n('ব্যাকরণ')).toBe('বেকরন');
    expect(n('ব্যবসায়')).toBe(n('বেবসায়'));
    expect(n('উপন্যাস')).toBe('উপনাস');
    expect(n('বিদ্যা')).toBe('বিদা');
  });

  it('folds ব-ফলা: silent at the start, doubling the consonant inside a word', () => {
    expect(n('স্বর')).toBe('সর');
    expect(n('বিশ্ব')).toBe('বিসস');
  });

  it('folds ক্ষ to খ at the start of a word and কখ inside it', () => {
    expect(n('ক্ষমা')).toBe('খমা');
    expect(n('শিক্ষা')).toBe('সিকখা');
  });

  it('folds visarga: হ at the end of a short word, dropped at the end of a longer one, doubling inside', () => {
    expect(n('উঃ')).toBe('উহ');
    expect(n('অতএবঃ')).toBe('অতএব');
    expect(n('দুঃখ')).toBe('দুখখ');
  });

  it('keeps য় (য + nukta) apart from য-ফলা, in either encoding', () => {
    expect(n('রসায়ন')).toBe(n('রসা\u09DFন'));
    expect(n('রসায়ন')).toContain('\u09AF\u09BC');
  });

  it('never strips Bengali vowel signs or the virama', () => {
    expect(n('কি কী কে কো ক্ত')).toBe('কি কি কে কো ক্ত');
  });
});

describe('normalizeSearchText: the rest', () => {
  it('removes zero-width joiners, non-joiners and other invisible format characters', () => {
    expect(n('র\u200D্যাব')).toBe(n('র্যাব'));
    expect(n('ক্\u200Cত')).toBe('ক্ত');
    expect(n('gel\u00ADpen\u200B \uFEFFbox')).toBe('gelpen box');
  });

  it('turns Bengali digits into ASCII ones', () => {
    expect(n('পেন ড্রাইভ ৩২জিবি')).toBe('পেন ড্রাইভ 32 জিবি');
    expect(n('খণ্ড ২')).toBe('খন্ড 2');
  });

  it('lower-cases Latin and drops its accents, also in full-width and composed forms', () => {
    expect(n('Café CRÈME Ｐｅｎ')).toBe('cafe creme pen');
    expect(n('Cafe\u0301')).toBe('cafe');
    expect(n('İstanbul')).toBe('istanbul');
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(n('  USB-C   Charger (2)! ')).toBe('usb c charger 2');
    expect(n('জেল পেন নীল (১০টি)।')).toBe('জেল পেন নিল 10 টি');
  });

  it('separates digits from letters, and Latin from Bengali', () => {
    expect(n('FX-991')).toBe(n('fx991'));
    expect(n('Power Bank 10000mAh')).toBe('power bank 10000 mah');
    expect(n('ইউএসবি-C চার্জার')).toBe('ইউএসবি c চার্জার');
    expect(n('USBচার্জার')).toBe('usb চার্জার');
    expect(n('%_\\')).toBe('');
  });

  it('is NFC: decomposed and composed input agree', () => {
    expect(n('কো')).toBe(n('কো'));
    expect(n('e\u0301')).toBe('e');
  });

  it('is idempotent on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => n(n(s)) === n(s)), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => n(n(s)) === n(s)), { numRuns: 2000 });
  });

  it('is idempotent on Bengali-heavy strings (virama, ফলা, visarga, nukta, joiners in any order)', () => {
    const bengali = fc.constantFrom(...'কখগঙচজঞটডঢণতদনবমযরলশষসহড়ঢ়য়ৎংঃঁািীুূেৈোৌ়্অআইঈউঊএ০১ '.split(''), '\u200C', '\u200D', 'া', 'ৗ');
    fc.assert(
      fc.property(fc.array(bengali, { maxLength: 12 }), (chars) => {
        const s = chars.join('');
        return n(n(s)) === n(s);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('searchWords', () => {
  it('gives the normalised words, without repeats', () => {
    expect(searchWords('  নদীর   গান ')).toEqual(['নদির', 'গান']);
    expect(searchWords('River river SONG')).toEqual(['river', 'song']);
    expect(searchWords('50%_off')).toEqual(['50', 'off']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords(' - ')).toEqual([]);
  });

  it('keeps at most 8 words of at most 60 letters each (code points, so no broken pairs)', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    const [long] = searchWords('ক'.repeat(100));
    expect(Array.from(long as string)).toHaveLength(60);
    const [emoji] = searchWords('x'.repeat(59) + '𝒜𝒜');
    expect(Array.from(emoji as string)).toHaveLength(60);
  });
});

describe('editDistanceAtMostOne', () => {
  it.each([
    ['physics', 'physics', true],
    ['phisics', 'physics', true], // wrong letter
    ['mathematcs', 'mathematics', true], // missing letter
    ['chemisstry', 'chemistry', true], // extra letter
    ['pyhsics', 'physics', true], // swap
    ['chemestry', 'chemistry', true],
    ['phisycs', 'physics', false],
    ['fizics', 'physics', false],
    ['', 'a', true],
    ['', 'ab', false],
    ['গনিত', 'গনত', true], // a vowel sign is one letter
    ['গনিত', 'গিনত', true], // swapped sign and consonant
    ['গনিত', 'গাণিত', false],
  ])('%s / %s → %s', (a, b, expected) => {
    expect(editDistanceAtMostOne(a, b)).toBe(expected);
    expect(editDistanceAtMostOne(b, a)).toBe(expected);
  });

  it('agrees with a plain Damerau distance on random short words', () => {
    const damerau = (a: string[], b: string[]) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          row[j] = Math.min((d[i - 1] as number[])[j]! + 1, row[j - 1]! + 1, (d[i - 1] as number[])[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, (d[i - 2] as number[])[j - 2]! + 1);
        }
      return (d[a.length] as number[])[b.length]!;
    };
    const word = fc.array(fc.constantFrom('a', 'b', 'c', 'ক', 'ি'), { maxLength: 6 });
    fc.assert(fc.property(word, word, (a, b) => editDistanceAtMostOne(a.join(''), b.join('')) === damerau(a, b) <= 1), { numRuns: 3000 });
  });
});

describe('trigrams and trigramSimilarity (pg_trgm)', () => {
  it('pads a word with two spaces before and one after', () => {
    expect(trigrams('cat')).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(trigrams('a')).toEqual(['  a', ' a ']);
    expect(trigrams('গান')).toEqual(['  গ', ' গা', 'গান', 'ান ']);
  });

  it("matches pg_trgm's similarity", () => {
    // select similarity('word', 'two words') = 0.36363637 in PostgreSQL.
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(4 / 11, 6);
    expect(trigramSimilarity('physics', 'physics')).toBe(1);
    // "  p", " ph", "sic", "ics", "cs " shared of 11 distinct.
    expect(trigramSimilarity('phisics', 'physics')).toBeCloseTo(5 / 11, 6);
    expect(trigramSimilarity('', 'physics')).toBe(0);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });

  it('is symmetric', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => trigramSimilarity(a, b) === trigramSimilarity(b, a)));
  });
});

describe('normalizeBengaliLetters', () => {
  // Every letter and sign of the Bengali block (no digits, currency signs or other symbols).
  const bengaliLetters = Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x0980 + i)).filter((c) => /[\p{L}\p{M}]/u.test(c));

  it('is normalizeSearchText for any word of Bengali letters and signs', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...bengaliLetters), { maxLength: 12 }), (letters) => {
        const word = letters.join('');
        return normalizeBengaliLetters(word) === n(word);
      }),
      { numRuns: 5000 },
    );
    for (const word of ['রবীন্দ্রনাথ', 'ব্যাখ্যা', 'বঙ্কিম', 'দুঃখ', 'চাঁদ', 'পড়া', 'স্বর']) expect(normalizeBengaliLetters(word)).toBe(n(word));
  });
});
