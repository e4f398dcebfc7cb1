// The rule planner: turns a spec's tree of steps into the nodes and connections of a workflow: sequences, If and
// Switch branches (continuing after them, or joined in a Merge), AI classifier routes, fan-out into a Merge, batch
// loops, error outputs, and AI clusters with their sub-nodes on ai_* connections.
import { aiCluster, embeddings, type SubNode } from './aiNodes.ts';
import { appKind, isFeed } from './catalog/appKinds.ts';
import type { CatalogApp } from './catalog/nodeCatalog.ts';
import { checkOf, conditionName, conditions, stepDraft, T, triggerDraft, type Draft } from './coreNodes.ts';
import { walkSteps, type AppHints, type Comparison, type Route, type Step, type WorkflowSpec } from './spec.ts';

export interface Link {
  from: string;
  output: number;
  to: string;
  input: number;
  type: string;
}

/** Nodes whose output is an item of their own: a model's text or fields, an API's answer. */
const REPLACES_ITEM =
  /\.(?:chainLlm|agent|openAi|anthropic|googleGemini|mistralAi|ollama|informationExtractor|chainSummarization|httpRequest)$/;

export type PlannedNode = Draft & { onError?: 'continueErrorOutput'; alwaysOutputData?: true };

export interface Plan {
  nodes: PlannedNode[];
  links: Link[];
  /** What the plan had to decide on its own (an app without a trigger node), for the reply. */
  notes: string[];
}

interface Port {
  node: string;
  output: number;
}

export interface AppLookup {
  app(key: string): CatalogApp | undefined;
}

const cap = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

export function appDisplayName(app: CatalogApp | undefined, key: string): string {
  return (app?.name ?? key).replace(/\s*\((?:formerly|legacy)[^)]*\)/i, '').trim();
}

class Planner {
  readonly plan: Plan = { nodes: [], links: [], notes: [] };
  private readonly errorPorts: Port[] = [];

  constructor(
    private readonly apps: AppLookup,
    private readonly chatInput: boolean,
  ) {}

  name(key: string): string {
    return appDisplayName(this.apps.app(key), key);
  }

  add(draft: Draft): string {
    const taken = new Set(this.plan.nodes.map((n) => n.name));
    let name = draft.name;
    for (let i = 2; taken.has(name); i++) name = `${draft.name} ${i}`;
    this.plan.nodes.push({ ...draft, name });
    return name;
  }

  link(from: Port, to: string, input = 0, type = 'main'): void {
    this.plan.links.push({ from: from.node, output: from.output, to, input, type });
  }

  private enter(entries: Port[], draft: Draft, input = 0): string {
    const name = this.add(draft);
    for (const port of entries) this.link(port, name, input);
    return name;
  }

  private subNodes(parent: string, subs: SubNode[]): void {
    for (const sub of subs) {
      const name = this.add(sub.draft);
      this.link({ node: name, output: 0 }, parent, 0, sub.connection);
      if (sub.subs) this.subNodes(name, sub.subs);
    }
  }

  private markRoute(entries: Port[], route: string, field: string): Port[] {
    const draft: Draft = {
      name: `Mark as ${route}`,
      type: T.set,
      parameters: {
        assignments: { assignments: [{ id: `route-${route}`, name: field, value: route, type: 'string' }] },
        options: {},
      },
    };
    return [{ node: this.enter(entries, draft), output: 0 }];
  }

  private merge(groups: Port[][]): Port[] {
    const merge = this.add({
      name: 'Merge',
      type: T.merge,
      parameters: groups.length > 2 ? { numberInputs: groups.length } : {},
    });
    groups.forEach((ports, i) => ports.forEach((p) => this.link(p, merge, i)));
    return [{ node: merge, output: 0 }];
  }

  /** Two sources into Compare Datasets; the steps after take the output the request asked for. */
  private compare(groups: Port[][], c: Comparison): Port[] {
    if (c.node === 'merge' && c.keep !== 'different') {
      const merge = this.add({
        name: 'Merge',
        type: T.merge,
        parameters: {
          mode: 'combine',
          combineBy: 'combineByFields',
          fieldsToMatchString: c.key,
          joinMode: c.keep === 'same' ? 'keepMatches' : 'keepNonMatches',
          outputDataFrom: c.keep === 'b' ? 'input2' : 'input1',
          options: {},
        },
      });
      groups.forEach((ports, i) => ports.forEach((p) => this.link(p, merge, i)));
      return [{ node: merge, output: 0 }];
    }
    const name = this.add({
      name: COMPARED[c.keep],
      type: T.compare,
      parameters: {
        mergeByFields: { values: [{ field1: c.key, field2: c.key }] },
        // "a list of the SKUs where the counts differ, with both numbers": each item carries both versions.
        ...(c.keep === 'different' ? { resolve: 'includeBoth' } : {}),
        options: {},
      },
    });
    groups.forEach((ports, i) => ports.forEach((p) => this.link(p, name, i)));
    return [{ node: name, output: COMPARE_OUTPUT[c.keep] }];
  }

