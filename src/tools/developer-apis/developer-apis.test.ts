import assert from 'node:assert/strict';
import { createHmac, generateKeyPair, type KeyObject } from 'node:crypto';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { webUrl } from '../../../test/helpers/web-url.ts';
import { importSPKI, jwtVerify } from 'jose';
import { createRegexPool } from '../../engines/regex/pool.ts';
import { jsonSchemaOf } from '../../registry/json-schema.ts';
import { createRegistry } from '../../registry/registry.ts';
import { FUZZ_RUNS, expectBadRequest, run } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import { developerApisTools as allTools } from './index.ts';
import { developerUrlTools } from './url-checks.ts';

/** The JSON tools of this module; its URL tool (url-checks.ts) is tested with the real fetcher in http-headers-checker.test.ts. */
const developerApisTools = allTools.filter((t) => !developerUrlTools.includes(t));

type Json = Record<string, unknown>;
/**
 * Tools tested in files of their own, with their property tests, because their libraries are slow to load or
 * their checks slow to run: the quicktype code generators in lib/codegen.test.ts, the Prettier formatters in
 * lib/prettier.test.ts, the YAML tools in yaml-to-json.test.ts, the SQL tools in sql-formatter.test.ts and
 * sql-validator.test.ts (a grammar per dialect).
 */
const OWN_FILES = [
  ...['json-to-typescript', 'json-to-zod', 'json-to-go-struct', 'json-to-python'],
  ...['html-formatter', 'css-formatter', 'js-formatter'],
  ...['yaml-to-json', 'json-to-yaml'],
  ...['sql-formatter', 'sql-validator'],
];
const { tool, result, outcome: outcomeOf, refusal, testRefusals, expectNestingRefused, testFuzzing } = moduleTools(developerApisTools);
/**
 * regex-tester's calls share one warm worker pool, as the server's engines give it (a call without engines
 * starts a worker of its own, which costs more than most patterns take to run).
 */
const regex = createRegexPool();
after(() => regex.close());
const withRegexPool = { engines: { regex } };

test('the module has the 29 catalog tools (all but http-headers-checker)', () => {
  const expected = [
    'json-formatter',
    'json-validator',
    'base64-encoder-decoder',
    'url-encoder-decoder',
    'uuid-generator',
    'timestamp-converter',
    'regex-tester',
    'json-to-typescript',
    'json-to-zod',
    'json-to-go-struct',
    'json-to-python',
    'yaml-to-json',
    'json-to-yaml',
    'xml-formatter',
    'jwt-generator',
    'api-request-builder',
    'user-agent-parser',
    'ip-address-tools',
    'html-formatter',
    'css-formatter',
    'js-formatter',
    'sql-formatter',
    'sql-validator',
    'regex-generator',
    'cron-expression-generator',
    'cron-expression-parser',
    'css-minifier',
    'js-minifier',
    'color-converter',
  ];
  assert.deepEqual(
    developerApisTools.map((t) => t.slug),
    expected,
  );
});

test('the registry accepts the module and every schema converts to JSON Schema with described inputs', () => {
  createRegistry(developerApisTools);
  for (const t of developerApisTools) {
    const input = jsonSchemaOf(t.input, 'input') as { properties?: Record<string, { description?: string }> };
    jsonSchemaOf(t.output, 'output');
    for (const [name, property] of Object.entries(input.properties ?? {})) {
      assert.ok(property.description, `${t.slug}.${name} has no description`);
    }
    assert.ok(t.description.length > 120, `${t.slug}: description is too thin for a model choosing tools`);
    assert.ok(t.examples.length >= 2, t.slug);
  }
});

