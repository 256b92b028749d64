/**
 * Keeps the relevance set honest before any search uses it: every expected title exists in the
 * demo shop, and each query really can find it by the pure text layer (normalised words as
 * word prefixes, Latin words through their Bengali readings, one edit for typo cases only).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { LocalDiskStorage } from '../../media/storage';
import { seedDemoShop } from '../../db/demo/seed';
import * as demo from '../../db/demo/data';
import { editDistanceAtMostOne, normalizeSearchText, searchWords } from '../../../domain/search-text';
import { latinReadings, latinToBengali } from '../../../domain/search-translit';
import { RELEVANCE_CASES, expectFound, type RelevanceKind } from './relevance.data';

/** The English titles the demo shop makes from its data (books in volumes, goods in variants). */
function demoTitles(): Set<string> {
  const titles = new Set<string>();
  for (const section of demo.HOME_SECTIONS) {
    const parts = demo.SECTION_TITLES[section.name] ?? [];
    parts.forEach(([en], i) => {
      for (let n = i, volume = 1; n < 26; n += parts.length, volume++) titles.add(volume > 1 ? `${en} Vol. ${volume}` : en);
    });
  }
  for (const list of [demo.ELECTRONICS, demo.STATIONERY])
    list.forEach(([en], i) => {
      for (let n = i, variant = 1; n < 40; n += list.length, variant++) titles.add(variant > 1 ? `${en} (${variant})` : en);
    });
  return titles;
}

interface Doc {
  title: string;
  words: string[];
  titleWords: string[][];
}

function wordMatches(word: string, doc: string[], typo: boolean): boolean {
  // The search takes a Latin word's likeliest readings, and any of its wider readings that starts a catalogue word.
  const readings = [word, ...latinToBengali(word), ...latinReadings(word)];
  if (readings.some((r) => doc.some((d) => d.startsWith(r)))) return true;
  return typo && Array.from(word).length >= 4 && doc.some((d) => editDistanceAtMostOne(word, d));
}

const matches = (query: string[], doc: Doc, typo: boolean) => query.every((w) => wordMatches(w, doc.words, typo));

/**
 * The ranking the set assumes, the least any search should do: a title (either language)
 * holding more of the query's words first, then the shorter title (so "Law of Contract" before
 * its "Vol. 2").
 */
function rankKey(query: string[], doc: Doc, typo: boolean): [hits: number, length: number] {
  let best: [number, number] = [0, Infinity];
  for (const title of doc.titleWords) {
    const hits = query.filter((q) => wordMatches(q, title, typo)).length;
    if (hits > best[0] || (hits === best[0] && title.length < best[1])) best = [hits, title.length];
  }
  return best;
}
const atLeastAsHigh = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] <= b[1]);

describe('the search relevance set', () => {
  let database: TestDatabase;
  let docs: Doc[];
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoShop(database.db, new LocalDiskStorage(path.join(database.dataDir, 'media')));
    const rows = await database.db
      .selectFrom('products')
      .leftJoin('authors', 'authors.id', 'products.author_id')
      .leftJoin('publishers', 'publishers.id', 'products.publisher_id')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select(['english_title', 'bangla_title', 'authors.name as author', 'publishers.name as publisher', 'categories.name as category', 'brand', 'model'])
      .execute();
    docs = rows.map((r) => ({
      title: r.english_title,
      words: normalizeSearchText([r.english_title, r.bangla_title, r.author, r.publisher, r.category, r.brand, r.model].join(' ')).split(' '),
      titleWords: [r.english_title, r.bangla_title].map((t) => normalizeSearchText(t).split(' ')),
    }));
  });
  afterAll(() => database.destroy());

  it('has at least 60 cases, covering every kind', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set<RelevanceKind>(RELEVANCE_CASES.map((c) => c.kind));
    expect(kinds.size).toBe(12);
    expect(new Set(RELEVANCE_CASES.map((c) => c.query)).size).toBe(RELEVANCE_CASES.length);
  });

  it('expects only titles the demo shop has', () => {
    const titles = demoTitles();
    const stored = new Set(docs.map((d) => d.title));
    for (const c of RELEVANCE_CASES) for (const t of c.mustFind) expect({ query: c.query, title: t, made: titles.has(t), stored: stored.has(t) }).toEqual({ query: c.query, title: t, made: true, stored: true });
  });

  it.each(RELEVANCE_CASES.map((c) => [c.kind, c.query, c] as const))('%s: %s can find what it expects, among five', (_kind, _query, c) => {
    const typo = c.kind === 'typo';
    const query = searchWords(c.query);
    const found = docs.filter((d) => matches(query, d, typo));
    expect({ missing: c.mustFind.filter((t) => !found.some((d) => d.title === t)), found: found.length }).toMatchObject({ missing: [] });
    // Each expected product is among five even when every tie goes against it.
    for (const t of c.mustFind) {
      const doc = found.find((d) => d.title === t) as Doc;
      const key = rankKey(query, doc, typo);
      const rivals = found.filter((d) => d !== doc && atLeastAsHigh(rankKey(query, d, typo), key));
      expect({ title: t, rivals: rivals.length > 4 ? rivals.map((d) => d.title) : [] }).toEqual({ title: t, rivals: [] });
    }
    // A typo case needs the typo tolerance: normalisation and readings alone do not find it.
    if (typo) for (const t of c.mustFind) expect(docs.some((d) => d.title === t && matches(query, d, false))).toBe(false);
  });

  it('expectFound names the expected titles missing from the first five', () => {
    expect(expectFound(['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'f', 'g'])).toEqual(['f', 'g']);
    expect(expectFound(['a'], [])).toEqual([]);
  });
});
