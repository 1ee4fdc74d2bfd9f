import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { DEFAULT_PII_TYPES, scrubPii } from './lib/pii.ts';
import piiScrub from './pii-scrub.ts';

/** pii-scrub: a file of its own, as person names come from an NLP model (compromise) that takes a while to load. */
type Result = Record<string, unknown>;
const result = async (tool: Parameters<typeof run>[0], input: unknown): Promise<Result> => (await run(tool, input)).result as Result;

describe('pii-scrub: checksums against published vectors', () => {
  // Card test numbers published by the networks and payment processors (e.g. Stripe's and PayPal's test-card lists):
  // 4111 1111 1111 1111 (Visa), 5555 5555 5555 4444 (Mastercard), 3782 822463 10005 (American Express).
  test('valid test card numbers are found; a one-digit change fails Luhn and is left alone', () => {
    for (const [card, brand] of [
      ['4111 1111 1111 1111', 'Visa'],
      ['5555-5555-5555-4444', 'Mastercard'],
      ['3782 822463 10005', 'American Express'],
      ['4111111111111111', 'Visa'],
    ] as const) {
      const r = scrubPii(`card ${card} end`, { types: ['credit_card'] });
      assert.equal(r.text, 'card [CREDIT_CARD_1] end', card);
      assert.equal(r.entities[0]!.detail, brand);
    }
    for (const card of ['4111 1111 1111 1112', '5555 5555 5555 4445', '1234 5678 9012 3456']) {
      assert.equal(scrubPii(`card ${card}`, { types: ['credit_card'] }).total, 0, card);
    }
  });

  // The same published test numbers (4111 1111 1111 1111 Visa, 5555 5555 5555 4444 Mastercard) followed by more digits:
  // an expiry date, a CVV, a second card. 078-05-1120 is the SSN printed on the Woolworth wallet inserts (SSA history
  // pages), outside the never-issued ranges.
  test('a valid card followed by a space and more digits is still found', () => {
    assert.equal(scrubPii('Card 4111 1111 1111 1111 12/26 CVV 123', { types: ['credit_card'] }).text, 'Card [CREDIT_CARD_1] 12/26 CVV 123');
    assert.equal(scrubPii('Card 4111111111111111 2', { types: ['credit_card'] }).text, 'Card [CREDIT_CARD_1] 2');
    const two = scrubPii('4111111111111111 5555555555554444', { types: ['credit_card'] });
    assert.equal(two.text, '[CREDIT_CARD_1] [CREDIT_CARD_2]');
    assert.deepEqual(
      two.entities.map((e) => e.detail),
      ['Visa', 'Mastercard'],
    );
    assert.equal(scrubPii('4111111111111111 5555555555554444 078-05-1120').text, '[CREDIT_CARD_1] [CREDIT_CARD_2] [SSN_1]');
    // Still no card: a valid number glued to another digit or a dash, or spread over one-digit groups of a longer run.
    for (const text of ['41111111111111112', '4111111111111111-2', 'x-4111111111111111', '4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 7']) {
      assert.equal(scrubPii(text, { types: ['credit_card'] }).total, 0, text);
    }
  });

  // GB82 WEST 1234 5698 7654 32 is the example IBAN of the ECBS/SWIFT IBAN registry; DE89 3704 0044 0532 0130 00 the common German one.
  test('IBANs pass the mod-97 check and the country length; a changed digit fails', () => {
    const r = scrubPii('Pay GB82 WEST 1234 5698 7654 32 or DE89370400440532013000, not GB82 WEST 1234 5698 7654 33.', { types: ['iban'] });
    assert.equal(r.text, 'Pay [IBAN_1] or [IBAN_2], not GB82 WEST 1234 5698 7654 33.');
    assert.deepEqual(
      r.entities.map((e) => e.detail),
      ['GB', 'DE'],
    );
    assert.equal(r.entities[0]!.masked, 'GB** **** **** **** **54 32');
  });

  test('an IBAN followed by a word is cut at its country length', () => {
    assert.equal(scrubPii('IBAN GB82WEST12345698765432 please', { types: ['iban'] }).text, 'IBAN [IBAN_1] please');
  });
});

