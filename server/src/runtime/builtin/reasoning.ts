// The built-in team's reasoning steps (SPEC's "Step N" blocks): the planner's real decisions, not prose. Each step
// says which words became which node and why, which default stood in for a generic noun, what the validator
// reported and what was repaired or deployed. Confidence follows from how a decision was made.
import { nodeCatalog } from '../../workflows/catalog/nodeCatalog.ts';
import { howNamed } from '../../workflows/catalog/vocabulary.ts';
import type { Built, Checked, Design } from '../../workflows/builder.ts';
import { appDisplayName } from '../../workflows/plan.ts';
import type { Deployment } from '../../workflows/reply.ts';
import { walkSteps, type Step, type Trigger, type WorkflowSpec } from '../../workflows/spec.ts';
import { conditionText, scheduleText } from '../../workflows/wording.ts';

/** How a decision was made, and the confidence that follows from it. */
const BASIS = {
  name: { confidence: 0.95, says: "the request names the app as n8n's node is named" },
  type: { confidence: 0.9, says: "the request names n8n's node type" },
  alias: { confidence: 0.85, says: 'the request uses a common name for the app' },
  wording: { confidence: 0.9, says: "the request's own words say so" },
  url: { confidence: 0.9, says: 'the request gives the address' },
  default: { confidence: 0.6, says: 'a default for a generic noun; the user can name another' },
  stand_in: { confidence: 0.5, says: 'n8n has no node for it; an HTTP Request stands in' },
  validator: { confidence: 1, says: "reported by n8n's validator" },
  n8n: { confidence: 1, says: "the user's n8n answered" },
  state: { confidence: 1, says: 'what the run itself checked' },
} as const;

type Basis = keyof typeof BASIS;

export interface Decision {
  /** Decisions of one group are merged first when there are more than the steps allowed. */
  group: 'trigger' | 'apps' | 'flow' | 'check' | 'deploy';
  title: string;
  reasoning: string;
  action: string;
  basis: Basis;
}

/** Whether a phrase contains the words a default stood in for ("a database", "AI"). */
const said = (phrase: string, words: string) => phrase.toLowerCase().includes(words.toLowerCase());

const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 120)}"`;

function triggerDecision(trigger: Trigger, design: Design): Decision {
  const node = design.plan.nodes[0];
  const named = node ? `${node.name} (\`${node.type}\`)` : 'a trigger';
  switch (trigger.kind) {
    case 'schedule':
      return {
        group: 'trigger',
        title: 'Start on a schedule',
        reasoning: `The request sets a time: the workflow runs ${scheduleText(trigger.rule)}.`,
        action: `Start with ${named}.`,
        basis: 'wording',
      };
    case 'webhook':
      return {
        group: 'trigger',
        title: 'Start on a web request',
        reasoning: `Something outside calls the workflow: a ${trigger.method} request to \`/webhook/${trigger.path}\`.`,
        action: `Start with ${named}${trigger.respond ? ', answered by a Respond to Webhook node' : ''}.`,
        basis: 'wording',
      };
    case 'app': {
      const app = nodeCatalog().app(trigger.app);
      return {
        group: 'trigger',
        title: `Start on ${appDisplayName(app, trigger.app)}`,
        reasoning: `The request starts the workflow on a ${appDisplayName(app, trigger.app)} event (${trigger.event}).`,
        action: `Start with ${named}.`,
        basis: 'wording',
      };
    }
    default:
      return {
        group: 'trigger',
        title: 'Choose the trigger',
        reasoning: `The request starts the workflow with a ${trigger.kind} trigger.`,
        action: `Start with ${named}.`,
        basis: 'wording',
      };
  }
}

