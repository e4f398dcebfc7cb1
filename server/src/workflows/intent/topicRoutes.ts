// Tests of what a message is about, said one after another: "If it's about booking, reply with our booking link. If
// it's about meds or refills, pass it to the nurse in Slack. If a message says emergency, text the on-call vet." The
// clause rules read each as a yes/no field no item has ("about_booking"); together they are the categories a model
// sorts each message into, each route doing what its sentence said.
import type { Route, Step } from '../spec.ts';

/** A field the clause rules made of "it's about X", "the message says X", "it mentions X". */
const TOPIC =
  /^(?:(?:it|message|email|text|they|request|enquiry|inquiry)_)?(?:(?:is|are|s)_)?(?:about|regarding)_(.+)$|^(?:(?:a|the)_)?(?:message|email|text|it|they|request|enquiry|inquiry)_(?:says|mentions|contains|asks_about)_(.+)$/;

function topicOf(s: Step, inRun = false): string | null {
  if (s.kind !== 'if' && s.kind !== 'filter') return null;
  // "If a message mentions injury": among tests of what messages are about, a word it mentions is a category too.
  if (
    inRun &&
    s.condition.field === 'text' &&
    s.condition.operator === 'contains' &&
    typeof s.condition.value === 'string'
  )
    return s.condition.value.replace(/^./, (c) => c.toUpperCase());
  if (s.condition.operator !== 'isTrue') return null;
  const m = TOPIC.exec(s.condition.field);
  const words = (m?.[1] ?? m?.[2])?.replace(/_/g, ' ');
  return words ? words.replace(/^./, (c) => c.toUpperCase()) : null;
}

/** Replaces a run of two or more such tests with a Switch on `topic` (a made-up field a classifier then takes). */
export function topicRoutes(steps: Step[]): boolean {
  const first = steps.findIndex((s) => topicOf(s) !== null);
  if (first < 0) return false;
  const routes: Route[] = [];
  let end = first;
  while (end < steps.length) {
    const s = steps[end]!;
    const name = topicOf(s, routes.length > 0);
    if (name === null) break;
    if (s.kind === 'if') {
      if (s.otherwise.length) break;
      routes.push({ name, steps: s.then });
      end++;
      continue;
    }
    // A filter's route runs the steps after it, up to the next test.
    let next = end + 1;
    while (next < steps.length && topicOf(steps[next]!, true) === null && steps[next]!.kind !== 'if') next++;
    routes.push({ name, steps: steps.slice(end + 1, next) });
    end = next;
  }
  if (routes.length < 2 || routes.some((r) => !r.steps.length)) return false;
  steps.splice(first, end - first, { kind: 'switch', field: 'topic', routes, fallback: null });
  return true;
}
