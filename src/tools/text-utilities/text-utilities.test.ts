import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { ToolError } from '../../core/errors.ts';
import { invoke } from '../../core/invoke.ts';
import { MAX_TEXT_CHARS } from '../../registry/fields.ts';
import { titlecaseChar } from '../../lib/titlecase.ts';
import { textUtilitiesTools } from './index.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';

/** Edge cases beyond the examples (which test/examples.test.ts runs over HTTP). */
const silent = pino({ level: 'silent' });

const { tool, result: run, outcome } = moduleTools(textUtilitiesTools);

async function warningsOf(slug: string, input: unknown): Promise<string[]> {
  return (await outcome(slug, input)).warnings;
}

/** Refused as validation_failed (400) with a detail that starts with the field's name. */
async function rejects(slug: string, input: unknown, field: string): Promise<void> {
  await assert.rejects(invoke(tool(slug), input, { requestId: 'test', log: silent }), (error: unknown) => {
    assert.ok(error instanceof ToolError, String(error));
    assert.equal(error.code, 'validation_failed', error.detail);
    assert.equal(error.status, 400);
    assert.match(error.detail, new RegExp(`(^|; )${field}: `), error.detail);
    return true;
  });
}

test('the module lists its 17 catalog slugs, each once', () => {
  const slugs = textUtilitiesTools.map((t) => t.slug);
  assert.deepEqual(new Set(slugs).size, slugs.length);
  assert.deepEqual(slugs.toSorted(), [
    'comma-separate',
    'compare-texts',
    'convert-to-hashtags',
    'convert-to-slug',
    'convert-to-xml-tags',
    'dummy-text-generator',
    'number-to-words',
    'random-word-generator',
    'remove-line-breaks',
    'remove-spaces',
    'repeat-text',
    'reverse-text',
    'sort-lines',
    'sort-words',
    'text-case-converter',
    'text-stats',
    'words-to-number',
  ]);
});

test('every text field refuses more than 1,000,000 characters, naming the field', async () => {
  const long = 'a'.repeat(MAX_TEXT_CHARS + 1);
  await rejects('text-stats', { text: long }, 'text');
  await rejects('compare-texts', { text1: 'a', text2: long }, 'text2');
  await rejects('text-case-converter', { text: long, case: 'upper' }, 'text');
});

test('fields nested under `inputs` work too', async () => {
  assert.deepEqual(await run('text-case-converter', { inputs: { text: 'a b', case: 'kebab' } }), { text: 'a-b' });
});