describe('JSON formatter and validator', () => {
  const cases: [string, string, number, number, RegExp][] = [
    ['missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, /Expected ',' or '}'/],
    ['trailing comma in array', '[1, 2,]', 1, 7, /Trailing comma/],
    ['unterminated string', '{"a": "x', 1, 9, /Unterminated string/],
    ['single quotes', "{'a': 1}", 1, 2, /double quotes/],
    ['bare word', '{"a": tru}', 1, 7, /Unexpected word 'tru'/],
    ['comment', '{"a": 1 // note\n}', 1, 9, /Expected ',' or '}'/],
    ['NaN', '[NaN]', 1, 2, /NaN is not a valid JSON value/],
    ['leading zero', '[01]', 1, 2, /leading zeros/],
    ['raw newline in string', '["a\nb"]', 1, 4, /control character/],
    ['text after the value', '{} x', 1, 4, /after the end of the JSON value/],
    ['empty input', '   ', 1, 1, /Empty input/],
    ['end of input inside object', '{"a": 1', 1, 8, /end of input/],
    ['second line, after a unicode character', '{"é": 1,\n "b" 2}', 2, 6, /Expected ':'/],
  ];
  for (const [name, json, line, column, message] of cases) {
    test(`validator: ${name} → line ${line}, column ${column}`, async () => {
      const r = await result('json-validator', { json });
      assert.equal(r.valid, false);
      const error = r.error as Json;
      assert.equal(error.line, line, JSON.stringify(error));
      assert.equal(error.column, column, JSON.stringify(error));
      assert.match(String(error.message), message);
    });
  }

  test('validator agrees with JSON.parse on random documents and near-miss mutations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', 'x', ' '), async (json, at, insert) => {
        const text = json.slice(0, at % (json.length + 1)) + insert + json.slice(at % (json.length + 1));
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const r = await result('json-validator', { json: text });
        assert.equal(r.valid, parses, text);
      }),
      { numRuns: 300 },
    );
  });

  test('validator lists duplicate keys with their path', async () => {
    const r = await result('json-validator', { json: '{"a": {"x": 1, "x": 2}, "b": [{"k": 1, "k": 1}]}' });
    assert.equal(r.valid, true);
    assert.deepEqual(
      (r.duplicateKeys as Json[]).map((d) => d.path),
      ['$.a.x', '$.b[0].k'],
    );
  });

  test('formatter: invalid JSON is a 400 naming json with line and column', async () => {
    const e = await refusal('json-formatter', { json: '{\n  "a": 1,\n}' });
    assert.equal(e.status, 400);
    assert.match(e.detail, /^json: invalid JSON — .* at line 3, column 1$/);
  });

  test('formatter keeps number literals exactly and warns about duplicate keys', async () => {
    const { result: r, warnings } = await outcomeOf('json-formatter', { json: '{"n": 9007199254740993, "f": 1.10, "e": 1E+2, "d": 1, "d": 2}', indent: 0 });
    assert.equal(r.formatted, '{"n":9007199254740993,"f":1.10,"e":1E+2,"d":2}');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /Duplicate key "d"/);
  });

  test('formatter: tab indent, sorted keys, non-ASCII escaped, __proto__ kept as a key', async () => {
    const r = await result('json-formatter', { json: '{"b": "é", "__proto__": 1, "a": [true]}', indent: 'tab', sortKeys: true, asciiOnly: true });
    assert.equal(r.formatted, '{\n\t"__proto__": 1,\n\t"a": [\n\t\ttrue\n\t],\n\t"b": "\\u00e9"\n}');
  });

  test('formatter keeps key order (integer-like keys too) and sorts by code point (python3 json.dumps, sort_keys)', async () => {
    const json = '{"b": 1, "10": 2, "9": 3, "a": 4, "n": 12345678901234567890, "d": 1, "d": [1.5, {}, []]}';
    // python3: json.dumps(json.loads(json), separators=(',', ':')) and with sort_keys=True; then indent=2.
    assert.equal((await result('json-formatter', { json, indent: 0 })).formatted, '{"b":1,"10":2,"9":3,"a":4,"n":12345678901234567890,"d":[1.5,{},[]]}');
    assert.equal(
      (await result('json-formatter', { json, indent: 0, sortKeys: true })).formatted,
      '{"10":2,"9":3,"a":4,"b":1,"d":[1.5,{},[]],"n":12345678901234567890}',
    );
    assert.equal(
      (await result('json-formatter', { json })).formatted,
      '{\n  "b": 1,\n  "10": 2,\n  "9": 3,\n  "a": 4,\n  "n": 12345678901234567890,\n  "d": [\n    1.5,\n    {},\n    []\n  ]\n}',
    );
    // python3: json.dumps(json.loads('{"😀":1,"！":2,"a":3}'), sort_keys=True, ensure_ascii=False): U+FF01 before U+1F600.
    assert.equal((await result('json-formatter', { json: '{"😀":1,"！":2,"a":3}', indent: 0, sortKeys: true })).formatted, '{"a":3,"！":2,"😀":1}');
  });

  test('formatter lays out random JSON as JSON.stringify does when no key is integer-like', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 4 }), fc.constantFrom<0 | 2 | 'tab'>(0, 2, 'tab'), async (json, indent) => {
        const value: unknown = JSON.parse(json);
        fc.pre(!/"(0|[1-9]\d*)":/.test(JSON.stringify(value)));
        const r = await result('json-formatter', { json, indent });
        assert.equal(r.formatted, JSON.stringify(value, null, indent === 0 ? undefined : indent === 'tab' ? '\t' : 2));
      }),
      { numRuns: 200 },
    );
  });

  test('formatter refuses absurd nesting with a 400, not a stack overflow', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const e = await refusal('json-formatter', { json: deep });
    assert.equal(e.status, 400);
    assert.match(e.detail, /nesting/);
  });
});

describe('XML (the YAML tools: yaml-to-json.test.ts)', () => {
  test('xml-formatter: mismatched tag → 400 with position; DOCTYPE/ENTITY refused', async () => {
    const bad = await refusal('xml-formatter', { xml: '<a>\n  <b>text</c>\n</a>' });
    assert.equal(bad.status, 400);
    assert.match(bad.detail, /^xml: .*closing tag.* at line 2, column \d+$/);
    const xxe = await refusal('xml-formatter', { xml: '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>' });
    assert.equal(xxe.status, 400);
    assert.match(xxe.detail, /DOCTYPE/);
    const roots = await refusal('xml-formatter', { xml: '<a/><b/>' });
    assert.equal(roots.status, 400);
  });

  test('xml-formatter refuses what XML 1.0 says is not well-formed (python3 xml.etree / expat rejects each)', async () => {
    // Checked by saxes (written to XML 1.0 and tested against the W3C conformance suite); the wording is its own.
    const cases: [string, RegExp][] = [
      ['<a>&foo;</a>', /undefined entity/],
      ['<a b="<"/>', /disallowed character/],
      ['<a>]]></a>', /"]]>" is disallowed/],
      ['<a>&#xD800;</a>', /malformed character entity/],
      ['<a>\u0001</a>', /disallowed character/],
      ['<a><!-- a -- b --></a>', /'--' is not allowed inside a comment/],
      ["<a b='&foo;'/>", /undefined entity/],
      ['<a>&#x110000;</a>', /malformed character entity/],
      ['<a>\ufffe</a>', /disallowed character/],
    ];
    for (const [xml, detail] of cases) {
      const e = await refusal('xml-formatter', { xml });
      assert.equal(e.status, 400, xml);
      assert.match(e.detail, /^xml: not well-formed: /, xml);
      assert.match(e.detail, detail, xml);
      assert.match(e.detail, /at line 1, column \d+$/, xml);
    }
    // And what expat accepts still formats: predefined entities, character references, '>' and ']]>' in attributes,
    // '&' and '<' inside CDATA, processing instructions and comments.
    for (const xml of [
      '<a>&amp;&lt;&gt;&apos;&quot;&#38;&#x1F600;</a>',
      '<a b="x>y &amp; &#9; ]]>">t</a>',
      '<a><![CDATA[ & < ]]></a>',
      '<?xml version="1.0"?><a><?pi & < ]]> ?><!-- - a - --></a>',
    ]) {
      assert.equal(typeof (await result('xml-formatter', { xml })).formatted, 'string', xml);
    }
  });
});

