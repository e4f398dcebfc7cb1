// A webhook that answers with an error when its input is bad ("If the email is missing, return a 400 error"), said
// after the steps: the test comes first, and the steps run only for input that passes it.
import { isRead, type Condition, type Step, type Trigger } from '../spec.ts';
import { inverse } from './words.ts';

type Respond = Extract<Step, { kind: 'respond' }>;

const rejects = (s: Step | undefined): s is Respond => s?.kind === 'respond' && s.status >= 400;

/**
 * "… stores the lead in Supabase, and returns the new lead's ID. If the email is missing, return a 400 error": read in
 * order, the test and its error answer come after the steps, so every call would be stored and answered twice. The
 * test moves before them: an If whose passing side runs the steps, and whose other side answers with the error.
 */
export function rejectFirst(trigger: Trigger, steps: Step[]): void {
  if (trigger.kind !== 'webhook' || steps.length < 3) return;
  const last = steps.at(-1);
  const test = steps.at(-2);
  let condition: Condition | null = null;
  let answer: Respond | null = null;
  if (rejects(last) && test?.kind === 'filter') {
    condition = test.condition;
    answer = last;
  } else if (last?.kind === 'if' && last.then.length === 1 && rejects(last.then[0]) && !last.otherwise.length) {
    condition = last.condition;
    answer = last.then[0];
  }
  if (!condition || !answer) return;
  const before = steps.slice(0, answer === last ? -2 : -1);
  // Only a test of what came in: after a lookup ("look the order up …; if it's not found, return 404") the test is of
  // what the lookup found, and stays after it; after another test, it is that test's.
  if (!before.length || before.some((s) => isRead(s) || s.kind === 'if' || s.kind === 'switch' || s.kind === 'filter'))
    return;
  steps.splice(0, steps.length, {
    kind: 'if',
    condition: inverse(condition),
    then: before,
    otherwise: [answer],
  });
}