describe('text-case-converter', () => {
  test('every case on the same input', async () => {
    const text = "don't stop-believing, version 2.0";
    const expected: Record<string, string> = {
      upper: "DON'T STOP-BELIEVING, VERSION 2.0",
      lower: "don't stop-believing, version 2.0",
      title: "Don't Stop-Believing, Version 2.0",
      sentence: "Don't stop-believing, version 2.0",
      camel: 'dontStopBelievingVersion20',
      pascal: 'DontStopBelievingVersion20',
      snake: 'dont_stop_believing_version_2_0',
      kebab: 'dont-stop-believing-version-2-0',
      constant: 'DONT_STOP_BELIEVING_VERSION_2_0',
      alternating: "dOn'T sToP-bElIeViNg, VeRsIoN 2.0",
      inverse: "DON'T STOP-BELIEVING, VERSION 2.0",
    };
    for (const [target, output] of Object.entries(expected)) {
      assert.deepEqual(await run('text-case-converter', { text, case: target }), { text: output }, target);
    }
  });

  test('sentence case starts each sentence and line, not abbreviations inside numbers', async () => {
    assert.deepEqual(await run('text-case-converter', { text: 'PI IS 3.14. "REALLY?" YES!\nnext LINE', case: 'sentence' }), {
      text: 'Pi is 3.14. "Really?" Yes!\nNext line',
    });
  });

  test('Turkish dotted i with locale tr', async () => {
    assert.deepEqual(await run('text-case-converter', { text: 'istanbul', case: 'upper', locale: 'tr' }), { text: 'İSTANBUL' });
  });

  test('alternating and inverse work on graphemes (combining accents stay on their letter)', async () => {
    assert.deepEqual(await run('text-case-converter', { text: 'e\u0301te\u0301', case: 'alternating' }), { text: 'e\u0301Te\u0301' });
    assert.deepEqual(await run('text-case-converter', { text: 'ÉcOle 🇫🇷', case: 'inverse' }), { text: 'éCoLE 🇫🇷' });
  });

  test('inverse and alternating keep the final sigma (SpecialCasing Final_Sigma, as python str.swapcase/lower)', async () => {
    // python3: 'ΟΔΟΣ'.swapcase() == 'οδος'; 'ΣΑΣ ΟΔΟΣ'.swapcase() == 'σας οδος'
    assert.deepEqual(await run('text-case-converter', { text: 'ΟΔΟΣ', case: 'inverse' }), { text: 'οδος' });
    assert.deepEqual(await run('text-case-converter', { text: 'ΣΑΣ ΟΔΟΣ', case: 'inverse' }), { text: 'σας οδος' });
    // python3: 'ΣΑΣ'.lower() == 'σας': the first letter lower-cases to σ, the last to ς
    assert.deepEqual(await run('text-case-converter', { text: 'ΣΑΣ', case: 'alternating' }), { text: 'σΑς' });
  });

  test('title and sentence case use Unicode titlecase for the first letter (python str.title/capitalize)', async () => {
    // python3: 'ǆemal ﬁsh'.title() == 'ǅemal Fish'; '𐐨ello'.title() == '𐐀ello' (an astral letter)
    assert.deepEqual(await run('text-case-converter', { text: 'ǆemal ﬁsh', case: 'title' }), { text: 'ǅemal Fish' });
    assert.deepEqual(await run('text-case-converter', { text: '𐐨ello ßtraße', case: 'title' }), { text: '𐐀ello Sstraße' });
    // python3: 'ßa'.capitalize() == 'Ssa'; 'ﬁsh'.capitalize() == 'Fish'
    assert.deepEqual(await run('text-case-converter', { text: 'ßa. ﬁsh', case: 'sentence' }), { text: 'Ssa. Fish' });
    // Turkish: SpecialCasing's tr rules still apply (i → İ)
    assert.deepEqual(await run('text-case-converter', { text: 'istanbul', case: 'title', locale: 'tr' }), { text: 'İstanbul' });
  });

  test('titlecaseChar: every character whose titlecase is not its uppercase (UnicodeData.txt, SpecialCasing.txt)', () => {
    // The 135 code points where python3 (Unicode 14) gives c.title() != c.upper(), and ' '.join(c.title() for c in them).
    const chars =
      '\u00df\u01c4\u01c5\u01c6\u01c7\u01c8\u01c9\u01ca\u01cb\u01cc\u01f1\u01f2\u01f3\u0587\u10d0\u10d1\u10d2\u10d3\u10d4\u10d5' +
      '\u10d6\u10d7\u10d8\u10d9\u10da\u10db\u10dc\u10dd\u10de\u10df\u10e0\u10e1\u10e2\u10e3\u10e4\u10e5\u10e6\u10e7\u10e8\u10e9' +
      '\u10ea\u10eb\u10ec\u10ed\u10ee\u10ef\u10f0\u10f1\u10f2\u10f3\u10f4\u10f5\u10f6\u10f7\u10f8\u10f9\u10fa\u10fd\u10fe\u10ff' +
      '\u1f80\u1f81\u1f82\u1f83\u1f84\u1f85\u1f86\u1f87\u1f88\u1f89\u1f8a\u1f8b\u1f8c\u1f8d\u1f8e\u1f8f\u1f90\u1f91\u1f92\u1f93' +
      '\u1f94\u1f95\u1f96\u1f97\u1f98\u1f99\u1f9a\u1f9b\u1f9c\u1f9d\u1f9e\u1f9f\u1fa0\u1fa1\u1fa2\u1fa3\u1fa4\u1fa5\u1fa6\u1fa7' +
      '\u1fa8\u1fa9\u1faa\u1fab\u1fac\u1fad\u1fae\u1faf\u1fb2\u1fb3\u1fb4\u1fb7\u1fbc\u1fc2\u1fc3\u1fc4\u1fc7\u1fcc\u1ff2\u1ff3' +
      '\u1ff4\u1ff7\u1ffc\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06\ufb13\ufb14\ufb15\ufb16\ufb17';
    const expected =
      'Ss \u01c5 \u01c5 \u01c5 \u01c8 \u01c8 \u01c8 \u01cb \u01cb \u01cb \u01f2 \u01f2 \u01f2 \u0535\u0582 \u10d0 \u10d1 \u10d2' +
      ' \u10d3 \u10d4 \u10d5 \u10d6 \u10d7 \u10d8 \u10d9 \u10da \u10db \u10dc \u10dd \u10de \u10df \u10e0 \u10e1 \u10e2 \u10e3 ' +
      '\u10e4 \u10e5 \u10e6 \u10e7 \u10e8 \u10e9 \u10ea \u10eb \u10ec \u10ed \u10ee \u10ef \u10f0 \u10f1 \u10f2 \u10f3 \u10f4 ' +
      '\u10f5 \u10f6 \u10f7 \u10f8 \u10f9 \u10fa \u10fd \u10fe \u10ff \u1f88 \u1f89 \u1f8a \u1f8b \u1f8c \u1f8d \u1f8e \u1f8f ' +
      '\u1f88 \u1f89 \u1f8a \u1f8b \u1f8c \u1f8d \u1f8e \u1f8f \u1f98 \u1f99 \u1f9a \u1f9b \u1f9c \u1f9d \u1f9e \u1f9f \u1f98 ' +
      '\u1f99 \u1f9a \u1f9b \u1f9c \u1f9d \u1f9e \u1f9f \u1fa8 \u1fa9 \u1faa \u1fab \u1fac \u1fad \u1fae \u1faf \u1fa8 \u1fa9 ' +
      '\u1faa \u1fab \u1fac \u1fad \u1fae \u1faf \u1fba\u0345 \u1fbc \u0386\u0345 \u0391\u0342\u0345 \u1fbc \u1fca\u0345 \u1fcc' +
      ' \u0389\u0345 \u0397\u0342\u0345 \u1fcc \u1ffa\u0345 \u1ffc \u038f\u0345 \u03a9\u0342\u0345 \u1ffc Ff Fi Fl Ffi Ffl St S' +
      't \u0544\u0576 \u0544\u0565 \u0544\u056b \u054e\u0576 \u0544\u056d';
    assert.equal(Array.from(chars).length, 135);
    assert.equal(Array.from(chars, (ch) => titlecaseChar(ch)).join(' '), expected);
    // Everything else titlecases as it upper-cases (python3: 'a'.title() == 'A', 'é'.title() == 'É').
    assert.equal(titlecaseChar('a') + titlecaseChar('é'), 'AÉ');
  });

  test('bad case or locale → 400 naming the field', async () => {
    await rejects('text-case-converter', { text: 'x', case: 'shouting' }, 'case');
    await rejects('text-case-converter', { text: 'x' }, 'case');
    await rejects('text-case-converter', { text: 'x', case: 'upper', locale: 'not a locale' }, 'locale');
  });
});

