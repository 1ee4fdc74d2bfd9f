import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { expectBadRequest, expectNoServerError, wrongType } from '../../../test/helpers/invoke.ts';
import { type Json, moduleTools } from '../../../test/helpers/module-tools.ts';
import passwordStrengthChecker from './password-strength-checker.ts';

/** password-strength-checker: a file of its own, as zxcvbn's dictionaries take a while to load. */
const { tool, result, outcome } = moduleTools([passwordStrengthChecker]);

describe('password-strength-checker', () => {
  test('levels map to 0–100 with four crack-time scenarios and feedback', async () => {
    const weak = await result('password-strength-checker', { password: 'qwerty123' });
    assert.equal(weak.score, (weak.level as number) * 25);
    assert.ok((weak.level as number) <= 1);
    assert.deepEqual(Object.keys(weak.crackTimes as Json), ['onlineThrottling', 'onlineNoThrottling', 'offlineSlowHashing', 'offlineFastHashing']);
    assert.ok((weak.findings as Json[]).some((f) => f.severity === 'high'));
    const strong = await result('password-strength-checker', { password: 'vX9#qL2!tR7$wZ4@pK8&' });
    assert.equal(strong.level, 4);
    assert.equal(strong.score, 100);
    const slow = (strong.crackTimes as Record<string, Json>).offlineSlowHashing;
    assert.equal(slow?.display, 'centuries');
  });

  test('user inputs lower the score; the password is never echoed, even in part', async () => {
    const password = 'Zebrafish1987Kangaroo';
    const plain = await result('password-strength-checker', { password });
    const personal = await result('password-strength-checker', { password, userInputs: ['zebrafish', 'kangaroo'] });
    assert.ok((personal.level as number) < (plain.level as number) || (personal.guessesLog10 as number) < (plain.guessesLog10 as number));
    for (const r of [plain, personal]) {
      const text = JSON.stringify(r).toLowerCase();
      for (const part of ['zebrafish', 'kangaroo', '1987']) assert.ok(!text.includes(part), `echoed ${part}`);
    }
  });

  test('a 256-character password is analysed on its first 100 characters within the deadline', async () => {
    const started = performance.now();
    const { result: r, warnings } = await outcome('password-strength-checker', { password: '4@$!1|0+3'.repeat(29).slice(0, 256) });
    assert.ok(performance.now() - started < 3000);
    assert.equal(r.length, 256);
    assert.match(warnings.join(' '), /first 100 characters/);
  });
});

describe('password-strength-checker properties', () => {
  test('valid-shaped inputs never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          password: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
          userInputs: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
        }),
        async (input) => {
          await expectNoServerError(tool('password-strength-checker'), input);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('a required field of the wrong type or missing is a 400 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(wrongType, { nil: undefined }), async (value) => {
        await expectBadRequest(tool('password-strength-checker'), { password: value }, 'password');
      }),
      { numRuns: 60 },
    );
  });
});