  wire(steps: Step[], entries: Port[]): Port[] {
    let ports = entries;
    steps.forEach((step, i) => {
      ports = this.step(step, ports);
      // A lookup tested for whether it found the item: it passes on an empty item when it found none, or the test
      // never runs for the items it did not find.
      const next = steps[i + 1];
      if (
        step.kind === 'app' &&
        (step.verb === 'search' || step.verb === 'read') &&
        (next?.kind === 'if' || next?.kind === 'filter') &&
        (next.condition.operator === 'exists' || next.condition.operator === 'notExists')
      ) {
        const node = this.plan.nodes.find((n) => n.name === ports[0]?.node);
        if (node) node.alwaysOutputData = true;
        if (next.condition.field === 'id') this.lookups.set(next, this.name(step.app));
      }
    });
    return ports;
  }

  /** Tests of whether a lookup found the item, with the app it looked in. */
  private readonly lookups = new Map<Step, string>();

  private routes(routes: Route[], source: string, field: string, offset = 0): Port[][] {
    return routes.map((r, i) =>
      r.steps.length
        ? this.wire(r.steps, [{ node: source, output: i + offset }])
        : this.markRoute([{ node: source, output: i + offset }], cap(r.name), field),
    );
  }

  private appLabel(step: Extract<Step, { kind: 'app' }>): string {
    const app = this.apps.app(step.app);
    const name = this.name(step.app);
    const kind = app ? appKind(app) : 'other';
    const noun =
      step.noun ??
      (kind === 'message'
        ? 'message'
        : kind === 'publish'
          ? 'post'
          : step.app === 'googleSheets'
            ? 'row'
            : kind === 'store'
              ? 'record'
              : 'item');
    if (step.app === 'quickChart') return 'Draw chart with QuickChart';
    switch (step.verb) {
      case 'send':
        if (step.hints.channel) return `Post to ${step.hints.channel}`;
        if (step.app === 'emailSend')
          return step.hints.email && !step.hints.email.startsWith('<__PLACEHOLDER_VALUE__')
            ? `Email ${step.hints.email}`
            : 'Send Email';
        return `Send ${noun} via ${name}`;
      case 'create':
        return kind === 'store' ? `Add ${noun} to ${name}` : `Create ${noun} in ${name}`;
      case 'read':
        // "time entry" → "time entries", "status" stays.
        return `Get ${noun.replace(/([^aeiou])y$/, '$1ie').replace(/(?<!s)$/, 's')} from ${name}`;
      case 'search':
        return `Search ${name}`;
      case 'update':
        return `Update ${noun} in ${name}`;
      case 'delete':
        return `Delete ${noun} in ${name}`;
    }
  }

  /** A step's hints; a reply to whoever wrote in goes to the chat or number the trigger's message came from. */
  hintsOf(step: Extract<Step, { kind: 'app' }>): AppHints {
    const { replyTo, ...hints } = step.hints;
    const trigger = this.plan.nodes[0]?.name;
    if (!trigger) return hints;
    const from = `$('${trigger.replace(/'/g, "\\'")}').item.json`;
    // "mark the email as read" after other steps: the trigger's own item, by its id.
    if (hints.triggerItem) return { ...hints, itemId: `={{ ${from}.id }}` };
    // "wait 2 days, then send them an email written by Claude": the model's answer (or an API's) replaced the item,
    // so the address or number is read from the item the trigger reported.
    const source = !replyTo && step.verb === 'send' && !hints.email && !hints.phone ? this.peopleSource() : null;
    if (source) {
      const at = `$('${source.name.replace(/'/g, "\\'")}').item.json`;
      const item = source.type === T.webhook ? `${at}.body` : at;
      return {
        ...hints,
        email: `={{ ${item}.email }}`,
        phone: `={{ ${item}.phone ?? ${item}.phone_number ?? ${item}.mobile }}`,
      };
    }
    if (!replyTo) return hints;
    const answer = { text: hints.text ?? '={{ $json.output ?? $json.text }}' };
    if (step.app === 'telegram') return { ...hints, ...answer, chatId: `={{ ${from}.message.chat.id }}` };
    if (step.app === 'whatsApp') return { ...hints, ...answer, phone: `={{ ${from}.messages[0].from }}` };
    return { ...hints, ...answer };
  }

