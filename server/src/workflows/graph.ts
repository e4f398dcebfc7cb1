// Wires a spec's steps into n8n nodes and connections: sequences, If and Switch branches, Text Classifier routes,
// fan-out into a Merge, batch loops, error outputs and AI sub-nodes on their ai_* connections.
import type { Step, WorkflowSpec } from './spec.ts';
import { chatModelDraft, conditions, stepDraft, T, triggerDraft, type Draft } from './coreNodes.ts';
import { conditionText } from './intent/words.ts';

export interface Link {
  from: string;
  output: number;
  to: string;
  input: number;
  type: string;
}

export interface Graph {
  nodes: Array<Draft & { onError?: 'continueErrorOutput' }>;
  links: Link[];
}

interface Port {
  node: string;
  output: number;
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

class GraphBuilder {
  readonly graph: Graph = { nodes: [], links: [] };
  private readonly errorPorts: Port[] = [];

  constructor(private readonly label: (step: Extract<Step, { kind: 'action' }>) => string) {}

  add(draft: Draft): string {
    const taken = new Set(this.graph.nodes.map((n) => n.name));
    let name = draft.name;
    for (let i = 2; taken.has(name); i++) name = `${draft.name} ${i}`;
    this.graph.nodes.push({ ...draft, name });
    return name;
  }

  link(from: Port, to: string, input = 0, type = 'main'): void {
    this.graph.links.push({ from: from.node, output: from.output, to, input, type });
  }

  private enter(entries: Port[], draft: Draft, input = 0): string {
    const name = this.add(draft);
    for (const port of entries) this.link(port, name, input);
    return name;
  }

  private subNode(parent: string, draft: Draft, type: string): void {
    const name = this.add(draft);
    this.link({ node: name, output: 0 }, parent, 0, type);
  }

  /** A branch with nothing asked of it still goes somewhere explicit, so no output dangles. */
  private endOf(entries: Port[], name: string): Port[] {
    return [{ node: this.enter(entries, { name, type: T.noOp, parameters: {} }), output: 0 }];
  }

  private markRoute(entries: Port[], route: string, field: string): Port[] {
    const draft: Draft = {
      name: `Mark as ${route}`,
      type: T.set,
      parameters: {
        assignments: { assignments: [{ id: `r-${route}`, name: field, value: route, type: 'string' }] },
        options: {},
      },
    };
    return [{ node: this.enter(entries, draft), output: 0 }];
  }

