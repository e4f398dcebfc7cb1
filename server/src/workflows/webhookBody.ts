// n8n's Webhook node, and the GitHub and GitLab triggers, hand on the request as `{ headers, params, query, body }`:
// what was posted is under `body`. The steps that read the trigger's item ("Keep if total is over 100", the Slack
// message after it) read `$json.body.total`, not `$json.total`, which is always empty there.
import type { DraftNode } from './draft.ts';

/** Triggers whose item wraps the request's body. */
const WRAPS_BODY = /^n8n-nodes-base\.(?:webhook|githubTrigger|gitlabTrigger)$/;

/** Nodes that hand on the item they get, unchanged: the one after them still reads the trigger's item. */
const PASSES_ON =
  /^n8n-nodes-base\.(?:filter|if|switch|wait|noOp|removeDuplicates|limit|sort|splitInBatches|stopAndError)$/;

/** `$json.total` → `$json.body.total` (not the request's own parts). */
const FIELD = /\$json\.(?!(?:body|headers|params|query)\b)(?=[A-Za-z_$])/g;
/** `JSON.stringify($json)`, `$json["total"]`: the item whole is the body too (its headers may carry a secret). */
const WHOLE = /\$json(?![.\w$])/g;

function rewrite(value: unknown): unknown {
  if (typeof value === 'string')
    return value.startsWith('=') ? value.replace(FIELD, '$json.body.').replace(WHOLE, '$json.body') : value;
  if (Array.isArray(value)) return value.map(rewrite);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
  return value;
}

/** Rewrites, in place, the fields read from a body-wrapping trigger's item by the nodes that get that item. */
export function readBody(nodes: DraftNode[], links: ReadonlyArray<{ from: string; to: string; type: string }>): void {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const seen = new Set<string>();
  const visit = (from: string) => {
    for (const link of links) {
      if (link.from !== from || link.type !== 'main' || seen.has(link.to)) continue;
      const node = byName.get(link.to);
      if (!node) continue;
      seen.add(node.name);
      node.parameters = rewrite(node.parameters) as Record<string, unknown>;
      if (PASSES_ON.test(node.type)) visit(node.name);
    }
  };
  for (const node of nodes) if (WRAPS_BODY.test(node.type)) visit(node.name);
}
