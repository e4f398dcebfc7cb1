// Golden tests of the request reader: each request's spec (trigger, steps, branches, routes, defaults chosen) is
// kept in server/test/fixtures/reader-golden.json, so a change to one rule cannot silently change how other
// requests read. After an intended change, regenerate with UPDATE_GOLDEN=1 and review the diff.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { readRequest } from '../src/workflows/intent/read.ts';
import { loadCases } from '../bench/workflowQuality.ts';

const FILE = new URL('./fixtures/reader-golden.json', import.meta.url);

/** The spec without the request's own words (phrase, job), which only echo the text. */
function shape(request: string): unknown {
  return JSON.parse(
    JSON.stringify(readRequest(request), (key, value: unknown) =>
      key === 'phrase' || key === 'job' ? undefined : value,
    ),
  );
}

const requests = [
  ...loadCases('own').map((c) => c.request),
  ...loadCases('development')
    .filter((_, i) => i % 10 === 0)
    .map((c) => c.request),
  ...loadCases('userDevelopment')
    .filter((_, i) => i % 3 === 0)
    .map((c) => c.request),
];

if (process.env.UPDATE_GOLDEN) {
  const golden = Object.fromEntries(requests.map((r) => [r, shape(r)]));
  writeFileSync(FILE, `${JSON.stringify(golden, null, 1)}\n`);
}

const golden = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;

describe('the reader on its golden requests', () => {
  it('has a golden spec for every request', () => {
    assert.deepEqual(
      requests.filter((r) => !(r in golden)),
      [],
    );
  });
  for (const request of requests)
    it(`reads "${request.slice(0, 90)}"`, () => {
      assert.deepEqual(shape(request), golden[request]);
    });
});
