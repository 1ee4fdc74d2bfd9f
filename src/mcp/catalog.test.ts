import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { adjustedTop, type CatalogItem } from './catalog.ts';

/**
 * adjustedTop leaves out the search results that cannot reach a ranking: against adjusting every result, over random
 * searches (scores with ties, items that run the same tools, each result's factor anywhere between the smallest and
 * the largest product rankAfresh applies), the first four places and the ranking of `limit` choices are the same.
 */
interface Result {
  item: CatalogItem;
  score: number;
  factor: number;
}

const item = (id: string, operationIds: string[]): CatalogItem => ({ id, operationIds }) as CatalogItem;

/** What rankAfresh makes of adjusted results: ranked by score (equal scores in search order), then `limit` choices. */
function ranking(adjusted: Result[], limit: number, grouped: boolean): { firstFour: string[]; ranked: string[] } {
  const sorted = [...adjusted].sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const ranked: string[] = [];
  for (const result of sorted) {
    const key = [...result.item.operationIds].sort().join('|');
    if (grouped && seen.has(key)) continue;
    seen.add(key);
    ranked.push(result.item.id);
    if (ranked.length >= limit) break;
  }
  return { firstFour: sorted.slice(0, 4).map((r) => r.item.id), ranked };
}

test('property: the ranking from the results adjustedTop keeps is the ranking from every result', () => {
  const searches = fc
    .array(
      fc.record({
        score: fc.integer({ min: 1, max: 40 }).map((n) => n / 4),
        tools: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1, maxLength: 2 }),
        // 0.25 (no word covered) × 0.65 (intent) × 0.7 (direction) up to 1.3 (direction) × 1.5 (phrase).
        factor: fc.constantFrom(0.25 * 0.65 * 0.7, 0.25, 0.5, 0.7, 1, 1.3, 1.5, 1.3 * 1.5),
      }),
      { maxLength: 120 },
    )
    // The search's order: best first (equal scores in the order found).
    .map((rows) =>
      rows.map((row, i): Result => ({ item: item(`item${i}`, row.tools), score: row.score, factor: row.factor })).sort((a, b) => b.score - a.score),
    );
  fc.assert(
    fc.property(searches, fc.integer({ min: 1, max: 13 }), fc.boolean(), (results, limit, grouped) => {
      const adjust = (result: Result): Result => ({ ...result, score: result.score * result.factor });
      const kept = adjustedTop(results, adjust, limit, grouped);
      assert.deepEqual(ranking(kept, limit, grouped), ranking(results.map(adjust), limit, grouped));
      assert.ok(kept.length <= results.length);
    }),
    { numRuns: 500 },
  );
});

test('a long search keeps only the results that can reach the ranking', () => {
  const results: Result[] = Array.from({ length: 300 }, (_, i) => ({ item: item(`item${i}`, [`t${i}`]), score: 300 - i, factor: 1 }));
  const kept = adjustedTop(results, (r) => r, 6, true);
  // After the first eight the sixth best is 295: a result scoring below 147.5 (twice that is below 295) is left out.
  assert.equal(kept.length, 153, `${kept.length} of 300 adjusted`);
  assert.deepEqual(
    kept.slice(0, 6).map((r) => r.score),
    [300, 299, 298, 297, 296, 295],
  );
});
