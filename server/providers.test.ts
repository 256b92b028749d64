/**
 * A provider (a courier or an online payment gateway) lives in one place: its own folder
 * (server/shipments/couriers/<id>/, server/payments/gateways/<folder>/, and a folder of that
 * name under app/ for pages of its own, e.g. app/components/admin/shipments/pathao/), one line
 * of its registry and its entry in domain/providers.ts. This test reads the source under server/, app/ and domain/ and fails, naming file:line, where a
 * provider's id appears anywhere else: in a string (or template) literal, as an object key or
 * as an identifier. The ids are read from domain/providers.ts, so a new provider is covered
 * as soon as it is listed. Tests, test support (server/test/) and the migrations (history)
 * may name providers. Also, only tests import a provider's fake (fake.ts, fake-*.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COURIERS, GATEWAYS } from '../domain/providers';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['server', 'app', 'domain'];

/** bKash's online gateway is `bkash_online` (the plain `bkash` option is the personal wallet); its folder is `bkash`. */
const gatewayFolder = (id: string) => id.replace(/_online$/, '');

const PROVIDERS = [
  ...Object.keys(COURIERS).map((id) => ({ id, folder: `server/shipments/couriers/${id}/`, appFolder: `/${id}/` })),
  ...Object.keys(GATEWAYS).map((id) => ({ id, folder: `server/payments/gateways/${gatewayFolder(id)}/`, appFolder: `/${gatewayFolder(id)}/` })),
];

/** Where every provider may be named: the one list, the registries, history and tests. */
const EVERYONE_MAY = ['domain/providers.ts', 'server/payments/gateways/index.ts', 'server/shipments/couriers/index.ts'];
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('server/test/') || file.startsWith('server/db/migrations/');
const isFake = (file: string) => /\/fake(-[\w-]+)?\.ts$/.test(file);

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  return out.sort();
}

/** The texts a file names things with: string and template literal parts, JSX text, identifiers and keys. */
function namings(file: string): { text: string; line: number; identifier: boolean }[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { text: string; line: number; identifier: boolean }[] = [];
  const visit = (node: ts.Node) => {
    const line = () => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) out.push({ text: node.text, line: line(), identifier: true });
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) out.push({ text: node.text, line: line(), identifier: false });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const word = (id: string) => new RegExp(`(?<![A-Za-z0-9_])${id}(?![A-Za-z0-9_])`);

describe('provider ids', () => {
  const files = sourceFiles();

  it('are read from domain/providers.ts', () => {
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(4);
  });

  it('appear only in their own folder, domain/providers.ts, the registries, migrations and tests', () => {
    const offences = new Set<string>();
    for (const file of files) {
      if (isTestCode(file) || EVERYONE_MAY.includes(file)) continue;
      const named = namings(file);
      for (const { id, folder, appFolder } of PROVIDERS) {
        if (file.startsWith(folder) || (file.startsWith('app/') && file.includes(appFolder))) continue;
        const pattern = word(id);
        for (const n of named) {
          if (n.identifier ? n.text === id : pattern.test(n.text)) offences.add(`${file}:${n.line} names ${id}`);
        }
      }
    }
    expect([...offences]).toEqual([]);
  });

  it("a provider's fake is imported only by tests", () => {
    const offences: string[] = [];
    for (const file of files) {
      if (isTestCode(file) || isFake(file)) continue;
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      source.split('\n').forEach((text, i) => {
        if (/from\s+['"][^'"]*(\/fake(-[\w-]+)?|\/test\/fakes\/[^'"]*)['"]/.test(text)) offences.push(`${file}:${i + 1}`);
      });
    }
    expect(offences).toEqual([]);
  });
});