describe('remove-spaces and remove-line-breaks', () => {
  test('extra mode keeps each line break as it was', async () => {
    assert.deepEqual(await run('remove-spaces', { text: ' a  b \r\n\t c\u3000 ', mode: 'extra' }), { text: 'a b\r\nc', removed: 7 });
  });

  test('a very long run of spaces is handled in linear time', async () => {
    const text = `a${' '.repeat(900_000)}b`;
    const started = performance.now();
    assert.deepEqual(await run('remove-spaces', { text, mode: 'leading-trailing' }), { text, removed: 0 });
    assert.ok(performance.now() - started < 2000);
  });

  test('never removes zero-width joiners inside emoji', async () => {
    assert.deepEqual(await run('remove-spaces', { text: '👩‍💻 👩‍💻' }), { text: '👩‍💻👩‍💻', removed: 1 });
  });

  test('line breaks: every kind, runs collapse, edges vanish', async () => {
    assert.deepEqual(await run('remove-line-breaks', { text: '\r\n a\u2029b\u2028\u2028c\u000bd \n' }), { text: 'a b c d', lineBreaks: 6 });
    assert.deepEqual(await run('remove-line-breaks', { text: 'one' }), { text: 'one', lineBreaks: 0 });
    assert.deepEqual(await run('remove-line-breaks', { text: 'a\r\n\r\nb\r\nc', keepParagraphs: true, replaceWith: '/' }), {
      text: 'a\n\nb/c',
      lineBreaks: 3,
    });
  });
});

