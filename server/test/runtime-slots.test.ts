// Admission control of runs: a fixed number at once, the rest in arrival order, and a client that leaves gives up its place.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RunSlots } from '../src/runtime/slots.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('run slots', () => {
  it('lets a fixed number of runs work at once and the rest in arrival order', async () => {
    const slots = new RunSlots(2);
    const order: number[] = [];
    const releases = new Map<number, () => void>();
    const signal = new AbortController().signal;
    for (const n of [1, 2, 3, 4]) {
      void slots.acquire(signal).then((release) => {
        order.push(n);
        releases.set(n, release);
      });
    }
    await tick();
    assert.deepEqual(order, [1, 2]);
    releases.get(2)!();
    releases.get(2)!();
    await tick();
    assert.deepEqual(order, [1, 2, 3], 'releasing twice frees one slot only');
    releases.get(1)!();
    await tick();
    assert.deepEqual(order, [1, 2, 3, 4]);
  });

  it('drops a waiting run whose client left, without taking a slot', async () => {
    const slots = new RunSlots(1);
    const first = await slots.acquire(new AbortController().signal);
    const leaving = new AbortController();
    const waiting = slots.acquire(leaving.signal);
    leaving.abort(new Error('client left'));
    await assert.rejects(waiting, /client left/);
    first();
    const next = await slots.acquire(new AbortController().signal);
    assert.equal(typeof next, 'function', 'the slot went to the next run');
  });

  it('frees the slot of a task when it finishes or fails', async () => {
    const slots = new RunSlots(1);
    const signal = new AbortController().signal;
    assert.equal(await slots.use(signal, async () => 'done'), 'done');
    await assert.rejects(
      slots.use(signal, async () => Promise.reject(new Error('refused'))),
      /refused/,
    );
    assert.equal(await slots.use(signal, async () => 'next'), 'next', 'the failed task gave its slot back');
  });
});
