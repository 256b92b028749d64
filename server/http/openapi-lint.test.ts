/**
 * The OpenAPI document passes Redocly's recommended rules (the linter openapi-typescript uses),
 * errors and warnings alike, but the trailing-slash rule: the first version's clients call
 * every path with its trailing slash, so the paths keep it.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';

describe('the OpenAPI document under Redocly', () => {
  it("passes Redocly's recommended rules, trailing slashes aside", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(await buildOpenApiDocument()), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('finds a problem when there is one (an operation without an id)', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const doc = (await buildOpenApiDocument()) as unknown as { paths: Record<string, Record<string, { operationId?: string }>> };
    delete doc.paths['/api/product/']!.get!.operationId;
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => p.ruleId)).toEqual(['operation-operationId']);
  });
});
