import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { countGraphemes } from '../../lib/graphemes.ts';
import atsGap from './ats-gap.ts';
import expenseCategorizer from './expense-categorizer.ts';
import headlineRestructurer from './headline-restructurer.ts';
import jargonBuster from './jargon-buster.ts';
import { parseNumber } from './lib/expenses.ts';
import { findSkills } from './lib/skills.ts';
import snippetMaker, { truncateAtWord } from './snippet-maker.ts';

type Result = Record<string, unknown>;
const result = async (tool: Parameters<typeof run>[0], input: unknown): Promise<Result> => (await run(tool, input)).result as Result;

describe('jargon-buster', () => {
  test('capitals and tenses are carried over; keep and categories narrow it', async () => {
    const r = await result(jargonBuster, { text: 'LEVERAGE it. We are leveraging bandwidth. Utilizes.', keep: ['bandwidth'] });
    assert.equal(r.text, 'USE it. We are using bandwidth. Uses.');
    const legalOnly = await result(jargonBuster, { text: 'Going forward, pursuant to the contract.', categories: ['legal'] });
    assert.equal(legalOnly.text, 'Going forward, under the contract.');
  });

  test('plain text is rated plain', async () => {
    const r = await result(jargonBuster, { text: 'We met on Monday and agreed on the plan.' });
    assert.equal(r.total, 0);
    assert.equal(r.rating, 'plain');
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(jargonBuster, { text: 'x', mode: 'shout' }, 'mode');
    await expectBadRequest(jargonBuster, { text: 'x', categories: ['sports'] }, 'categories.0');
  });
});

describe('snippet-maker', () => {
  test('truncation never splits a word, an emoji or an accented letter', () => {
    const text = 'Café 👩🏽‍💻 developers ship délicieux features quickly';
    for (let limit = 3; limit <= countGraphemes(text); limit++) {
      const cut = truncateAtWord(text, limit);
      assert.ok(countGraphemes(cut) <= limit, `${limit}: ${cut}`);
      const body = cut.replace(/…$/, '');
      assert.ok(text.startsWith(body), `${limit}: ${cut}`);
    }
    assert.equal(truncateAtWord(text, 20), 'Café 👩🏽‍💻 developers…');
  });

  const tweetLength = async (text: string): Promise<number> =>
    ((await result(snippetMaker, { text, types: ['tweet'] })).snippets as { length: number }[])[0]!.length;

  test('X weighting: CJK and emoji count 2, a link 23', async () => {
    assert.equal(await tweetLength('abc'), 3);
    assert.equal(await tweetLength('日本'), 4);
    assert.equal(await tweetLength('ok 👍🏽'), 5);
    const r = await result(snippetMaker, {
      text: 'Short post.',
      types: ['tweet'],
      url: 'https://example.com/a/very/long/path/that/is/longer/than/twenty-three',
    });
    assert.equal((r.snippets as { length: number }[])[0]!.length, 11 + 1 + 23);
  });

  // twitter-text v3 (config/v3.json: weights after NFC, code points outside U+0000–U+10FF, U+2000–U+200D, U+2010–U+201F,
  // U+2032–U+2037 weigh 2, emojiParsingEnabled: an emoji sequence weighs 2) and its conformance suite
  // (conformance/validate.yml, WeightedTweetsWithDiscountedEmojiCounterTest: "1⃣" is 2, "H🐱☺👨‍👩‍👧‍👦" is 7).
  test('X weighting is twitter-text v3: a flag or keycap sequence weighs 2, text is NFC first', async () => {
    assert.equal(await tweetLength('We love Japan 🇯🇵.'), 14 + 2 + 1);
    assert.equal(await tweetLength('Press 1️⃣ now.'), 6 + 2 + 5);
    assert.equal(await tweetLength('Cafe\u0301 time.'), 10);
    assert.equal(await tweetLength('H🐱☺👨‍👩‍👧‍👦'), 7);
  });

  test('every snippet fits its limit', async () => {
    const long = 'Sentence number one is here. '.repeat(40);
    const r = await result(snippetMaker, { text: long, types: ['meta-description', 'og-description', 'tweet', 'linkedin', 'summary'], hashtags: 2 });
    for (const s of r.snippets as { length: number; maxLength: number; text: string }[]) assert.ok(s.length <= s.maxLength, s.text);
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(snippetMaker, { text: '!!!' }, 'text');
    await expectBadRequest(snippetMaker, { text: 'Hello world.', types: ['haiku'] }, 'types.0');
    await expectBadRequest(snippetMaker, { text: 'Hello world.', url: 'not a url' }, 'url');
    await expectBadRequest(snippetMaker, { text: 'Hello world.', hashtags: 9 }, 'hashtags');
  });
});

