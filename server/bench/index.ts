// `npm run bench`: runs each benchmark and prints every figure as one JSON line {name, value, unit, comparison}.
import { serverBench } from './server.ts';
import type { Figure } from './figure.ts';

const benches: Array<() => Promise<Figure[]>> = [serverBench];

for (const bench of benches) {
  for (const figure of await bench()) console.log(JSON.stringify(figure));
}
