// Figure 7, workflow quality: the evaluation set through the built-in team (pacing off): share of answers whose
// workflow is valid and covers the request, and build time, against one validate_workflow call in the same run.
import { percentile, round, type Figure } from '../server/bench/figure.ts';
import { loadCases, realPool, runCase } from '../server/bench/workflowQuality.ts';

export async function workflowQualityBench(): Promise<Figure[]> {
  const pool = realPool();
  try {
    const cases = loadCases();
    await runCase(cases[0]!, pool); // starts n8n-mcp and warms its node cache, as a running server has
    const results = [];
    for (const c of cases) results.push(await runCase(c, pool));
    for (const r of results.filter((x) => !x.ok))
      console.error(`workflow quality: ${r.id} failed: ${r.failures.join('; ')}`);
    const validate: number[] = [];
    const sample = {
      name: 'x',
      nodes: [
        {
          id: 'a',
          name: 'Manual',
          type: 'n8n-nodes-base.manualTrigger',
          typeVersion: 1,
          position: [0, 0],
          parameters: {},
        },
      ],
      connections: {},
    };
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await pool.callTool('n8n', null, 'validate_workflow', { workflow: sample });
      validate.push(performance.now() - t);
    }
    const times = results.map((r) => r.buildMs);
    const ok = results.filter((r) => r.ok).length;
    const oneCall = percentile(validate, 50);
    return [
      {
        name: 'workflow quality: valid and covering the request',
        value: round((100 * ok) / results.length),
        unit: '%',
        comparison: { against: `${ok} of ${results.length} requests`, value: results.length, target: '>= 95%' },
      },
      {
        name: 'workflow build time, median',
        value: round(percentile(times, 50)),
        unit: 'ms',
        comparison: { against: 'one validate_workflow call, median (ms)', value: round(oneCall), target: '< 500 ms' },
      },
      {
        name: 'workflow build time, p95',
        value: round(percentile(times, 95)),
        unit: 'ms',
        comparison: { against: 'one validate_workflow call, median (ms)', value: round(oneCall) },
      },
    ];
  } finally {
    await pool.close();
  }
}
