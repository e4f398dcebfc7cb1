// A message that waits for an approval ("post an approve/deny message to #db-access and wait for the answer") gives
// the answer as `data.approved` (true or false): n8n's "Send and Wait for Response" with its approval buttons. The
// tests said after it ("If approved, …", "if rejected, …") read that answer, not a status field the item lacks.
import type { NodeDefinition } from './knowledge.ts';
import type { Plan } from './plan.ts';

/** A test's words for an answer given: yes, or no. */
const YES = /^(?:approved?|accepted?|yes|ok|confirmed|true|granted)$/i;
const NO = /^(?:rejected?|denied|deny|declined?|no|refused|false)$/i;
/** The fields a test of the answer is said on ("status is approved", "approved is true", "the decision is yes"). */
const ANSWER_FIELD = /^=\{\{ \$json\.(?:status|approved|approval|decision|answer|response|result|outcome) \}\}$/;

type Test = { leftValue?: unknown; rightValue?: unknown; operator?: Record<string, unknown> };

/** The answer a test asks for: true for yes, false for no, null when it tests something else. */
function answerOf(test: Test): boolean | null {
  if (typeof test.leftValue !== 'string' || !ANSWER_FIELD.test(test.leftValue)) return null;
  const op = test.operator ?? {};
  if (op.type === 'boolean') return op.operation === 'true' ? true : op.operation === 'false' ? false : null;
  const value = String(test.rightValue ?? '');
  const said = YES.test(value) ? true : NO.test(value) ? false : null;
  if (said === null) return null;
  if (op.operation === 'equals') return said;
  if (op.operation === 'notEquals') return !said;
  return null;
}

function answerTests(conditions: unknown): void {
  const list = (conditions as { conditions?: Test[] } | undefined)?.conditions;
  if (!Array.isArray(list)) return;
  for (const test of list) {
    const answer = answerOf(test);
    if (answer === null) continue;
    test.leftValue = '={{ $json.data.approved }}';
    test.rightValue = '';
    test.operator = { type: 'boolean', operation: answer ? 'true' : 'false', singleValue: true };
  }
}

/**
 * Rewrites the tests right after a message that waits for an approval to read its answer. Only a node whose
 * definition has the "sendAndWait" operation waits; the configure phase picks it for a send with an approval hint.
 */
export function readApprovalAnswers(plan: Plan, definition: (type: string) => NodeDefinition | null): void {
  const waits = new Set(
    plan.nodes
      .filter(
        (n) =>
          n.intent?.verb === 'send' &&
          n.intent.hints.approval &&
          definition(n.type)?.properties.some(
            (p) => p.name === 'operation' && (p.options ?? []).some((o) => o.value === 'sendAndWait'),
          ),
      )
      .map((n) => n.name),
  );
  if (!waits.size) return;
  for (const link of plan.links) {
    if (!waits.has(link.from) || link.type !== 'main') continue;
    const next = plan.nodes.find((n) => n.name === link.to);
    if (!next) continue;
    if (/\.(?:if|filter)$/.test(next.type)) answerTests(next.parameters.conditions);
    if (/\.switch$/.test(next.type)) {
      const rules = (next.parameters.rules as { values?: Array<{ conditions?: unknown }> } | undefined)?.values;
      for (const rule of rules ?? []) answerTests(rule.conditions);
    }
  }
}
