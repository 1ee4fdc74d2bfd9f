import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type Example, trainNaiveBayes } from './reranker.ts';

/**
 * The learned re-ranker's naive Bayes against its formula written out the plain way (add-α smoothing over the
 * vocabulary, each feature counted once per text, labels equally likely): log P(text | label) is the sum, over the
 * text's distinct features the training saw, of log(count(feature, label) + α) − log(total(label) + α·|vocabulary|).
 */
const ALPHA = 0.1;
const split = (text: string): string[] => text.split(' ').filter(Boolean);

function byFormula(examples: Example[], text: string, label: string): number {
  const vocabulary = new Set(examples.flatMap((e) => split(e.text)));
  const texts = examples.filter((e) => e.label === label).map((e) => new Set(split(e.text)));
  const total = texts.reduce((sum, features) => sum + features.size, 0);
  let sum = 0;
  for (const feature of new Set(split(text))) {
    if (!vocabulary.has(feature)) continue;
    const count = texts.filter((features) => features.has(feature)).length;
    sum += Math.log(count + ALPHA) - Math.log(total + ALPHA * vocabulary.size);
  }
  return sum;
}

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

test('log-likelihoods are the formula for a few labels and for every label, and best() is their argmax', () => {
  const word = fc.constantFrom('pdf', 'word', 'merge', 'split', 'json', 'csv', 'to', 'convert', 'image', 'resize');
  const example = fc.record({ text: fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')), label: fc.constantFrom('a', 'b', 'c', 'd') });
  fc.assert(
    fc.property(fc.array(example, { minLength: 1, maxLength: 25 }), fc.array(fc.oneof(word, fc.constant('unseen')), { maxLength: 8 }), (examples, query) => {
      const model = trainNaiveBayes(examples, split);
      const text = query.join(' ');
      const labels: string[] = [...new Set(examples.map((e) => e.label))];
      // One label asked (looked up by label) and all of them plus an unknown one (summed over the postings).
      for (const asked of [[labels[0]!], [...labels, 'nobody']]) {
        const got = model.logLikelihoods(text, asked);
        assert.deepEqual(
          [...got.keys()],
          asked.filter((l) => labels.includes(l)),
        );
        for (const [label, value] of got) assert.ok(close(value, byFormula(examples, text, label)), `${label}: ${value}`);
      }
      const scores = labels.map((label) => byFormula(examples, text, label));
      const best = model.best(text)!;
      const top = Math.max(...scores);
      assert.ok(close(scores[labels.indexOf(best.label)]!, top), `best ${best.label}`);
      const rest = scores.filter((_, i) => labels[i] !== best.label);
      assert.ok(rest.length === 0 ? best.margin === Infinity : close(best.margin, top - Math.max(...rest)));
    }),
    { numRuns: 200 },
  );
});
