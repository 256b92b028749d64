/**
 * Back-office catalogue writes (spec §7 "Admin writes"), all admin-only. Multipart parsing is
 * registered here only, with hard limits; files are judged by content in server/media/uploads.
 * Answers carry `{status, message}` (status equal to the HTTP status) plus the written object.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { requireAdmin } from '../accounts/auth';
import { notFound } from '../http/errors';
import { MULTIPART_LIMITS, isUpload, readForm, type Upload } from '../media/uploads';
import type { Services } from '../services';
import type { ProductType } from '../db/schema';
import { bannerFormSchema, categoryFormSchema, logoFormSchema, personFormSchema, productFormSchema } from '../../domain/catalog-forms';

const NOUN: Record<ProductType, string> = { books: 'Book', electronics: 'Electronics', stationary: 'Stationary' };
const ADDED: Record<ProductType, string> = {
  books: 'Book added Successfully!',
  electronics: 'Electronics added Successfully!',
  stationary: 'Stationary added Successfully!',
};
const UPDATED: Record<ProductType, string> = {
  books: 'Book updated Successfully!',
  electronics: 'Product updated Successfully!',
  stationary: 'Product updated Successfully!',
};
const DELETED: Record<ProductType, string> = { books: 'Book deleted!', electronics: 'Electronics deleted!', stationary: 'Stationaries deleted!' };

const MAX_ID = 2_147_483_647;

/** A numeric path id; anything else is a 404, like a missing row. */
function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
}

function nameParam(request: FastifyRequest): string {
  const name = ((request.params as { name?: string }).name ?? '').trim().normalize('NFC');
  if (!name) throw notFound();
  return name;
}

const moveQuery = z
  .object({
    move_to: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : v),
      z.coerce.number({ error: 'move_to must be a category id.' }).int('move_to must be a category id.').positive('move_to must be a category id.').optional(),
    ),
  })
  .strip();

function fileOf(v: unknown): Upload | undefined {
  return isUpload(v) ? v : undefined;
}


export const catalogAdminRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const admin = { preHandler: requireAdmin };
  const writes = services.catalogAdmin;

  // ---- products --------------------------------------------------------------------------
  const createPaths: [string, ProductType][] = [
    ['/create-book/', 'books'],
    ['/create-electronics/', 'electronics'],
    ['/create-stationary/', 'stationary'],
  ];
  for (const [path, type] of createPaths) {
    app.post(path, admin, async (request, reply) => {
      const form = productFormSchema(type, 'create').parse(await readForm(request, type === 'books' ? ['image', 'pdf'] : ['image']));
      const product = await writes.createProduct(type, form, { image: fileOf(form.image), pdf: fileOf('pdf' in form ? form.pdf : undefined) });
      return reply.status(201).send({ status: 201, message: ADDED[type], product });
    });
  }

  {
    const path = '/api/product/:id/';
    app.put(path, admin, async (request) => {
      const id = idParam(request);
      const type = await writes.productType(id);
      if (!type) throw notFound('Product not found.');
      const form = productFormSchema(type, 'update').parse(await readForm(request, type === 'books' ? ['image', 'pdf'] : ['image']));
      const product = await writes.updateProduct(id, form, { image: fileOf(form.image), pdf: fileOf('pdf' in form ? form.pdf : undefined) });
      return { status: 200, message: UPDATED[type], product };
    });

    app.delete(path, admin, async (request) => {
      const result = await writes.deleteProduct(idParam(request));
      const message = result.deactivated
        ? `${NOUN[result.type]} is on existing orders, so it was deactivated (hidden from the shop) instead of deleted.`
        : DELETED[result.type];
      return { status: 200, message, ...result };
    });
  }

  // ---- authors and publishers ------------------------------------------------------------
  const people = [
    { kind: 'author', Noun: 'Author', create: writes.createAuthor, update: writes.updateAuthor, remove: writes.deleteAuthor },
    { kind: 'publisher', Noun: 'Publisher', create: writes.createPublisher, update: writes.updatePublisher, remove: writes.deletePublisher },
  ] as const;
  for (const p of people) {
    app.post(`/create-${p.kind}/`, admin, async (request, reply) => {
      const form = personFormSchema(p.kind, 'create').parse(await readForm(request, ['image']));
      const item = await p.create(form, fileOf(form.image));
      return reply.status(201).send({ status: 201, message: `${p.Noun} added Successfully!`, [p.kind]: item });
    });
    {
    const path = `/api/${p.kind}/:id/`;
      app.put(path, admin, async (request) => {
        const id = idParam(request);
        const form = personFormSchema(p.kind, 'update').parse(await readForm(request, ['image']));
        const item = await p.update(id, form, fileOf(form.image));
        return { status: 200, message: `${p.Noun} updated Successfully!`, [p.kind]: item };
      });
      app.delete(path, admin, async (request) => {
        await p.remove(idParam(request));
        return { status: 200, message: `${p.Noun} deleted!` };
      });
    }
  }

  // ---- categories ------------------------------------------------------------------------
  app.post('/api/category/', admin, async (request, reply) => {
    const form = categoryFormSchema.parse(await readForm(request, []));
    const category = await writes.createCategory(form);
    return reply.status(201).send({ status: 201, message: 'Category added Successfully!', category });
  });

  const updateCategory = async (id: number, request: FastifyRequest) => {
    const form = categoryFormSchema.parse(await readForm(request, []));
    const category = await writes.updateCategory(id, form);
    return { status: 200, message: 'Category updated Successfully!', category };
  };
  const deleteCategory = async (id: number, request: FastifyRequest) => {
    const { move_to } = moveQuery.parse(request.query ?? {});
    await writes.deleteCategory(id, { moveTo: move_to });
    return { status: 200, message: 'Category deleted!' };
  };
  // By name, as the first version addressed them (spec §7), and by id.
  {
    const path = '/category/:name/';
    app.put(path, admin, async (request) => updateCategory(await writes.categoryIdByName(nameParam(request)), request));
    app.delete(path, admin, async (request) => deleteCategory(await writes.categoryIdByName(nameParam(request)), request));
  }
  {
    const path = '/api/category/:id/';
    app.put(path, admin, async (request) => updateCategory(idParam(request), request));
    app.delete(path, admin, async (request) => deleteCategory(idParam(request), request));
  }

  // ---- logos and banners -----------------------------------------------------------------
  app.post('/create-logo/', admin, async (request, reply) => {
    const form = logoFormSchema.parse(await readForm(request, ['image']));
    const logo = await writes.createLogo(form, fileOf(form.image) as Upload);
    return reply.status(201).send({ status: 201, message: 'Logo added Successfully!', logo });
  });
  app.post('/create-banner/', admin, async (request, reply) => {
    const form = bannerFormSchema.parse(await readForm(request, ['image']));
    const banner = await writes.createBanner(form, fileOf(form.image) as Upload);
    return reply.status(201).send({ status: 201, message: 'Banner added Successfully!', banner });
  });
  {
    const path = '/api/logo/:id/';
    app.delete(path, admin, async (request) => {
      await writes.deleteLogo(idParam(request));
      return { status: 200, message: 'Logo deleted!' };
    });
  }
  {
    const path = '/api/banner/:id/';
    app.delete(path, admin, async (request) => {
      await writes.deleteBanner(idParam(request));
      return { status: 200, message: 'Banner deleted!' };
    });
  }

  // ---- dashboard (run-contract.md) ----------------------------------------------------------
  {
    const path = '/api/dashboard/';
    app.get(path, admin, async () => writes.dashboard());
  }
};
