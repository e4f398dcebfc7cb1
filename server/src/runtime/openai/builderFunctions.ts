// The builder's operations as functions a model calls: one workflow draft per run, nodes added from their real n8n
// definitions (n8n-mcp's get_node), parameters checked against the node's properties, connections against its
// outputs. A refused operation comes back as the function's error with the reason, so the model can correct it.
import { z } from 'zod';
import { DraftError, WorkflowDraft } from '../../workflows/draft.ts';
import { NodeKnowledge, type NodeDefinition, type ToolCaller } from '../../workflows/knowledge.ts';
import type { N8nWorkflow } from '../../workflows/n8nJson.ts';
import { parseValidation } from '../../workflows/validation.ts';
import type { ToolFunction } from '../tools/catalog.ts';
import { ToolError } from '../tools/invoke.ts';
import type { RunEvent, ToolServices } from '../types.ts';
import { validate, type Built, type Checked } from '../../workflows/builder.ts';

const name = z.string().trim().min(1).max(120);
const params = z.record(z.string(), z.unknown());

const addNode = z.object({
  type: z.string().trim().min(3).max(200),
  name: name.optional(),
  parameters: params.optional(),
});
const connect = z.object({
  from: name,
  to: name,
  output: z.number().int().min(0).max(50).optional(),
  input: z.number().int().min(0).max(50).optional(),
  type: z
    .string()
    .regex(/^(?:main|ai_\w+)$/)
    .optional(),
});
const setParameters = z.object({ node: name, parameters: params });
const removeNode = z.object({ name });

