/**
 * Generators of bad requests for the fuzz suite: hostile values (wrong types, huge and empty
 * strings, NUL, lone surrogates, bidi overrides, emoji, negative/NaN/huge numbers) put into
 * queries, paths and bodies (JSON, broken JSON, wrong content types, broken multipart).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../http/input-guard';

/** Field names the app reads somewhere, so generated bodies reach validation, not only "unknown key". */
export const FIELD_NAMES = [
  'name', 'english_title', 'bangla_title', 'description', 'category', 'author', 'publisher', 'parent', 'type',
  'regular_price', 'purchase_price', 'units_stock', 'percentage', 'flat_discount', 'offer_type', 'is_active', 'url',
  'alt_text', 'image', 'status', 'amount', 'reason', 'phone_number', 'password', 'password2', 'otp', 'orderItems',
  'product', 'quantity', 'district', 'upazila_thana', 'delivery_address', 'delivery_option', 'payment_option',
  'total', 'subtotal', 'delivery_charge', 'tran_id', 'val_id', 'order', 'id', 'is_admin', 'social_url', 'settings',
] as const;

export const QUERY_NAMES = [
  'page', 'page_size', 'search', 'q', 'ids', 'order', 'category', 'author', 'publisher', 'ordering', 'is_active',
  'name', 'phone_number', 'phone', 'move_to', 'type', 'status', 'payment_status', 'city', 'zone', 'paymentID', 'next',
] as const;

const SPECIAL_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '%00', '\ud800', 'x\udfff', '\u202eevil', '\u2066x\u2069', '\u0085', '\u007f', '\u001b[31m',
  '😀📚', 'হুমায়ূন আহমেদ', 'null', 'NaN', 'Infinity', '-1', '0', '1e309', '2147483648', '-2147483649', '9007199254740993',
  '99999999999999999999', '1.5', '0x10', 'true', '[]', '{}', '../../etc/passwd', '<script>alert(1)</script>',
  "' OR 1=1 --", '"', '\\', '/\\evil.example', '//evil', 'javascript:alert(1)', '*', 'NEAR(a b)', '"unterminated',
];

// Values a handler accepts, so that some requests pass the first checks and reach deeper code.
const PLAUSIBLE_TEXT = ['1', '2', '3', '7', 'বই', 'উপন্যাস', 'Jane Austen', 'Book', '01712345678', '01812345678', 'correct horse battery', 'Pending', 'Cancelled', 'books', 'cod', 'dhaka_home', 'Percentage', 'true', '-updated_at', 'https://haat.example/x', '/books'];

/** A hostile (or now and then plausible) text value. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(201), 'ক'.repeat(600), 'y'.repeat(25_000), 'z'.repeat(120_000)) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, hostile at the leaves. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyText), tie('value'), { maxKeys: 6 }),
})).value;

const nastyObject = fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, nastyText), nastyJson, { maxKeys: 8 });

/** Percent-encoding that also writes a lone surrogate, as the invalid UTF-8 bytes a hostile client would send. */
export function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

/** A path of a route with its parameters filled: real ids, hostile values, over-long names. */
export function pathOf(route: RouteEntry, ids: readonly number[]): fc.Arbitrary<string> {
  const names = route.url.match(/:\w+|\*/g) ?? [];
  const param = fc.oneof(
    fc.constantFrom(...ids.map(String), '0', '-1', '2147483648', '99999999999999999999', '1e3', 'books', 'electronics', 'বই'),
    nastyText.map((s) => encode(s.slice(0, 300)).replace(/%25/g, '%')),
    fc.constantFrom('x'.repeat(99), 'x'.repeat(150), encodeURIComponent('ক'.repeat(40)), '%', '%zz', '%E0%A6'),
  );
  return fc.tuple(...names.map(() => param)).map((values) => {
    let i = 0;
    return route.url.replace(/:\w+|\*/g, () => values[i++] ?? '');
  });
}

export const queryString: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_NAMES) }, nastyText), nastyText), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));