describe('convert-to-slug', () => {
  test('transliteration and options', async () => {
    assert.deepEqual(await run('convert-to-slug', { text: 'Ça va? Très bien!' }), { slug: 'ca-va-tres-bien' });
    assert.deepEqual(await run('convert-to-slug', { text: 'Hello World', lowercase: false, separator: '_' }), { slug: 'Hello_World' });
    assert.deepEqual(await run('convert-to-slug', { text: 'fooBar', decamelize: true }), { slug: 'foo-bar' });
    assert.deepEqual(await run('convert-to-slug', { text: 'Über', locale: 'de' }), { slug: 'ueber' });
    assert.deepEqual(await run('convert-to-slug', { text: 'Crème', transliterate: false }), { slug: 'crème' });
    assert.deepEqual(await run('convert-to-slug', { text: '한국어 텍스트' }), { slug: '한국어-텍스트' });
    assert.deepEqual(await run('convert-to-slug', { text: '!!! 🎉' }), { slug: '' });
  });

  test('maxLength cuts at a word boundary, or inside one long word', async () => {
    assert.deepEqual(await run('convert-to-slug', { text: 'alpha beta gamma', maxLength: 12 }), { slug: 'alpha-beta' });
    assert.deepEqual(await run('convert-to-slug', { text: 'alpha beta gamma', maxLength: 10 }), { slug: 'alpha-beta' });
    assert.deepEqual(await run('convert-to-slug', { text: 'supercalifragilistic', maxLength: 5 }), { slug: 'super' });
  });

  test('maxLength never leaves part of a longer separator (the cut is at a word boundary)', async () => {
    // "ab--cd": any cut from 2 to 5 characters ends at the word "ab", never "ab-" or "ab--".
    for (const maxLength of [2, 3, 4, 5]) {
      assert.deepEqual(await run('convert-to-slug', { text: 'ab cd', separator: '--', maxLength }), { slug: 'ab' }, String(maxLength));
    }
    assert.deepEqual(await run('convert-to-slug', { text: 'a bcdef', separator: '...', maxLength: 3 }), { slug: 'a' });
  });

  test('separator must be punctuation', async () => {
    await rejects('convert-to-slug', { text: 'a b', separator: 'x' }, 'separator');
    await rejects('convert-to-slug', { text: 'a b', maxLength: 0 }, 'maxLength');
  });
});

describe('convert-to-hashtags, comma-separate', () => {
  test('hashtags: phrases, lowercase, duplicates', async () => {
    assert.deepEqual(await run('convert-to-hashtags', { text: 'new york, New York\nlos angeles', mode: 'phrases' }), {
      hashtags: ['#NewYork', '#LosAngeles'],
      text: '#NewYork #LosAngeles',
      count: 2,
    });
    assert.deepEqual(await run('convert-to-hashtags', { text: '!!!' }), { hashtags: [], text: '', count: 0 });
  });

  test('phrases titlecase each word (python3: "ßtraße".capitalize() == "Sstraße", "ǆemal".title() == "ǅemal")', async () => {
    assert.deepEqual(await run('convert-to-hashtags', { text: 'ßtraße vibes', mode: 'phrases' }), {
      hashtags: ['#SstraßeVibes'],
      text: '#SstraßeVibes',
      count: 1,
    });
    assert.deepEqual(await run('convert-to-hashtags', { text: 'ǆemal ﬁsh', mode: 'phrases' }), { hashtags: ['#ǅemalFish'], text: '#ǅemalFish', count: 1 });
  });

  test('comma-separate: auto picks whitespace for one line, quotes are doubled', async () => {
    assert.deepEqual(await run('comma-separate', { text: ' a  b\tc ' }), { text: 'a, b, c', items: ['a', 'b', 'c'], count: 3 });
    assert.deepEqual(await run('comma-separate', { text: 'say "hi"\nok', quote: 'double', separator: ';' }), {
      text: '"say ""hi""";"ok"',
      items: ['say "hi"', 'ok'],
      count: 2,
    });
  });
});