  /**
   * The node whose items are the people a message goes to (the trigger, or the last list read), when a node after it
   * hands on an item of its own (a model's answer, an API's, the record an app made): null when the item that
   * reaches the message is still theirs.
   */
  private peopleSource(): PlannedNode | null {
    const nodes = this.plan.nodes;
    const at = nodes.findLastIndex(
      (n, i) => i === 0 || (n.app !== undefined && (n.intent?.verb === 'read' || n.intent?.verb === 'search')),
    );
    if (at < 0) return null;
    const replaced = nodes
      .slice(at + 1)
      .some(
        (n) =>
          REPLACES_ITEM.test(n.type) ||
          (n.app !== undefined && (n.intent?.verb === 'create' || n.intent?.verb === 'update')),
      );
    return replaced ? nodes[at]! : null;
  }

  step(step: Step, entries: Port[]): Port[] {
    switch (step.kind) {
      case 'app': {
        const app = this.apps.app(step.app);
        if (app && /^@n8n\/n8n-nodes-langchain\.vectorStore/.test(app.action ?? ''))
          return this.vectorStore(step, app, entries);
        const name = this.enter(entries, {
          name: this.appLabel(step),
          type: app?.action ?? '',
          parameters: {},
          app: step.app,
          intent: { verb: step.verb, ...(step.noun ? { noun: step.noun } : {}), hints: this.hintsOf(step) },
        });
        this.errorPorts.push({ node: name, output: 1 });
        return [{ node: name, output: 0 }];
      }
      case 'http': {
        const name = this.enter(entries, stepDraft(step, `${this.plan.nodes.length}`)!);
        this.errorPorts.push({ node: name, output: 1 });
        return [{ node: name, output: 0 }];
      }
      case 'if': {
        const looked = this.lookups.get(step);
        const name = this.enter(entries, {
          name: looked
            ? `${step.condition.operator === 'exists' ? 'Found' : 'Not found'} in ${looked}?`
            : conditionName(step.condition),
          type: T.if,
          parameters: { conditions: conditions(step.condition, `if:${this.plan.nodes.length}`), options: {} },
          ...(checkOf(step.condition) ? { toCheck: checkOf(step.condition) } : {}),
        });
        const yes = step.then.length ? this.wire(step.then, [{ node: name, output: 0 }]) : [{ node: name, output: 0 }];
        const no = step.otherwise.length
          ? this.wire(step.otherwise, [{ node: name, output: 1 }])
          : [{ node: name, output: 1 }];
        return (step as { join?: boolean }).join ? this.merge([yes, no]) : [...yes, ...no];
      }
      case 'switch': {
        // "Passives (7 or 8) need nothing else": a range with no step is left out, so its items match no rule and
        // stop there (marking them with the range would overwrite the number they were routed on).
        const kept = step.fallback?.length
          ? step.routes
          : step.routes.filter(
              (r) => r.steps.length || !/^(?:between|gt|gte|lt|lte)$/.test(r.condition?.operator ?? ''),
            );
        if (kept.length && kept.length < step.routes.length) return this.wire([{ ...step, routes: kept }], entries);
        const rules = step.routes.map((r, i) => ({
          conditions: conditions(
            r.condition ?? { field: step.field, operator: step.match ?? 'equals', value: r.name.toLowerCase() },
            `switch:${this.plan.nodes.length}:${i}`,
          ),
          renameOutput: true,
          outputKey: cap(r.name),
        }));
        const fallback = step.fallback?.length ? { fallbackOutput: 'extra', renameFallbackOutput: 'Other' } : {};
        const every = step.everyMatch ? { allMatchingOutputs: true } : {};
        const name = this.enter(entries, {
          name: `Route by ${step.field.replace(/_/g, ' ')}`,
          type: T.switch,
          parameters: { rules: { values: rules }, options: { ...fallback, ...every } },
        });
        const exits = this.routes(step.routes, name, step.field);
        if (step.fallback?.length) exits.push(this.wire(step.fallback, [{ node: name, output: step.routes.length }]));
        return (step as { join?: boolean }).join ? this.merge(exits) : exits.flat();
      }
      case 'ai': {
        const cluster = aiCluster(step, {
          chatInput: this.chatInput,
          appName: (key) => this.name(key),
          toolType: (key) => this.apps.app(key)?.tool ?? this.apps.app(key)?.action,
        });
        const name = this.enter(entries, cluster.main);
        this.subNodes(name, cluster.subs);
        if (step.routes?.length && /\.(?:textClassifier|sentimentAnalysis)$/.test(cluster.main.type))
          return this.routes(step.routes, name, 'category').flat();
        // The Sentiment Analysis node's own Positive, Neutral and Negative outputs all go on.
        if (cluster.main.type.endsWith('.sentimentAnalysis'))
          return [0, 1, 2].map((output) => ({ node: name, output }));
        return [{ node: name, output: 0 }];
      }
      case 'parallel': {
        const exits = step.branches.map((b) => this.wire(b, entries));
        if (step.compare && exits.length === 2) return this.compare(exits, step.compare);
        return step.merge ? this.merge(exits) : exits.flat();
      }
      case 'poll': {
        // Wait, check again, and test: until the test holds, the If's other side goes back to the Wait.
        const wait = this.enter(entries, stepDraft({ kind: 'wait', ...step.every }, `wait:${this.plan.nodes.length}`)!);
        const checked = this.wire(step.check, [{ node: wait, output: 0 }]);
        const name = this.enter(checked, {
          name: conditionName(step.until),
          type: T.if,
          parameters: { conditions: conditions(step.until, `if:${this.plan.nodes.length}`), options: {} },
        });
        this.link({ node: name, output: 1 }, wait, 0);
        return [{ node: name, output: 0 }];
      }
      case 'loop': {
        const name = this.enter(entries, {
          name: step.size === 1 ? 'Loop Over Items' : `Loop Over Items (${step.size} at a time)`,
          type: T.batches,
          parameters: { batchSize: step.size, options: {} },
        });
        const body = this.wire(step.body, [{ node: name, output: 1 }]);
        for (const p of body) this.link(p, name, 0);
        return [{ node: name, output: 0 }];
      }
      default: {
        const draft = stepDraft(step, `${step.kind}:${this.plan.nodes.length}`);
        if (!draft) return entries;
        return [{ node: this.enter(entries, draft), output: 0 }];
      }
    }
  }

