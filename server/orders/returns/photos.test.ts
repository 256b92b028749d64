/**
 * A customer's return request with photos (multipart): up to three, each judged by its content
 * and re-encoded to WebP by the media pipeline and kept under `returns/`; a fourth photo, a file
 * that is not a picture, or a request refused for any other reason leaves no file behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { mediaFiles, pngFile } from '../../test/media-fixtures';
import { multipartParts, returnCalls } from '../../test/returns-fixtures';
import { RETURN_MESSAGES } from '../../../domain/returns';
import { PHOTO_MESSAGES } from './photos';

describe(`return requests with photos (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const r = returnCalls(() => t, () => admin);
  const files = () => mediaFiles(t.database.dataDir).filter((f) => f.startsWith('returns'));
  const ask = (id: number, who: Signed, parts: Parameters<typeof multipartParts>[0]) => t.app.inject({ method: 'POST', url: `/api/order/${id}/return-request/`, ...multipartParts(parts, who.headers) });

  it('stores up to three photos re-encoded as WebP (a PNG comes out WebP) and shows them on the return', async () => {
    const { id, items, customer } = await r.place([{ quantity: 2 }]);
    const before = files();
    const res = await ask(id, customer, [
      ['lines', JSON.stringify([{ order_item: items[0]!.id, quantity: 2 }])],
      ['reason', 'মলাট ছেঁড়া'],
      ['photos', await pngFile('one.png')],
      ['photos', await pngFile('two.png')],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'requested', photos: [expect.stringMatching(/^\/media\/returns\/[0-9a-f]+-detail\.webp$/), expect.stringMatching(/-detail\.webp$/)] });
    const stored = await r.db().selectFrom('return_photos').select('image').where('return_id', '=', res.json().id).orderBy('id').execute();
    expect(stored).toHaveLength(2);
    for (const { image } of stored) expect(image).toMatch(/^returns\/[0-9a-f]{24}$/);
    const added = files().filter((f) => !before.includes(f));
    expect(added).toHaveLength(6);
    expect(added.every((f) => f.endsWith('.webp'))).toBe(true);
    // Staff see the same photos on the order.
    expect((await r.view(id)).returns[0].photos).toEqual(res.json().photos);
  });

  it('takes the request without photos as a form too', async () => {
    const { id, items, customer } = await r.place([{}]);
    const res = await ask(id, customer, [
      ['lines', JSON.stringify([{ order_item: items[0]!.id, quantity: 1 }])],
      ['reason', 'Wrong book'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photos).toEqual([]);
  });

  it('refuses a fourth photo (400) and a file that is not a picture (400), storing nothing and opening no return', async () => {
    const { id, items, customer } = await r.place([{}]);
    const before = files();
    const lines: [string, string] = ['lines', JSON.stringify([{ order_item: items[0]!.id, quantity: 1 }])];
    const four = await ask(id, customer, [lines, ['reason', 'x'], ...(await Promise.all([1, 2, 3, 4].map(async (n) => ['photos', await pngFile(`${n}.png`)] as [string, Awaited<ReturnType<typeof pngFile>>])))]);
    expect(four.statusCode).toBe(400);
    expect(four.json().errors).toEqual({ photos: [PHOTO_MESSAGES.tooMany] });
    const bad = await ask(id, customer, [lines, ['reason', 'x'], ['photos', await pngFile('ok.png')], ['photos', { filename: 'evil.png', content: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' }]]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['photos']);
    const other = await ask(id, customer, [lines, ['reason', 'x'], ['receipt', await pngFile()]]);
    expect(other.statusCode).toBe(400);
    expect(files()).toEqual(before);
    expect(await r.db().selectFrom('returns').select('id').where('order_id', '=', id).execute()).toEqual([]);
  });

  it('stores no photo for a request refused for its lines or its window (too many units, too late)', async () => {
    const { id, items, customer } = await r.place([{}]);
    const before = files();
    const tooMany = await ask(id, customer, [['lines', JSON.stringify([{ order_item: items[0]!.id, quantity: 2 }])], ['reason', 'x'], ['photos', await pngFile()]]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(RETURN_MESSAGES.tooMany(items[0]!.product_title, 1));
    await r.db().updateTable('order_status_changes').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('order_id', '=', id).execute();
    const late = await ask(id, customer, [['lines', JSON.stringify([{ order_item: items[0]!.id, quantity: 1 }])], ['reason', 'x'], ['photos', await pngFile()]]);
    expect(late.statusCode).toBe(400);
    expect(files()).toEqual(before);
    expect(await r.db().selectFrom('return_photos').innerJoin('returns', 'returns.id', 'return_photos.return_id').select('return_photos.id').where('returns.order_id', '=', id).execute()).toEqual([]);
  });
});
