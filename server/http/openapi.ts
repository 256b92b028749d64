/**
 * The OpenAPI 3.1 document of the whole HTTP API, built with @asteasolutions/zod-to-openapi from
 * the same zod schemas the handlers parse with. Each module's routes file declares its routes'
 * documentation next to the routes (a `RouteDocs` map keyed "METHOD /path/"); openapi.test.ts
 * fails when a route has no entry, or an entry no route. Served at /api/openapi.json (built on
 * its first request, then kept) and browsable at /api/docs, a small page with no outside assets
 * (the CSP allows none). The generator is imported with the first build, not at start: few
 * requests ever ask for the document, and the library and the built document were held from
 * start on.
 */
import type * as ZodToOpenApi from '@asteasolutions/zod-to-openapi';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cspNonce } from './security-headers';
import type { RouteDocs } from './route-docs';
import { isStaffAccess, STAFF_ACCESS } from '../../domain/roles';
import { metricsDocs } from '../metrics/routes';
import { operationAnswers, operationIdOf, pathParameters } from './openapi-operations';
import { ROUTE_MODULES } from '../route-modules';

/** A JSON Schema, and a query parameter, as they stand in the generated document. */
type JsonSchema = Record<string, unknown>;
interface QueryParameter {
  name: string;
  in: 'query';
  required: boolean;
  schema: JsonSchema;
}
/** The generated document's operations, as the fallbacks below fill them in. */
type Operations = Record<string, Record<string, { parameters?: unknown[]; requestBody?: { content: Record<string, { schema?: unknown }> }; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;

/** Every module's documentation, in the order the app declares the modules. */
export const ROUTE_DOCS: RouteDocs = {
  'GET /healthz': { summary: 'Health check: the database answers (503 `{status: "unavailable"}` when not)', audience: 'public', response: z.object({ status: z.literal('ok') }) },
  ...metricsDocs,
  ...Object.assign({}, ...ROUTE_MODULES.map((m) => m.docs)),
  'GET /media/*': { summary: 'Uploaded media (WebP images, PDFs)', audience: 'public', produces: 'application/octet-stream' },
  ...openApiDocs(),
};

function openApiDocs(): RouteDocs {
  return {
    'GET /api/openapi.json': { summary: 'This OpenAPI 3.1 document', audience: 'public' },
    'GET /api/docs': { summary: 'A page to browse this document', audience: 'public', produces: 'text/html' },
  };
}

type Generator = typeof ZodToOpenApi.OpenApiGeneratorV31;

/** Whether the library can describe a schema (it cannot read `.catch()` or the upload fields' `z.custom`). */
function readableBy(OpenApiGeneratorV31: Generator, schema: z.ZodType): boolean {
  try {
    new OpenApiGeneratorV31([{ type: 'route', route: { method: 'post', path: '/', request: { body: { content: { 'application/json': { schema } } } }, responses: { 200: { description: '' } } } }]).generateDocument({ openapi: '3.1.0', info: { title: '', version: '' } });
    return true;
  } catch {
    return false;
  }
}

/** Zod's own JSON Schema of what a client sends, for the schemas the library cannot read (uploads: any value). */
function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** Query parameters the library cannot make, made from the zod object's shape by hand. */
function queryParameters(query: z.ZodObject): QueryParameter[] {
  return Object.entries(query.shape).map(([name, field]) => ({ name, in: 'query', required: !(field as z.ZodType).safeParse(undefined).success, schema: zodJsonSchema(field as z.ZodType) }));
}

/** The tag of a path: its first segment after /api/ (or the first segment), so related calls sit together. */
function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const first = parts[0] === 'api' ? parts[1] : parts[0];
  return (first ?? 'root').replace(/\.json$/, '');
}

