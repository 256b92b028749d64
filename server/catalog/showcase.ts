/**
 * The shop window: banners (the home page's slides, each with a link) and logos (the first
 * one is the header's). Both are a picture with its alternative text; lists are short, so
 * they are read whole.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { notFound } from '../http/errors';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { PendingFiles, removeFiles, type Upload } from '../media/uploads';
import { commit, storeImage } from './files';

/** A logo as the API answers it: `image` is the largest size, `images` every size. */
export function toApiLogo(row: { id: number; image: string; alt_text: string }, storage: FileStorage) {
  const images = imageUrls(storage, row.image);
  return { id: row.id, image: images?.detail ?? null, images, alt_text: row.alt_text };
}

/** A banner: a logo's fields and the link it leads to. */
export function toApiBanner(row: { id: number; image: string; alt_text: string; url: string }, storage: FileStorage) {
  return { ...toApiLogo(row, storage), url: row.url };
}


export function createShowcase(db: Kysely<DB>, storage: FileStorage) {
  async function remove(table: 'logos' | 'banners', id: number) {
    const existing = await db.selectFrom(table as 'logos').select(['id', 'image']).where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(table === 'logos' ? 'Logo not found.' : 'Banner not found.');
    await db.deleteFrom(table as 'logos').where('id', '=', id).execute();
    await removeFiles(storage, { images: [existing.image] });
    return { deleted: true };
  }

  return {
    async listBanners() {
      const rows = await db.selectFrom('banners').select(['id', 'image', 'alt_text', 'url']).orderBy('id').execute();
      return rows.map((b) => toApiBanner(b, storage));
    },

    async listLogos() {
      const rows = await db.selectFrom('logos').select(['id', 'image', 'alt_text']).orderBy('id').execute();
      return rows.map((l) => toApiLogo(l, storage));
    },

    async createLogo(form: { alt_text?: string | undefined }, image: Upload) {
      const pending = new PendingFiles(storage);
      const base = (await storeImage(pending, 'logos', image)) as string;
      const values = { image: base, alt_text: form.alt_text ?? 'Logo', created_at: nowIso() };
      const row = await commit(pending, () => db.insertInto('logos').values(values).returning('id').executeTakeFirstOrThrow());
      return toApiLogo({ id: row.id, ...values }, storage);
    },

    async createBanner(form: { alt_text?: string | undefined; url?: string | undefined }, image: Upload) {
      const pending = new PendingFiles(storage);
      const base = (await storeImage(pending, 'banners', image)) as string;
      const values = { image: base, alt_text: form.alt_text ?? '', url: form.url ?? '', created_at: nowIso() };
      const row = await commit(pending, () => db.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow());
      return toApiBanner({ id: row.id, ...values }, storage);
    },

    deleteLogo: (id: number) => remove('logos', id),
    deleteBanner: (id: number) => remove('banners', id),
  };
}
