// One workflow being built, and the operations both planners build it with: add a node from its n8n definition,
// connect (main and ai_* outputs), set parameters checked against the node's properties, remove. A bad operation is
// refused with a reason the planner can act on (a model gets it back as the function's result).
import { configureNode, fillRequired, visible, type Intent } from './configure.ts';
import type { NodeDefinition } from './knowledge.ts';
import { toN8n, type N8nWorkflow } from './n8nJson.ts';
import { mainOutputs } from './nodeParameters.ts';
import type { Link } from './plan.ts';

export interface DraftNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, unknown>;
  onError?: 'continueErrorOutput' | 'continueRegularOutput';
  /** An empty item goes on when the node outputs none (a lookup that found nothing, for the test after it). */
  alwaysOutputData?: true;
}

export class DraftError extends Error {}

/** Types that plug into a parent node on an ai_* connection instead of the main flow. */
const SUB_NODE =
  /\.(?:lm\w+|memory\w+|tool\w+|embeddings\w+|document\w+|textSplitter\w+|outputParser\w+|retriever\w+|reranker\w+|mcpClientTool)$|Tool$/;

/** Whether a node is a sub-node: by type, and a vector store by its mode (insert and load run in the main flow). */
function isSubNode(node: Pick<DraftNode, 'type' | 'parameters'>): boolean {
  if (/\.vectorStore\w+$/.test(node.type)) return /^retrieve/.test(String(node.parameters.mode ?? 'retrieve'));
  return SUB_NODE.test(node.type);
}

const GENERIC_LABEL = /^(?:Create|Add|Send|Get|Update|Delete) [\w -]{1,30}? (?:in|to|via|from) (.+)$/;

/** "Create member in Mailchimp", "Get submissions from KoBoToolbox": an app step named by the operation it got. */
function operationName(def: NodeDefinition, label: string, params: Record<string, unknown>): string | null {
  // (The plan's " 2" that kept two labels apart is dropped: the operation may tell them apart already.)
  // (Not the number of an app's own name: "TheHive 5".)
  const named = GENERIC_LABEL.exec(label.trim())?.[1];
  const app = named && def.displayName.endsWith(named.replace(/^.*\s/, '')) ? named : named?.replace(/\s+\d+$/, '');
  if (!app) return null;
  const shown = visible(def, params);
  const optionName = (prop: string) => {
    const p = shown.find((x) => x.name === prop && x.type === 'options');
    return p?.options?.find((o) => o.value === params[prop])?.name;
  };
  const resource = optionName('resource');
  const operation = optionName('operation');
  if (!resource || !operation || /[^\w\s&-]/.test(`${resource}${operation}`)) return null;
  const noun = resource.replace(/\s+within\s+.*$/i, '');
  const thing = /^[A-Z]{2,}$/.test(noun) ? noun : noun.toLowerCase();
  const search = /^search$/i.test(operation);
  const many = search || /^(?:get many|get all|list|getall)$/i.test(operation);
  // "Append Row", "Send Message": an operation that names its object already.
  const whole = !many && !/^create or update$/i.test(operation) && /\s/.test(operation.trim());
  const verb = search
    ? 'Search'
    : many
      ? 'Get'
      : whole
        ? operation.trim().replace(/\s+(\S+)/g, (_, w: string) => ` ${/^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase()}`)
        : operation.replace(/\s+/g, ' ');
  // "activity" → "activities", "entry" → "entries"; "status" stays.
  const plural = /s$/.test(thing) ? thing : /[^aeiou]y$/.test(thing) ? `${thing.slice(0, -1)}ies` : `${thing}s`;
  // Hacker News's "All" resource: "Get items from Hacker News".
  const object = whole ? '' : many ? ` ${/^(?:all|alls)$/.test(plural) ? 'items' : plural}` : ` ${thing}`;
  // "Add to group", "Remove from group": an operation that says its own preposition is "… in Microsoft Entra ID".
  const prep =
    search || /\s(?:to|from|into)\s/i.test(` ${verb} `)
      ? 'in'
      : /^(?:get|list|download|find)/i.test(verb)
        ? 'from'
        : /^(?:add|upload)/i.test(verb)
          ? 'to'
          : /^send/i.test(verb)
            ? 'via'
            : 'in';
  return `${verb}${object} ${prep} ${app}`.slice(0, 80);
}

export class WorkflowDraft {
  name = 'Workflow';
  readonly nodes: DraftNode[] = [];
  readonly links: Link[] = [];
  /** Per node, the values only the user can give (placeholders in the JSON). */
  readonly toPick = new Map<string, Set<string>>();
  readonly credentials: Array<{ node: string; type: string }> = [];

  node(name: string): DraftNode {
    const node = this.nodes.find((n) => n.name === name);
    if (!node) throw new DraftError(`There is no node named "${name}".`);
    return node;
  }