/** The decision one step of the spec stands for, or null for steps that need no choice of their own. */
function stepDecision(step: Step, spec: WorkflowSpec): Decision | null {
  switch (step.kind) {
    case 'app': {
      const app = nodeCatalog().app(step.app);
      const name = appDisplayName(app, step.app);
      const chosen = spec.choices.find((c) => c.chose.startsWith(name) && said(step.phrase, c.said));
      const by = app ? howNamed(step.phrase, app) : null;
      const basis: Basis = chosen ? 'default' : (by ?? 'name');
      const what = `${step.verb}${step.noun ? ` ${step.noun}` : ''}`;
      return {
        group: 'apps',
        title: `${name}: ${what}`,
        reasoning: chosen
          ? `${quote(step.phrase)} says "${chosen.said}" without naming an app: ${name} is the default (${chosen.change}).`
          : `${quote(step.phrase)} names ${name}; the verb makes it a ${what} step.`,
        action: `Add the ${name} node (\`${app?.action ?? app?.trigger ?? step.app}\`) to ${what}.`,
        basis,
      };
    }
    case 'http':
      return {
        group: 'apps',
        title: step.system ? `${step.system}: HTTP Request` : `HTTP Request to ${step.api}`,
        reasoning: step.system
          ? `${quote(step.phrase)} names ${step.system}, which has no node in n8n's catalogue.`
          : `${quote(step.phrase)} calls ${step.url ? `\`${step.url}\`` : step.api}.`,
        action: `Add an HTTP Request node (${step.method}${step.url ? ` ${step.url}` : ', address to fill in'}).`,
        basis: step.system ? 'stand_in' : step.url ? 'url' : 'wording',
      };
    case 'ai': {
      const model = `${step.model.provider}${step.model.id ? ` ${step.model.id}` : ''}`;
      const chosen = spec.choices.find(
        (c) => said(step.phrase, c.said) && c.chose.toLowerCase().includes(step.model.provider),
      );
      return {
        group: 'apps',
        title: `AI: ${step.task}`,
        reasoning: `${quote(step.phrase)} asks an AI model to ${step.task}${chosen ? `; no provider is named, so ${chosen.chose} (${chosen.change})` : `, with ${model}`}.`,
        action: `Add an AI ${step.task === 'agent' ? 'agent' : 'node'} for the job${step.tools.length ? ` with ${step.tools.length} tool(s)` : ''}${step.memory ? ' and memory' : ''}.`,
        basis: chosen ? 'default' : 'wording',
      };
    }
    case 'if':
      return {
        group: 'flow',
        title: 'Branch on a condition',
        reasoning: `The request treats items differently when ${conditionText(step.condition)}.`,
        action: `Add an If node: ${step.then.length} step(s) when true, ${step.otherwise.length} when false.`,
        basis: 'wording',
      };
    case 'switch':
      return {
        group: 'flow',
        title: `Route by ${step.field}`,
        reasoning: `The request names ${step.routes.length} route(s): ${step.routes.map((r) => r.name).join(', ')}.`,
        action: `Add a Switch node with one output per route${step.fallback ? ' and a fallback' : ''}.`,
        basis: 'wording',
      };
    case 'filter':
      return {
        group: 'flow',
        title: 'Keep only some items',
        reasoning: `Only items where ${conditionText(step.condition)} go on.`,
        action: 'Add a Filter node.',
        basis: 'wording',
      };
    case 'loop':
      return {
        group: 'flow',
        title: 'Work in batches',
        reasoning: `Items are handled ${step.size} at a time.`,
        action: 'Add a Loop Over Items node whose body loops back.',
        basis: 'wording',
      };
    case 'wait':
      return {
        group: 'flow',
        title: 'Wait',
        reasoning: `The request asks for a pause of ${step.amount} ${step.unit}.`,
        action: 'Add a Wait node.',
        basis: 'wording',
      };
    case 'parallel':
      return {
        group: 'flow',
        title: 'Run branches side by side',
        reasoning: `${step.branches.length} things happen to the same items.`,
        action: `Split into ${step.branches.length} branches${step.merge ? ' and merge them again' : ''}.`,
        basis: 'wording',
      };
    default:
      return null;
  }
}

/** The decisions of the read and design phases, in the order the workflow runs. */
export function planDecisions(design: Design): Decision[] {
  const spec = design.spec;
  const out: Decision[] = [triggerDecision(spec.trigger, design)];
  walkSteps(spec.steps, (step) => {
    const d = stepDecision(step, spec);
    if (d) out.push(d);
  });
  for (const step of spec.onError) {
    const d = stepDecision(step, spec);
    if (d) out.push({ ...d, title: `On failure: ${d.title}`, group: 'flow' });
  }
  for (const note of design.notes.slice(0, 5))
    out.push({
      group: 'apps',
      title: "What n8n's node search said",
      reasoning: note.replace(/\s+/g, ' ').slice(0, 300),
      action: 'Say so in the reply.',
      basis: 'validator',
    });
  return out;
}

/** The decisions of the validate phase: what the validator reported, what was repaired, what was deployed. */
export function checkDecisions(built: Built, checked: Checked, deployment: Deployment): Decision[] {
  const r = checked.report;
  const out: Decision[] = [
    {
      group: 'check',
      title: 'Validate',
      reasoning: r.valid
        ? `n8n's validator found no error in ${built.workflow.nodes.length} nodes (${r.warnings.length} warning(s)).`
        : checked.usable
          ? `n8n's validator asks only for settings the user picks (${r.errors.length} placeholder(s)).`
          : `n8n's validator still reports ${r.errors.length} error(s): ${r.errors
              .slice(0, 3)
              .map((e) => e.message)
              .join('; ')}.`,
      action: r.valid || checked.usable ? 'Keep the workflow as built.' : 'Report the errors left in the reply.',
      basis: 'validator',
    },
    ...checked.repaired.map<Decision>((fix) => ({
      group: 'check',
      title: 'Repair',
      reasoning: `The first validation reported a problem: ${fix}`,
      action: 'Changed the workflow and validated it again.',
      basis: 'validator',
    })),
  ];
  out.push({
    group: 'deploy',
    title: 'Deploy',
    reasoning: deployment.url
      ? `${deployment.updated ? 'Updated' : 'Created'} in the user's n8n (inactive): ${deployment.url}.`
      : (deployment.problem ?? 'No n8n credentials are saved, so the workflow was not created in n8n.'),
    action: deployment.url ? 'Link it in the reply.' : 'Give the JSON to import instead.',
    basis: deployment.url || deployment.problem?.startsWith('Creating') ? 'n8n' : 'state',
  });
  return out;
}