  /** A vector store as a step: insert (with embeddings and a document loader) or load what matches. */
  private vectorStore(step: Extract<Step, { kind: 'app' }>, app: CatalogApp, entries: Port[]): Port[] {
    const insert = step.verb !== 'read' && step.verb !== 'search';
    const name = this.enter(entries, {
      name: insert ? `Store in ${this.name(step.app)}` : `Search ${this.name(step.app)}`,
      type: app.action!,
      parameters: insert
        ? { mode: 'insert' }
        : { mode: 'load', prompt: '={{ $json.query ?? $json.text ?? $json.chatInput }}' },
      app: step.app,
      // "into the Qdrant collection 'kb'": the collection, index or table the request names.
      ...(step.hints.table ? { intent: { verb: step.verb, hints: { table: step.hints.table } } } : {}),
    });
    const subs: SubNode[] = [{ draft: embeddings(step.embeddings ?? 'openai'), connection: 'ai_embedding' }];
    if (insert)
      subs.push({
        draft: {
          name: 'Default Data Loader',
          type: '@n8n/n8n-nodes-langchain.documentDefaultDataLoader',
          parameters: {
            ...(step.files ? { dataType: 'binary' } : {}),
            // A splitter the request sizes is the loader's own sub-node.
            ...(step.chunks ? { textSplittingMode: 'custom' } : {}),
          },
        },
        connection: 'ai_document',
        ...(step.chunks
          ? {
              subs: [
                {
                  draft: {
                    name: 'Recursive Character Text Splitter',
                    type: '@n8n/n8n-nodes-langchain.textSplitterRecursiveCharacterTextSplitter',
                    parameters: { chunkSize: step.chunks.size, chunkOverlap: step.chunks.overlap, options: {} },
                  },
                  connection: 'ai_textSplitter' as const,
                },
              ],
            }
          : {}),
      });
    this.subNodes(name, subs);
    return [{ node: name, output: 0 }];
  }

