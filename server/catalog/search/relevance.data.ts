/**
 * What shoppers type, and what the catalogue search must show in its first five results, on
 * the demo shop (server/db/demo). Titles are English titles as the demo shop makes them
 * ("Law of Contract", "Chemistry Made Easy Vol. 2"). Every word of a query must match (a word
 * of the document starts with it, or with one of its Bengali readings when it is Latin); a
 * query matching more than five products expects its title first because the title is exactly
 * the query. `typo` cases need the search's typo tolerance (one edit) and are not met by
 * normalisation alone. relevance.data.test.ts proves each case true of the demo shop.
 */

export type RelevanceKind =
  | 'bengali-exact'
  | 'bengali-variant'
  | 'latin-title'
  | 'latin-person'
  | 'latin-publisher'
  | 'typo'
  | 'english-exact'
  | 'mixed'
  | 'author'
  | 'publisher'
  | 'category'
  | 'digits';

export interface RelevanceCase {
  query: string;
  /** English titles that must be among the first five results. */
  mustFind: string[];
  kind: RelevanceKind;
  note: string;
}

const c = (kind: RelevanceKind, query: string, mustFind: string[], note: string): RelevanceCase => ({ query, mustFind, kind, note });

export const RELEVANCE_CASES: RelevanceCase[] = [
  c('bengali-exact', 'নদীর গান', ['The River Song'], 'Bengali title as written'),
  c('bengali-exact', 'সহজ রসায়ন', ['Chemistry Made Easy'], 'Bengali title with য়'),
  c('bengali-exact', 'বাংলা ব্যাকরণ', ['Bangla Grammar'], 'য-ফলা at the start of a word'),
  c('bengali-exact', 'মাঝরাতের গোয়েন্দা', ['Midnight Detective'], 'Bengali title'),
  c('bengali-exact', 'হিসাববিজ্ঞানের নীতি', ['Principles of Accounting'], 'জ্ঞ conjunct'),
  c('bengali-exact', 'সংবিধানের ব্যাখ্যা', ['Constitution Explained'], 'ং and য-ফলা'),
  c('bengali-exact', 'তারযুক্ত ইয়ারফোন', ['Wired Earphone'], 'electronics, Bengali title'),
  c('bengali-exact', 'রুলটানা খাতা', ['Ruled Exercise Book'], 'stationery, Bengali title'),
  c('bengali-variant', 'উচ্চতর গনিত গাইড', ['Higher Math Guide'], 'ন typed for ণ'),
  c('bengali-variant', 'নদির গান', ['The River Song'], 'ি typed for ী'),
  c('bengali-variant', 'নবিদের কাহিনি', ['Stories of the Prophets'], 'ি for ী twice'),
  c('bengali-variant', 'সিরাত পাঠ', ['Seerah Reader'], 'ি for ী'),
  c('bengali-variant', 'সাধারন জ্ঞান', ['General Knowledge Digest'], 'ন for ণ'),
  c('bengali-variant', 'ব্যাংক জব গনিত', ['Bank Job Math'], 'ন for ণ'),
  c('bengali-variant', 'রাস্ট্রবিজ্ঞান নোট', ['Political Science Notes'], 'স for ষ'),
  c('bengali-variant', 'মানব সারিরস্থান', ['Human Anatomy Notes'], 'স for শ, ি for ী'),
  c('bengali-variant', 'বাংলা ব্যকরন', ['Bangla Grammar'], 'য-ফলা without া, ন for ণ'),
  c('bengali-variant', 'সন্ধার বৃস্টি', ['Evening Rain'], 'য-ফলা left out inside a word, স for ষ'),
  c('bengali-variant', 'বিশ্ববিদালয় ভর্তি গাইড', ['University Admission Guide'], 'য-ফলা left out'),
  c('bengali-variant', 'প্রতিদীনের দোয়া', ['Daily Duas'], 'ী typed for ি'),
  c('bengali-variant', 'হুমায়ূন আজাদ আইন', ['Law of Contract'], 'author with ূ for ু, and a title word'),
  c('bengali-variant', 'সেলিনা পারভিন বসন্তের', ['Poems of Spring Vol. 4'], 'author with ি for ী'),
  c('latin-title', 'nodir gan', ['The River Song'], 'Bengali title typed in Latin'),
  c('latin-title', 'sohoj rosayon', ['Chemistry Made Easy'], 'Latin, য় from "y" between vowels'),
  c('latin-title', 'bangla byakoron', ['Bangla Grammar'], 'Latin, য-ফলা from "by"'),
  c('latin-title', 'uchchotor gonit', ['Higher Math Guide'], 'Latin, doubled "chch" as চ্চ'),
  c('latin-title', 'gramer golpo', ['Village Tales'], 'Latin, গ্র at the start'),
  c('latin-title', 'sondhar brishti', ['Evening Rain'], 'Latin, ৃ from "ri", ষ্ট from "sht"'),
  c('latin-title', 'boshonter kobita', ['Poems of Spring'], 'Latin, inherent "o"'),
  c('latin-title', 'majhrater goyenda', ['Midnight Detective'], 'Latin, ঝ from "jh"'),
  c('latin-title', 'nobider kahini', ['Stories of the Prophets'], 'Latin'),
  c('latin-title', 'sadharon gyan', ['General Knowledge Digest'], 'Latin, জ্ঞ from "gy"'),
  c('latin-title', 'chukti ain', ['Law of Contract'], 'Latin, vowel after vowel'),
  c('latin-title', 'somajbiggan', ['Masters Sociology'], 'Latin, জ্ঞ from "gg", a word inside the title word'),
  c('latin-title', 'jyamiti box', ['Geometry Box'], 'Latin reading and an English word'),
  // Issue 32: spellings with conjuncts and several doubtful letters, each missed before.
  c('latin-title', 'rastrobigyan note', ['Political Science Notes'], 'Latin, ষ্ট্র typed "str", জ্ঞ from "gy"'),
  c('latin-title', 'samajbigyan', ['Masters Sociology'], 'Latin, "a" for the inherent vowel twice'),
  c('latin-title', 'padarthabigyan prothom potro', ['Physics First Paper'], 'Latin, র্থ and "a" for the inherent vowel'),
  c('latin-title', 'porishonkhan', ['Business Statistics'], 'Latin, ং from "n" before "kh"'),
  c('latin-title', 'kathamogoto noksha', ['Structural Design'], 'Latin, ঠ from "th", কশ from "ksh"'),
  c('latin-title', 'sombidhaner byakkha', ['Constitution Explained'], 'Latin, ং from "m" before "b", খ্য from "kkh"'),
  c('latin-title', 'sondhar bristi', ['Evening Rain'], 'Latin, ৃ from "ri" and ষ্ট from "st"'),
  c('latin-title', 'protijogitamulok porikkhar ingreji', ['English for Competitive Exams'], 'Latin, a long word read in part'),
  c('latin-title', 'sahaj rasayan', ['Chemistry Made Easy'], 'Latin, "a" for the inherent vowel'),
  c('latin-title', 'protidiner dowa', ['Daily Duas'], 'Latin, ো from "ow" before a vowel'),
  c('latin-title', 'majhrater gowenda', ['Midnight Detective'], 'Latin, ো from "ow", ন্দ'),
  c('latin-title', 'manob sharirsthan', ['Human Anatomy Notes'], 'Latin, স্থ with ী typed "i"'),
  c('latin-title', 'onars arthaniti', ['Honours Economics'], 'Latin, র্থ with "a" for the inherent vowel'),
  c('latin-publisher', 'pathshala circuit', ['Circuit Analysis', 'Circuit Analysis Vol. 9'], 'Latin publisher, ঠ from "th"'),
  c('latin-publisher', 'gyankosh anatomy', ['Human Anatomy Notes Vol. 2', 'Human Anatomy Notes Vol. 3', 'Human Anatomy Notes Vol. 4'], 'Latin publisher, ন and ক apart, ো'),
  c('latin-person', 'humayun azad law', ['Law of Contract'], 'Latin author name and an English title word'),
  c('latin-person', 'jafar iqbal physics', ['A Level Physics'], 'Latin author name'),
  c('latin-person', 'tanvir ahmed seerah', ['Seerah Reader'], 'Latin author, not Tanvir Hasan'),
  c('latin-person', 'selina parvin chemistry', ['Chemistry Made Easy Vol. 2', 'Chemistry Made Easy Vol. 6'], 'Latin author, ী from "i"'),
  c('latin-person', 'mostofa kamal bcs', ['BCS Preliminary Guide'], 'Latin author, ো from "o"'),
  c('latin-person', 'nasrin jahan english', ['English Literature Reader', 'English Literature Reader Vol. 7'], 'Latin author, not Nusrat Jahan'),
  c('latin-person', 'rumana medical', ['Medical Admission MCQ'], 'Latin author first name'),
  c('latin-person', 'abdullah al mamun bank', ['Bank Job Math'], 'Latin author of four words, ল্ল'),
  c('latin-person', 'kamrul hasan sociology', ['Masters Sociology Vol. 3'], 'Latin author'),
  c('latin-person', 'anisul karim python', ['Python for Everyone'], 'Latin author, inherent "a"'),
  c('latin-person', 'farhana chowdhury circuit', ['Circuit Analysis'], 'Latin author, ৌ from "ow"'),
  c('latin-person', 'rabiul islam village', ['Village Tales Vol. 3'], 'Latin author, "a" as inherent vowel'),
  c('latin-publisher', 'kothamala python', ['Python for Everyone'], 'Latin publisher'),
  c('latin-publisher', 'sonar tori detective', ['Midnight Detective Vol. 5'], 'Latin publisher, ী from "i"'),
  c('latin-publisher', 'meghna prophets', ['Stories of the Prophets Vol. 2'], 'Latin publisher'),
  c('latin-publisher', 'nodi prokashon seerah', ['Seerah Reader Vol. 3', 'Seerah Reader Vol. 4'], 'Latin publisher, প্র at the start'),
  c('publisher', 'padma books nursing', ['Nursing Fundamentals Vol. 8', 'Nursing Fundamentals Vol. 9'], 'English publisher'),
  c('publisher', 'dhaka academic press anatomy', ['Human Anatomy Notes Vol. 9'], 'English publisher'),
  c('publisher', 'দিগন্ত বুক হাউস নবীদের', ['Stories of the Prophets'], 'Bengali publisher'),
  c('mixed', 'পাঠসালা circuit', ['Circuit Analysis', 'Circuit Analysis Vol. 9'], 'Bengali publisher with স for শ, English title word'),
  c('mixed', 'জ্ঞানকোষ প্রকাশনী anatomy', ['Human Anatomy Notes Vol. 2', 'Human Anatomy Notes Vol. 3', 'Human Anatomy Notes Vol. 4'], 'Bengali publisher, English word'),
  c('mixed', 'পাইথন python', ['Python for Everyone'], 'both languages of one word'),
  c('mixed', 'গণিত bank', ['Bank Job Math'], 'Bengali and English words'),
  c('mixed', 'o level গণিত', ['O Level Mathematics'], 'English words and a Bengali one'),
  c('mixed', 'হেডফোন bluetooth', ['Bluetooth Headphone'], 'Bengali and English words'),
  c('author', 'তানভীর আহমেদ সীরাত', ['Seerah Reader'], 'Bengali author and title word'),
  c('author', 'Sharmin Akter nursing', ['Nursing Fundamentals Vol. 3'], 'English author'),
  c('author', 'laila arjumand duas', ['Daily Duas Vol. 8'], 'English author, lower case'),
  c('category', 'থ্রিলার গোয়েন্দা', ['Midnight Detective Vol. 4'], 'category and title word'),
  c('category', 'হাদিস সীরাত', ['Seerah Reader Vol. 3', 'Seerah Reader Vol. 5'], 'category and title word'),
  c('category', 'এমবিবিএস anatomy', ['Human Anatomy Notes', 'Human Anatomy Notes Vol. 3'], 'category in Bengali, English title word'),
  c('category', 'ইসলামিক কাহিনী', ['Stories of the Prophets'], 'section name and title word'),
  c('english-exact', 'circuit analysis', ['Circuit Analysis'], 'English title'),
  c('english-exact', 'Structural Design', ['Structural Design'], 'English title, capitals'),
  c('english-exact', 'sticky notes', ['Sticky Notes'], 'stationery'),
  c('english-exact', 'desk organizer', ['Desk Organizer'], 'stationery'),
  c('english-exact', 'marketing management', ['Marketing Management'], 'English title'),
  c('english-exact', 'casio fx-991', ['Scientific Calculator'], 'brand and model'),
  c('digits', 'পেন ড্রাইভ ৩২', ['Pen Drive 32GB'], 'Bengali digits for ASCII ones in the title'),
  c('digits', 'পাওয়ার ব্যাংক ১০০০০', ['Power Bank 10000mAh'], 'Bengali digits'),
  c('digits', 'power bank ১০০০০mah', ['Power Bank 10000mAh'], 'Bengali digits glued to Latin letters'),
  c('digits', 'পদার্থবিজ্ঞান প্রথম পত্র ৩', ['Physics First Paper Vol. 3'], 'volume number in Bengali digits'),
  c('digits', 'নদীর গান খন্ড 2', ['The River Song Vol. 2'], 'ASCII volume number, ন for ণ'),
  c('typo', 'phisics first paper', ['Physics First Paper'], 'one letter wrong'),
  c('typo', 'chemestry made easy', ['Chemistry Made Easy'], 'one letter wrong'),
  c('typo', 'o level mathematcs', ['O Level Mathematics'], 'one letter missing'),
  c('typo', 'pyhton for everyone', ['Python for Everyone'], 'two letters swapped'),
  c('typo', 'learn javascrpt', ['Learn JavaScript'], 'one letter missing'),
  c('typo', 'freelanceing handbook', ['Freelancing Handbook'], 'one letter extra'),
  c('typo', 'pharmacolgy review', ['Pharmacology Review'], 'one letter missing'),
  c('typo', 'humen anatomy notes', ['Human Anatomy Notes'], 'one letter wrong'),
  c('typo', 'bluetoth headphone', ['Bluetooth Headphone'], 'one letter missing'),
  c('typo', 'scientifc calculator', ['Scientific Calculator'], 'one letter missing'),
  c('typo', 'geomtry box', ['Geometry Box'], 'one letter missing'),
  c('typo', 'higlighter set', ['Highlighter Set'], 'one letter missing'),
  c('typo', 'constitusion explained', ['Constitution Explained'], 'one letter wrong'),
  c('typo', 'সহজ রসয়ন', ['Chemistry Made Easy'], 'Bengali, a vowel sign missing'),
];

/** The titles of `mustFind` missing from the first five results (empty when the case passes). */
export function expectFound(resultTitles: string[], mustFind: string[]): string[] {
  const firstFive = new Set(resultTitles.slice(0, 5));
  return mustFind.filter((t) => !firstFive.has(t));
}