describe('formatters and minifiers: syntax errors are 400 with line and column', () => {
  const cases: [string, Json, RegExp][] = [
    ['css-minifier', { css: 'a { color: red }\n}} b {}' }, /^css: .* at line 2, column 1$/],
    ['js-minifier', { code: 'function f() {\n  return (1 + ;\n}' }, /^code: Unexpected token.* at line 2, column 15$/],
  ];
  testRefusals(cases);

  test('deeply nested input is a 400, never a crash (Lightning CSS is native: it would segfault; the tools of OWN_FILES in their own files)', async () => {
    const deep: [string, Json, string][] = [
      ['css-minifier', { css: '@media screen{'.repeat(5000) + '}'.repeat(5000) }, 'css'],
      ['css-minifier', { css: `a{width:calc(${'('.repeat(5000)}1px${')'.repeat(5000)})}` }, 'css'],
      ['js-minifier', { code: `x = ${'['.repeat(5000)}${']'.repeat(5000)}` }, 'code'],
      ['xml-formatter', { xml: '<a>'.repeat(5000) + '</a>'.repeat(5000) }, 'xml'],
      ['json-to-go-struct', { json: '{"a":'.repeat(100) + '1' + '}'.repeat(100) }, 'json'],
    ];
    await expectNestingRefused(deep);
    // Strings and comments do not count as nesting.
    const ok = await result('css-minifier', { css: `a::after{content:"${'('.repeat(500)}"}/* ${'{'.repeat(500)} */` });
    assert.match(String(ok.css), /^a:after\{content:"\(+"\}$/);
  });

  test('css-minifier keeps nested rules (no silent loss)', async () => {
    const r = await result('css-minifier', { css: '.a { color: red; .b { color: blue; } }' });
    assert.equal(r.css, '.a{color:red;& .b{color:#00f}}');
  });
});

describe('IP address tools', () => {
  test('192.168.1.0/26 → 64 addresses, 62 hosts, .63 broadcast', async () => {
    const r = await result('ip-address-tools', { address: '192.168.1.0/26' });
    const net = r.network as Json;
    assert.deepEqual(
      [net.totalAddresses, net.usableHosts, net.broadcastAddress, net.firstHost, net.lastHost, net.subnetMask, net.wildcardMask],
      ['64', '62', '192.168.1.63', '192.168.1.1', '192.168.1.62', '255.255.255.192', '0.0.0.63'],
    );
  });

  const blocks: [string, string, string, string, string][] = [
    // input, network cidr, total, usable, first–last host
    ['10.1.2.3/8', '10.0.0.0/8', '16777216', '16777214', '10.0.0.1-10.255.255.254'],
    ['172.16.5.4/30', '172.16.5.4/30', '4', '2', '172.16.5.5-172.16.5.6'],
    ['203.0.113.8/31', '203.0.113.8/31', '2', '2', '203.0.113.8-203.0.113.9'],
    ['8.8.8.8/32', '8.8.8.8/32', '1', '1', '8.8.8.8-8.8.8.8'],
    ['0.0.0.0/0', '0.0.0.0/0', '4294967296', '4294967294', '0.0.0.1-255.255.255.254'],
    [
      '2001:db8:abcd:12::1/64',
      '2001:db8:abcd:12::/64',
      '18446744073709551616',
      '18446744073709551616',
      '2001:db8:abcd:12::-2001:db8:abcd:12:ffff:ffff:ffff:ffff',
    ],
  ];
  for (const [input, cidr, total, usable, hosts] of blocks) {
    test(`CIDR ${input}`, async () => {
      const net = (await result('ip-address-tools', { address: input })).network as Json;
      assert.deepEqual([net.cidr, net.totalAddresses, net.usableHosts, `${String(net.firstHost)}-${String(net.lastHost)}`], [cidr, total, usable, hosts]);
    });
  }

  const classes: [string, string, boolean][] = [
    ['8.8.8.8', 'public', true],
    ['10.0.0.1', 'private', false],
    ['172.31.255.255', 'private', false],
    ['172.32.0.1', 'public', true],
    ['100.64.0.1', 'carrier-grade-nat', false],
    ['169.254.169.254', 'link-local', false],
    ['127.0.0.53', 'loopback', false],
    ['192.0.2.1', 'documentation', false],
    ['198.18.0.1', 'benchmarking', false],
    ['224.0.0.251', 'multicast', false],
    ['255.255.255.255', 'broadcast', false],
    ['240.0.0.1', 'reserved', false],
    ['::1', 'loopback', false],
    ['fe80::1%eth0', 'link-local', false],
    ['fd12:3456::1', 'unique-local', false],
    ['2001:db8::1', 'documentation', false],
    ['2606:4700:4700::1111', 'public', true],
    ['::ffff:10.0.0.1', 'ipv4-mapped', false],
  ];
  for (const [address, category, isPublic] of classes) {
    test(`classify ${address} as ${category}`, async () => {
      const ip = (await result('ip-address-tools', { address })).ip as Json;
      assert.equal((ip.classification as Json).category, category);
      assert.equal(ip.isPublic, isPublic);
    });
  }

  test('mapped IPv6 exposes the embedded IPv4; contains and subnets', async () => {
    const mapped = (await result('ip-address-tools', { address: '::ffff:10.0.0.1' })).ip as Json;
    assert.equal(mapped.embeddedIPv4, '10.0.0.1');
    const inside = await result('ip-address-tools', { address: '10.0.0.0/8', contains: '10.20.0.0/16' });
    assert.deepEqual(inside.contains, { target: '10.20.0.0/16', inside: true });
    const outside = await result('ip-address-tools', { address: '10.0.0.0/16', contains: '10.0.0.0/8' });
    assert.deepEqual(outside.contains, { target: '10.0.0.0/8', inside: false });
    const split = (await result('ip-address-tools', { address: '192.168.0.0/22', subnetPrefix: 24 })).subnets as Json;
    assert.deepEqual(split.listed, ['192.168.0.0/24', '192.168.1.0/24', '192.168.2.0/24', '192.168.3.0/24']);
  });

  test('bad addresses are 400s naming the field', async () => {
    for (const address of ['1.2.3', '256.1.1.1', '010.0.0.1', '10.0.0.0/33', '10.0.0.0/255.0.255.0', 'example.com', '::g']) {
      await expectBadRequest(tool('ip-address-tools'), { address }, 'address');
    }
    await expectBadRequest(tool('ip-address-tools'), { address: '10.0.0.1', contains: '10.0.0.2' }, 'contains');
    await expectBadRequest(tool('ip-address-tools'), { address: '10.0.0.0/8', contains: '::1' }, 'contains');
  });
});