interface Block {
  title: string;
  reasoning: string;
  action: string;
  confidence: number;
  basis: string;
}

const blockOf = (d: Decision): Block => ({
  title: d.title,
  reasoning: d.reasoning,
  action: d.action,
  confidence: BASIS[d.basis].confidence,
  basis: BASIS[d.basis].says,
});

function merge(blocks: Block[]): Block {
  if (blocks.length === 1) return blocks[0]!;
  const weakest = blocks.reduce((a, b) => (b.confidence < a.confidence ? b : a));
  return {
    title: blocks.map((b) => b.title).join('; '),
    reasoning: blocks.map((b) => b.reasoning).join(' '),
    action: blocks.map((b) => b.action).join(' '),
    confidence: weakest.confidence,
    basis: `the weakest of ${blocks.length} decisions: ${weakest.basis}`,
  };
}

/**
 * The decisions as at most `max` steps: one step per decision while they fit (the finest split there is), else
 * neighbours of one group (the apps, the flow) together first, then any neighbours. Reasoning min steps are met only
 * by real decisions: a block is never padded.
 */
export function reasoningSteps(decisions: Decision[], max: number, firstStep = 1): string {
  const limit = Math.max(1, Math.floor(max));
  const groups = decisions.map((d) => ({ group: d.group, blocks: [blockOf(d)] }));
  while (groups.length > limit) {
    let best = -1;
    for (let i = 0; i + 1 < groups.length; i++) {
      const same = groups[i]!.group === groups[i + 1]!.group;
      const size = groups[i]!.blocks.length + groups[i + 1]!.blocks.length;
      const bestSame = best >= 0 && groups[best]!.group === groups[best + 1]!.group;
      const bestSize = best >= 0 ? groups[best]!.blocks.length + groups[best + 1]!.blocks.length : Infinity;
      if (best < 0 || (same && !bestSame) || (same === bestSame && size < bestSize)) best = i;
    }
    const [a, b] = groups.splice(best, 2) as [(typeof groups)[number], (typeof groups)[number]];
    groups.splice(best, 0, { group: a.group === b.group ? a.group : a.group, blocks: [...a.blocks, ...b.blocks] });
  }
  return groups
    .map((g) => merge(g.blocks))
    .map(
      (b, i) =>
        `Step ${firstStep + i}\nTitle: ${b.title}\nReasoning: ${b.reasoning}\nAction: ${b.action}\nConfidence: ${b.confidence.toFixed(2)} (${b.basis})`,
    )
    .join('\n\n');
}
