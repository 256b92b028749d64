/** Names the storefront and the demo shop agree on: the top categories, home sections and menus. */

/** The top category of all books. */
export const BOOKS_CATEGORY = 'বই';
export const ELECTRONICS_CATEGORY = 'ইলেক্ট্রনিক্স';
export const STATIONERY_CATEGORY = 'স্টেশনারি';

/**
 * A product's type as the API, the addresses (`/stationary/9`, `/admin-stationary`) and the
 * database's CHECK write it. `stationary` is the first version's spelling, kept wherever a value
 * leaves or is stored; names and prose say stationery (`STATIONERY_CATEGORY`).
 */
export const PRODUCT_TYPES = ['books', 'electronics', 'stationary'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The twelve home sections, in the order the home page shows them, with the slug the first version used. */
export const HOME_SECTIONS = [
  { slug: 'school-college', name: 'স্কুল-কলেজ' },
  { slug: 'programming-freelancing', name: 'প্রোগ্রামিং-ফ্রিল্যান্সিং' },
  { slug: 'islamic', name: 'ইসলামিক' },
  { slug: 'story-novel-poetry', name: 'গল্প-উপন্যাস-কবিতা' },
  { slug: 'BCS-bank', name: 'বিসিএস-ব্যাংক' },
  { slug: 'competitive-exam', name: 'কম্পিটিটিভ-এক্সাম' },
  { slug: 'medical-nursing', name: 'মেডিকেল-নার্সিং' },
  { slug: 'engineering', name: 'ইঞ্জিনিয়ারিং' },
  { slug: 'law', name: 'আইন' },
  { slug: 'BBA-MBA', name: 'বিবিএ-এমবিএ' },
  { slug: 'departmental', name: 'ডিপার্টমেন্টাল' },
  { slug: 'english-medium', name: 'ইংলিশ-মিডিয়াম' },
] as const;

/** The books listing's mega-menu groups, in the order the menu bar shows them. */
export const MEGA_MENU_GROUPS = ['বিসিএস-ব্যাংক', 'কম্পিটিটিভ-এক্সাম', 'মেডিকেল-নার্সিং', 'ইঞ্জিনিয়ারিং', 'আইন', 'বিবিএ-এমবিএ', 'গল্প-উপন্যাস-কবিতা', 'ইংলিশ-মিডিয়াম'] as const;

/** Titles and names are cut to this many characters on home carousels, followed by an ellipsis. */
export function cutTitle(text: string, max = 15): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
