import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { insertTitledBooks } from '../../test/search-fixtures';

describe(`GET /api/search/suggest/ (${testDialect})`, () => {
  let t: TestApp;
  let f: CatalogFixture;
  const suggest = async (q: string) => {
    const res = await t.app.inject(`/api/search/suggest/?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json().results as { kind: string; id: number; title: string; url: string }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await loadCatalogFixture(t.services.database.db);
  });
  afterAll(() => t.close());

  it('suggests products first, then authors, publishers and categories, each with its storefront path', async () => {
    expect(await suggest('নদী')).toEqual([
      { kind: 'product', id: f.ids.riverSong, title: 'নদীর গান', url: `/books/${f.ids.riverSong}` },
      { kind: 'product', id: f.ids.riversOfBengal, title: 'বাংলার নদী', url: `/books/${f.ids.riversOfBengal}` },
      { kind: 'product', id: f.ids.eveningRain, title: 'Evening Rain', url: `/books/${f.ids.eveningRain}` },
      { kind: 'publisher', id: f.publishers.nodi, title: 'নদী প্রকাশন', url: `/publishers/${encodeURIComponent('নদী প্রকাশন')}` },
    ]);
    expect(await suggest('river')).toEqual([
      { kind: 'product', id: f.ids.riversOfBengal, title: 'Rivers of Bengal', url: `/books/${f.ids.riversOfBengal}` },
      { kind: 'product', id: f.ids.riverSong, title: 'The River Song', url: `/books/${f.ids.riverSong}` },
      { kind: 'product', id: f.ids.gelPen, title: 'Gel Pen', url: `/stationary/${f.ids.gelPen}` },
      { kind: 'publisher', id: f.publishers.riverHouse, title: 'River House', url: `/publishers/River%20House` },
    ]);
  });

  it('matches names in the normalised form: spelling variants, Latin letters, typos', async () => {
    expect((await suggest('হুমায়ূন')).filter((s) => s.kind === 'author')).toEqual([{ kind: 'author', id: f.authors.humayun, title: 'হুমায়ুন আহমেদ', url: `/authors/${encodeURIComponent('হুমায়ুন আহমেদ')}` }]);
    expect((await suggest('jane austin')).map((s) => [s.kind, s.id])).toEqual([
      ['product', f.ids.pride],
      ['author', f.authors.austen],
    ]);
    expect((await suggest('kobita')).filter((s) => s.kind === 'category').map((s) => s.url)).toEqual([`/category/${encodeURIComponent('কবিতা')}`, `/category/${encodeURIComponent('গল্প-উপন্যাস-কবিতা')}`]);
  });

  it('follows a renamed author at once: names found for a term are remembered only while the catalogue is unchanged', async () => {
    const db = t.services.database.db;
    const authors = async (q: string) => (await suggest(q)).filter((s) => s.kind === 'author').map((s) => s.title);
    expect(await authors('austen')).toEqual(['Jane Austen']);
    expect(await authors('austen')).toEqual(['Jane Austen']);
    await db.updateTable('authors').set({ name: 'Jane Austen Classics' }).where('id', '=', f.authors.austen).execute();
    try {
      expect(await authors('austen')).toEqual(['Jane Austen Classics']);
    } finally {
      await db.updateTable('authors').set({ name: 'Jane Austen' }).where('id', '=', f.authors.austen).execute();
    }
    expect(await authors('austen')).toEqual(['Jane Austen']);
  });

  it('never shows an inactive product', async () => {
    expect((await suggest('hidden')).map((s) => s.kind)).toEqual([]);
  });

  it('answers nothing for an empty or punctuation-only term, and 400 for unsafe text', async () => {
    expect(await suggest('')).toEqual([]);
    expect((await t.app.inject('/api/search/suggest/')).json()).toEqual({ results: [] });
    expect(await suggest('%%')).toEqual([]);
    expect((await t.app.inject(`/api/search/suggest/?q=${encodeURIComponent('a\u202Eb')}`)).statusCode).toBe(400);
    expect((await t.app.inject(`/api/search/suggest/?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('gives at most 8, keeping places for names when the products are many', async () => {
    await insertTitledBooks(t.services.database.db, 'Padma Atlas', 12);
    expect(await suggest('atlas')).toHaveLength(8);
    const padma = await suggest('padma');
    expect(padma).toHaveLength(8);
    expect(padma.map((s) => s.kind)).toEqual([...Array(7).fill('product'), 'publisher']);
  });
});
