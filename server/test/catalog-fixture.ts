/**
 * A small catalogue for the catalogue and search tests: English and Bengali titles, a
 * three-level category tree, an inactive book, and names that only match through the author
 * or publisher. Ids are returned by name so tests never assume numbering.
 */
import type { Kysely } from 'kysely';
import type { DB, NewProduct } from '../db/schema';

export async function loadCatalogFixture(db: Kysely<DB>) {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const category = async (name: string, parent_id: number | null) =>
    (await db.insertInto('categories').values({ name, parent_id, created_at: at(0) }).returning('id').executeTakeFirstOrThrow()).id;
  const books = await category('বই', null);
  const fiction = await category('গল্প-উপন্যাস-কবিতা', books);
  const novel = await category('উপন্যাস', fiction);
  const poetry = await category('কবিতা', fiction);
  const electronics = await category('ইলেক্ট্রনিক্স', null);
  const stationery = await category('স্টেশনারি', null);

  const person = async (table: 'authors' | 'publishers', name: string) =>
    (await db.insertInto(table).values({ name, description: '', image: null, alt_text: '', created_at: at(0), updated_at: at(0) }).returning('id').executeTakeFirstOrThrow()).id;
  const humayun = await person('authors', 'হুমায়ুন আহমেদ');
  const austen = await person('authors', 'Jane Austen');
  const zafar = await person('authors', 'Zafar Iqbal');
  const nodi = await person('publishers', 'নদী প্রকাশন');
  const padma = await person('publishers', 'Padma Books');
  const riverHouse = await person('publishers', 'River House');

  const product = async (p: Partial<NewProduct> & Pick<NewProduct, 'english_title' | 'regular_price'>, minute: number) =>
    (
      await db
        .insertInto('products')
        .values({ type: 'books', category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, ...p, created_at: at(minute), updated_at: at(minute) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const ids = {
    pride: await product({ english_title: 'Pride and Prejudice', regular_price: 500, bangla_title: 'অহংকার ও কুসংস্কার', category_id: novel, author_id: austen, publisher_id: padma, units_stock: 5, purchase_price: 350, purchase_from: 'Nilkhet' }, 1),
    riverSong: await product({ english_title: 'The River Song', bangla_title: 'নদীর গান', category_id: poetry, author_id: humayun, publisher_id: nodi, regular_price: 300, units_stock: 20 }, 2),
    eveningRain: await product({ english_title: 'Evening Rain', bangla_title: 'সন্ধ্যার বৃষ্টি', category_id: fiction, author_id: humayun, publisher_id: nodi, regular_price: 200, units_stock: 0 }, 3),
    hidden: await product({ english_title: 'Hidden River Book', bangla_title: 'লুকানো নদী', category_id: novel, author_id: humayun, publisher_id: nodi, regular_price: 100, is_active: 0 }, 4),
    calculator: await product({ type: 'electronics', english_title: 'Scientific Calculator', bangla_title: 'সায়েন্টিফিক ক্যালকুলেটর', category_id: electronics, brand: 'Casio', model: 'FX-991', regular_price: 1500, purchase_price: 1200, units_stock: 7 }, 5),
    gelPen: await product({ type: 'stationary', english_title: 'Gel Pen', bangla_title: 'জেল কলম', category_id: stationery, publisher_id: riverHouse, regular_price: 20, units_stock: 100 }, 6),
    riversOfBengal: await product({ english_title: 'Rivers of Bengal', bangla_title: 'বাংলার নদী', category_id: poetry, author_id: zafar, publisher_id: padma, regular_price: 450, units_stock: 3, offer_type: 'Percentage', percentage: 10, discount_price: 405 }, 7),
  };
  return { ids, categories: { books, fiction, novel, poetry, electronics, stationery }, authors: { humayun, austen, zafar }, publishers: { nodi, padma, riverHouse } };
}

export type CatalogFixture = Awaited<ReturnType<typeof loadCatalogFixture>>;
