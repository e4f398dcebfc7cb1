// The evaluation set of the workflow-quality benchmark, one test per category: every request gets a workflow with
// each step asked for, valid by n8n-mcp's validator (only the settings the reply names left to pick), no
// placeholder, no dangling branch, merges fed; follow-ups say what changed; vague requests get a question.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCases, realPool, runCase } from '../bench/workflowQuality.ts';

const pool = realPool();
after(() => pool.close());
const cases = loadCases();

describe('workflow quality on the evaluation set', () => {
  for (const category of [...new Set(cases.map((c) => c.category))]) {
    it(`builds every "${category}" request completely and validly`, async () => {
      const failed: string[] = [];
      for (const c of cases.filter((x) => x.category === category)) {
        const result = await runCase(c, pool);
        if (!result.ok) failed.push(`${c.id}: ${result.failures.join('; ')}`);
      }
      assert.deepEqual(failed, []);
    });
  }
});