describe('cron', () => {
  const now = new Date('2024-03-08T12:00:00Z');

  test('parser: next runs in New York from ctx.now() cross the DST change', async () => {
    const r = await result('cron-expression-parser', { expression: '0 9 * * MON-FRI', timeZone: 'America/New_York', count: 3 }, now);
    assert.deepEqual(
      (r.nextRuns as Json[]).map((x) => [x.utc, x.local]),
      [
        ['2024-03-08T14:00:00Z', '2024-03-08T09:00:00-05:00'],
        ['2024-03-11T13:00:00Z', '2024-03-11T09:00:00-04:00'],
        ['2024-03-12T13:00:00Z', '2024-03-12T09:00:00-04:00'],
      ],
    );
    assert.equal(r.description, 'At 09:00 AM, Monday through Friday');
  });

  test('parser: a job at 02:30 on the spring-forward day in Berlin still runs once', async () => {
    const r = await result('cron-expression-parser', { expression: '30 2 * * *', timeZone: 'Europe/Berlin', count: 2, from: '2024-03-30T12:00:00Z' });
    assert.deepEqual(
      (r.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-31T01:30:00Z', '2024-04-01T00:30:00Z'],
    );
  });

  test('parser: macros, day-of-month OR day-of-week', async () => {
    const weekly = await result('cron-expression-parser', { expression: '@weekly', count: 1 }, now);
    assert.deepEqual(
      (weekly.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-10T00:00:00Z'],
    );
    const either = await result('cron-expression-parser', { expression: '0 0 13 * FRI', count: 3 }, now);
    assert.deepEqual(
      (either.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-13T00:00:00Z', '2024-03-15T00:00:00Z', '2024-03-22T00:00:00Z'],
    );
  });

  test('parser: a day field starting with * makes both day fields match, as cronie does (DOM_STAR/DOW_STAR)', async () => {
    // Cronie's entry.c/cron.c: with DOM_STAR or DOW_STAR a day must match both fields. The expected days are the
    // odd-dated Mondays after 2024-02-27 (python3: [d for d in days if d.day % 2 == 1 and d.weekday() == 0]).
    const r = await result('cron-expression-parser', { expression: '0 0 */2 * 1', from: '2024-02-27T10:07:00Z' });
    assert.deepEqual(
      (r.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-11T00:00:00Z', '2024-03-25T00:00:00Z', '2024-04-01T00:00:00Z', '2024-04-15T00:00:00Z', '2024-04-29T00:00:00Z'],
    );
    // The 5th on an even weekday (Sun, Tue, Thu, Sat): python3 gives 2024-03-05 (Tue), 2024-05-05 (Sun), 2024-09-05 (Thu).
    const fifth = await result('cron-expression-parser', { expression: '0 0 5 * */2', from: '2024-02-27T10:07:00Z', count: 3 });
    assert.deepEqual(
      (fifth.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-05T00:00:00Z', '2024-05-05T00:00:00Z', '2024-09-05T00:00:00Z'],
    );
  });

  test("parser: '?' is allowed only in the day fields (Quartz), elsewhere a 400 naming expression", async () => {
    for (const expression of ['? ? ? ? ?', '? * * * *', '0 ? * * *', '0 0 1 ? *', '? 0 0 1 * *']) {
      await expectBadRequest(tool('cron-expression-parser'), { expression }, 'expression');
    }
    const ok = await result('cron-expression-parser', { expression: '0 0 ? * MON', from: '2024-02-27T10:07:00Z', count: 2 });
    assert.deepEqual(
      (ok.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-04T00:00:00Z', '2024-03-11T00:00:00Z'],
    );
  });

  test('parser: invalid expressions and zones are 400s naming the field', async () => {
    for (const expression of ['* * *', '60 * * * *', '* * * * * * *', 'every day', '0 0 31 4 *']) {
      await expectBadRequest(tool('cron-expression-parser'), { expression }, 'expression');
    }
    await expectBadRequest(tool('cron-expression-parser'), { expression: '* * * * *', timeZone: 'Mars/Olympus' }, 'timeZone');
  });

  test('generator: options become the expected expression and runs from ctx.now()', async () => {
    const daily = await result('cron-expression-generator', { frequency: 'daily', time: '06:45', timeZone: 'Asia/Kolkata', count: 2 }, now);
    assert.equal(daily.expression, '45 6 * * *');
    assert.deepEqual(
      (daily.nextRuns as Json[]).map((x) => x.local),
      ['2024-03-09T06:45:00+05:30', '2024-03-10T06:45:00+05:30'],
    );
    const last = await result('cron-expression-generator', { frequency: 'monthly', dayOfMonth: 'last', time: '23:00', count: 2 }, now);
    assert.equal(last.expression, '0 23 L * *');
    assert.deepEqual(
      (last.nextRuns as Json[]).map((x) => x.utc),
      ['2024-03-31T23:00:00Z', '2024-04-30T23:00:00Z'],
    );
    const hours = await result('cron-expression-generator', { frequency: 'every-n-hours', interval: 4, minute: 15, betweenHours: { from: 8, to: 20 } }, now);
    assert.equal(hours.expression, '15 8-20/4 * * *');
    await expectBadRequest(tool('cron-expression-generator'), { frequency: 'every-n-minutes' }, 'interval');
    await expectBadRequest(tool('cron-expression-generator'), { frequency: 'yearly', month: 2, dayOfMonth: 30 }, 'dayOfMonth');
  });
});

describe('encoders, UUIDs, timestamps', () => {
  test('base64 round-trips any text, both alphabets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.boolean(), async (text, urlSafe) => {
        const encoded = await result('base64-encoder-decoder', { text, mode: 'encode', urlSafe });
        assert.equal(encoded.result, Buffer.from(text, 'utf8').toString(urlSafe ? 'base64url' : 'base64'));
        const decoded = await result('base64-encoder-decoder', { text: encoded.result, mode: 'decode' });
        assert.equal(decoded.result, text);
      }),
      { numRuns: 200 },
    );
  });

  test('base64 decode: invalid input is a 400; binary data comes back as hex', async () => {
    for (const text of ['abc!', 'ab=c', 'a', 'ab+_', 'YQ===']) await expectBadRequest(tool('base64-encoder-decoder'), { text, mode: 'decode' }, 'text');
    const { result: r, warnings } = await outcomeOf('base64-encoder-decoder', { text: '/w==', mode: 'decode' });
    assert.equal(r.validUtf8, false);
    assert.equal(r.hex, 'ff');
    assert.equal(warnings.length, 1);
  });

  test('base64 decode keeps a leading byte order mark (python3: base64.b64decode("77u/aGk=").decode("utf-8") == "\\ufeffhi")', async () => {
    const r = await result('base64-encoder-decoder', { text: '77u/aGk=', mode: 'decode' });
    assert.equal(r.result, '\ufeffhi');
    assert.equal(r.outputBytes, 5);
  });

  test('url decode: malformed escapes are 400s saying where', async () => {
    const e = await refusal('url-encoder-decoder', { text: 'a%2', mode: 'decode' });
    assert.match(e.detail, /^text: malformed percent-escape '%2' at position 1/);
    const utf = await refusal('url-encoder-decoder', { text: 'ok%C3%28', mode: 'decode' });
    assert.match(utf.detail, /not valid UTF-8/);
  });

  test('url encode/decode round-trips in every variant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 100 }), fc.constantFrom('component', 'uri', 'form'), async (text, variant) => {
        const enc = await result('url-encoder-decoder', { text, mode: 'encode', variant });
        const dec = await result('url-encoder-decoder', { text: enc.result, mode: 'decode', variant });
        if (variant === 'uri') return; // decodeURI leaves reserved escapes (%23…) encoded by design
        assert.equal(dec.result, text);
      }),
      { numRuns: 200 },
    );
  });

  test('uuid v7: embeds ctx.now() and a batch is strictly increasing', async () => {
    const now = new Date('2025-01-02T03:04:05.678Z');
    const r = await result('uuid-generator', { version: 'v7', count: 200 }, now);
    const uuids = r.uuids as string[];
    assert.equal(r.timestamp, now.toISOString());
    assert.equal(new Set(uuids).size, 200);
    assert.deepEqual([...uuids].sort(), uuids);
    for (const u of uuids) {
      assert.match(u, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(parseInt(u.replace(/-/g, '').slice(0, 12), 16), now.getTime());
    }
    await expectBadRequest(tool('uuid-generator'), { version: 'v5' }, 'name');
    await expectBadRequest(tool('uuid-generator'), { version: 'v4', count: 1001 }, 'count');
    await expectBadRequest(tool('uuid-generator'), { version: 'v5', name: 'x', namespace: 'nope' }, 'namespace');
  });

  test('timestamp: epoch units, zones and relative time from ctx.now()', async () => {
    const now = new Date('2024-07-01T12:00:00Z');
    const ms = await result('timestamp-converter', { value: 1719835200000, timeZone: 'Asia/Kolkata' }, now);
    assert.equal(ms.detectedFormat, 'unix-milliseconds');
    assert.equal((ms.zoned as Json).iso, '2024-07-01T17:30:00.000+05:30');
    assert.equal(ms.relative, 'in 0 seconds');
    const ns = await result('timestamp-converter', { value: '1719835200123456789' }, now);
    assert.equal(ns.unixMilliseconds, 1719835200123);
    const rfc = await result('timestamp-converter', { value: 'Sun, 30 Jun 2024 12:00:00 +0000' }, now);
    assert.equal(rfc.relative, '1 day ago');
    assert.equal(rfc.secondsFromNow, -86400);
    const nowResult = await result('timestamp-converter', {}, now);
    assert.equal(nowResult.unixSeconds, 1719835200);
    const { warnings } = await outcomeOf('timestamp-converter', { value: '2024-03-31T02:30:00', timeZone: 'Europe/Berlin' }, now);
    assert.match(warnings[0] ?? '', /does not exist in Europe\/Berlin/);
    await expectBadRequest(tool('timestamp-converter'), { value: 'yesterday-ish' }, 'value');
    await expectBadRequest(tool('timestamp-converter'), { timeZone: 'Europe/Atlantis' }, 'timeZone');
    await expectBadRequest(tool('timestamp-converter'), { value: 1e20, unit: 'seconds' }, 'value');
  });

  test('timestamp: fractional epochs floor to the millisecond, a number and its digit string alike (python3 datetime.fromtimestamp)', async () => {
    // python3: datetime.fromtimestamp(1719835200.9999, timezone.utc) → 2024-07-01 12:00:00.999900+00:00
    const frac = await result('timestamp-converter', { value: 1719835200.9999 });
    assert.equal((frac.utc as Json).iso, '2024-07-01T12:00:00.999Z');
    assert.equal(frac.unixSeconds, 1719835200);
    // python3: fromtimestamp(0.0015, utc) → 00:00:00.001500; fromtimestamp(-0.0015, utc) → 1969-12-31 23:59:59.998500
    for (const value of [1500, '1500']) {
      assert.equal(((await result('timestamp-converter', { value, unit: 'microseconds' })).utc as Json).iso, '1970-01-01T00:00:00.001Z', String(value));
    }
    for (const value of [-1500, '-1500']) {
      assert.equal(((await result('timestamp-converter', { value, unit: 'microseconds' })).utc as Json).iso, '1969-12-31T23:59:59.998Z', String(value));
    }
  });

  test('timestamp: DST gaps are flagged for date-only input; years before 100 are not 19xx (python3 zoneinfo)', async () => {
    // python3 zoneinfo: 2018-11-04 00:00 in America/Sao_Paulo has utcoffset -3h at fold=0 and -2h at fold=1: it never existed.
    for (const value of ['2018-11-04', '2018-11-04T00:00']) {
      const { result: r, warnings } = await outcomeOf('timestamp-converter', { value, timeZone: 'America/Sao_Paulo' });
      assert.equal((r.utc as Json).iso, '2018-11-04T03:00:00.000Z', value);
      assert.equal(warnings.length, 1, value);
      assert.match(warnings[0] ?? '', /does not exist in America\/Sao_Paulo/);
    }
    // python3 zoneinfo: 0050-06-01 12:00 in Europe/Berlin is local mean time +00:53:28 (the same at both folds) → 11:06:32Z.
    const { result: old, warnings } = await outcomeOf('timestamp-converter', { value: '0050-06-01T12:00', timeZone: 'Europe/Berlin' });
    assert.equal((old.utc as Json).iso, '0050-06-01T11:06:32.000Z');
    assert.deepEqual(warnings, []);
    // A date ending in "-04" is a day, and a zone name after an SQL date is an offset: neither is read as zoneless or misread.
    const named = await outcomeOf('timestamp-converter', { value: '2024-07-01 12:00:00 Europe/Berlin' });
    assert.equal((named.result.utc as Json).iso, '2024-07-01T10:00:00.000Z');
    assert.deepEqual(named.warnings, []);
  });
});

