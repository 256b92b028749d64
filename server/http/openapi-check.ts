/**
 * Checks a real answer against the OpenAPI document (for tests): its status must be one the
 * operation documents, and a JSON body must fit that answer's schema (ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Any test that calls the API through `app.inject` can
 * ask `(await openApiChecker()).check('GET /api/product/:id/', res)` and expect no problems.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, openApiPath } from './openapi';

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}
type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
type Paths = Record<string, Record<string, { responses: Responses }>>;

/** The document's components, added once under this id: the answers' `$ref`s point into it. */
const DOCUMENT_ID = 'haat-openapi';

/** The answer documented for a status: the exact one, else its class (`4XX`), else `default`. */
function documentedAnswer(responses: Responses, status: number) {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

export async function openApiChecker() {
  const doc = (await buildOpenApiDocument()) as unknown as { paths: Paths; components?: object };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: doc.components ?? {} });
  const compiled = new Map<object, ValidateFunction>();
  const validator = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };
  /** Routes ("METHOD /path/") whose answers were checked, for a test to see what it covered. */
  const checked = new Set<string>();

  /** What is wrong with `answer` as an answer of `route` (its "METHOD /path/" key); empty when it fits the document. */
  function check(route: string, answer: Answer): string[] {
    const [method, path] = route.split(' ') as [string, string];
    const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
    if (!operation) return [`${route} is not in the document`];
    const documented = documentedAnswer(operation.responses, answer.statusCode);
    if (!documented) return [`${route} answered ${answer.statusCode}, which it does not document (${Object.keys(operation.responses).join(', ')})`];
    checked.add(route);
    const type = String(answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    const schema = documented.content?.[type]?.schema;
    if (type !== 'application/json' || !schema) return documented.content && !documented.content[type] ? [`${route} answered ${type || 'no content type'}, documented: ${Object.keys(documented.content).join(', ')}`] : [];
    const validate = validator(schema);
    if (validate(JSON.parse(answer.body))) return [];
    return (validate.errors ?? []).map((e) => `${route} ${answer.statusCode}: ${e.instancePath || '(body)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  }

  return { check, checked };
}