/** A body and the headers announcing it: JSON, broken JSON, wrong types, broken multipart, or none. */
export const body: fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> = fc.oneof(
  { weight: 5, arbitrary: nastyObject.map((o) => ({ payload: JSON.stringify(o), headers: { 'content-type': 'application/json' } })) },
  { weight: 2, arbitrary: nastyJson.map((v) => ({ payload: JSON.stringify(v) ?? 'null', headers: { 'content-type': 'application/json' } })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{', '{"name":', '[1,2', '{"a":1}}', 'nul', '\u0000', '{"__proto__":{"is_admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '',
    ).map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', 'application/json; charset=latin1', 'multipart/form-data'), nastyText)
      .map(([type, payload]) => ({ payload, headers: { 'content-type': type } })),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), nastyText).map(([name, value]) => brokenMultipart(name, value)) },
  { weight: 1, arbitrary: fc.constant({}) },
);

/** A multipart body that is well formed, truncated, or announces the wrong boundary. */
function brokenMultipart(name: string, value: string): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----haatfuzz';
  const whole = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--${boundary}--\r\n`;
  const variants = [whole, whole.slice(0, whole.length / 2), whole.replace(/--\r\n$/, '')];
  const payload = variants[value.length % variants.length] ?? whole;
  const type = value.length % 4 === 3 ? `multipart/form-data; boundary=other` : `multipart/form-data; boundary=${boundary}`;
  return { payload, headers: { 'content-type': type } };
}

export type Audience = 'visitor' | 'customer' | 'admin';
export const audience: fc.Arbitrary<Audience> = fc.constantFrom('visitor', 'customer', 'admin');

/** A write the app accepts as it stands; the fuzz spoils one or two of its fields. */
export interface Template {
  method: 'POST' | 'PUT';
  url: string;
  who: Audience;
  payload: Record<string, unknown>;
}

/** Valid requests for the main writes, given ids that exist (`ids[0]` a product, `category`, `author`, `publisher`, `order`). */
export function templates(ids: { product: number; category: number; author: number; publisher: number; order: number }): Template[] {
  const book = { english_title: 'Himu', regular_price: 300, purchase_price: 200, units_stock: 3, category: ids.category, author: ids.author, publisher: ids.publisher, offer_type: 'Percentage', percentage: 10 };
  return [
    { method: 'PUT', url: `/api/product/${ids.product}/`, who: 'admin', payload: book },
    { method: 'POST', url: '/api/category/', who: 'admin', payload: { name: 'নতুন', parent: ids.category } },
    { method: 'PUT', url: `/api/category/${ids.category}/`, who: 'admin', payload: { name: 'বই ২', parent: null } },
    { method: 'POST', url: '/create-author/', who: 'admin', payload: { name: 'লেখক', description: 'd', alt_text: 'a' } },
    { method: 'PUT', url: `/api/publisher/${ids.publisher}/`, who: 'admin', payload: { name: 'প্রকাশক', description: 'd' } },
    { method: 'PUT', url: `/api/order/${ids.order}/`, who: 'admin', payload: { status: 'Delivered' } },
    { method: 'POST', url: `/api/order/${ids.order}/refund/`, who: 'admin', payload: { amount: 10, reason: 'r' } },
    { method: 'POST', url: '/makeAdmin/', who: 'admin', payload: { phone_number: '01712345678' } },
    { method: 'POST', url: '/checkout/', who: 'customer', payload: { district: 'ঢাকা', upazila_thana: 'মিরপুর', delivery_address: 'বাড়ি ১২', delivery_option: 'dhaka_home', payment_option: 'cod', orderItems: [{ product: ids.product, quantity: 1 }] } },
    { method: 'POST', url: '/register_user/', who: 'visitor', payload: { name: 'Rahim', phone_number: '01912345678', password: 'correct horse battery', password2: 'correct horse battery' } },
    { method: 'POST', url: '/login/', who: 'visitor', payload: { phone_number: '01912345678', password: 'correct horse battery' } },
    { method: 'POST', url: '/send_reset_otp/', who: 'visitor', payload: { phone_number: '01912345678' } },
  ];
}

/** A template with one or two fields replaced by hostile values (or removed, or an extra key added). */
export function spoiled(list: Template[]): fc.Arbitrary<Template> {
  return fc.constantFrom(...list).chain((t) => {
    const keys = Object.keys(t.payload);
    const change = fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...FIELD_NAMES)), fc.oneof({ weight: 5, arbitrary: nastyJson }, { weight: 1, arbitrary: fc.constant(undefined) }));
    return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
      const payload = { ...t.payload };
      for (const [k, v] of changes) {
        if (v === undefined) delete payload[k];
        else payload[k] = v;
      }
      return { ...t, payload };
    });
  });
}
