// What the reader's tests look at in a spec: every step (inside branches too) and a short name for each.
import assert from 'node:assert/strict';
import { walkSteps, type Condition, type Step, type WorkflowSpec } from '../src/workflows/spec.ts';

export function all(spec: WorkflowSpec): Step[] {
  const out: Step[] = [];
  walkSteps(spec.steps, (s) => out.push(s));
  return out;
}

/** "slack:send" for an app step, the kind for the others. */
export const kinds = (steps: Step[]) => steps.map((s) => (s.kind === 'app' ? `${s.app}:${s.verb}` : s.kind));

/** The tests of the Filters among the steps. */
export const filters = (steps: Step[]): Condition[] =>
  steps.flatMap((s) => (s.kind === 'filter' ? [{ ...s.condition }] : []));

export function switchOf(spec: WorkflowSpec): Extract<Step, { kind: 'switch' }> {
  const sw = all(spec).find((s) => s.kind === 'switch');
  assert.ok(sw?.kind === 'switch', `a Switch in ${JSON.stringify(kinds(all(spec)))}`);
  return sw;
}

export function branchOf(spec: WorkflowSpec): Extract<Step, { kind: 'if' }> {
  const b = all(spec).find((s) => s.kind === 'if');
  assert.ok(b?.kind === 'if', `an If in ${JSON.stringify(kinds(all(spec)))}`);
  return b;
}