describe('headline-restructurer', () => {
  test('gerunds become infinitives and existing templates are unwrapped', async () => {
    const r = await result(headlineRestructurer, { headline: 'How to write better emails', styles: ['list', 'guide'], listCount: 10 });
    assert.deepEqual(
      (r.variants as { headline: string }[]).map((v) => v.headline),
      ['10 Ways to Write Better Emails', 'The Complete Guide to Writing Better Emails'],
    );
    const g = await result(headlineRestructurer, { headline: 'Getting started with Kubernetes', styles: ['how-to'], case: 'sentence' });
    assert.equal((g.variants as { headline: string }[])[0]!.headline, 'How to get started with Kubernetes');
  });

  test('Title Case is Unicode titlecase: ǆ → ǅ and ﬁ → Fi (python3: "ǆemal ﬁsh".title() == "ǅemal Fish")', async () => {
    const r = await result(headlineRestructurer, { headline: 'ǆemal opens a ﬁsh market in Sarajevo', styles: ['how-to'] });
    assert.equal((r.variants as { headline: string }[])[0]!.headline, 'How ǅemal Opens a Fish Market in Sarajevo');
  });

  test('benefit-first reads the verb: reduce → Lower', async () => {
    const r = await result(headlineRestructurer, { headline: 'Reduce your cloud costs', styles: ['benefit-first'] });
    assert.equal((r.variants as { headline: string }[])[0]!.headline, 'Lower Cloud Costs: How to Reduce Your Cloud Costs');
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(headlineRestructurer, { headline: '123' }, 'headline');
    await expectBadRequest(headlineRestructurer, { headline: 'x', styles: ['clickbait'] }, 'styles.0');
    await expectBadRequest(headlineRestructurer, { headline: 'x', listCount: 1 }, 'listCount');
  });
});

describe('ats-gap', () => {
  test('the skills lexicon knows synonyms and abbreviations', () => {
    const names = findSkills('JS, k8s, Postgres, Amazon Web Services, ML, NodeJS, C#, C++, .NET, Golang').map((h) => h.skill.name);
    assert.deepEqual(names, ['JavaScript', 'Go', 'C++', 'C#', '.NET', 'Node.js', 'machine learning', 'PostgreSQL', 'AWS', 'Kubernetes']);
    assert.deepEqual(
      findSkills('Go above and beyond. We react quickly and excel at sales.').map((h) => h.skill.name),
      ['sales'],
    );
  });

  test('synonym, stem and partial matches; weights follow the sections', async () => {
    const r = await result(atsGap, {
      jobDescription: 'Requirements:\n- JavaScript and PostgreSQL\n- Designing data pipelines\n- Quarterly roadmap planning\n\nNice to have:\n- GraphQL',
      resume: 'Experience\n- Built a data pipeline in JS on Postgres\n- Planning of the quarterly product roadmap',
    });
    const keywords = r.keywords as { keyword: string; importance: string; matchedBy: string | null }[];
    const by = (k: string) => keywords.find((x) => x.keyword === k);
    assert.equal(by('JavaScript')!.matchedBy, 'synonym');
    assert.equal(by('PostgreSQL')!.matchedBy, 'synonym');
    assert.equal(by('GraphQL')!.importance, 'preferred');
    assert.equal(by('GraphQL')!.matchedBy, null);
    assert.ok((r.missingKeywords as string[]).includes('GraphQL'));
    assert.ok((r.matchScore as number) > 50 && (r.matchScore as number) < 100);
  });

  // The posting itself says which skills are required and which preferred: each keyword takes the cue before it in its sentence.
  test('required and preferred are decided per sentence, not per line', async () => {
    const r = await result(atsGap, {
      resume: 'Python developer with AWS and Docker.',
      jobDescription: 'Required: Python, Kubernetes, AWS. Preferred: Terraform.',
    });
    assert.deepEqual(Object.fromEntries((r.keywords as { keyword: string; importance: string }[]).map((k) => [k.keyword, k.importance])), {
      Python: 'required',
      Kubernetes: 'required',
      AWS: 'required',
      Terraform: 'preferred',
    });
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(atsGap, { resume: 'x' }, 'jobDescription');
    await expectBadRequest(atsGap, { jobDescription: 'Python', resume: '  ' }, 'resume');
    await expectBadRequest(atsGap, { jobDescription: 'Python', resume: 'x'.repeat(50_001) }, 'resume');
  });
});

