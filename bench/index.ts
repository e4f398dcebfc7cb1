// `npm run bench`: runs each figure in turn and prints it as JSON lines {name, value, unit, comparison}.
// BENCH_ONLY=history,server (names below) runs a subset.
import type { Figure } from '../server/bench/figure.ts';
import { computerBench } from '../server/bench/computer.ts';
import { resumeBench } from '../server/bench/resume.ts';
import { serverBench } from '../server/bench/server.ts';
import { bundleBench } from './bundle.ts';
import { historyMergeBench } from './historyMerge.ts';
import { longSessionBench } from './longSession.ts';
import { streamPipelineBench } from './streamPipeline.ts';
import { workflowQualityBench } from './workflowQuality.ts';

const benches: Record<string, () => Promise<Figure[]>> = {
  stream: streamPipelineBench,
  history: historyMergeBench,
  long_session: longSessionBench,
  bundle: bundleBench,
  server: serverBench,
  resume: resumeBench,
  quality: async () => (await import('./quality.ts')).qualityBench(),
  workflows: workflowQualityBench,
  computer: computerBench,
};

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
for (const [name, bench] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  for (const figure of await bench()) console.log(JSON.stringify(figure));
}