/** ":id" → "{id}", "*" → "{path}" (OpenAPI has no wildcard). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace('*', '{path}');

export async function buildOpenApiDocument(docs: RouteDocs = ROUTE_DOCS) {
  const { OpenAPIRegistry, OpenApiGeneratorV31 } = await import('@asteasolutions/zod-to-openapi');
  const libraryReads = (schema: z.ZodType) => readableBy(OpenApiGeneratorV31, schema);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'The token from POST /login/ or /register_user/.' });
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'haat_session', description: 'The session cookie the shop sets on sign-in (__Host-haat_session over https).' });
  const fallbacks: ((paths: Operations) => void)[] = [];

  for (const [key, doc] of Object.entries(docs)) {
    const [method, path] = key.split(' ') as [string, string];
    const params = pathParameters(path);
    // A schema the library cannot read goes in as z.unknown() and is replaced by zod's own JSON Schema after.
    const sent = doc.body ?? doc.form;
    const readable = sent && libraryReads(sent) ? sent : z.unknown();
    if (sent && readable !== sent) fallbacks.push((paths) => fillBody(paths, openApiPath(path), method, zodJsonSchema(sent)));
    const body = doc.body
      ? { required: true, content: { 'application/json': { schema: readable } } }
      : doc.form
        ? { required: true, content: { 'multipart/form-data': { schema: readable }, 'application/json': { schema: readable } } }
        : undefined;
    const query = doc.query && libraryReads(doc.query) ? doc.query : undefined;
    if (doc.query && !query) {
      const extra = queryParameters(doc.query);
      fallbacks.push((paths) => {
        const op = paths[openApiPath(path)]![method.toLowerCase()]!;
        op.parameters = [...(op.parameters ?? []), ...extra];
      });
    }
    // An answer's schema the library cannot read goes the same way.
    const answers = operationAnswers(method, path, doc.response && !libraryReads(doc.response) ? { ...doc, response: z.unknown() } : doc);
    if (doc.response && !libraryReads(doc.response)) {
      const schema = zodJsonSchema(doc.response, 'output');
      fallbacks.push((paths) => (paths[openApiPath(path)]![method.toLowerCase()]!.responses[String(doc.status ?? 200)]!.content!['application/json']!.schema = schema));
    }
    const signed = doc.audience === 'signed' || isStaffAccess(doc.audience);
    registry.registerPath({
      method: method.toLowerCase() as 'get',
      path: openApiPath(path),
      operationId: operationIdOf(method, path, doc),
      summary: doc.summary,
      tags: [tagOf(path)],
      // Public and secret operations need no session (a secret one proves itself its own way).
      security: signed ? [{ bearer: [] }, { session: [] }] : [],
      'x-haat-audience': doc.audience,
      ...(isStaffAccess(doc.audience) ? { 'x-haat-roles': [...STAFF_ACCESS[doc.audience]] } : {}),
      request: { ...(params ? { params } : {}), ...(query ? { query } : {}), ...(body ? { body } : {}) },
      responses: answers,
    });
  }

  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Haat API',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      description: 'The online bookshop\'s HTTP API. Errors answer `{status, message, errors?}`; `x-haat-audience` says who may call each operation (public, signed, a staff level, or secret: a gateway or courier with its own proof), and `x-haat-roles` which staff roles a staff level admits.',
    },
    servers: [{ url: '/' }],
  });
  for (const fill of fallbacks) fill(generated.paths as unknown as Operations);
  return generated;
}

/** The upload fields of the catalogue's forms (server/media/uploads.ts reads them as files). */
const UPLOAD_FIELDS = ['image', 'pdf', 'file'];

function fillBody(paths: Operations, path: string, method: string, schema: JsonSchema) {
  for (const [type, media] of Object.entries(paths[path]![method.toLowerCase()]!.requestBody!.content)) {
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    // In a multipart form an upload is a file part; zod's JSON Schema cannot say so (z.custom).
    const files = type === 'multipart/form-data' && properties
      ? Object.fromEntries(UPLOAD_FIELDS.filter((f) => properties[f] && !Object.keys(properties[f]).length).map((f) => [f, { type: 'string', contentMediaType: 'application/octet-stream' }]))
      : {};
    media.schema = Object.keys(files).length ? { ...schema, properties: { ...properties, ...files } } : schema;
  }
}