describe('expense-categorizer', () => {
  test('totals are decimal: 0.10 + 0.20 is 0.30', async () => {
    const r = await result(expenseCategorizer, { text: 'Coffee $0.10\nCoffee $0.20' });
    assert.deepEqual(r.totalsByCategory, [{ category: 'meals & dining', currency: 'USD', total: '0.30', count: 2 }]);
  });

  test('both decimal conventions, thousands separators and currency codes', async () => {
    const r = await result(expenseCategorizer, { text: "Hotel 1.234,56 EUR\nFlight $1,234.56\nLaptop CHF 2'499.00\nTaxi 12,50 €" });
    assert.deepEqual(
      (r.expenses as { amount: string; currency: string }[]).map((e) => [e.amount, e.currency]),
      [
        ['1234.56', 'EUR'],
        ['1234.56', 'USD'],
        ['2499.00', 'CHF'],
        ['12.50', 'EUR'],
      ],
    );
  });

  // Thousands groups are exactly three digits after a non-zero lead group, so "0.005" and "1.2345" are decimals; ISO 4217
  // gives KWD three minor digits (1 dinar = 1,000 fils), so KWD 1.235 is 1.235 dinars. Amounts are 2-decimal strings, half-up.
  test('amounts that cannot be thousands-grouped are decimals; KWD 1.235 is a decimal', async () => {
    const read = async (text: string) => (await result(expenseCategorizer, { text })).expenses as { amount: string; currency: string; description: string }[];
    assert.equal((await read('Coffee 0.005'))[0]!.amount, '0.01');
    assert.deepEqual(
      (await read('Shop 1.2345')).map((e) => [e.amount, e.description]),
      [['1.23', 'Shop']],
    );
    assert.deepEqual(
      (await read('Kuwait fee KWD 1.235')).map((e) => [e.amount, e.currency]),
      [['1.24', 'KWD']],
    );
    assert.equal(parseNumber('1.235', 'auto', 3)!.value.toString(), '1.235');
    assert.equal(parseNumber('0.005', 'auto')!.value.toString(), '0.005');
    // Where grouping is possible, a 2-decimal currency still reads it as thousands, as before; no-break spaces group too.
    assert.deepEqual(
      (await read('Taxi 1,234\nHotel 1\u00a0234,56 €\nFee 1.234.567,5')).map((e) => e.amount),
      ['1234.00', '1234.56', '1234567.50'],
    );
  });

  test('a date such as 25/03/2024 proves day/month for the whole input', async () => {
    const r = await result(expenseCategorizer, { text: '25/03/2024 Lunch $10.00\n04/03/2024 Dinner $20.00' });
    assert.deepEqual(
      (r.expenses as { date: string }[]).map((e) => e.date),
      ['2024-03-25', '2024-03-04'],
    );
    assert.equal((r.detected as { dateOrder: string }).dateOrder, 'DMY');
  });

  test('CSV with debit/credit columns, quoted fields and a header', async () => {
    const csv =
      'Transaction Date,Description,Debit,Credit\n01/15/2024,"STARBUCKS STORE #123, SEATTLE",5.25,\n01/16/2024,PAYROLL,,3000.00\n01/17/2024,SHELL OIL 5744,45.10,';
    const r = await result(expenseCategorizer, { csv });
    assert.deepEqual(
      (r.expenses as { amount: string; category: string; line: number }[]).map((e) => [e.line, e.amount, e.category]),
      [
        [2, '5.25', 'meals & dining'],
        [3, '-3000.00', 'income & refunds'],
        [4, '45.10', 'fuel'],
      ],
    );
    assert.deepEqual(r.totalsByCurrency, [{ currency: 'USD', expenses: '50.35', credits: '3000.00', net: '-2949.65', count: 3 }]);
  });

  test('CSV without a header: columns found by their content', async () => {
    const r = await result(expenseCategorizer, { csv: '2024-01-02\tDropbox\t11.99\n2024-01-03\tNetflix\t15.49' });
    assert.deepEqual((r.detected as { columns: unknown; header: boolean; delimiter: string }).columns, { date: 0, amount: 2, description: 1 });
    assert.equal((r.detected as { delimiter: string }).delimiter, '\t');
  });

  test('lines without an amount are reported as skipped', async () => {
    const r = await result(expenseCategorizer, { text: 'Coffee $3\nJust a note\nLunch 12.00' });
    assert.deepEqual(r.skipped, [{ line: 2, reason: 'no amount found' }]);
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(expenseCategorizer, {}, 'text');
    await expectBadRequest(expenseCategorizer, { text: 'Coffee 3', csv: 'a,b\n1,2' }, 'text');
    await expectBadRequest(expenseCategorizer, { text: 'Coffee 3', currency: 'XYZ' }, 'currency');
    await expectBadRequest(expenseCategorizer, { csv: 'name,notes\nfoo,bar1' }, 'csv');
    await expectBadRequest(expenseCategorizer, { csv: 'name,notes\nfoo,bar' }, 'csv');
    await expectBadRequest(expenseCategorizer, { text: 'x 1\n'.repeat(10_001) }, 'text');
  });
});

