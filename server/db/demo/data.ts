/** The demo shop's raw material. Fictional authors and publishers. */
import { HOME_SECTIONS, ELECTRONICS_CATEGORY, STATIONERY_CATEGORY } from '../../../domain/catalog';

/** Sub-categories of each home section. */
export const SECTION_CHILDREN: Record<string, string[]> = {
  'স্কুল-কলেজ': ['এসএসসি', 'এইচএসসি', 'প্রাথমিক'],
  'প্রোগ্রামিং-ফ্রিল্যান্সিং': ['ওয়েব ডেভেলপমেন্ট', 'ফ্রিল্যান্সিং', 'ডেটা সায়েন্স'],
  'ইসলামিক': ['হাদিস', 'সীরাত'],
  'গল্প-উপন্যাস-কবিতা': ['উপন্যাস', 'ছোটগল্প', 'কবিতা', 'থ্রিলার'],
  'বিসিএস-ব্যাংক': ['বিসিএস প্রিলিমিনারি', 'বিসিএস লিখিত', 'ব্যাংক জব'],
  'কম্পিটিটিভ-এক্সাম': ['বিশ্ববিদ্যালয় ভর্তি', 'মেডিকেল ভর্তি'],
  'মেডিকেল-নার্সিং': ['নার্সিং', 'এমবিবিএস'],
  'ইঞ্জিনিয়ারিং': ['ডিপ্লোমা', 'সিভিল', 'ইলেকট্রিক্যাল'],
  'আইন': ['বার কাউন্সিল', 'সংবিধান'],
  'বিবিএ-এমবিএ': ['অ্যাকাউন্টিং', 'মার্কেটিং'],
  'ডিপার্টমেন্টাল': ['অনার্স', 'মাস্টার্স'],
  'ইংলিশ-মিডিয়াম': ['O Level', 'A Level'],
};

export const ELECTRONICS_CHILDREN = ['মোবাইল এক্সেসরিজ', 'ক্যালকুলেটর', 'হেডফোন'];
export const STATIONERY_CHILDREN = ['কলম', 'খাতা', 'জ্যামিতি বক্স'];
export { ELECTRONICS_CATEGORY, STATIONERY_CATEGORY, HOME_SECTIONS };

export const AUTHORS = [
  'হুমায়ুন আজাদ রহমান', 'সেলিনা পারভীন', 'মাহমুদুল হাসান', 'তাহমিনা আক্তার', 'রবিউল ইসলাম', 'ফারহানা চৌধুরী',
  'আনিসুল করিম', 'নাসরিন জাহান', 'মোস্তফা কামাল', 'শাহনাজ বেগম', 'জাফর ইকবাল হোসেন', 'রুমানা আফরোজ',
  'কামরুল হাসান', 'সাদিয়া ইসলাম', 'আবদুল্লাহ আল মামুন', 'ইমদাদুল হক', 'মেহেরুন নেসা', 'তানভীর আহমেদ',
  'Ayesha Siddiqua', 'Rafiq Uddin', 'Nusrat Jahan', 'Tanvir Hasan', 'Sharmin Akter', 'Jamal Hossain',
  'Farzana Rahman', 'Arif Mahmud', 'Sabrina Karim', 'Mizanur Rahman', 'Laila Arjumand', 'Shafiq Alam',
];

export const PUBLISHERS = [
  'নদী প্রকাশন', 'শিখা পাবলিশার্স', 'আলোকবর্তিকা', 'বর্ণমালা প্রকাশনী', 'দিগন্ত বুক হাউস', 'পাঠশালা প্রকাশন',
  'মেঘনা পাবলিকেশন্স', 'কথামালা', 'জ্ঞানকোষ প্রকাশনী', 'সোনার তরী', 'Dhaka Academic Press', 'Bengal Learning House',
  'Padma Books', 'Green Leaf Publishers', 'Delta Education',
];

