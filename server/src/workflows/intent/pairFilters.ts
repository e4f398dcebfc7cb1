// Two tests the reader read one after the other as Filters, where the request meant one test with two outcomes.
import type { Condition, Step } from '../spec.ts';
import { conditionText } from '../wording.ts';

const OTHER_SIDE =
  /(?:^|_)(?:under|over|below|above|less|more|otherwise|else|rest|other|others|not|smaller|bigger|lower|higher)(?:_|$)/;

/**
 * "if the amount is over 500 post it in Slack, and if it's under that log it in the sheet": two tests read one
 * after the other as Filters would send nothing to the second one's steps. Tests of one field (or a second test
 * that only names the other side) are one branch: an If with both outcomes, or a Switch for two values.
 */
export function pairFilters(steps: Step[]): void {
  if (ifThenFilter(steps)) return;
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

const OPPOSITE: Partial<Record<Condition['operator'], Array<Condition['operator']>>> = {
  gt: ['lt', 'lte'],
  gte: ['lt', 'lte'],
  lt: ['gt', 'gte'],
  lte: ['gt', 'gte'],
  equals: ['notEquals'],
  notEquals: ['equals'],
  exists: ['notExists'],
  notExists: ['exists'],
  isTrue: ['isFalse'],
  isFalse: ['isTrue'],
};

/**
 * "for orders over 100, post to #big; for orders under 100, email me": an If with nothing otherwise, then a Filter
 * of the same field from the other side, is one test with two outcomes (the Filter's steps are the other one). Two
 * bounds apart ("over 500 … under 100") are two routes, and the items between go neither way.
 */
function ifThenFilter(steps: Step[]): boolean {
  const at = steps.findIndex(
    (s, i) => s.kind === 'if' && s.then.length > 0 && !s.otherwise.length && steps[i + 1]?.kind === 'filter',
  );
  if (at < 0) return false;
  const branch = steps[at] as Extract<Step, { kind: 'if' }>;
  const filter = steps[at + 1] as Extract<Step, { kind: 'filter' }>;
  const [a, b] = [branch.condition, filter.condition];
  const rest = steps.slice(at + 2);
  if (
    a.more?.length ||
    b.more?.length ||
    a.field !== b.field ||
    !OPPOSITE[a.operator]?.includes(b.operator) ||
    !rest.length ||
    rest.some((s) => s.kind === 'filter' || s.kind === 'if' || s.kind === 'switch')
  )
    return false;
  const same = a.value === b.value || /^(?:exists|notExists|isTrue|isFalse)$/.test(a.operator);
  steps.splice(
    at,
    steps.length - at,
    same
      ? { ...branch, otherwise: rest }
      : {
          kind: 'switch',
          field: a.field,
          routes: [
            { name: conditionText(a), steps: branch.then, condition: a },
            { name: conditionText(b), steps: rest, condition: b },
          ],
          fallback: null,
        },
  );
  return true;
}