describe('properties: random valid input never gives a 5xx; random invalid input is a 400', () => {
  // pii-scrub's is in pii-scrub.test.ts, with its NLP model.
  const text = fc.string({ maxLength: 300, unit: 'grapheme' });
  const cases = [
    {
      tool: jargonBuster,
      valid: fc.record({ text, mode: fc.constantFrom('replace', 'annotate') }),
      invalid: fc.record({ text, mode: fc.string().filter((m) => m !== 'replace' && m !== 'annotate') }),
    },
    {
      tool: snippetMaker,
      valid: fc.record({ text: fc.string({ minLength: 1, maxLength: 300 }).map((t) => `${t} word`) }),
      invalid: fc.record({ text: fc.constant('Hello there.'), hashtags: fc.integer({ min: 6 }) }),
    },
    {
      tool: headlineRestructurer,
      valid: fc.record({ headline: fc.string({ maxLength: 120 }).map((t) => `Grow ${t}`) }),
      invalid: fc.record({ headline: fc.string({ minLength: 301, maxLength: 320 }) }),
    },
    {
      tool: atsGap,
      valid: fc.record({ jobDescription: text.map((t) => `a ${t}`), resume: text.map((t) => `b ${t}`) }),
      invalid: fc.record({ jobDescription: fc.integer(), resume: text }),
    },
    { tool: expenseCategorizer, valid: fc.record({ text: text.map((t) => `${t} 1`) }), invalid: fc.record({ text: text.map((t) => `${t} 1`), csv: text }) },
  ];
  for (const { tool, valid, invalid } of cases) {
    test(tool.slug, async () => {
      await fc.assert(
        fc.asyncProperty(valid, async (input) => void (await expectNoServerError(tool, input))),
        { numRuns: 50 },
      );
      await fc.assert(
        fc.asyncProperty(invalid, async (input) => expectBadRequest(tool, input)),
        { numRuns: 30 },
      );
    });
  }

  test('expense-categorizer: random CSV never gives a 5xx', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.constantFrom('2024-01-02', '12/31/2023', '$4.50', '1.234,56 €'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }), async (rows) => {
        await expectNoServerError(expenseCategorizer, { csv: rows.map((r) => r.join(',')).join('\n') + '\n1' });
      }),
      { numRuns: 60 },
    );
  });
});
