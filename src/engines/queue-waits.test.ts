import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { semaphore } from './fetch/fetcher.ts';
import { QueueWaits } from './queue-waits.ts';

test('a task that waits for its turn records at least the time the task before it held the turn', async () => {
  const waits = new QueueWaits();
  const gate = semaphore(1, waits);
  await Promise.all([gate(() => sleep(100)), gate(() => sleep(1))]);
  const [first, second] = waits.drain();
  assert.ok(first !== undefined && second !== undefined, 'one wait per task');
  // setTimeout never fires early: the second task waited the first one's 100 ms at least.
  assert.ok(second >= 0.099, `second waited ${second} s`);
  assert.ok(first < second, 'the first task started at once');
  assert.deepEqual(waits.drain(), [], 'drained');
});

test('waits are kept between two drains up to a bound, then no more', () => {
  const waits = new QueueWaits();
  for (let i = 0; i < 10_005; i++) waits.started(0, 1000);
  const kept = waits.drain();
  assert.equal(kept.length, 10_000);
  assert.ok(kept.every((seconds) => seconds === 1));
});
