import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { startTestS3, type TestS3 } from '../test/s3';
import { nowIso } from '../db/dialect';
import { multipart, pdfBytes, pngBytes, pngFile, type FilePart } from '../test/media-fixtures';
import { loadConfig } from '../config';
import { bucketNotCopied } from '../backup/backup';
import { IMMUTABLE_CACHE_CONTROL, S3Storage } from './s3-storage';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

describe('S3 storage against a local S3-compatible server (s3rver)', () => {
  it('puts, answers exists, serves at the path-style URL with its type and a long cache, and deletes', async () => {
    const { storage } = s3;
    const key = 'products/0123abcd-card.webp';
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Buffer.from('RIFF not really webp'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect(storage.url(key)).toBe(`${s3.config.endpoint}/${s3.config.bucket}/${key}`);
    const res = await fetch(storage.url(key));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(await res.text()).toBe('RIFF not really webp');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Deleting what is not there is no error, as on disk.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('opens a sample PDF inline under its own name', async () => {
    const key = 'pdfs/00ff00ff00ff00ff00ff00ff.pdf';
    await s3.storage.put(key, pdfBytes(), 'application/pdf');
    const res = await fetch(s3.storage.url(key));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="00ff00ff00ff00ff00ff00ff.pdf"');
    await s3.storage.delete(key);
  });

  it('refuses keys the server could not have made', async () => {
    for (const key of ['../etc/passwd.webp', '/abs.webp', 'products/x.html', 'Products/X.webp']) {
      await expect(s3.storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
      await expect(s3.storage.exists(key)).rejects.toThrow(/unsafe storage key/);
      await expect(s3.storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('uses MEDIA_PUBLIC_URL for the URLs when it is set', () => {
    const storage = new S3Storage({ ...s3.config, publicBase: 'https://cdn.example/shop/' });
    expect(storage.url('products/ab-card.webp')).toBe('https://cdn.example/shop/products/ab-card.webp');
    storage.close();
  });

  it('backups say that they do not copy the bucket (local media are copied, nothing to say)', () => {
    expect(bucketNotCopied(s3.config)).toBe('media are in the S3 bucket haat-media: a backup does not copy them; back the bucket up with the storage provider');
    expect(bucketNotCopied({ driver: 'local' })).toBeNull();
  });

  it('fails an upload to a bucket that cannot be reached, within its timeouts', async () => {
    const storage = new S3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' }, { connectionTimeoutMs: 500, requestTimeoutMs: 500 });
    const started = Date.now();
    await expect(storage.put('products/ab-card.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    storage.close();
  });
});

describe(`MEDIA_DRIVER=s3: uploads through the API land in the bucket (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let category: number;
  let author: number;
  let publisher: number;
  let before: string[];

  beforeAll(async () => {
    t = await createTestApp({ media: s3.config }, { storage: s3.storage });
    admin = (await t.signIn({ admin: true })).headers;
    const db = t.services.database.db;
    const now = nowIso();
    category = (await db.insertInto('categories').values({ name: 'বই', parent_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    author = (await db.insertInto('authors').values({ name: 'A', description: '', image: null, alt_text: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    publisher = (await db.insertInto('publishers').values({ name: 'P', description: '', image: null, alt_text: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    before = await s3.keys();
  });

  function book(files: Record<string, FilePart | undefined>, extra: Record<string, string | number> = {}) {
    return multipart({ english_title: 'Book', category, author, publisher, purchase_price: 1, regular_price: 2, units_stock: 1, ...extra, ...files }, admin);
  }

  it('an admin adds a book with a cover and a sample: every size and the PDF are in the bucket, at absolute URLs', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile(), pdf: { filename: 'sample.pdf', content: pdfBytes(), type: 'application/pdf' } }) });
    expect(res.statusCode).toBe(201);
    const product = res.json().product;
    const base = `${s3.config.publicBase}/`;
    const urls: string[] = [product.images.thumb, product.images.card, product.images.detail, product.pdf];
    for (const url of urls) expect(url.startsWith(base)).toBe(true);
    const added = (await s3.keys()).filter((k) => !before.includes(k));
    expect(added.sort()).toEqual(urls.map((u) => u.slice(base.length)).sort());
    const card = await fetch(product.images.card);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/webp');
    // The shop's own read answers the same URLs.
    const read = await t.app.inject({ url: `/api/product/${product.id}/`, headers: admin });
    expect(read.json().images).toEqual(product.images);
  });

  it('a refused upload (a good picture, a bad PDF) leaves the bucket as it was', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile(), pdf: { filename: 'x.pdf', content: await pngBytes() } }) });
    expect(res.statusCode).toBe(400);
    expect(await s3.keys()).toEqual(before);
  });

  it('a create whose database write fails after the picture was stored leaves the bucket as it was', async () => {
    // The book's category is deleted while its picture is being put: the insert fails on the foreign key.
    const db = t.services.database.db;
    const doomed = (await db.insertInto('categories').values({ name: 'doomed', parent_id: null, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id;
    const storage = t.services.storage;
    const put = storage.put.bind(storage);
    let removed = false;
    storage.put = async (key, data, type) => {
      if (!removed) {
        removed = true;
        await db.deleteFrom('categories').where('id', '=', doomed).execute();
      }
      return put(key, data, type);
    };
    try {
      const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile() }, { category: doomed }) });
      expect(res.statusCode).toBe(409);
    } finally {
      storage.put = put;
    }
    expect(removed).toBe(true);
    expect(await s3.keys()).toEqual(before);
  });

  it('a picture that fails half-way through its sizes leaves none of them', async () => {
    const storage = t.services.storage;
    const put = storage.put.bind(storage);
    let puts = 0;
    storage.put = async (key, data, type) => {
      puts += 1;
      // The second size is stored and then the answer is lost (a timeout): it must still be removed.
      if (puts === 2) {
        await put(key, data, type);
        throw new Error('request timed out');
      }
      return put(key, data, type);
    };
    try {
      const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile() }) });
      expect(res.statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(puts).toBe(2);
    expect(await s3.keys()).toEqual(before);
  });

  it("lets pages load pictures from the bucket's origin (Content-Security-Policy img-src), and only pictures", async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    const csp = res.headers['content-security-policy'] as string;
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'))!;
    expect(imgSrc.split(/\s+/)).toContain(new URL(s3.config.publicBase).origin);
    const defaultSrc = csp.split(';').find((d) => d.trim().startsWith('default-src'))!;
    expect(defaultSrc).not.toContain(new URL(s3.config.publicBase).origin);
  });

  it('with local storage the policy names no other origin', async () => {
    const local = await createTestApp();
    try {
      const res = await local.app.inject({ url: '/api/docs' });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
      expect(loadConfig({}).media).toEqual({ driver: 'local' });
    } finally {
      await local.close();
    }
  });
});
