// Workflow quality: the evaluation set (bench/fixtures/workflow-requests.json) run through the built-in team with
// pacing off, each answer's workflow checked by n8n-mcp's validator and by the structural checks.
import { readFileSync } from 'node:fs';
import type { Team } from '../../src/services/contract.ts';
import { DEFAULT_CATALOG_FILE, loadCatalog } from '../src/mcp/catalog.ts';
import { McpPool } from '../src/mcp/pool.ts';
import { createBuiltinEngine } from '../src/runtime/builtin/engine.ts';
import type { RunEvent, ToolServices } from '../src/runtime/types.ts';
import { normaliseMembers, normaliseTeamConfig } from '../src/teams/defaults.ts';
import { SEED_MEMBERS } from '../src/teams/seed.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';

export interface QualityCase {
  id: string;
  category: string;
  request: string;
  followUps?: string[];
  /** Node types (the part after the package name) the workflow must have. */
  expect?: string[];
  absent?: string[];
  /** Text the reply's "What changed" must contain after the follow-ups. */
  expectChange?: string;
  /** The request is (partly) vague: the reply must ask about it. */
  expectQuestion?: boolean;
}

export interface CaseResult {
  id: string;
  category: string;
  ok: boolean;
  failures: string[];
  buildMs: number;
}

const CASES_FILE = new URL('../../bench/fixtures/workflow-requests.json', import.meta.url);

export function loadCases(): QualityCase[] {
  return JSON.parse(readFileSync(CASES_FILE, 'utf8')) as QualityCase[];
}

export function realPool(): McpPool {
  return new McpPool({
    catalog: loadCatalog({ CATALOG_FILE: DEFAULT_CATALOG_FILE }),
    callTimeoutMs: 30_000,
    idleMs: 60_000,
    maxPerServer: 2,
    allowPrivateHosts: false,
  });
}

/** Tool services on a real pool, for a user without saved credentials and with credits to spare. */
export function poolServices(pool: McpPool, overrides: Partial<ToolServices> = {}): ToolServices {
  return {
    hasCredentials: async () => false,
    serverName: (id) => id,
    searchKnowledge: async () => [],
    computerUrl: (runId) => `http://localhost/computer/${runId}/vnc.html`,
    chargeToolCall: async () => {},
    mcpTools: (serverId, signal) => pool.listTools(serverId, null, { signal }),
    callMcp: (serverId, tool, args, signal) => pool.callTool(serverId, null, tool, args, { signal }),
    credentialLink: async () => null,
    credentialProblem: async () => null,
    ...overrides,
  };
}

function seedTeam(): Team {
  const members = normaliseMembers(SEED_MEMBERS);
  return {
    id: 'c'.repeat(24),
    name: 'Workflow Automation Team',
    description: '',
    is_public: true,
    model_id: 'gpt-4o',
    owner_id: null,
    members,
    config: normaliseTeamConfig({}, members),
  };
}

/** The settings the reply asks the user to choose ("In **Node**, choose your A, B."). */
function namedChoices(text: string): Map<string, string[]> {
  const choices = new Map<string, string[]>();
  for (const m of text.matchAll(/^- In \*\*(.+?)\*\*, choose your (.+)\.$/gm)) choices.set(m[1]!, m[2]!.split(', '));
  return choices;
}

export async function runCase(c: QualityCase, pool: McpPool, team = seedTeam()): Promise<CaseResult> {
  const messages = [c.request, ...(c.followUps ?? [])];
  const events: RunEvent[] = [];
  const started = performance.now();
  const input = {
    runId: `q-${c.id}`,
    team,
    userId: 'quality',
    message: messages.at(-1)!,
    files: [],
    history: [],
    earlierRequests: messages.slice(0, -1),
    lastReply: null,
  };
  for await (const e of createBuiltinEngine().run(input, {
    services: poolServices(pool),
    signal: new AbortController().signal,
    streamDelayMs: 0,
  }))
    events.push(e);
  const buildMs = performance.now() - started;
  const text = events.map((e) => (e.kind === 'text' ? e.delta : '')).join('');
  const failures: string[] = [];
  const json = /```json\n([\s\S]+?)\n```/.exec(text)?.[1];
  if (c.expectQuestion && !/\?/.test(text)) failures.push('the reply asks nothing about the vague part');
  if (!json) {
    if (c.expect?.length || !c.expectQuestion) failures.push('no workflow in the reply');
    return { id: c.id, category: c.category, ok: !failures.length, failures, buildMs };
  }
  const wf = JSON.parse(json) as N8nWorkflow;
  const types = wf.nodes.map((n) => n.type.split('.').pop()!);
  for (const t of c.expect ?? []) if (!types.includes(t)) failures.push(`no ${t} node`);
  for (const t of c.absent ?? []) if (types.includes(t)) failures.push(`a ${t} node is still there`);
  failures.push(...structuralProblems(wf));
  if (
    c.expectChange &&
    !/### What changed[\s\S]*?\n\n/.exec(text)?.[0].toLowerCase().includes(c.expectChange.toLowerCase())
  )
    failures.push(`"What changed" does not mention ${c.expectChange}`);
  const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow: wf });
  const report = parseValidation(validation.text, validation.isError);
  const choices = namedChoices(text);
  for (const e of report.errors) {
    const prop = /Required property ['"`]([^'"`]+)['"`]/.exec(e.message)?.[1];
    if (!(e.node && prop && choices.get(e.node)?.includes(prop)))
      failures.push(`validator: ${e.node ?? ''} ${e.message}`);
  }
  return { id: c.id, category: c.category, ok: !failures.length, failures, buildMs };
}