/** A private key generated here, on libuv's thread pool: the JWT tests start it early and await it when they need it. */
function privateKeyOf(type: 'rsa' | 'ec', options: { modulusLength?: number; namedCurve?: string }): Promise<KeyObject> {
  return new Promise((resolve, reject) => {
    generateKeyPair(type as 'rsa', options as { modulusLength: number }, (error, _publicKey, privateKey) => (error ? reject(error) : resolve(privateKey)));
  });
}

describe('JWT generator', () => {
  const keys = {
    RS256: privateKeyOf('rsa', { modulusLength: 2048 }),
    ES256: privateKeyOf('ec', { namedCurve: 'P-256' }),
    P384: privateKeyOf('ec', { namedCurve: 'P-384' }),
  };

  test('HS256 token verifies with the secret; claims come from options and ctx.now()', async () => {
    const now = new Date('2024-05-01T00:00:00Z');
    const r = await result('jwt-generator', { secret: 'x'.repeat(32), payload: { role: 'dev' }, audience: ['a', 'b'], expiresIn: '2h', notBefore: 60 }, now);
    const { payload, protectedHeader } = await jwtVerify(String(r.token), new TextEncoder().encode('x'.repeat(32)), {
      currentDate: new Date('2024-05-01T00:05:00Z'),
      audience: 'a',
    });
    assert.deepEqual(protectedHeader, { alg: 'HS256', typ: 'JWT' });
    assert.deepEqual(payload, { role: 'dev', iat: 1714521600, exp: 1714528800, nbf: 1714521660, aud: ['a', 'b'] });
    const [h, p, sig] = String(r.token).split('.');
    assert.equal(sig, createHmac('sha256', 'x'.repeat(32)).update(`${h}.${p}`).digest('base64url'));
  });

  test('RS256 and ES256 tokens verify with the returned public key', async () => {
    for (const alg of ['RS256', 'ES256'] as const) {
      const privateKey = await keys[alg];
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const r = await result('jwt-generator', { algorithm: alg, privateKey: pem, subject: 'u1' });
      const key = await importSPKI(String(r.publicKey), alg);
      const { payload } = await jwtVerify(String(r.token), key);
      assert.equal(payload.sub, 'u1');
    }
  });

  test('alg none, wrong key types and missing keys are 400s', async () => {
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'none', secret: 'x' }, 'algorithm');
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'HS256' }, 'secret');
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'RS256' }, 'privateKey');
    const ec = (await keys.P384).export({ type: 'pkcs8', format: 'pem' }).toString();
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'ES256', privateKey: ec }, 'privateKey');
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'RS256', privateKey: 'not a key' }, 'privateKey');
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', expiresIn: 'soon' }, 'expiresIn');
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', header: { alg: 'none' } }, 'header');
  });
});