function parse<T>(schema: z.ZodType<T>, args: Record<string, unknown>): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new ToolError(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The workflow one model run builds, and the functions it builds it with. */
export class ModelBuild {
  readonly draft: WorkflowDraft;
  /** Whether the model changed the workflow with the builder's functions. */
  edited = false;
  private readonly knowledge = new NodeKnowledge<never>();
  private readonly caller: ToolCaller<never>;

  constructor(
    private readonly services: ToolServices,
    private readonly signal: AbortSignal,
    start: N8nWorkflow | null,
  ) {
    this.draft = start ? WorkflowDraft.fromWorkflow(start) : new WorkflowDraft();
    const call = (tool: string, args: Record<string, unknown>) => services.callMcp('n8n', tool, args, signal);
    // Definitions are read inside an operation; the operation itself is the timeline entry.
    this.caller = async function* (tool, args) {
      yield* [];
      const result = await call(tool, args);
      return { text: result.text, isError: Boolean(result.isError) };
    };
  }

  private async describe(type: string): Promise<NodeDefinition | null> {
    const gen = this.knowledge.describe(this.caller, type);
    let step = await gen.next();
    while (!step.done) step = await gen.next();
    return step.value;
  }

  private async definition(type: string): Promise<NodeDefinition> {
    const def = await this.describe(type);
    if (!def) throw new ToolError(`n8n has no node type "${type}": find the type with search_nodes first.`);
    return def;
  }

  /** The draft as the builder's result (what the user fills in, the credentials it needs). */
  built(): Built {
    return {
      draft: this.draft,
      workflow: this.draft.toWorkflow(),
      toPick: this.draft.toPick,
      toCheck: new Map(),
      credentials: this.draft.credentials,
      problems: [],
    };
  }

  /** n8n's validator on the draft, repairing what the definitions can fill (bounded), as the built-in team does. */
  async *validate(call: ToolCaller<RunEvent>): AsyncGenerator<RunEvent, Checked> {
    for (const type of new Set(this.draft.nodes.map((n) => n.type))) await this.describe(type).catch(() => null);
    return yield* validate(this.built(), call, this.knowledge);
  }

  private summary(): string {
    const wf = this.draft.toWorkflow();
    const picks = [...this.draft.toPick].map(([node, set]) => `${node}: ${[...set].join(', ')}`);
    return JSON.stringify({
      nodes: wf.nodes.map((n) => ({ name: n.name, type: n.type })),
      connections: this.draft.links.map((l) => `${l.from}[${l.output}] -${l.type}-> ${l.to}[${l.input}]`),
      placeholders_for_the_user: picks,
    });
  }

  private guard<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof DraftError) throw new ToolError(error.message);
      throw error;
    }
  }

  functions(): ToolFunction[] {
    return [
      {
        name: 'workflow_add_node',
        description:
          "Adds a node to the workflow being built, from its n8n definition. `type` is the full node type from search_nodes (e.g. n8n-nodes-base.slack). Parameters are checked against the node's properties; required ones you leave out are filled (values only the user can give become placeholders). Returns the node as added.",
        parameters: {
          type: 'object',
          properties: {
            type: { type: 'string', description: 'Full n8n node type, e.g. n8n-nodes-base.slack' },
            name: { type: 'string', description: 'A short name that says what the node does' },
            parameters: { type: 'object', description: "The node's parameters (resource, operation, …)" },
          },
          required: ['type'],
        },
        execute: async (args) => {
          this.edited = true;
          const a = parse(addNode, args);
          const def = await this.definition(a.type);
          const added = this.guard(() => this.draft.addNode(def, a.name ?? def.displayName, a.parameters ?? {}));
          const node = this.draft.node(added);
          return JSON.stringify({ added, type: node.type, typeVersion: node.typeVersion, parameters: node.parameters });
        },
      },
      {
        name: 'workflow_connect_nodes',
        description:
          'Connects an output of one node to an input of another. `type` is "main" for the flow, or the ai_* type a sub-node feeds its parent with (ai_languageModel, ai_memory, ai_tool, ai_embedding, ai_document, ai_outputParser). An If has outputs 0 (true) and 1 (false); a Switch one per rule.',
        parameters: {
          type: 'object',
          properties: {
            from: { type: 'string', description: 'Name of the source node' },
            to: { type: 'string', description: 'Name of the target node' },
            output: { type: 'number', description: 'Output index of the source (default 0)' },
            input: { type: 'number', description: 'Input index of the target (default 0)' },
            type: { type: 'string', description: 'main (default) or an ai_* connection type' },
          },
          required: ['from', 'to'],
        },
        execute: async (args) => {
          this.edited = true;
          const a = parse(connect, args);
          this.guard(() => this.draft.connect(a.from, a.to, a.output ?? 0, a.input ?? 0, a.type ?? 'main'));
          return `Connected ${a.from} → ${a.to}.`;
        },
      },
      {
        name: 'workflow_set_node_parameters',
        description: "Sets parameters of a node (merged into its current ones), checked against the node's properties.",
        parameters: {
          type: 'object',
          properties: {
            node: { type: 'string', description: 'Name of the node' },
            parameters: { type: 'object', description: 'Parameters to set' },
          },
          required: ['node', 'parameters'],
        },
        execute: async (args) => {
          this.edited = true;
          const a = parse(setParameters, args);
          const node = this.guard(() => this.draft.node(a.node));
          const def = await this.definition(node.type);
          this.guard(() => this.draft.setParameters(a.node, a.parameters, def));
          return JSON.stringify({ node: a.node, parameters: this.draft.node(a.node).parameters });
        },
      },
      {
        name: 'workflow_remove_node',
        description: 'Removes a node and its connections.',
        parameters: {
          type: 'object',
          properties: { name: { type: 'string', description: 'Name of the node' } },
          required: ['name'],
        },
        execute: async (args) => {
          this.edited = true;
          const a = parse(removeNode, args);
          this.guard(() => this.draft.removeNode(a.name));
          return `Removed ${a.name}.`;
        },
      },
      {
        name: 'workflow_get',
        description: 'The workflow built so far: its nodes, connections and the values left for the user.',
        parameters: { type: 'object', properties: {}, required: [] },
        execute: async () => this.summary(),
      },
      {
        name: 'workflow_validate',
        description: "Checks the workflow built so far with n8n's validator and returns its errors and warnings.",
        parameters: { type: 'object', properties: {}, required: [] },
        execute: async () => {
          const result = await this.services.callMcp(
            'n8n',
            'validate_workflow',
            { workflow: this.draft.toWorkflow() },
            this.signal,
          );
          const report = parseValidation(result.text, Boolean(result.isError));
          return JSON.stringify({ valid: report.valid, errors: report.errors, warnings: report.warnings.slice(0, 10) });
        },
      },
    ];
  }
}
