import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { latinToBengali, MAX_TRANSLIT_CANDIDATES } from './search-translit';
import { normalizeSearchText } from './search-text';

/** Whether some candidate is the start of the normalised Bengali word, as the search will match. */
function finds(latin: string, bengali: string): boolean {
  const target = normalizeSearchText(bengali);
  return latinToBengali(latin).some((c) => target.startsWith(c));
}

describe('latinToBengali', () => {
  it.each([
    ['ganit', 'গণিত'],
    ['gonit', 'গণিত'],
    ['humayun', 'হুমায়ূন'],
    ['ahmed', 'আহমেদ'],
    ['rabindranath', 'রবীন্দ্রনাথ'],
    ['robindronath', 'রবীন্দ্রনাথ'],
    ['boi', 'বই'],
    ['bigyan', 'বিজ্ঞান'],
    ['biggan', 'বিজ্ঞান'],
    ['golpo', 'গল্প'],
    ['itihas', 'ইতিহাস'],
    ['kobita', 'কবিতা'],
    ['kabita', 'কবিতা'],
    ['upanyas', 'উপন্যাস'],
    ['uponnas', 'উপন্যাস'],
    ['bangla', 'বাংলা'],
    ['byakoron', 'ব্যাকরণ'],
    ['rosayon', 'রসায়ন'],
    ['shikkha', 'শিক্ষা'],
    ['sadia', 'সাদিয়া'],
    ['haque', 'হক'],
    ['islam', 'ইসলাম'],
    ['iqbal', 'ইকবাল'],
    ['rahman', 'রহমান'],
    ['chowdhury', 'চৌধুরী'],
    ['abdullah', 'আবদুল্লাহ'],
    ['nodi', 'নদী'],
    ['prokashoni', 'প্রকাশনী'],
    ['sonar', 'সোনার'],
    ['tori', 'তরী'],
    ['brishti', 'বৃষ্টি'],
    ['prithibi', 'পৃথিবী'],
    ['uccotor', 'উচ্চতর'],
    ['mostofa', 'মোস্তফা'],
  ])('%s finds %s', (latin, bengali) => {
    expect(finds(latin, bengali)).toBe(true);
  });

  it('gives normalised candidates, the likeliest first', () => {
    expect(latinToBengali('ganit')[0]).toBe('গানিত');
    expect(latinToBengali('ganit')).toContain(normalizeSearchText('গণিত'));
    expect(latinToBengali('boi')).toEqual(['বই', 'বৈ']);
    expect(latinToBengali('golpo')[0]).toBe('গল্প');
    expect(latinToBengali('BOI')).toEqual(latinToBengali('boi'));
  });

  it('answers nothing for words that are not Latin letters only, or a single letter', () => {
    expect(latinToBengali('গণিত')).toEqual([]);
    expect(latinToBengali('fx991')).toEqual([]);
    expect(latinToBengali('a')).toEqual([]);
    expect(latinToBengali('')).toEqual([]);
  });

  it('gives at most four distinct, normalised, non-empty candidates for any word', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,20}$/), (word) => {
        const out = latinToBengali(word);
        return (
          out.length <= MAX_TRANSLIT_CANDIDATES &&
          new Set(out).size === out.length &&
          out.every((c) => c !== '' && normalizeSearchText(c) === c && !/[a-z ]/.test(c))
        );
      }),
      { numRuns: 2000 },
    );
  });
});