describe('misc', () => {
  test('color: WCAG contrast of #777 on white is 4.48 and fails AA', async () => {
    const r = await result('color-converter', { color: '#777', contrastWith: 'white' });
    const against = (r.contrast as Json).against as Json;
    assert.equal(against.ratio, 4.48);
    assert.equal(against.aaNormal, false);
    assert.equal(against.aaLarge, true);
    await expectBadRequest(tool('color-converter'), { color: 'not-a-colour' }, 'color');
    await expectBadRequest(tool('color-converter'), { color: 'red', contrastWith: '#12' }, 'contrastWith');
  });

  test('color: hsl, hwb and oklch inputs agree on the hex', async () => {
    for (const color of ['hsl(120 100% 25%)', 'hwb(120 0% 49.8%)', 'rgb(0 128 0)', 'green']) {
      assert.equal((await result('color-converter', { color })).hex, '#008000', color);
    }
  });

  test('color: rgb() channels out of range are clamped at parse time (CSS Color 4 §5.1), not gamut-mapped', async () => {
    // rgb(300 -5 20) is rgb(255 0 20) = #ff0014 by the spec's clamping; rgba() and the legacy comma syntax alike.
    for (const color of ['rgb(300 -5 20)', 'rgba(300, -5, 20, 1)']) {
      const { result: r, warnings } = await outcomeOf('color-converter', { color });
      assert.equal(r.hex, '#ff0014', color);
      assert.deepEqual(r.rgb, { r: 255, g: 0, b: 20 });
      assert.equal(r.inSrgbGamut, true);
      assert.deepEqual(warnings, []);
    }
    // `none` in rgb() is 0 (CSS Color 4 §4.4), after clamping the other channels: rgb(0 255 0).
    assert.equal((await result('color-converter', { color: 'rgb(none 300 0)' })).hex, '#00ff00');
  });

  test('user agent: bots and HTTP clients are flagged', async () => {
    const curl = await result('user-agent-parser', { userAgent: 'curl/8.5.0' });
    assert.deepEqual(curl.bot, { name: 'HTTP client', category: 'http-client' });
    const gpt = await result('user-agent-parser', {
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    });
    assert.equal((gpt.bot as Json).category, 'ai-crawler');
    const android = await result('user-agent-parser', {
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    });
    assert.deepEqual([android.deviceType, (android.os as Json).name, (android.device as Json).vendor], ['mobile', 'Android', 'Google']);
  });

  test('regex generator: escaped literals and generated patterns behave', async () => {
    const r = await result('regex-generator', {
      startsWith: 'a.b(',
      endsWith: '$',
      characterClasses: ['digits'],
      minLength: 6,
      maxLength: 8,
      samples: ['a.b(12$', 'axb(12$', 'a.b(123$', 'a.b(1234$', 'a.b($'],
    });
    assert.equal(r.pattern, '^a\\.b\\([0-9]{1,3}\\$$');
    assert.deepEqual(
      (r.tests as Json[]).map((t) => t.matches),
      [true, false, true, false, false],
    );
    const find = await result('regex-generator', { preset: 'ipv4', matchWholeString: false, samples: ['from 10.0.0.1 to 10.0.0.256'] });
    assert.equal(find.flags, 'gu');
    assert.equal((find.tests as Json[])[0]?.match, '10.0.0.1');
    await expectBadRequest(tool('regex-generator'), {}, 'preset');
    await expectBadRequest(tool('regex-generator'), { preset: 'email', startsWith: 'x' }, 'startsWith');
    await expectBadRequest(tool('regex-generator'), { minLength: 5, maxLength: 2 }, 'maxLength');
  });

  test('regex tester: unicode empty matches advance by code point; replace with named groups', async () => {
    const r = (await run(tool('regex-tester'), { pattern: '', flags: 'gu', text: 'a😀' }, withRegexPool)).result as Json;
    assert.deepEqual(
      (r.matches as Json[]).map((m) => m.index),
      [0, 1, 3],
    );
    const rep = (await run(tool('regex-tester'), { pattern: '(?<d>\\d+)', text: 'a1b22', replace: '[$<d>]' }, withRegexPool)).result as Json;
    assert.equal(rep.replaced, 'a[1]b[22]');
    assert.equal(rep.replacements, 2);
    await expectBadRequest(tool('regex-tester'), { pattern: '(', text: 'x' }, 'pattern', withRegexPool);
    await expectBadRequest(tool('regex-tester'), { pattern: 'a', flags: 'gg', text: 'x' }, 'flags', withRegexPool);
    await expectBadRequest(tool('regex-tester'), { pattern: 'a', flags: 'uv', text: 'x' }, 'flags', withRegexPool);
    await expectBadRequest(tool('regex-tester'), { pattern: 'a', flags: 'x', text: 'x' }, 'flags', withRegexPool);
  });

  test('regex tester: groups are named as the engine names them; without v, [[] is one whole class (ECMA-262 ClassContents)', async () => {
    // The oracle is V8 itself: with the d flag, indices.groups gives each named group's span, as indices[k] gives group k's.
    const cases: [string, string, string][] = [
      ['[[](?<n>y)', 'g', '[y'],
      ['[[]](x(?<n>y))', 'g', '[]xy'],
      ['[\\]](?<n>y)(z)', 'g', ']yz'],
      ['[[a]](?<n>y)', 'gv', 'ay'],
      ['[[a]--[b]](?<n>y)(?<m>z)', 'gv', 'ayz'],
      ['(?<\\u0061>x)(y)', 'g', 'xy'],
    ];
    for (const [pattern, flags, text] of cases) {
      const native = new RegExp(pattern, `${flags}d`).exec(text)!;
      const spans = Object.entries(native.indices!.groups ?? {});
      const expected = native.indices!.slice(1).map((span) => spans.find(([, s]) => s?.[0] === span?.[0] && s?.[1] === span?.[1])?.[0] ?? null);
      const r = (await run(tool('regex-tester'), { pattern, flags, text }, withRegexPool)).result as Json;
      const [match] = r.matches as { groups: Json[] }[];
      assert.deepEqual(
        match?.groups.map((g) => g.name),
        expected,
        pattern,
      );
    }
    assert.deepEqual(Object.keys(new RegExp('[[](?<n>y)').exec('[y')!.groups!), ['n']);
  });

  test('regex tester: maxMatches truncates and says so (run without engines: the call starts and closes a pool of its own)', async () => {
    const { result: r, warnings } = await outcomeOf('regex-tester', { pattern: 'a', text: 'a'.repeat(50), maxMatches: 10 });
    assert.equal(r.matchCount, 10);
    assert.equal(r.truncated, true);
    assert.equal(warnings.length, 1);
  });
});

