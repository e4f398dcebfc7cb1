// An HTTP Request hands on only the body of the answer, and stops the run on an error status or on no answer at all.
// A test right after it on the status code ("if the status isn't 200", "alert me when the site is down") would never
// see a failure: such a call hands on the whole answer (`{ body, headers, statusCode }`), keeps going on an error
// status, and on no answer hands on an item that carries the error (no status code, so "not 200" holds).
import type { DraftNode } from './draft.ts';

const HTTP = 'n8n-nodes-base.httpRequest';
const TESTS = /^n8n-nodes-base\.(?:if|filter|switch)$/;
const READS_STATUS = /\$json\.statusCode\b|\$json\[["']statusCode["']\]/;

/** Sets, in place, the HTTP Request nodes whose next node tests the status code to hand on every answer whole. */
export function answerStatus(nodes: DraftNode[], links: ReadonlyArray<{ from: string; to: string; type: string }>) {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  for (const node of nodes) {
    if (node.type !== HTTP) continue;
    const tested = links.some((link) => {
      const next = link.from === node.name && link.type === 'main' ? byName.get(link.to) : undefined;
      return next && TESTS.test(next.type) && READS_STATUS.test(JSON.stringify(next.parameters));
    });
    if (!tested) continue;
    const options = (node.parameters.options ?? {}) as Record<string, unknown>;
    node.parameters.options = { ...options, response: { response: { fullResponse: true, neverError: true } } };
    node.onError ??= 'continueRegularOutput';
  }
}