describe('pii-scrub: detection', () => {
  test('phones are validated with libphonenumber; national numbers use defaultCountry', async () => {
    const us = await result(piiScrub, { text: 'Call (415) 555-2671 or 020 7946 0958. Order 1234567890.', types: ['phone'] });
    assert.equal(us.text, 'Call [PHONE_1] or 020 7946 0958. Order 1234567890.');
    const gb = await result(piiScrub, { text: 'Call 020 7946 0958.', types: ['phone'], defaultCountry: 'gb' });
    assert.equal(gb.text, 'Call [PHONE_1].');
    await expectBadRequest(piiScrub, { text: 'x', defaultCountry: 'XX' }, 'defaultCountry');
  });

  test('SSNs in never-issued ranges (000, 666, 9xx, 00 group, 0000 serial) are not SSNs', () => {
    const r = scrubPii('123-45-6789 000-12-3456 666-12-3456 900-12-3456 123-00-4567 123-45-0000 SSN: 078051120', { types: ['ssn'] });
    assert.equal(r.text, '[SSN_1] 000-12-3456 666-12-3456 900-12-3456 123-00-4567 123-45-0000 SSN: [SSN_2]');
  });

  test('IPv4 and IPv6, but not times or version numbers', () => {
    const r = scrubPii('From 203.0.113.9 and 2001:db8::ff00:42:8329 at 12:30:45, version 1.2.3, not 999.1.1.1', { types: ['ip_address'] });
    assert.equal(r.text, 'From [IP_ADDRESS_1] and [IP_ADDRESS_2] at 12:30:45, version 1.2.3, not 999.1.1.1');
  });

  test('e-mails keep sentence punctuation outside; the same address keeps its number in any case', () => {
    const r = scrubPii('Write to Ann.Lee+news@Example.co.uk. Or ann.lee+news@example.co.uk!', { types: ['email'] });
    assert.equal(r.text, 'Write to [EMAIL_1]. Or [EMAIL_1]!');
    assert.equal(r.entities[0]!.occurrences, 2);
  });

  test('dates of birth only when asked for, and only next to a birth cue', () => {
    const text = 'Born on 12 March 1985. Meeting on 2024-05-01.';
    assert.equal(scrubPii(text).text.includes('1985'), true, 'not in the default types');
    assert.equal(scrubPii(text, { types: ['date_of_birth'] }).text, 'Born on [DATE_OF_BIRTH_1]. Meeting on 2024-05-01.');
  });

  test('person names from the NLP model; honorifics stay', () => {
    const r = scrubPii('Dr. Alice Johnson met John Smith and later John Smith called.', { types: ['person_name'] });
    assert.equal(r.text, 'Dr. [PERSON_1] met [PERSON_2] and later [PERSON_2] called.');
  });

  test('evidence and entities never contain a raw value', () => {
    const secrets = ['jane.doe@example.com', '4111 1111 1111 1111', 'GB82 WEST 1234 5698 7654 32', '123-45-6789', '+1 415-555-2671'];
    const r = scrubPii(`Contact ${secrets.join(', ')}`, { types: [...DEFAULT_PII_TYPES] });
    const visible = JSON.stringify({ ...r, text: undefined });
    for (const secret of secrets) assert.ok(!visible.includes(secret), secret);
    assert.ok(r.findings.every((f) => f.id.startsWith('pii.')));
    assert.equal(
      r.score,
      100 + Object.values(r.scoreBreakdown).reduce((a, b) => a + b, 0) < 0 ? 0 : 100 + Object.values(r.scoreBreakdown).reduce((a, b) => a + b, 0),
    );
  });

  test('a text without personal data scores 100 with no findings', async () => {
    const r = await result(piiScrub, { text: 'The weather is nice today.' });
    assert.equal(r.score, 100);
    assert.deepEqual(r.findings, []);
    assert.equal(r.total, 0);
  });

  test('bad input is a 400 naming the field', async () => {
    await expectBadRequest(piiScrub, {}, 'text');
    await expectBadRequest(piiScrub, { text: 'x', types: [] }, 'types');
    await expectBadRequest(piiScrub, { text: 'x', types: ['email', 'email'] }, 'types');
    await expectBadRequest(piiScrub, { text: 'x', types: ['passport'] }, 'types.0');
    await expectBadRequest(piiScrub, { text: 'x', placeholderStyle: 'stars' }, 'placeholderStyle');
    await expectBadRequest(piiScrub, { text: 'x'.repeat(100_001) }, 'text');
  });
});

describe('properties: random valid input never gives a 5xx; random invalid input is a 400', () => {
  const text = fc.string({ maxLength: 300, unit: 'grapheme' });
  test('pii-scrub', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ text, placeholderStyle: fc.constantFrom('typed', 'redacted', 'masked') }),
        async (input) => void (await expectNoServerError(piiScrub, input)),
      ),
      { numRuns: 50 },
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ text: fc.oneof(fc.integer(), fc.constant(null)) }), async (input) => expectBadRequest(piiScrub, input)),
      { numRuns: 30 },
    );
  });
});