describe('property: random input never causes a 5xx; wrong types are 400s naming the field', () => {
  const text = fc.string({ maxLength: 120 });
  const json = fc.json({ maxDepth: 3 });
  const obj = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
  const zone = fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Nowhere/Land');
  const cronField = fc.constantFrom('*', '*/5', '0', '1-5', '1,2', 'MON', 'L', '61', 'x', '?', '5L', '1#2');
  const valid: Record<string, fc.Arbitrary<unknown>> = {
    'json-formatter': fc.record({ json, indent: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }), sortKeys: fc.boolean() }),
    'json-validator': fc.record({ json: fc.oneof(text, json) }),
    'base64-encoder-decoder': fc.record({
      text: fc.oneof(text, fc.base64String()),
      mode: fc.constantFrom('encode', 'decode'),
      urlSafe: fc.option(fc.boolean(), { nil: undefined }),
    }),
    'url-encoder-decoder': fc.record({ text, mode: fc.constantFrom('encode', 'decode'), variant: fc.constantFrom('component', 'uri', 'form') }),
    'uuid-generator': fc.record({
      version: fc.constantFrom('v4', 'v7', 'v5', 'v3', 'nil', 'max'),
      count: fc.integer({ min: 1, max: 5 }),
      name: fc.option(text, { nil: undefined }),
    }),
    'timestamp-converter': fc.record({
      value: fc.oneof(
        fc.integer(),
        fc.double(),
        text,
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
      timeZone: zone,
    }),
    'regex-tester': fc.record({
      pattern: fc.string({ maxLength: 12 }),
      flags: fc.constantFrom('', 'g', 'gi', 'gu', 'gms', 'y'),
      text,
      replace: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
    }),
    'xml-formatter': fc.record({
      xml: fc.oneof(
        text.filter((s) => s.length > 0),
        fc.constantFrom('<a><b x="1">t</b></a>', '<a>', '<?xml version="1.0"?><r/>', '<a>&amp;</a>'),
      ),
    }),
    'jwt-generator': fc.record({
      secret: fc.string({ minLength: 1, maxLength: 40 }),
      payload: obj,
      expiresIn: fc.oneof(fc.integer({ min: -1000, max: 100000 }), fc.constantFrom('1h', '7d', 'x')),
    }),
    'api-request-builder': fc.record({
      url: fc.oneof(
        webUrl(),
        text.filter((s) => s.length > 0),
      ),
      headers: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
      body: fc.option(fc.oneof(text, obj), { nil: undefined }),
    }),
    'user-agent-parser': fc.record({ userAgent: fc.string({ minLength: 1, maxLength: 200 }) }),
    'ip-address-tools': fc.record({
      address: fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([a, p]) => `${a}/${p}`),
        text.filter((s) => s.length > 0),
      ),
    }),
    'regex-generator': fc.record({
      startsWith: fc.option(fc.string({ minLength: 1, maxLength: 5 }), { nil: undefined }),
      contains: fc.option(fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 2 }), { nil: undefined }),
      characterClasses: fc.subarray(['lowercase', 'digits', 'unicodeLetters', 'hyphen', 'whitespace']),
      extraCharacters: fc.string({ maxLength: 5 }),
      minLength: fc.integer({ min: 0, max: 20 }),
      samples: fc.array(text, { maxLength: 3 }),
    }),
    'cron-expression-generator': fc.record({
      frequency: fc.constantFrom('every-minute', 'every-n-minutes', 'hourly', 'every-n-hours', 'daily', 'weekly', 'monthly', 'yearly'),
      interval: fc.option(fc.integer({ min: 1, max: 59 }), { nil: undefined }),
      timeZone: zone,
    }),
    'cron-expression-parser': fc.record({ expression: fc.array(cronField, { minLength: 4, maxLength: 7 }).map((f) => f.join(' ')), timeZone: zone }),
    'css-minifier': fc.record({ css: text.filter((s) => s.length > 0) }),
    'js-minifier': fc.record({ code: text.filter((s) => s.length > 0), module: fc.boolean() }),
    'color-converter': fc.record({
      color: fc.oneof(
        text.filter((s) => s.length > 0),
        fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
        fc.constantFrom('oklch(70% 0.4 150)', 'lab(50 100 -100)', 'transparent'),
      ),
    }),
  };
  /** For each tool, a required (or typed) field and inputs that give it the wrong type. */
  const invalid: Record<string, [string, fc.Arbitrary<unknown>]> = {
    'json-formatter': ['json', fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)).map((json) => ({ json }))],
    'json-validator': ['json', fc.oneof(fc.integer(), fc.constant(null), obj).map((json) => ({ json }))],
    'base64-encoder-decoder': [
      'mode',
      fc
        .string({ maxLength: 5 })
        .filter((m) => m !== 'encode' && m !== 'decode')
        .map((mode) => ({ text: 'x', mode })),
    ],
    'url-encoder-decoder': ['text', fc.oneof(fc.integer(), fc.constant(null)).map((t) => ({ text: t, mode: 'encode' }))],
    'uuid-generator': [
      'count',
      fc.oneof(fc.integer({ min: 1001 }), fc.integer({ max: 0 }), fc.double({ min: 1.1, max: 2, noInteger: true })).map((count) => ({ count })),
    ],
    'timestamp-converter': ['value', fc.oneof(fc.boolean(), obj).map((value) => ({ value }))],
    'regex-tester': [
      'flags',
      fc
        .string({ minLength: 1, maxLength: 4 })
        .filter((f) => /[^dgimsuvy]/.test(f))
        .map((flags) => ({ pattern: 'a', flags, text: 'a' })),
    ],
    'xml-formatter': ['xml', fc.constantFrom('<!DOCTYPE x><x/>', '<a><b></a>', '').map((xml) => ({ xml }))],
    'jwt-generator': ['algorithm', fc.constantFrom('none', 'None', 'HS1', 'RS1').map((algorithm) => ({ algorithm, secret: 'x' }))],
    'api-request-builder': ['url', fc.constantFrom('', 'not a url', 'ftp://x', 'javascript:alert(1)').map((url) => ({ url }))],
    'user-agent-parser': ['userAgent', fc.oneof(fc.constant(''), fc.integer()).map((userAgent) => ({ userAgent }))],
    'ip-address-tools': ['address', fc.constantFrom('1.2.3', '999.1.1.1', '1.1.1.1/40', 'fe80::1::2', '01.1.1.1').map((address) => ({ address }))],
    'regex-generator': ['preset', fc.constantFrom('phone', 'zip', 'EMAIL').map((preset) => ({ preset }))],
    'cron-expression-generator': ['frequency', fc.constantFrom('biweekly', '', 'every-n-days').map((frequency) => ({ frequency }))],
    'cron-expression-parser': [
      'expression',
      fc.constantFrom('* * *', '60 * * * *', '* 24 * * *', '* * 32 * *', '* * * 13 *', 'nope').map((expression) => ({ expression })),
    ],
    'css-minifier': ['css', fc.constantFrom('').map((css) => ({ css }))],
    'js-minifier': ['code', fc.constantFrom('function (', 'let = 1').map((code) => ({ code }))],
    'color-converter': ['color', fc.constantFrom('#12', 'rgb(1,2)', 'notacolor', '#gggggg').map((color) => ({ color }))],
  };

  // The tools of OWN_FILES are fuzzed in their own files.
  const here = developerApisTools.map((t) => t.slug).filter((slug) => !OWN_FILES.includes(slug));
  testFuzzing(here, valid, invalid, (slug) => ({ runs: slug === 'regex-tester' ? Math.ceil(FUZZ_RUNS / 2) : FUZZ_RUNS, deps: withRegexPool }));
});