  private pick(node: string, values: string[]): void {
    if (!values.length) return;
    const set = this.toPick.get(node) ?? new Set<string>();
    values.forEach((v) => set.add(v));
    this.toPick.set(node, set);
  }

  private checkNames(def: NodeDefinition, params: Record<string, unknown>): void {
    const names = new Set(def.properties.map((p) => p.name));
    const unknown = Object.keys(params).filter((k) => !names.has(k));
    if (unknown.length)
      throw new DraftError(
        `${def.displayName} has no parameter ${unknown.map((k) => `"${k}"`).join(', ')}; its parameters are ${[...names].slice(0, 40).join(', ')}.`,
      );
  }

  /** Adds a node from its definition; an app step's intent picks its resource and operation. Returns its name. */
  addNode(def: NodeDefinition, name: string, parameters: Record<string, unknown>, intent?: Intent): string {
    this.checkNames(def, parameters);
    const configured = intent ? configureNode(def, intent, parameters) : fillRequired(def, parameters);
    // "Create item in Mailchimp" said no more than the verb: the name says what the chosen operation does.
    const said = (intent && operationName(def, name, configured.parameters)) || name.trim() || def.displayName;
    const taken = new Set(this.nodes.map((n) => n.name));
    let unique = said;
    for (let i = 2; taken.has(unique); i++) unique = `${said} ${i}`;
    this.nodes.push({ name: unique, type: def.type, typeVersion: def.version, parameters: configured.parameters });
    this.pick(unique, configured.toPick);
    for (const type of configured.credentials) this.credentials.push({ node: unique, type });
    return unique;
  }

  connect(from: string, to: string, output = 0, input = 0, type = 'main'): void {
    const source = this.node(from);
    const target = this.node(to);
    if (from === to) throw new DraftError(`"${from}" cannot connect to itself.`);
    if (type === 'main') {
      if (isSubNode(source))
        throw new DraftError(`"${from}" is a sub-node: connect it to its parent with its ai_* connection type.`);
      const count = mainOutputs(source);
      if (output < 0 || output >= count)
        throw new DraftError(`"${from}" has ${count} output(s); output ${output} does not exist.`);
    } else {
      if (!type.startsWith('ai_'))
        throw new DraftError(`Unknown connection type "${type}": use "main" or an ai_* type.`);
      if (!isSubNode(source))
        throw new DraftError(`"${from}" is not a sub-node, so it cannot feed ${type} into "${to}".`);
    }
    if (
      this.links.some(
        (l) => l.from === from && l.to === target.name && l.output === output && l.input === input && l.type === type,
      )
    )
      return;
    this.links.push({ from, output, to: target.name, input, type });
  }

  /** Sets parameters (merged into the current ones) and fills what they make required. */
  setParameters(name: string, parameters: Record<string, unknown>, def: NodeDefinition): void {
    const node = this.node(name);
    this.checkNames(def, parameters);
    const filled = fillRequired(def, { ...node.parameters, ...parameters });
    node.parameters = filled.parameters;
    this.toPick.delete(name);
    this.pick(name, filled.toPick);
    // Parameters no longer shown for the new values (another operation's fields) are dropped.
    const shown = new Set(visible(def, node.parameters).map((p) => p.name));
    for (const key of Object.keys(node.parameters)) if (!shown.has(key)) delete node.parameters[key];
  }

  setErrorOutput(name: string): void {
    this.node(name).onError = 'continueErrorOutput';
  }

  setAlwaysOutput(name: string): void {
    this.node(name).alwaysOutputData = true;
  }

  removeNode(name: string): void {
    const node = this.node(name);
    this.nodes.splice(this.nodes.indexOf(node), 1);
    for (let i = this.links.length - 1; i >= 0; i--)
      if (this.links[i]!.from === name || this.links[i]!.to === name) this.links.splice(i, 1);
    this.toPick.delete(name);
    for (let i = this.credentials.length - 1; i >= 0; i--)
      if (this.credentials[i]!.node === name) this.credentials.splice(i, 1);
  }

  toWorkflow(): N8nWorkflow {
    return toN8n(this.name, { nodes: this.nodes, links: this.links });
  }

  /** A draft holding a stored workflow, so a follow-up (or a model) edits it instead of starting over. */
  static fromWorkflow(workflow: N8nWorkflow): WorkflowDraft {
    const draft = new WorkflowDraft();
    draft.name = workflow.name;
    for (const n of workflow.nodes)
      draft.nodes.push({
        name: n.name,
        type: n.type,
        typeVersion: n.typeVersion,
        parameters: structuredClone(n.parameters),
        ...(n.onError ? { onError: n.onError } : {}),
        ...(n.alwaysOutputData ? { alwaysOutputData: true as const } : {}),
      });
    for (const [from, byType] of Object.entries(workflow.connections))
      for (const [type, outputs] of Object.entries(byType))
        outputs.forEach((links, output) =>
          (links ?? []).forEach((l) => draft.links.push({ from, output, to: l.node, input: l.index, type })),
        );
    return draft;
  }
}
