// "When a Shopify order is cancelled, …": where the trigger reports that state as an event of its own
// ("orders/cancelled"), the trigger listens for it, and the status test the reader put after the app's general event
// goes (Shopify's cancelled order has no `status` field to test, and Stripe spells it "canceled").
import type { NodeDefinition } from './knowledge.ts';
import { chosenEvents, stateEvent } from './configure.ts';
import type { Plan } from './plan.ts';

interface Test {
  leftValue?: unknown;
  rightValue?: unknown;
  operator?: { operation?: string };
}

/** The state a said event stands for, and the words of the app's events that report it. */
const COVERS: Record<string, [RegExp, RegExp]> = {
  payment: [/^(?:paid|succeeded|successful)$/i, /paid|succe/i],
  cancelled: [/^cancel/i, /cancel|delet/i],
  deleted: [/^(?:deleted|removed)$/i, /delet|remov/i],
  failed: [/^fail/i, /fail/i],
};

export function stateEvents(plan: Plan, definition: (type: string) => NodeDefinition | null): void {
  for (const trigger of plan.nodes.filter((n) => n.intent?.verb === 'trigger')) {
    const out = plan.links.filter((l) => l.from === trigger.name && l.type === 'main');
    if (out.length !== 1) continue;
    const filter = plan.nodes.find((n) => n.name === out[0]!.to);
    if (!filter || !/\.filter$/.test(filter.type) || plan.links.filter((l) => l.to === filter.name).length !== 1)
      continue;
    const tests = (filter.parameters.conditions as { conditions?: Test[] } | undefined)?.conditions;
    const test = tests?.length === 1 ? tests[0]! : null;
    if (
      !test ||
      test.leftValue !== '={{ $json.status }}' ||
      test.operator?.operation !== 'equals' ||
      typeof test.rightValue !== 'string'
    )
      continue;
    const said = trigger.intent!.event ?? 'created';
    // The event chosen for the trigger is that state already ("an invoice is paid": Stripe's payment events; "a
    // subscription is cancelled": its cancel event, else its delete event).
    const def = definition(trigger.type);
    // (GitLab reports every pipeline as one event: "a pipeline fails" keeps its status test.)
    const [state, reported] = COVERS[said] ?? [];
    const covered = Boolean(
      def && state?.test(test.rightValue) && chosenEvents(def, trigger.intent!).some((e) => reported!.test(e)),
    );
    // ("a Stripe payment is refunded": a payment's later state, reported by an event of its own.)
    if (!covered && !/^(?:created|updated|ended|payment)$/.test(said)) continue;
    const event = covered ? null : def && stateEvent(def, trigger.intent!, test.rightValue);
    if (!event && !covered) continue;
    if (event) trigger.intent!.eventKey = event;
    plan.links = plan.links
      .filter((l) => l !== out[0])
      .map((l) => (l.from === filter.name ? { ...l, from: trigger.name } : l));
    plan.nodes.splice(plan.nodes.indexOf(filter), 1);
  }
}
