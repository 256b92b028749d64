/**
 * Back-office catalogue writes, all admin-only, at the paths and with the messages clients of
 * the first version use. Multipart parsing is registered here only, with hard limits; files are
 * judged by content in server/media/uploads. Answers carry `{status, message}` (status equal to
 * the HTTP status) plus the written object.
 */
import type { FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import { readId, readQuery } from '../http/pagination';
import { assertSafeTexts } from '../http/input-guard';
import { MULTIPART_LIMITS, isUpload, readForm as readRawForm, type Upload } from '../media/uploads';
import { routeModule } from '../http/route-module';
import type { RouteDocs } from '../http/route-docs';
import type { ProductType } from '../db/schema';
import { flagSchema, idSchema } from '../../domain/queries';
import { exportQuery } from './bulk-export';
import type { CatalogService } from './service';
import { messageAnswer } from '../http/answer-schemas';
import { bannerAnswer, categoryAnswer, logoAnswer, personAnswer, productAnswer } from './answer-schemas';
import { bulkPriceSchema } from '../../domain/catalog-import';
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

function nameParam(request: FastifyRequest): string {
  const name = ((request.params as { name?: string }).name ?? '').trim().normalize('NFC');
  if (!name) throw notFound();
  return name;
}

/** `?move_to=`: where a deleted category's sub-categories and products go. */
const moveQuery = z.object({ move_to: idSchema.optional() });
/** The CSV import's switches: `dry_run=1` checks and writes nothing; `create_missing=1` adds unknown categories, authors and publishers. */
const importQuery = z.object({ dry_run: flagSchema.optional(), create_missing: flagSchema.optional() });

const fileForm = z.object({ file: z.string().describe('The CSV file (UTF-8, the export\'s columns) or an .xlsx (its first sheet)') });
const book = productFormSchema('books', 'create');

/** These routes' OpenAPI documentation (server/http/openapi.ts): the form schemas the handlers parse with (multipart; files as uploads). */
/** A product, or a category, added or changed: the message and it as it now is. */
const productChanged = messageAnswer.extend({ product: productAnswer });
const categoryChanged = messageAnswer.extend({ category: categoryAnswer });

const catalogAdminDocs: RouteDocs = {
  'POST /create-book/': { summary: 'Add a book (image and PDF preview optional)', audience: 'manager', form: book, status: 201, response: productChanged },
  'POST /create-electronics/': { summary: 'Add an electronics product', audience: 'manager', form: productFormSchema('electronics', 'create'), status: 201, response: productChanged },
  'POST /create-stationary/': { summary: 'Add a stationary product', audience: 'manager', form: productFormSchema('stationary', 'create'), status: 201, response: productChanged },
  'PUT /api/product/:id/': { summary: "Change a product (the fields sent; the book form's shown, the other types' are alike)", audience: 'manager', form: productFormSchema('books', 'update'), response: productChanged },
  'DELETE /api/product/:id/': { summary: 'Delete a product (deactivated instead when on orders)', audience: 'manager', response: messageAnswer },
  'GET /api/product/export.csv': { summary: 'The catalogue as CSV', audience: 'manager', query: exportQuery, produces: 'text/csv' },
  'POST /api/product/import/': { summary: 'Import products from CSV or XLSX (dry_run=1 checks only)', audience: 'manager', query: importQuery, form: fileForm },
  'POST /api/product/bulk-price/': { summary: "Change many products' prices at once", audience: 'manager', body: bulkPriceSchema },
  'POST /create-author/': { summary: 'Add an author', audience: 'manager', form: personFormSchema('author', 'create'), status: 201, response: messageAnswer.extend({ author: personAnswer }) },
  'PUT /api/author/:id/': { summary: 'Change an author', audience: 'manager', form: personFormSchema('author', 'update'), response: messageAnswer.extend({ author: personAnswer }) },
  'DELETE /api/author/:id/': { summary: 'Delete an author', audience: 'manager', response: messageAnswer },
  'POST /create-publisher/': { summary: 'Add a publisher', audience: 'manager', form: personFormSchema('publisher', 'create'), status: 201, response: messageAnswer.extend({ publisher: personAnswer }) },
  'PUT /api/publisher/:id/': { summary: 'Change a publisher', audience: 'manager', form: personFormSchema('publisher', 'update'), response: messageAnswer.extend({ publisher: personAnswer }) },
  'DELETE /api/publisher/:id/': { summary: 'Delete a publisher', audience: 'manager', response: messageAnswer },
  'POST /api/category/': { summary: 'Add a category', audience: 'manager', form: categoryFormSchema, status: 201, response: categoryChanged },
  'PUT /category/:name/': { summary: 'Change a category (by name)', audience: 'manager', form: categoryFormSchema, response: categoryChanged },
  'DELETE /category/:name/': { summary: 'Delete a category (by name); move_to takes its sub-categories and products', audience: 'manager', query: moveQuery, response: messageAnswer },
  'PUT /api/category/:id/': { summary: 'Change a category', audience: 'manager', form: categoryFormSchema, response: categoryChanged },
  'DELETE /api/category/:id/': { summary: 'Delete a category; move_to takes its sub-categories and products', audience: 'manager', query: moveQuery, response: messageAnswer },
  'POST /create-logo/': { summary: 'Add a logo', audience: 'manager', form: logoFormSchema, status: 201, response: messageAnswer.extend({ logo: logoAnswer }) },
  'POST /create-banner/': { summary: 'Add a banner', audience: 'manager', form: bannerFormSchema, status: 201, response: messageAnswer.extend({ banner: bannerAnswer }) },
  'DELETE /api/logo/:id/': { summary: 'Delete a logo', audience: 'manager', response: messageAnswer },
  'DELETE /api/banner/:id/': { summary: 'Delete a banner', audience: 'manager', response: messageAnswer },
};

/** The form's values; multipart text is read here, after the edge's guard, so it is checked here too. */
async function readForm(request: FastifyRequest, fileFields: readonly string[]): Promise<Record<string, unknown>> {
  const values = await readRawForm(request, fileFields);
  assertSafeTexts(Object.fromEntries(Object.entries(values).filter(([, v]) => !isUpload(v))));
  return values;
}

function fileOf(v: unknown): Upload | undefined {
  return isUpload(v) ? v : undefined;
}

export const catalogAdminRoutes = routeModule<{ catalog: CatalogService }>({
  docs: catalogAdminDocs,
  async routes(app, { catalog }) {
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

    // ---- products --------------------------------------------------------------------------
    const createPaths: [string, ProductType][] = [
      ['/create-book/', 'books'],
      ['/create-electronics/', 'electronics'],
      ['/create-stationary/', 'stationary'],
    ];
    for (const [path, type] of createPaths) {
      app.post(path, async (request, reply) => {
        const form = productFormSchema(type, 'create').parse(await readForm(request, type === 'books' ? ['image', 'pdf'] : ['image']));
        const product = await catalog.createProduct(type, form, { image: fileOf(form.image), pdf: fileOf('pdf' in form ? form.pdf : undefined) }, { user: request.user?.id ?? null });
        return reply.status(201).send({ status: 201, message: ADDED[type], product });
      });
    }

    app.put('/api/product/:id/', async (request) => {
      const id = readId(request, 'Product not found.');
      const type = await catalog.productType(id);
      if (!type) throw notFound('Product not found.');
      const form = productFormSchema(type, 'update').parse(await readForm(request, type === 'books' ? ['image', 'pdf'] : ['image']));
      const product = await catalog.updateProduct(id, form, { image: fileOf(form.image), pdf: fileOf('pdf' in form ? form.pdf : undefined) }, { user: request.user?.id ?? null });
      return { status: 200, message: UPDATED[type], product };
    });
    app.delete('/api/product/:id/', async (request) => {
      const result = await catalog.deleteProduct(readId(request, 'Product not found.'));
      const message = result.deactivated
        ? `${NOUN[result.type]} is on existing orders, so it was deactivated (hidden from the shop) instead of deleted.`
        : DELETED[result.type];
      return { status: 200, message, ...result };
    });

    // ---- the catalogue in bulk (CSV) ----------------------------------------------------------
    app.get('/api/product/export.csv', async (request, reply) => {
      const q = readQuery(exportQuery, request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(catalog.exportCsv(q));
    });
    app.post('/api/product/import/', async (request) => {
      const { dry_run, create_missing } = readQuery(importQuery, request);
      const form = await readRawForm(request, ['file']);
      const file = fileOf(form.file);
      if (!file) throw badRequest('একটি CSV বা XLSX ফাইল দিন (Choose a CSV or XLSX file).', { file: ['একটি CSV বা XLSX ফাইল দিন (Choose a CSV or XLSX file).'] });
      return catalog.importCsv(file.data, { dryRun: !!dry_run, createMissing: !!create_missing, user: request.user?.id ?? null });
    });

    app.post('/api/product/bulk-price/', async (request) => catalog.changePrices(bulkPriceSchema.parse(request.body ?? {})));

    // ---- authors and publishers ------------------------------------------------------------
    const people = [
      { kind: 'author', Noun: 'Author', create: catalog.createAuthor, update: catalog.updateAuthor, remove: catalog.deleteAuthor },
      { kind: 'publisher', Noun: 'Publisher', create: catalog.createPublisher, update: catalog.updatePublisher, remove: catalog.deletePublisher },
    ] as const;
    for (const p of people) {
      app.post(`/create-${p.kind}/`, async (request, reply) => {
        const form = personFormSchema(p.kind, 'create').parse(await readForm(request, ['image']));
        const item = await p.create(form, fileOf(form.image));
        return reply.status(201).send({ status: 201, message: `${p.Noun} added Successfully!`, [p.kind]: item });
      });
      app.put(`/api/${p.kind}/:id/`, async (request) => {
        const id = readId(request, `${p.Noun} not found.`);
        const form = personFormSchema(p.kind, 'update').parse(await readForm(request, ['image']));
        const item = await p.update(id, form, fileOf(form.image));
        return { status: 200, message: `${p.Noun} updated Successfully!`, [p.kind]: item };
      });
      app.delete(`/api/${p.kind}/:id/`, async (request) => {
        await p.remove(readId(request, `${p.Noun} not found.`));
        return { status: 200, message: `${p.Noun} deleted!` };
      });
    }

    // ---- categories ------------------------------------------------------------------------
    app.post('/api/category/', async (request, reply) => {
      const form = categoryFormSchema.parse(await readForm(request, []));
      const category = await catalog.createCategory(form);
      return reply.status(201).send({ status: 201, message: 'Category added Successfully!', category });
    });

    const updateCategory = async (id: number, request: FastifyRequest) => {
      const form = categoryFormSchema.parse(await readForm(request, []));
      const category = await catalog.updateCategory(id, form);
      return { status: 200, message: 'Category updated Successfully!', category };
    };
    const deleteCategory = async (id: number, request: FastifyRequest) => {
      const { move_to } = readQuery(moveQuery, request);
      await catalog.deleteCategory(id, { moveTo: move_to });
      return { status: 200, message: 'Category deleted!' };
    };
    // By name, as the first version addressed them, and by id.
    app.put('/category/:name/', async (request) => updateCategory(await catalog.categoryIdByName(nameParam(request)), request));
    app.delete('/category/:name/', async (request) => deleteCategory(await catalog.categoryIdByName(nameParam(request)), request));
    app.put('/api/category/:id/', async (request) => updateCategory(readId(request, 'Category not found.'), request));
    app.delete('/api/category/:id/', async (request) => deleteCategory(readId(request, 'Category not found.'), request));

    // ---- logos and banners -----------------------------------------------------------------
    app.post('/create-logo/', async (request, reply) => {
      const form = logoFormSchema.parse(await readForm(request, ['image']));
      const logo = await catalog.createLogo(form, fileOf(form.image) as Upload);
      return reply.status(201).send({ status: 201, message: 'Logo added Successfully!', logo });
    });
    app.post('/create-banner/', async (request, reply) => {
      const form = bannerFormSchema.parse(await readForm(request, ['image']));
      const banner = await catalog.createBanner(form, fileOf(form.image) as Upload);
      return reply.status(201).send({ status: 201, message: 'Banner added Successfully!', banner });
    });
    app.delete('/api/logo/:id/', async (request) => {
      await catalog.deleteLogo(readId(request, 'Logo not found.'));
      return { status: 200, message: 'Logo deleted!' };
    });
    app.delete('/api/banner/:id/', async (request) => {
      await catalog.deleteBanner(readId(request, 'Banner not found.'));
      return { status: 200, message: 'Banner deleted!' };
    });
  },
});
