// Two tests the reader read one after the other as Filters, where the request meant one test with two outcomes.
import type { Step } from '../spec.ts';

const OTHER_SIDE =
  /(?:^|_)(?:under|over|below|above|less|more|otherwise|else|rest|other|others|not|smaller|bigger|lower|higher)(?:_|$)/;

/**
 * "if the amount is over 500 post it in Slack, and if it's under that log it in the sheet": two tests read one
 * after the other as Filters would send nothing to the second one's steps. Tests of one field (or a second test
 * that only names the other side) are one branch: an If with both outcomes, or a Switch for two values.
 */
export function pairFilters(steps: Step[]): void {
  const first = steps.findIndex((s) => s.kind === 'filter');
  if (first < 0) return;
  const second = steps.findIndex((s, i) => i > first + 1 && s.kind === 'filter');
  // "… and reply back. If the order ID is not found then reply 'Please check …'": the same step said before and
  // after a test is its two outcomes.
  const before = steps[first - 1];
  const after = steps[first + 1];
  if (
    second < 0 &&
    first === steps.length - 2 &&
    before?.kind === 'app' &&
    after?.kind === 'app' &&
    before.app === after.app &&
    before.verb === after.verb &&
    before.verb === 'send'
  ) {
    const test = (steps[first] as Extract<Step, { kind: 'filter' }>).condition;
    steps.splice(first - 1, 3, { kind: 'if', condition: test, then: [after], otherwise: [before] });
    return;
  }
  if (second < 0 || steps.slice(second + 1).some((s) => s.kind === 'filter' || s.kind === 'if' || s.kind === 'switch'))
    return;
  const a = steps[first] as Extract<Step, { kind: 'filter' }>;
  const b = steps[second] as Extract<Step, { kind: 'filter' }>;
  const then = steps.slice(first + 1, second);
  const otherwise = steps.slice(second + 1);
  if (!then.length || !otherwise.length || then.some((s) => s.kind === 'filter')) return;
  const sameField = a.condition.field === b.condition.field && a.condition.value !== b.condition.value;
  const otherSide = b.condition.operator === 'isTrue' && OTHER_SIDE.test(b.condition.field);
  if (!sameField && !otherSide) return;
  const branch: Step = sameField
    ? {
        kind: 'switch',
        field: a.condition.field,
        routes: [
          { name: String(a.condition.value), steps: then, condition: a.condition },
          { name: String(b.condition.value), steps: otherwise, condition: b.condition },
        ],
        fallback: null,
      }
    : { kind: 'if', condition: a.condition, then, otherwise };
  steps.splice(first, steps.length - first, branch);
}
