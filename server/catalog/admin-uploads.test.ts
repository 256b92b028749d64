import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';
import { hugePngHeader, mediaFiles, multipart, pdfBytes, pngBytes, pngFile, type FilePart } from '../test/media-fixtures';

/** Bad uploads are judged by their content: each answers 4xx, never 5xx, and leaves no file under DATA_DIR/media. */
describe(`admin uploads are judged by content (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let category: number;
  let author: number;
  let publisher: number;
  let before: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn({ admin: true })).headers;
    const db = t.services.database.db;
    const now = nowIso();
    category = (await db.insertInto('categories').values({ name: 'বই', parent_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    author = (await db.insertInto('authors').values({ name: 'A', description: '', image: null, alt_text: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    publisher = (await db.insertInto('publishers').values({ name: 'P', description: '', image: null, alt_text: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    before = mediaFiles(t.database.dataDir);
  });

  function book(files: Record<string, FilePart | undefined>) {
    return multipart({ english_title: 'Book', category, author, publisher, purchase_price: 1, regular_price: 2, units_stock: 1, ...files }, admin);
  }

  async function expectRefused(res: { statusCode: number; json(): { status: number; message: string } }, status: number, message?: string | RegExp) {
    expect(res.statusCode).toBe(status);
    expect(res.json().status).toBe(status);
    if (message) expect(res.json().message).toMatch(message);
    expect(mediaFiles(t.database.dataDir)).toEqual(before);
  }

  it('refuses a text file named .jpg (400): the type comes from the bytes, not the name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: { filename: 'cover.jpg', content: Buffer.from('just some text, not a picture'), type: 'image/jpeg' } }) });
    await expectRefused(res, 400, 'The image must be a JPEG, PNG, WebP or GIF picture.');
  });

  it('refuses pictures of other kinds (SVG with script, TIFF) with 400', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).tiff().toBuffer();
    for (const [filename, content] of [
      ['x.svg', svg],
      ['x.png', tiff],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: { filename, content, type: 'image/png' } }, admin) });
      await expectRefused(res, 400, 'The image must be a JPEG, PNG, WebP or GIF picture.');
    }
  });

  it('refuses an image above 2 MB with 413 and a clear message', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: { filename: 'big.png', content: big, type: 'image/png' } }) });
    await expectRefused(res, 413, 'The image is larger than 2 MB.');
  });

  it('refuses a file above the 10 MB hard cap with 413 before buffering it whole', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ pdf: { filename: 'x.pdf', content: Buffer.concat([pdfBytes(), Buffer.alloc(11 * 1024 * 1024)]) } }) });
    await expectRefused(res, 413);
  });

  it('refuses a PNG that claims to be a PDF (400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create-book/',
      ...book({ image: await pngFile(), pdf: { filename: 'sample.pdf', content: await pngBytes(), type: 'application/pdf' } }),
    });
    await expectRefused(res, 400, 'The sample must be a PDF file.');
  });

  it('refuses a file that starts with %PDF- but is not one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile(), pdf: { filename: 's.pdf', content: Buffer.from('%PDF-not really') } }) });
    await expectRefused(res, 400, 'The sample must be a PDF file.');
  });

  it('refuses a 20000×20000 pixel image (413) without decoding it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: { filename: 'bomb.png', content: hugePngHeader(), type: 'image/png' } }) });
    await expectRefused(res, 413, /megapixels/);
  });

  it('refuses a truncated image that has a valid signature (400)', async () => {
    const png = await pngBytes(200, 200);
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: { filename: 'cut.png', content: png.subarray(0, 60) } }) });
    await expectRefused(res, 400, 'The image could not be read.');
  });

  it('refuses a multipart body without a boundary (400)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/create-book/', headers: { ...admin, 'content-type': 'multipart/form-data' }, payload: 'english_title=x' });
    await expectRefused(res, 400, /boundary/);
  });

  it('refuses a malformed multipart body (400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create-logo/',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(mediaFiles(t.database.dataDir)).toEqual(before);
  });

  it('refuses a path in the file name (400) and never uses client file names for keys', async () => {
    for (const filename of ['../../etc/passwd.png', '..\\..\\boot.png', '/tmp/x.png']) {
      const res = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: { filename, content: await pngBytes() } }, admin) });
      await expectRefused(res, 400, 'The file name must not contain a folder path.');
    }
    const ok = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: { filename: 'my logo.png', content: await pngBytes() } }, admin) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().logo.image).toMatch(/^\/media\/logos\/[0-9a-f]{24}-detail\.webp$/);
  });

  it('refuses a file in a text field, more than two files, and an over-long field (4xx)', async () => {
    const asFile = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: await pngFile(), alt_text: await pngFile() }, admin) });
    await expectRefused(asFile, 400);
    const three = await t.app.inject({ method: 'POST', url: '/create-book/', ...multipart({ image: await pngFile(), pdf: { filename: 'a.pdf', content: pdfBytes() }, extra: await pngFile() }, admin) });
    await expectRefused(three, 413);
    const long = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: await pngFile(), alt_text: 'x'.repeat(200_000) }, admin) });
    await expectRefused(long, 413);
  });

  it('accepts JPEG, WebP and GIF by content and re-encodes them to WebP', async () => {
    const base = sharp({ create: { width: 50, height: 40, channels: 3, background: '#08f' } });
    for (const content of [await base.clone().jpeg().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer()]) {
      const res = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: { filename: 'x.bin', content, type: 'application/octet-stream' } }, admin) });
      expect(res.statusCode).toBe(201);
      expect(res.json().logo.images.card).toMatch(/\.webp$/);
    }
  });

  it('keeps the old picture and adds no files when an update brings a bad image or a bad PDF', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/create-book/', ...book({ image: await pngFile() }) });
    expect(created.statusCode).toBe(201);
    const product = created.json().product;
    before = mediaFiles(t.database.dataDir);
    const badImage = await t.app.inject({ method: 'PUT', url: `/api/product/${product.id}/`, ...multipart({ regular_price: 5, image: { filename: 'x.jpg', content: Buffer.from('nope') } }, admin) });
    await expectRefused(badImage, 400);
    // A good image with a bad PDF: neither is kept.
    const badPdf = await t.app.inject({ method: 'PUT', url: `/api/product/${product.id}/`, ...multipart({ image: await pngFile(), pdf: { filename: 'x.pdf', content: await pngBytes() } }, admin) });
    await expectRefused(badPdf, 400, 'The sample must be a PDF file.');
    const now = await t.app.inject({ url: `/api/product/${product.id}/`, headers: admin });
    expect(now.json()).toMatchObject({ image: product.image, regular_price: 2 });
  });

  it('removes the stored files again when the database write fails', async () => {
    // A book whose category vanishes between the check and the insert: the FK fails the insert.
    const db = t.services.database.db;
    const doomed = (await db.insertInto('categories').values({ name: 'doomed', parent_id: null, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id;
    const original = t.services.catalog;
    const form = { english_title: 'Race', category: doomed, author, publisher, purchase_price: 1, regular_price: 2, units_stock: 1 };
    // Delete the category after the reference check by wrapping the storage put.
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
      await expect(original.createProduct('books', form, { image: { kind: 'upload', field: 'image', data: await pngBytes() } })).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      storage.put = put;
    }
    expect(mediaFiles(t.database.dataDir)).toEqual(before);
  });
});