/** A page that lists the document's operations, expandable, with no outside assets (scripts under this request's nonce). */
function docsPage(nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Haat API</title><style>
body{font:15px/1.4 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#222}
details{border:1px solid #ddd;border-radius:4px;margin:.3rem 0;padding:.3rem .6rem}
summary{cursor:pointer}code{font-size:13px}.m{display:inline-block;width:4.5rem;font-weight:bold}
.a{color:#777;font-size:12px;margin-left:.5rem}pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:12px}h2{margin-top:1.5rem}
</style></head><body><h1>Haat API</h1><p>The <a href="/api/openapi.json">OpenAPI 3.1 document</a>, by tag. Open an operation for its parameters, body and answers; the shared answers are under Schemas.</p>
<div id="ops">Loading…</div>
<script nonce="${nonce}">
fetch('/api/openapi.json').then(function(r){return r.json()}).then(function(doc){
  var esc=function(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})};
  var byTag={};
  Object.keys(doc.paths).forEach(function(p){Object.keys(doc.paths[p]).forEach(function(m){
    var op=doc.paths[p][m];var t=(op.tags||['other'])[0];(byTag[t]=byTag[t]||[]).push([m,p,op]);});});
  var html='';
  Object.keys(byTag).sort().forEach(function(t){
    html+='<h2>'+esc(t)+'</h2>';
    byTag[t].forEach(function(e){var op=e[2];
      html+='<details><summary><span class="m">'+e[0].toUpperCase()+'</span><code>'+esc(e[1])+'</code> '+esc(op.summary||'')+'<span class="a">'+esc(op['x-haat-audience']||'')+'</span></summary>';
      if(op.parameters&&op.parameters.length){html+='<h4>Parameters</h4><ul>'+op.parameters.map(function(p){
        return '<li><code>'+esc(p.name)+'</code> ('+esc(p.in)+(p.required?', required':'')+') <code>'+esc(JSON.stringify(p.schema))+'</code></li>'}).join('')+'</ul>';}
      if(op.requestBody){Object.keys(op.requestBody.content).forEach(function(ct){
        html+='<h4>Body: '+esc(ct)+'</h4><pre>'+esc(JSON.stringify(op.requestBody.content[ct].schema,null,2))+'</pre>';});}
      html+='<h4>Responses</h4><ul>'+Object.keys(op.responses).map(function(s){var r=op.responses[s];var c=r.content&&r.content['application/json'];
        return '<li>'+esc(s)+': '+esc(r.description||'')+(c&&c.schema&&Object.keys(c.schema).length?'<pre>'+esc(JSON.stringify(c.schema,null,2))+'</pre>':'')+'</li>'}).join('')+'</ul></details>';
    });
  });
  // The shared answers (#/components/schemas/…): the product's fields, the order's, the error's.
  var schemas=(doc.components&&doc.components.schemas)||{};
  html+='<h2>Schemas</h2>'+Object.keys(schemas).map(function(n){return '<details id="schema-'+esc(n)+'"><summary><code>'+esc(n)+'</code> '+esc(schemas[n].description||'')+'</summary><pre>'+esc(JSON.stringify(schemas[n],null,2))+'</pre></details>'}).join('');
  document.getElementById('ops').innerHTML=html;
}).catch(function(e){document.getElementById('ops').textContent='Could not load the document: '+e;});
</script><noscript><p>This page needs JavaScript; the <a href="/api/openapi.json">document</a> itself does not.</p></noscript></body></html>`;
}

/** GET /api/openapi.json (built on the first request, then kept) and GET /api/docs. */
export function installOpenApi(app: FastifyInstance): void {
  // A schema the generator cannot read fails openapi.test.ts, which builds the whole document.
  let text: Promise<string> | null = null;
  const documentText = () => {
    text ??= buildOpenApiDocument().then((doc) => JSON.stringify(doc));
    // A failed build is tried again by the next request rather than kept.
    text.catch(() => (text = null));
    return text;
  };
  app.get('/api/openapi.json', { config: { sessionless: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(await documentText());
  });
  app.get('/api/docs', { config: { sessionless: true } }, async (request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(cspNonce(request))));
}
