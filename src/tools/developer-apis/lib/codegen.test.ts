import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { expectBadRequest, run } from '../../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../../test/helpers/module-tools.ts';
import { developerApisTools } from '../index.ts';

/**
 * The four code generators built on quicktype (json-to-typescript, json-to-zod, json-to-go-struct, json-to-python,
 * all through codegen.ts): a file of their own because loading quicktype alone takes longer than the rest of the
 * module's tests (docs/writing-tools.md, "tests beside what they test").
 */
const CODE_GENERATORS = ['json-to-typescript', 'json-to-zod', 'json-to-go-struct', 'json-to-python'];
const { tool, result, outcome: outcomeOf, refusal, testFuzzing } = moduleTools(developerApisTools.filter((t) => CODE_GENERATORS.includes(t.slug)));

describe('JSON to types (quicktype)', () => {
  const sample = {
    id: 1,
    user: { name: 'Ada', address: { city: 'London' } },
    items: [
      { sku: 'A', qty: 1 },
      { sku: 'B', price: 9.5 },
    ],
    mixed: [1, 'two'],
  };

  test('TypeScript: nested objects become named interfaces, mixed array items merge with optional keys', async () => {
    const r = await result('json-to-typescript', { json: sample, typeName: 'Order' });
    const code = String(r.code);
    assert.deepEqual(r.types, ['Order', 'Item', 'User', 'Address']);
    assert.match(code, /items: +Item\[\];/);
    assert.match(code, /sku: +string;/);
    assert.match(code, /qty\?: +number;/);
    assert.match(code, /price\?: +number;/);
    assert.match(code, /mixed: +Array<number \| string>;/);
    assert.match(code, /address: Address;/);
  });

  test('Zod: schemas are declared before they are used', async () => {
    const r = await result('json-to-zod', { json: JSON.stringify(sample), typeName: 'Order' });
    const code = String(r.code);
    assert.ok(code.indexOf('export const AddressSchema') < code.indexOf('export const UserSchema'));
    assert.ok(code.indexOf('export const UserSchema') < code.indexOf('export const OrderSchema'));
    assert.match(code, /"qty": z\.number\(\)\.optional\(\)/);
    assert.match(code, /"mixed": z\.array\(z\.union\(\[z\.number\(\), z\.string\(\)\]\)\)/);
  });

  test('Go: mixed arrays warn about union helpers; includeHelpers emits them', async () => {
    const plain = await outcomeOf('json-to-go-struct', { json: sample, typeName: 'Order' });
    assert.match(String(plain.result.code), /Qty +\*int64 +`json:"qty,omitempty"`/);
    assert.ok(plain.warnings.some((w) => /includeHelpers/.test(w)));
    const full = await result('json-to-go-struct', { json: sample, typeName: 'Order', includeHelpers: true });
    assert.match(String(full.code), /func \(x \*Mixed\) UnmarshalJSON/);
    assert.match(String(full.code), /^package main/m);
  });

  test('Python: optional fields get None defaults, 3.7 uses typing generics', async () => {
    const r = await result('json-to-python', { json: sample, typeName: 'Order', pythonVersion: '3.7' });
    const code = String(r.code);
    assert.match(code, /qty: Optional\[int\] = None/);
    assert.match(code, /items: List\[Item\]/);
  });

  test('Python Pydantic: a field renamed from its JSON key carries Field(alias=key), so model_validate reads the sample', async () => {
    // pydantic 2 (docs.pydantic.dev, "Fields" → "Field aliases"): `name: str = Field(alias='key')` validates from the key
    // and model_dump(by_alias=True) writes it back; a field without an alias is read from its Python name only.
    const r = await result('json-to-python', { json: '{"firstName":"x","user-id":5,"class":1,"id":2,"rows":[{"aB":1},{}]}', style: 'pydantic' });
    assert.equal(
      r.code,
      'from pydantic import BaseModel, Field\n\n\n' +
        'class Row(BaseModel):\n    a_b: int | None = Field(default=None, alias="aB")\n\n\n' +
        'class Root(BaseModel):\n' +
        '    first_name: str = Field(alias="firstName")\n' +
        '    user_id: int = Field(alias="user-id")\n' +
        '    root_class: int = Field(alias="class")\n' +
        '    id: int\n' +
        '    rows: list[Row]\n',
    );
    // A key needing escapes is a valid Python string literal of the same text; dataclasses are unchanged.
    const escaped = await result('json-to-python', { json: { 'q"\\\n': 1 }, style: 'pydantic', pythonVersion: '3.7' });
    assert.match(String(escaped.code), /^ {4}q: int = Field\(alias="q\\"\\\\\\n"\)$/m);
    const dataclass = await result('json-to-python', { json: '{"firstName":"x"}' });
    assert.doesNotMatch(String(dataclass.code), /Field|alias/);
  });

  test('bad JSON text and a bad type name are 400s naming the field', async () => {
    const bad = await refusal('json-to-typescript', { json: '{"a": }' });
    assert.equal(bad.status, 400);
    assert.match(bad.detail, /^json: invalid JSON — .* line 1, column 7/);
    await expectBadRequest(tool('json-to-go-struct'), { json: '{}', typeName: '1abc' }, 'typeName');
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const json = fc.json({ maxDepth: 3 });
  const obj = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    'json-to-typescript': fc.record({ json: fc.oneof(json, obj), declaration: fc.constantFrom('interface', 'type') }),
    'json-to-zod': fc.record({ json: fc.oneof(json, obj) }),
    'json-to-go-struct': fc.record({ json: fc.oneof(json, obj), includeHelpers: fc.boolean() }),
    'json-to-python': fc.record({ json: fc.oneof(json, obj), style: fc.constantFrom('dataclass', 'pydantic') }),
  };
  const invalid: Record<string, [string, fc.Arbitrary<unknown>]> = {
    'json-to-typescript': ['json', fc.oneof(fc.integer(), fc.boolean()).map((json) => ({ json }))],
    'json-to-zod': [
      'typeName',
      fc
        .string({ minLength: 1, maxLength: 10 })
        .filter((n) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(n))
        .map((typeName) => ({ json: '{}', typeName })),
    ],
    'json-to-go-struct': ['packageName', fc.constantFrom('Main', 'my-pkg', '9x').map((packageName) => ({ json: '{}', packageName }))],
    'json-to-python': [
      'style',
      fc
        .string({ maxLength: 6 })
        .filter((s) => s !== 'dataclass' && s !== 'pydantic')
        .map((style) => ({ json: '{}', style })),
    ],
  };

  testFuzzing(CODE_GENERATORS, valid, invalid);
});

describe('code generators keep the promise of a top-level <typeName> for a top-level array', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'codegen-'));
  after(() => rmSync(work, { recursive: true, force: true }));
  const samples: [string, unknown][] = [
    ['objects', [{ id: 1, tags: ['a'] }, { id: 2 }]],
    ['numbers', [1, 2.5, 3]],
    ['mixed scalars', ['a', 1, null]],
  ];

  test('json-to-zod: the generated module, run with the real zod library, exports RowSchema and it parses the sample', async () => {
    for (const [name, json] of samples) {
      const { result } = await run(tool('json-to-zod'), { json, typeName: 'Row' });
      const { code, types } = result as { code: string; types: string[] };
      assert.ok(types.includes('RowSchema'), `${name}: ${types.join(', ')}`);
      // The zod package itself (not this code base) decides whether the schema accepts the sample: the generated
      // module is imported as written, its "zod" import pointed at the installed package.
      const file = path.join(work, `row-${name.replace(/\s/g, '-')}.ts`);
      writeFileSync(
        file,
        `${code.replace('from "zod"', `from ${JSON.stringify(import.meta.resolve('zod'))}`)}\nexport const accepted = RowSchema.safeParse(${JSON.stringify(json)}).success;\n`,
      );
      const generated = (await import(pathToFileURL(file).href)) as { accepted: unknown };
      assert.equal(generated.accepted, true, `${name}:\n${code}`);
    }
  });

  test('json-to-python and json-to-typescript name the top-level array too (Python checked by running it in CPython)', async () => {
    const modules: { name: string; code: string }[] = [];
    for (const [name, json] of samples) {
      const py = (await run(tool('json-to-python'), { json, typeName: 'Row' })).result as { code: string; types: string[] };
      assert.ok(py.types.includes('Row') || py.types.includes('RowElement'), name);
      modules.push({ name, code: py.code });
      const ts = (await run(tool('json-to-typescript'), { json, typeName: 'Row' })).result as { code: string; types: string[] };
      assert.ok(ts.types.includes('Row'), `${name}: ${ts.code}`);
    }
    // One CPython process runs each generated module as a module of its own and says whether its Row is a list type.
    const checker = [
      'import json, sys, types, typing',
      'for i, source in enumerate(json.load(sys.stdin)):',
      '    module = types.ModuleType(f"row_{i}")',
      '    sys.modules[module.__name__] = module',
      '    exec(compile(source, module.__name__, "exec"), module.__dict__)',
      '    print(typing.get_origin(module.Row) is list)',
    ].join('\n');
    const checked = spawnSync('python3', ['-c', checker], { input: JSON.stringify(modules.map((m) => m.code)), encoding: 'utf8' });
    const lines = checked.stdout.trim().split('\n');
    for (const [i, { name, code }] of modules.entries()) assert.equal(lines[i], 'True', `${name}: ${checked.stderr}\n${code}`);
  });
});
