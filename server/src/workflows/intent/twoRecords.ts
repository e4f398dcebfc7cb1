// "send the details to Pipedrive as a new person and deal", "add them to HubSpot as a contact and a company": two kinds
// of record made in one app, each its own step, in the order said.
import { stepLists, type Step } from '../spec.ts';
import { keptNoun } from './steps.ts';

const AS_TWO = /\bas\s+(?:an?\s+)?(?:new\s+)?([a-z]+)\s+(?:and|&|\+)\s+(?:an?\s+)?(?:new\s+)?([a-z]+)\b/i;

export function twoRecords(steps: Step[]): void {
  for (const list of stepLists(steps))
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      if (s.kind !== 'app' || (s.verb !== 'create' && s.verb !== 'send')) continue;
      const two = AS_TWO.exec(s.phrase);
      if (!two) continue;
      const first = keptNoun(two[1]!, s.app);
      const second = keptNoun(two[2]!, s.app);
      if (!first || !second || first === second) continue;
      if (s.noun && s.noun !== first && s.noun !== second) continue;
      if (list.some((o) => o !== s && o.kind === 'app' && o.app === s.app && o.noun === second)) continue;
      list[i] = { ...s, verb: 'create', noun: first };
      list.splice(i + 1, 0, { ...s, verb: 'create', noun: second, hints: { ...s.hints } });
      i++;
    }
}