describe('sort-words and sort-lines', () => {
  test('case-sensitive sorting puts upper case first and keeps both in unique', async () => {
    assert.deepEqual(await run('sort-words', { text: 'b a B A', caseInsensitive: false, unique: true }), {
      text: 'A a B b',
      words: ['A', 'a', 'B', 'b'],
      count: 4,
    });
  });

  test('numeric off gives plain string order', async () => {
    const result = await run<{ words: string[] }>('sort-words', { text: 'x10 x9 x100', numeric: false });
    assert.deepEqual(result.words, ['x10', 'x100', 'x9']);
  });

  test('lines: empty text, trailing break kept, trim', async () => {
    assert.deepEqual(await run('sort-lines', { text: '' }), { text: '', count: 0 });
    assert.deepEqual(await run('sort-lines', { text: 'b\na\n' }), { text: 'a\nb\n', count: 2 });
    assert.deepEqual(await run('sort-lines', { text: '  b\na  ', trim: true }), { text: 'a\nb', count: 2 });
  });

  test('shuffle keeps the same lines', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i} 🎲`);
    const result = await run<{ text: string; count: number }>('sort-lines', { text: lines.join('\n'), order: 'shuffle' });
    assert.equal(result.count, 50);
    assert.deepEqual(result.text.split('\n').toSorted(), lines.toSorted());
  });

  test('unique keeps strings that differ, even when numeric collation sorts them together (python3 dict.fromkeys)', async () => {
    // python3: list(dict.fromkeys(['file1', 'file01', 'file001'])) keeps all three
    assert.deepEqual(await run('sort-lines', { text: 'file1\nfile01\nfile001', unique: true }), { text: 'file1\nfile01\nfile001', count: 3 });
    assert.deepEqual(await run('sort-lines', { text: 'file1\nfile01\nfile1', unique: true, order: 'desc' }), { text: 'file1\nfile01', count: 2 });
    const words = await run<{ words: string[] }>('sort-words', { text: '01 1 001', unique: true });
    assert.deepEqual(words.words.toSorted(), ['001', '01', '1']);
  });

  test('case-insensitive unique is Unicode caseless matching (python3 str.casefold)', async () => {
    // python3: list(dict.fromkeys(w.casefold() for w in 'STRASSE straße Straße ΟΔΟΣ οδοσ ılık ilik ILIK'.split()))
    //   == ['strasse', 'οδοσ', 'ılık', 'ilik']: four groups, each kept by its first word
    const result = await run<{ words: string[] }>('sort-words', { text: 'STRASSE straße Straße ΟΔΟΣ οδοσ ılık ilik ILIK', unique: true });
    assert.deepEqual(result.words.toSorted(), ['STRASSE', 'ilik', 'ılık', 'ΟΔΟΣ'].toSorted());
    const lines = await run<{ count: number }>('sort-lines', { text: 'Straße\nSTRASSE\nstrasse', unique: true, order: 'reverse' });
    assert.equal(lines.count, 1);
  });

  test('unique with reverse keeps the first occurrence', async () => {
    assert.deepEqual(await run('sort-lines', { text: 'a\nb\nA', order: 'reverse', unique: true }), { text: 'b\na', count: 2 });
  });
});

describe('repeat-text', () => {
  test('exactly the limit is fine; one more copy is refused naming count', async () => {
    const ok = await run<{ length: number }>('repeat-text', { text: 'ab', count: 500_000 });
    assert.equal(ok.length, MAX_TEXT_CHARS);
    await rejects('repeat-text', { text: 'ab', count: 500_001 }, 'count');
    await rejects('repeat-text', { text: 'x', count: 0 }, 'count');
    await rejects('repeat-text', { text: 'x', count: 1.5 }, 'count');
    await rejects('repeat-text', { text: 'x' }, 'count');
  });
});

describe('dummy-text-generator and random-word-generator', () => {
  test('word counts are exact; limits per unit', async () => {
    const words = await run<{ text: string }>('dummy-text-generator', { count: 250, unit: 'words', startWithLorem: false });
    assert.equal(words.text.split(' ').length, 250);
    assert.doesNotMatch(words.text, /Lorem/);
    const paragraphs = await run<{ text: string }>('dummy-text-generator', { count: 4 });
    assert.equal(paragraphs.text.split('\n\n').length, 4);
    assert.match(paragraphs.text, /^Lorem ipsum dolor sit amet, consectetur adipiscing elit\./);
    const html = await run<{ text: string }>('dummy-text-generator', { count: 2, format: 'html' });
    assert.match(html.text, /^<p>Lorem[^]*<\/p>\n<p>[^]*<\/p>$/);
    await rejects('dummy-text-generator', { count: 101, unit: 'paragraphs' }, 'count');
    await rejects('dummy-text-generator', { count: 1001, unit: 'sentences' }, 'count');
    await rejects('dummy-text-generator', { count: 10_001, unit: 'words' }, 'count');
    await rejects('dummy-text-generator', { count: 3, unit: 'pages' }, 'unit');
  });

  test('random words: distinct, in the length range, refusals name their field', async () => {
    const result = await run<{ words: string[]; text: string }>('random-word-generator', { count: 100, minLength: 4, maxLength: 6, separator: ',' });
    assert.equal(new Set(result.words).size, 100);
    for (const word of result.words) assert.ok(word.length >= 4 && word.length <= 6, word);
    assert.equal(result.text, result.words.join(','));
    await rejects('random-word-generator', { count: 3, minLength: 9, maxLength: 4 }, 'minLength');
    await rejects('random-word-generator', { count: 3, minLength: 30 }, 'minLength');
    await rejects('random-word-generator', { count: 1000, maxLength: 3 }, 'count');
    await rejects('random-word-generator', { count: 1001 }, 'count');
  });
});

describe('number-to-words', () => {
  const cases: [unknown, string][] = [
    [0, 'zero'],
    [7, 'seven'],
    [-12, 'minus twelve'],
    [0.5, 'zero point five'],
    [1e-7, 'zero point zero zero zero zero zero zero one'],
    [1e15, 'one quadrillion'],
    [1e21, 'one sextillion'],
    ['1,000,000', 'one million'],
    ['-0.00', 'zero point zero zero'],
    [
      '123456789012345678',
      'one hundred twenty-three quadrillion four hundred fifty-six trillion seven hundred eighty-nine billion twelve million three hundred forty-five thousand six hundred seventy-eight',
    ],
  ];
  for (const [number, words] of cases) {
    test(`${JSON.stringify(number)} → ${words.slice(0, 40)}`, async () => {
      assert.equal((await run<{ words: string }>('number-to-words', { number })).words, words);
    });
  }

  test('ordinals', async () => {
    for (const [number, words] of [
      [1, 'first'],
      [12, 'twelfth'],
      [100, 'one hundredth'],
      [0, 'zeroth'],
      [1000001, 'one million first'],
    ] as const) {
      assert.equal((await run<{ words: string }>('number-to-words', { number, ordinal: true })).words, words);
    }
    await rejects('number-to-words', { number: -1, ordinal: true }, 'number');
    await rejects('number-to-words', { number: 2.5, ordinal: true }, 'number');
    await rejects('number-to-words', { number: 2, ordinal: true, currency: 'USD' }, 'ordinal');
  });

  test('currency rounds half-up on decimal digits', async () => {
    const money = async (number: number | string, currency: string): Promise<string> =>
      (await run<{ words: string }>('number-to-words', { number, currency })).words;
    assert.equal(await money(1.005, 'USD'), 'one dollar and one cent');
    assert.equal(await money(0.999, 'USD'), 'one dollar');
    assert.equal(await money(0.01, 'GBP'), 'one penny');
    assert.equal(await money(2, 'GBP'), 'two pounds');
    assert.equal(await money(1234.5, 'JPY'), 'one thousand two hundred thirty-five yen');
    assert.equal(await money('-3.25', 'EUR'), 'minus three euros and twenty-five cents');
    assert.equal(await money(1.5, 'KWD'), 'one dinar and five hundred fils');
  });

  test('bad numbers → 400 naming number', async () => {
    for (const number of ['abc', '', '0x10', '1.2.3', '1e66', null, true]) await rejects('number-to-words', { number }, 'number');
    await rejects('number-to-words', {}, 'number');
    await rejects('number-to-words', { number: 5, currency: 'XYZ' }, 'currency');
  });
});

describe('words-to-number', () => {
  const cases: [string, string][] = [
    ['zero', '0'],
    ['one hundred and five', '105'],
    ['One Hundred Five', '105'],
    ['minus twelve', '-12'],
    ['negative seven point five', '-7.5'],
    ['three point one four', '3.14'],
    ['seven point oh five', '7.05'],
    ['point five', '0.5'],
    ['one point twenty-five', '1.25'],
    ['two million three hundred thousand', '2300000'],
    ['two million, three hundred thousand.', '2300000'],
    ['twenty-one', '21'],
    ['twenty one', '21'],
    ['ninety-nine thousand nine hundred ninety-nine', '99999'],
    ['fifteen hundred', '1500'],
    ['twenty-five hundred', '2500'],
    ['a hundred', '100'],
    ['a thousand and one', '1001'],
    ['one hundred thousand and one', '100001'],
    ['one billion two', '1000000002'],
    ['twenty-first', '21'],
    ['one hundredth', '100'],
    ['2.5 million', '2500000'],
    ['3 thousand 4 hundred', '3400'],
    ['1,234,567', '1234567'],
    ['-42', '-42'],
    ['one crore twenty lakh', '12000000'],
    // Indian numbering: crore multiplies a number made with thousand or lakh (python3: 2000 * 10**7, 10**5 * 10**7,
    // 120000 * 10**7, 2300 * 10**7 + 5 * 10**5 + 6, 2.5 * 10**5 * 10**7)
    ['two thousand crore', '20000000000'],
    ['one lakh crore', '1000000000000'],
    ['one lakh twenty thousand crore', '1200000000000'],
    ['two thousand three hundred crore five lakh six', '23000500006'],
    ['2.5 lakh crore', '2500000000000'],
    ['one quadrillion', '1000000000000000'],
    ['nine quintillion one', '9000000000000000001'],
  ];
  for (const [text, exact] of cases) {
    test(`"${text}" → ${exact}`, async () => {
      assert.deepEqual(await run('words-to-number', { text }), { number: Number(exact), exact });
    });
  }

  test('round trip with number-to-words', async () => {
    for (const n of [0, 7, 13, 40, 105, 999, 1001, 20_300, 1_234_567, 900_000_009, 2 ** 53 - 1]) {
      const { words } = await run<{ words: string }>('number-to-words', { number: n });
      assert.deepEqual(await run('words-to-number', { text: words }), { number: n, exact: String(n) }, words);
    }
  });

  test('property: number-to-words → words-to-number gives the number back, for any safe integer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger().map((n) => Math.abs(n)),
        ),
        async (n) => {
          const { words } = await run<{ words: string }>('number-to-words', { number: n });
          assert.deepEqual(await run('words-to-number', { text: words }), { number: n, exact: String(n) }, words);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('non-numbers → 400 naming text', async () => {
    for (const text of [
      '',
      'hello',
      'five five',
      'twenty twenty',
      'one million million',
      'thousand million',
      'and one',
      'one and',
      'point',
      'minus',
      'zero one',
      'first one',
      'constructor',
      '__proto__',
      '1.2345 thousand',
      'thousand thousand',
      'one crore crore',
      'five crore one lakh crore',
      'one million two thousand crore',
    ]) {
      await rejects('words-to-number', { text }, 'text');
    }
  });
});

describe('compare-texts', () => {
  test('counts and similarity', async () => {
    const result = await run<{ identical: boolean; similarity: number; words: { added: number; removed: number; unchanged: number } }>('compare-texts', {
      text1: 'one two three four',
      text2: 'one two five four six',
    });
    assert.equal(result.identical, false);
    assert.deepEqual({ ...result.words, changes: undefined }, { added: 2, removed: 1, unchanged: 3, changes: undefined });
    assert.equal(result.similarity, 66.67);
  });

  test('ignore options', async () => {
    const same = async (input: Record<string, unknown>): Promise<boolean> => (await run<{ identical: boolean }>('compare-texts', input)).identical;
    assert.equal(await same({ text1: 'Hello', text2: 'hello' }), false);
    assert.equal(await same({ text1: 'Hello', text2: 'hello', ignoreCase: true }), true);
    assert.equal(await same({ text1: 'a  b ', text2: ' a b', ignoreWhitespace: true }), true);
    assert.equal(await same({ text1: 'a\r\nb', text2: 'a\nb' }), true);
    assert.equal(await same({ text1: '', text2: '' }), true);
  });

  test('missing text2 → 400 naming it', async () => {
    await rejects('compare-texts', { text1: 'a' }, 'text2');
  });
});

describe('text-stats', () => {
  test('graphemes, not UTF-16 units', async () => {
    const result = await run<{ characters: number; bytes: number }>('text-stats', { text: '👨‍👩‍👧‍👦e\u0301🇺🇳' });
    assert.equal(result.characters, 3);
    assert.equal(result.bytes, 25 + 3 + 8);
  });

  test('empty and blank text', async () => {
    const empty = await run<Record<string, number>>('text-stats', { text: '' });
    assert.ok(Object.values(empty).every((v) => v === 0));
    const blank = await run<Record<string, number>>('text-stats', { text: ' \n \n' });
    assert.deepEqual([blank.words, blank.sentences, blank.paragraphs, blank.lines], [0, 0, 0, 2]);
  });

  test('abbreviations and initials do not end sentences; CRLF is one break', async () => {
    const result = await run<Record<string, number>>('text-stats', { text: 'Dr. Smith met J. R. R. Tolkien. It rained!\r\n\r\nNew paragraph.' });
    assert.deepEqual([result.sentences, result.paragraphs, result.lines], [3, 2, 3]);
  });

  test('reading and speaking time follow the speeds', async () => {
    const text = Array(476).fill('word').join(' ');
    const result = await run<Record<string, number>>('text-stats', { text, readingWpm: 238, speakingWpm: 100 });
    assert.deepEqual([result.words, result.uniqueWords, result.readingTimeSeconds, result.speakingTimeSeconds], [476, 1, 120, 286]);
    await rejects('text-stats', { text: 'x', readingWpm: 0 }, 'readingWpm');
  });
});

describe('convert-to-xml-tags', () => {
  test('tag name rules → 400 naming the field', async () => {
    for (const tag of ['', '1item', '-x', 'a b', 'ns:x', 'xmlThing', 'XML', 'a<b']) await rejects('convert-to-xml-tags', { text: 'a', tag }, 'tag');
    await rejects('convert-to-xml-tags', { text: 'a', root: 'two words' }, 'root');
  });

  test('control characters are dropped with a warning; the rest is escaped', async () => {
    const input = { text: 'a\u0000b & <c>\n\uD800', root: 'list' };
    assert.deepEqual(await run('convert-to-xml-tags', input), { xml: '<list>\n  <item>ab &amp; &lt;c&gt;</item>\n  <item></item>\n</list>', count: 2 });
    assert.equal((await warningsOf('convert-to-xml-tags', input)).length, 1);
  });

  test('an empty list gives an empty root; declaration and options', async () => {
    assert.deepEqual(await run('convert-to-xml-tags', { text: '\n\n' }), { xml: '<items/>', count: 0 });
    assert.deepEqual(await run('convert-to-xml-tags', { text: ' x ', trim: false, declaration: true, indent: '\t' }), {
      xml: '<?xml version="1.0" encoding="UTF-8"?>\n<items>\n\t<item> x </item>\n</items>',
      count: 1,
    });
  });
});
