// "suspend their Google Workspace account and create a ServiceNow incident, in parallel. When both are done, combine
// the results …": two steps said to run side by side are branches of one start, joined in a Merge when the request
// waits for both.
import type { Step } from '../spec.ts';

const SIDE_BY_SIDE = /\b(?:in parallel|at the same time|simultaneously|concurrently|side by side)\b/i;
/** "When both are done": the words that wait for the branches, read by the Merge. */
export const BOTH_DONE =
  /\b(?:when|once|after) (?:both|all of them|they|the two) (?:(?:are|have|have been|is) )?(?:done|finished|complete|completed)\b|\b(?:wait for (?:both|them)|combine|merge|join)\b/i;

/** Whether the steps were set side by side (the words that said so are read). */
export function parallelSaid(steps: Step[], original: string): boolean {
  const at = steps.findIndex((s) => s.kind === 'app' && SIDE_BY_SIDE.test(s.phrase));
  const step = steps[at];
  const before = steps[at - 1];
  if (at < 1 || step?.kind !== 'app' || before?.kind !== 'app' || before.phrase === step.phrase) return false;
  const from = original.indexOf(before.phrase);
  const to = original.indexOf(step.phrase);
  // Both in one sentence: "A and B, in parallel".
  if (from < 0 || to < from || /[.!?]\s/.test(original.slice(from, to))) return false;
  const merge = BOTH_DONE.test(original.slice(to + step.phrase.length));
  steps.splice(at - 1, 2, { kind: 'parallel', branches: [[before], [step]], merge });
  return true;
}