  /** Failures of app and HTTP steps go out of their error output into the error steps. */
  wireErrors(steps: Step[]): void {
    if (!steps.length || !this.errorPorts.length) return;
    for (const port of this.errorPorts) {
      const node = this.plan.nodes.find((n) => n.name === port.node);
      if (node) node.onError = 'continueErrorOutput';
    }
    this.wire(steps, this.errorPorts);
  }

  trigger(spec: WorkflowSpec): Port[] {
    // A Respond to Webhook node answers only a webhook told to wait for it.
    let answered = false;
    walkSteps(spec.steps, (s) => (answered ||= s.kind === 'respond'));
    const trigger =
      spec.trigger.kind === 'webhook' && answered && !spec.trigger.respond
        ? { ...spec.trigger, respond: true }
        : spec.trigger;
    if (trigger.kind === 'app') {
      const app = this.apps.app(trigger.app);
      if (!app?.trigger) {
        const name = this.name(trigger.app);
        // A database, Reddit, BambooHR: the app can be listed, so the workflow polls it and passes on only the items
        // it has not seen before.
        const fresh = /^(?:created|published|response)$/.test(trigger.event);
        if (
          app?.action &&
          (appKind(app) === 'store' || isFeed(app) || (fresh && app.operations.some((o) => LISTS.test(o.operation))))
        ) {
          this.plan.notes.push(
            `n8n has no trigger node for ${name}, so the workflow checks it every 15 minutes and passes on only new items.`,
          );
          const start = this.add({
            name: 'Schedule Trigger',
            type: T.schedule,
            parameters: { rule: { interval: [{ field: 'minutes', minutesInterval: 15 }] } },
          });
          // "new invoices in QuickBooks": the items the trigger reports are the ones listed.
          const item = trigger.item;
          const read = this.step(
            { kind: 'app', app: trigger.app, verb: 'read', noun: item, hints: {}, phrase: item ?? '' },
            [{ node: start, output: 0 }],
          );
          return this.step({ kind: 'dedupe', seen: true }, read);
        }
        this.plan.notes.push(
          `n8n has no trigger node for ${name}, so the workflow starts from a webhook: point ${name}'s webhook settings at it.`,
        );
        const start = this.add({
          name: 'Webhook',
          type: T.webhook,
          parameters: { httpMethod: 'POST', path: trigger.app.toLowerCase(), responseMode: 'onReceived', options: {} },
        });
        return [{ node: start, output: 0 }];
      }
      const draft = triggerDraft(trigger, (key) => this.name(key));
      return [{ node: this.add({ ...draft, type: app.trigger }), output: 0 }];
    }
    return [{ node: this.add(triggerDraft(trigger, (key) => this.name(key))), output: 0 }];
  }
}

/** Compare Datasets' outputs: In A only, Same, Different, In B only. */
const COMPARE_OUTPUT: Record<Comparison['keep'], number> = { a: 0, same: 1, different: 2, b: 3 };
const COMPARED: Record<Comparison['keep'], string> = {
  a: 'Only in the first list',
  b: 'Only in the second list',
  same: 'In both lists',
  different: 'Where the lists differ',
};

/** Operations that list an app's items (what a poll reads). */
const LISTS = /^(?:getAll|getMany|list|search)$/;

export function planWorkflow(spec: WorkflowSpec, apps: AppLookup): Plan {
  const chatInput = spec.trigger.kind === 'chat';
  const planner = new Planner(apps, chatInput);
  const start = planner.trigger(spec);
  // "every morning, and also whenever the webhook is called": each start leads into the same first step.
  for (const also of spec.also ?? []) start.push(...planner.trigger({ ...spec, trigger: also }));
  planner.wire(spec.steps, start);
  if (spec.ingest) {
    planner.wire(spec.ingest.steps, planner.trigger({ ...spec, trigger: spec.ingest.trigger }));
    planner.plan.notes.push(
      'The workflow has two starts: one loads your documents into the vector store, the other answers questions from that same store.',
    );
  }
  for (const part of spec.parts ?? []) {
    planner.wire(part.steps, planner.trigger({ ...spec, trigger: part.trigger }));
    planner.plan.notes.push(
      part.trigger.kind === 'error'
        ? 'The Error Trigger runs the alert when a run of this workflow fails: n8n uses a workflow that holds an Error Trigger as its own error workflow (no setting to change).'
        : 'Beside its first start, the workflow has a second part that runs on its own schedule (its own trigger, in the same workflow).',
    );
  }
  planner.wireErrors(spec.onError);
  return planner.plan;
}