/** Title parts per section: [English, Bengali]. Books are made by combining them with volumes. */
export const SECTION_TITLES: Record<string, [string, string][]> = {
  'স্কুল-কলেজ': [['Higher Math Guide', 'উচ্চতর গণিত গাইড'], ['Physics First Paper', 'পদার্থবিজ্ঞান প্রথম পত্র'], ['Bangla Grammar', 'বাংলা ব্যাকরণ'], ['Chemistry Made Easy', 'সহজ রসায়ন']],
  'প্রোগ্রামিং-ফ্রিল্যান্সিং': [['Learn JavaScript', 'জাভাস্ক্রিপ্ট শিখুন'], ['Python for Everyone', 'সবার জন্য পাইথন'], ['Freelancing Handbook', 'ফ্রিল্যান্সিং হ্যান্ডবুক'], ['Web Design Basics', 'ওয়েব ডিজাইনের হাতেখড়ি']],
  'ইসলামিক': [['Stories of the Prophets', 'নবীদের কাহিনী'], ['Daily Duas', 'প্রতিদিনের দোয়া'], ['Seerah Reader', 'সীরাত পাঠ']],
  'গল্প-উপন্যাস-কবিতা': [['The River Song', 'নদীর গান'], ['Evening Rain', 'সন্ধ্যার বৃষ্টি'], ['Village Tales', 'গ্রামের গল্প'], ['Poems of Spring', 'বসন্তের কবিতা'], ['Midnight Detective', 'মাঝরাতের গোয়েন্দা']],
  'বিসিএস-ব্যাংক': [['BCS Preliminary Guide', 'বিসিএস প্রিলিমিনারি গাইড'], ['Bank Job Math', 'ব্যাংক জব গণিত'], ['General Knowledge Digest', 'সাধারণ জ্ঞান ডাইজেস্ট']],
  'কম্পিটিটিভ-এক্সাম': [['University Admission Guide', 'বিশ্ববিদ্যালয় ভর্তি গাইড'], ['Medical Admission MCQ', 'মেডিকেল ভর্তি এমসিকিউ'], ['English for Competitive Exams', 'প্রতিযোগিতামূলক পরীক্ষার ইংরেজি']],
  'মেডিকেল-নার্সিং': [['Nursing Fundamentals', 'নার্সিং এর মৌলিক বিষয়'], ['Human Anatomy Notes', 'মানব শারীরস্থান নোট'], ['Pharmacology Review', 'ফার্মাকোলজি রিভিউ']],
  'ইঞ্জিনিয়ারিং': [['Circuit Analysis', 'সার্কিট বিশ্লেষণ'], ['Structural Design', 'কাঠামোগত নকশা'], ['Engineering Drawing', 'ইঞ্জিনিয়ারিং ড্রয়িং']],
  'আইন': [['Constitution Explained', 'সংবিধানের ব্যাখ্যা'], ['Bar Council Guide', 'বার কাউন্সিল গাইড'], ['Law of Contract', 'চুক্তি আইন']],
  'বিবিএ-এমবিএ': [['Principles of Accounting', 'হিসাববিজ্ঞানের নীতি'], ['Marketing Management', 'মার্কেটিং ম্যানেজমেন্ট'], ['Business Statistics', 'ব্যবসায় পরিসংখ্যান']],
  'ডিপার্টমেন্টাল': [['Honours Economics', 'অনার্স অর্থনীতি'], ['Masters Sociology', 'মাস্টার্স সমাজবিজ্ঞান'], ['Political Science Notes', 'রাষ্ট্রবিজ্ঞান নোট']],
  'ইংলিশ-মিডিয়াম': [['O Level Mathematics', 'ও লেভেল গণিত'], ['A Level Physics', 'এ লেভেল পদার্থবিজ্ঞান'], ['English Literature Reader', 'ইংরেজি সাহিত্য পাঠ']],
};

export const ELECTRONICS = [
  ['Scientific Calculator', 'সায়েন্টিফিক ক্যালকুলেটর', 'Casio-like', 'FX-991'],
  ['Wired Earphone', 'তারযুক্ত ইয়ারফোন', 'SoundBox', 'E-10'],
  ['Bluetooth Headphone', 'ব্লুটুথ হেডফোন', 'SoundBox', 'BT-500'],
  ['Power Bank 10000mAh', 'পাওয়ার ব্যাংক ১০০০০mAh', 'ChargeUp', 'PB-10'],
  ['USB-C Charger', 'ইউএসবি-সি চার্জার', 'ChargeUp', 'C-20W'],
  ['Digital Table Clock', 'ডিজিটাল টেবিল ঘড়ি', 'TimeKeeper', 'TK-2'],
  ['Reading Lamp LED', 'এলইডি রিডিং ল্যাম্প', 'BrightDesk', 'RL-7'],
  ['Pen Drive 32GB', 'পেন ড্রাইভ ৩২জিবি', 'DataStick', 'DS-32'],
] as const;

export const STATIONERY = [
  ['Gel Pen Blue (Pack of 10)', 'জেল পেন নীল (১০টি)', 'Matador-like', 'G-10'],
  ['Ruled Exercise Book', 'রুলটানা খাতা', 'Paper House', 'EB-200'],
  ['Geometry Box', 'জ্যামিতি বক্স', 'ScaleRight', 'GB-1'],
  ['Highlighter Set', 'হাইলাইটার সেট', 'ColorMark', 'HL-5'],
  ['Sticky Notes', 'স্টিকি নোট', 'Paper House', 'SN-3'],
  ['Drawing Pencil Set', 'ড্রয়িং পেন্সিল সেট', 'ArtLine', 'DP-12'],
  ['File Folder', 'ফাইল ফোল্ডার', 'OfficeMate', 'FF-4'],
  ['Desk Organizer', 'ডেস্ক অর্গানাইজার', 'OfficeMate', 'DO-2'],
] as const;

export const BANNERS = [
  { title: 'বইমেলা অফার — সব বইয়ে ছাড়', subtitle: 'Book fair offer: up to 25% off', url: '/books' },
  { title: 'নতুন প্রোগ্রামিং বই', subtitle: 'New programming books are here', url: '/category/প্রোগ্রামিং-ফ্রিল্যান্সিং' },
  { title: 'স্টেশনারি সপ্তাহ', subtitle: 'Stationery week: pens, books and more', url: '/stationary' },
];
