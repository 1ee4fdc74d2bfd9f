import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { utcMinute } from './utc-minute.ts';

test("utcMinute is toISOString of the minute's start, whatever order the times come in", () => {
  fc.assert(
    fc.property(
      fc.array(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), { minLength: 1 }),
      (dates) => {
        for (const date of dates) {
          const expected = new Date(date.getTime() - (((date.getTime() % 60_000) + 60_000) % 60_000)).toISOString();
          assert.equal(utcMinute(date), expected);
        }
      },
    ),
  );
  assert.equal(utcMinute(new Date('2026-11-26T07:05:59.999Z')), '2026-11-26T07:05:00.000Z');
});