  wire(steps: Step[], entries: Port[]): Port[] {
    let ports = entries;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.kind === 'batch' && !step.body.length) {
        // "In batches of 50, …": everything after the batch runs inside the loop.
        ports = this.step({ ...step, body: steps.slice(i + 1) }, ports);
        break;
      }
      ports = this.step(step, ports);
    }
    return ports;
  }

  step(step: Step, entries: Port[]): Port[] {
    switch (step.kind) {
      case 'action': {
        const name = this.enter(entries, { name: this.label(step), type: '', parameters: {}, service: step.service });
        this.errorPorts.push({ node: name, output: 1 });
        return [{ node: name, output: 0 }];
      }
      case 'http': {
        const name = this.enter(entries, stepDraft(step)!);
        this.errorPorts.push({ node: name, output: 1 });
        return [{ node: name, output: 0 }];
      }
      case 'if': {
        const name = this.enter(entries, {
          name: cap(`${conditionText(step.condition)}?`).slice(0, 60),
          type: T.if,
          parameters: { conditions: conditions(step.condition), options: {} },
        });
        const yes = step.then.length
          ? this.wire(step.then, [{ node: name, output: 0 }])
          : this.endOf([{ node: name, output: 0 }], 'Condition met: nothing to do');
        const no = step.otherwise.length
          ? this.wire(step.otherwise, [{ node: name, output: 1 }])
          : [{ node: name, output: 1 }];
        return [...yes, ...no];
      }
      case 'switch': {
        const rules = step.routes.map((r) => ({
          conditions: conditions({ field: step.field, operator: step.match ?? 'equals', value: r.name.toLowerCase() }),
          renameOutput: true,
          outputKey: r.name,
        }));
        const name = this.enter(entries, {
          name: `Route by ${step.field.replace(/_/g, ' ')}`,
          type: T.switch,
          parameters: { rules: { values: rules }, options: { fallbackOutput: 'extra', renameFallbackOutput: 'Other' } },
        });
        const exits = step.routes.flatMap((r, i) =>
          r.steps.length
            ? this.wire(r.steps, [{ node: name, output: i }])
            : this.markRoute([{ node: name, output: i }], r.name, step.field),
        );
        return [...exits, ...this.markRoute([{ node: name, output: step.routes.length }], 'Other', step.field)];
      }
      case 'classify': {
        const categories = step.categories.map((c) => ({
          category: c.name,
          description: `Items that are ${c.name.toLowerCase()}`,
        }));
        const name = this.enter(entries, {
          name: 'Text Classifier',
          type: T.classifier,
          parameters: {
            inputText: '={{ $json.text ?? $json.description ?? JSON.stringify($json) }}',
            categories: { categories },
            options: {},
          },
        });
        this.subNode(name, chatModelDraft(), 'ai_languageModel');
        return step.categories.flatMap((c, i) =>
          c.steps.length
            ? this.wire(c.steps, [{ node: name, output: i }])
            : this.markRoute([{ node: name, output: i }], c.name, 'category'),
        );
      }
      case 'parallel': {
        const exits = step.branches.map((b) => this.wire(b, entries));
        if (!step.merge) return exits.flat();
        const merge = this.add({
          name: 'Merge',
          type: T.merge,
          parameters: exits.length > 2 ? { numberInputs: exits.length } : {},
        });
        exits.forEach((ports, i) => ports.forEach((p) => this.link(p, merge, i)));
        return [{ node: merge, output: 0 }];
      }
      case 'batch': {
        const name = this.enter(entries, {
          name: `Loop Over Items (${step.size} at a time)`,
          type: T.batches,
          parameters: { batchSize: step.size, options: {} },
        });
        const body = step.body.length ? this.wire(step.body, [{ node: name, output: 1 }]) : [{ node: name, output: 1 }];
        for (const p of body) this.link(p, name, 0);
        return [{ node: name, output: 0 }];
      }
      case 'agent': {
        const name = this.enter(entries, {
          name: 'AI Agent',
          type: T.agent,
          parameters: {
            promptType: 'define',
            text: '={{ $json.chatInput ?? $json.text ?? JSON.stringify($json) }}',
            options: { systemMessage: `You are a helpful assistant. Your task: ${step.task}` },
          },
        });
        this.subNode(name, chatModelDraft(), 'ai_languageModel');
        if (step.memory) this.subNode(name, { name: 'Simple Memory', type: T.memory, parameters: {} }, 'ai_memory');
        for (const tool of step.tools) this.subNode(name, toolDraft(tool), 'ai_tool');
        return [{ node: name, output: 0 }];
      }
      case 'extractInfo': {
        const attributes = step.attributes.map((a) => ({
          name: a.replace(/\s+/g, '_'),
          description: `The ${a} mentioned in the text`,
          required: false,
        }));
        const name = this.enter(entries, {
          name: 'Information Extractor',
          type: T.extractor,
          parameters: {
            text: '={{ $json.text ?? $json.body ?? JSON.stringify($json) }}',
            attributes: { attributes },
            options: {},
          },
        });
        this.subNode(name, chatModelDraft(), 'ai_languageModel');
        return [{ node: name, output: 0 }];
      }
      default: {
        const draft = stepDraft(step);
        if (!draft) return entries;
        return [{ node: this.enter(entries, draft), output: 0 }];
      }
    }
  }

  /** Failures of app and HTTP steps go out of their error output into the error steps. */
  wireErrors(steps: Step[]): void {
    if (!steps.length || !this.errorPorts.length) return;
    for (const port of this.errorPorts) {
      const node = this.graph.nodes.find((n) => n.name === port.node);
      if (node) node.onError = 'continueErrorOutput';
    }
    this.wire(steps, this.errorPorts);
  }

  /** An If whose false branch leads nowhere ends in an explicit stop, so every output is wired. */
  closeBranches(): void {
    for (const node of [...this.graph.nodes]) {
      if (node.type !== T.if || this.graph.links.some((l) => l.from === node.name && l.output === 1)) continue;
      this.endOf([{ node: node.name, output: 1 }], 'Condition not met: stop');
    }
  }
}

function toolDraft(tool: Extract<Step, { kind: 'agent' }>['tools'][number]): Draft {
  switch (tool) {
    case 'calculator':
      return { name: 'Calculator', type: T.calculator, parameters: {} };
    case 'wikipedia':
      return { name: 'Wikipedia', type: T.wikipedia, parameters: {} };
    case 'web_search':
      return { name: 'SerpAPI', type: T.serpApi, parameters: { options: {} } };
    case 'code':
      return { name: 'Code Tool', type: T.codeTool, parameters: { jsCode: 'return query;' } };
    case 'http':
      return {
        name: 'HTTP Request Tool',
        type: T.httpTool,
        parameters: {
          toolDescription: 'Calls an HTTP API the user named',
          url: "={{ $fromAI('url', 'The URL to call', 'string') }}",
          options: {},
        },
      };
  }
}

export function buildGraph(spec: WorkflowSpec, label: (step: Extract<Step, { kind: 'action' }>) => string): Graph {
  const builder = new GraphBuilder(label);
  const trigger = builder.add(triggerDraft(spec.trigger));
  builder.wire(spec.steps, [{ node: trigger, output: 0 }]);
  builder.wireErrors(spec.onError);
  builder.closeBranches();
  return builder.graph;
}
