/** What the returns tests share: orders placed and delivered through the API, the returns calls, and stock and rows to look at. */
import crypto from 'node:crypto';
import type { Signed, TestApp } from './app';
import { checkoutBody, insertProduct } from './orders-fixtures';
import type { FilePart } from './media-fixtures';

export function returnCalls(app: () => TestApp, admin: () => Signed) {
  const db = () => app().services.database.db;
  const post = (url: string, payload: unknown = {}, who: Signed = admin()) => app().app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
  const calls = {
    db,
    post,
    stockOf: async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock,
    order: (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    items: (orderId: number) => db().selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    smsTo: (phone: string, kind: string) => db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).where('kind', '=', kind).execute(),
    view: async (id: number, who: Signed = admin()) => (await app().app.inject({ url: `/api/order/${id}/`, headers: who.headers })).json(),

    /**
     * A cash-on-delivery order of `lines` (each a new product at `price`, `stock` units) by a new
     * customer, left Pending or marked Delivered by staff (paid on delivery).
     */
    async place(lines: { price?: number; quantity?: number; stock?: number }[] = [{}], opts: { deliver?: boolean; customer?: Signed } = {}) {
      const customer = opts.customer ?? (await app().signIn());
      const products: number[] = [];
      for (const l of lines) products.push(await insertProduct(db(), { regular_price: l.price ?? 300, units_stock: l.stock ?? 5 }));
      const placed = await app().app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody(products.map((product, i) => ({ product, quantity: lines[i]!.quantity ?? 1 }))) });
      if (placed.statusCode !== 200) throw new Error(placed.body);
      const id = placed.json().order_id as number;
      if (opts.deliver !== false) {
        const res = await app().app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin().headers, payload: { status: 'Delivered' } });
        if (res.statusCode !== 200) throw new Error(res.body);
      }
      return { id, customer, products, items: await calls.items(id) };
    },
  };
  return calls;
}

/** A multipart body with repeated fields (several `photos`), as a browser's FormData sends it. */
export function multipartParts(parts: [string, string | FilePart][], headers: Record<string, string> = {}) {
  const boundary = `----haat${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'object') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`), value.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
