// Workflow quality: request sets run through the built-in team with pacing off, each answer's workflow checked by
// n8n-mcp's validator (no error allowed) and by the structural checks, and against what the request asks for.
// Sets: the project's own requests (bench/fixtures/workflow-requests.json) and two sets of n8n.io template names
// (scripts/templateRequests.ts): a development set and a held-out set that is never read while the builder is tuned.
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Team } from '../../contract/types.ts';
import { DEFAULT_CATALOG_FILE, loadCatalog } from '../src/mcp/catalog.ts';
import { McpPool } from '../src/mcp/pool.ts';
import { createBuiltinEngine } from '../src/runtime/builtin/engine.ts';
import type { RunEvent, ToolServices } from '../src/runtime/types.ts';
import { normaliseMembers, normaliseTeamConfig } from '../src/teams/defaults.ts';
import { SEED_MEMBERS } from '../src/teams/seed.ts';
import { structuralProblems } from '../src/workflows/checks.ts';
import type { N8nWorkflow } from '../src/workflows/n8nJson.ts';
import { parseValidation } from '../src/workflows/validation.ts';

/** The reader's limits here: generous, so a slow shared machine does not turn a measured case into a refusal. */
export const READ_LIMITS = { timeoutMs: 60_000, memoryMb: 512 };

export interface QualityCase {
  id: string;
  category: string;
  request: string;
  followUps?: string[];
  /** Node types (the part after the package name) the workflow must have. */
  expect?: string[];
  /** Each entry: at least one node of these types ("ai": any AI step). */
  expectAny?: string[][];
  absent?: string[];
  /** Text the reply's "What changed" must contain after the follow-ups. */
  expectChange?: string;
  /** The request is (partly) vague: the reply must ask about it. */
  expectQuestion?: boolean;
  /** The n8n.io template the request was made from (left out of any template lookup while it is measured). */
  template?: number;
}

export interface CaseResult {
  id: string;
  category: string;
  /** Valid, covering, and without a structural flaw (and the follow-up and question checks hold). */
  ok: boolean;
  valid: boolean;
  covering: boolean;
  structural: boolean;
  questionsOnly: boolean;
  failures: string[];
  buildMs: number;
}

export type SetName =
  | 'own'
  | 'development'
  | 'heldout'
  | 'descriptionsDevelopment'
  | 'descriptionsHeldout'
  | 'userDevelopment'
  | 'userDevelopment2'
  | 'userDevelopment3'
  | 'userDevelopment4'
  | 'userDevelopment5'
  | 'userDevelopment6'
  | 'userDevelopment7'
  | 'userDevelopment8'
  | 'userDevelopment9'
  | 'userDevelopment10'
  | 'userDevelopment11'
  | 'userDevelopment12'
  | 'userDevelopment13'
  | 'userDevelopment14'
  | 'userDevelopment15'
  | 'userDevelopment16'
  | 'userDevelopment17'
  | 'userDevelopment18'
  | 'userDevelopment19'
  | 'userDevelopment20'
  | 'userDevelopment21'
  | 'userDevelopment22'
  | 'userDevelopment23'
  | 'userDevelopment24'
  | 'userDevelopment25'
  | 'userDevelopment26'
  | 'userDevelopment27'
  | 'userDevelopment28'
  | 'userDevelopment29'
  | 'userDevelopment30'
  | 'userDevelopment31'
  | 'userDevelopment32'
  | 'userDevelopment33'
  | 'userDevelopment34'
  | 'userDevelopment35'
  | 'userDevelopment36'
  | 'userDevelopment37'
  | 'userDevelopment38'
  | 'userDevelopment39'
  | 'userDevelopment40'
  | 'userDevelopment41'
  | 'userDevelopment42'
  | 'userDevelopment43'
  | 'userDevelopment44'
  | 'userDevelopment45'
  | 'userDevelopment46'
  | 'userDevelopment47'
  | 'userDevelopment48'
  | 'userDevelopment49'
  | 'userDevelopment50'
  | 'userDevelopment51'
  | 'userDevelopment52'
  | 'userDevelopment53'
  | 'userDevelopment54'
  | 'userDevelopment55'
  | 'userDevelopment56'
  | 'userDevelopment57'
  | 'userDevelopment58'
  | 'userDevelopment59'
  | 'userDevelopment60'
  | 'userDevelopment61'
  | 'userDevelopment62'
  | 'userDevelopment63'
  | 'userDevelopment64'
  | 'userDevelopment65'
  | 'userDevelopment66'
  | 'userDevelopment67'
  | 'userDevelopment68'
  | 'userDevelopment69'
  | 'userDevelopment70'
  | 'userDevelopment71'
  | 'userDevelopment72'
  | 'userDevelopment73'
  | 'userDevelopment74'
  | 'userDevelopment75'
  | 'userDevelopment76'
  | 'userDevelopment77'
  | 'userDevelopment78'
  | 'userDevelopment79'
  | 'userDevelopment80'
  | 'userDevelopment81'
  | 'userDevelopment82'
  | 'userDevelopment83'
  | 'userDevelopment84'
  | 'userDevelopment85'
  | 'userDevelopment86'
  | 'userDevelopment87'
  | 'userDevelopment88'
  | 'userDevelopment89'
  | 'userDevelopment90'
  | 'userDevelopment91'
  | 'userDevelopment92'
  | 'userDevelopment93'
  | 'userDevelopment94'
  | 'userDevelopment95'
  | 'userDevelopment96'
  | 'userDevelopment97'
  | 'userDevelopment98'
  | 'userDevelopment99'
  | 'userDevelopment100'
  | 'userDevelopment101'
  | 'userDevelopment102'
  | 'userDevelopment103'
  | 'userDevelopment104'
  | 'userDevelopment105'
  | 'userDevelopment106'
  | 'userDevelopment107'
  | 'userDevelopment108'
  | 'userDevelopment109'
  | 'userDevelopment110'
  | 'userDevelopment111'
  | 'userDevelopment112'
  | 'userDevelopment113'
  | 'userDevelopment114'
  | 'userDevelopment115'
  | 'userDevelopment116'
  | 'userDevelopment117'
  | 'userDevelopment118'
  | 'userDevelopment119'
  | 'userDevelopment120'
  | 'userDevelopment121'
  | 'userDevelopment122'
  | 'userDevelopment123'
  | 'userDevelopment124'
  | 'userDevelopment125'
  | 'userDevelopment126'
  | 'userHeldout'
  | 'userHeldout2'
  | 'userHeldout3'
  | 'userHeldout4'
  | 'userHeldout5';

const FILES: Record<SetName, string> = {
  own: 'workflow-requests.json',
  development: 'template-requests-dev.json',
  heldout: 'template-requests-heldout.json',
  descriptionsDevelopment: 'template-descriptions-dev.json',
  descriptionsHeldout: 'template-descriptions-heldout.json',
  userDevelopment: 'user-requests-dev.json',
  userDevelopment2: 'user-requests-dev2.json',
  userDevelopment3: 'user-requests-dev3.json',
  userDevelopment4: 'user-requests-dev4.json',
  userDevelopment5: 'user-requests-dev5.json',
  userDevelopment6: 'user-requests-dev6.json',
  userDevelopment7: 'user-requests-dev7.json',
  userDevelopment8: 'user-requests-dev8.json',
  userDevelopment9: 'user-requests-dev9.json',
  userDevelopment10: 'user-requests-dev10.json',
  userDevelopment11: 'user-requests-dev11.json',
  userDevelopment12: 'user-requests-dev12.json',
  userDevelopment13: 'user-requests-dev13.json',
  userDevelopment14: 'user-requests-dev14.json',
  userDevelopment15: 'user-requests-dev15.json',
  userDevelopment16: 'user-requests-dev16.json',
  userDevelopment17: 'user-requests-dev17.json',
  userDevelopment18: 'user-requests-dev18.json',
  userDevelopment19: 'user-requests-dev19.json',
  userDevelopment20: 'user-requests-dev20.json',
  userDevelopment21: 'user-requests-dev21.json',
  userDevelopment22: 'user-requests-dev22.json',
  userDevelopment23: 'user-requests-dev23.json',
  userDevelopment24: 'user-requests-dev24.json',
  userDevelopment25: 'user-requests-dev25.json',
  userDevelopment26: 'user-requests-dev26.json',
  userDevelopment27: 'user-requests-dev27.json',
  userDevelopment28: 'user-requests-dev28.json',
  userDevelopment29: 'user-requests-dev29.json',
  userDevelopment30: 'user-requests-dev30.json',
  userDevelopment31: 'user-requests-dev31.json',
  userDevelopment32: 'user-requests-dev32.json',
  userDevelopment33: 'user-requests-dev33.json',
  userDevelopment34: 'user-requests-dev34.json',
  userDevelopment35: 'user-requests-dev35.json',
  userDevelopment36: 'user-requests-dev36.json',
  userDevelopment37: 'user-requests-dev37.json',
  userDevelopment38: 'user-requests-dev38.json',
  userDevelopment39: 'user-requests-dev39.json',
  userDevelopment40: 'user-requests-dev40.json',
  userDevelopment41: 'user-requests-dev41.json',
  userDevelopment42: 'user-requests-dev42.json',
  userDevelopment43: 'user-requests-dev43.json',
  userDevelopment44: 'user-requests-dev44.json',
  userDevelopment45: 'user-requests-dev45.json',
  userDevelopment46: 'user-requests-dev46.json',
  userDevelopment47: 'user-requests-dev47.json',
  userDevelopment48: 'user-requests-dev48.json',
  userDevelopment49: 'user-requests-dev49.json',
  userDevelopment50: 'user-requests-dev50.json',
  userDevelopment51: 'user-requests-dev51.json',
  userDevelopment52: 'user-requests-dev52.json',
  userDevelopment53: 'user-requests-dev53.json',
  userDevelopment54: 'user-requests-dev54.json',
  userDevelopment55: 'user-requests-dev55.json',
  userDevelopment56: 'user-requests-dev56.json',
  userDevelopment57: 'user-requests-dev57.json',
  userDevelopment58: 'user-requests-dev58.json',
  userDevelopment59: 'user-requests-dev59.json',
  userDevelopment60: 'user-requests-dev60.json',
  userDevelopment61: 'user-requests-dev61.json',
  userDevelopment62: 'user-requests-dev62.json',
  userDevelopment63: 'user-requests-dev63.json',
  userDevelopment64: 'user-requests-dev64.json',
  userDevelopment65: 'user-requests-dev65.json',
  userDevelopment66: 'user-requests-dev66.json',
  userDevelopment67: 'user-requests-dev67.json',
  userDevelopment68: 'user-requests-dev68.json',
  userDevelopment69: 'user-requests-dev69.json',
  userDevelopment70: 'user-requests-dev70.json',
  userDevelopment71: 'user-requests-dev71.json',
  userDevelopment72: 'user-requests-dev72.json',
  userDevelopment73: 'user-requests-dev73.json',
  userDevelopment74: 'user-requests-dev74.json',
  userDevelopment75: 'user-requests-dev75.json',
  userDevelopment76: 'user-requests-dev76.json',
  userDevelopment77: 'user-requests-dev77.json',
  userDevelopment78: 'user-requests-dev78.json',
  userDevelopment79: 'user-requests-dev79.json',
  userDevelopment80: 'user-requests-dev80.json',
  userDevelopment81: 'user-requests-dev81.json',
  userDevelopment82: 'user-requests-dev82.json',
  userDevelopment83: 'user-requests-dev83.json',
  userDevelopment84: 'user-requests-dev84.json',
  userDevelopment85: 'user-requests-dev85.json',
  userDevelopment86: 'user-requests-dev86.json',
  userDevelopment87: 'user-requests-dev87.json',
  userDevelopment88: 'user-requests-dev88.json',
  userDevelopment89: 'user-requests-dev89.json',
  userDevelopment90: 'user-requests-dev90.json',
  userDevelopment91: 'user-requests-dev91.json',
  userDevelopment92: 'user-requests-dev92.json',
  userDevelopment93: 'user-requests-dev93.json',
  userDevelopment94: 'user-requests-dev94.json',
  userDevelopment95: 'user-requests-dev95.json',
  userDevelopment96: 'user-requests-dev96.json',
  userDevelopment97: 'user-requests-dev97.json',
  userDevelopment98: 'user-requests-dev98.json',
  userDevelopment99: 'user-requests-dev99.json',
  userDevelopment100: 'user-requests-dev100.json',
  userDevelopment101: 'user-requests-dev101.json',
  userDevelopment102: 'user-requests-dev102.json',
  userDevelopment103: 'user-requests-dev103.json',
  userDevelopment104: 'user-requests-dev104.json',
  userDevelopment105: 'user-requests-dev105.json',
  userDevelopment106: 'user-requests-dev106.json',
  userDevelopment107: 'user-requests-dev107.json',
  userDevelopment108: 'user-requests-dev108.json',
  userDevelopment109: 'user-requests-dev109.json',
  userDevelopment110: 'user-requests-dev110.json',
  userDevelopment111: 'user-requests-dev111.json',
  userDevelopment112: 'user-requests-dev112.json',
  userDevelopment113: 'user-requests-dev113.json',
  userDevelopment114: 'user-requests-dev114.json',
  userDevelopment115: 'user-requests-dev115.json',
  userDevelopment116: 'user-requests-dev116.json',
  userDevelopment117: 'user-requests-dev117.json',
  userDevelopment118: 'user-requests-dev118.json',
  userDevelopment119: 'user-requests-dev119.json',
  userDevelopment120: 'user-requests-dev120.json',
  userDevelopment121: 'user-requests-dev121.json',
  userDevelopment122: 'user-requests-dev122.json',
  userDevelopment123: 'user-requests-dev123.json',
  userDevelopment124: 'user-requests-dev124.json',
  userDevelopment125: 'user-requests-dev125.json',
  userDevelopment126: 'user-requests-dev126.json',
  userHeldout: 'user-requests-heldout.json',
  userHeldout2: 'user-requests-heldout2.json',
  userHeldout3: 'user-requests-heldout3.json',
  userHeldout4: 'user-requests-heldout4.json',
  userHeldout5: 'user-requests-heldout5.json',
};

export function loadCases(set: SetName = 'own'): QualityCase[] {
  const url = new URL(`../../bench/fixtures/${FILES[set]}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as QualityCase[];
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

/** AI steps: a model call of any provider, an agent, or an AI chain (classifier, extractor, sentiment, summary). */
const AI_STEP =
  /^(?:agent|chainLlm|chainSummarization|chainRetrievalQa|openAi|anthropic|googleGemini|ollama|mistralAi|perplexity|textClassifier|informationExtractor|sentimentAnalysis|lmChat\w*|lmOpenAi|lmOllama|lmCohere)$/;

/** An app is present as its action node, its trigger or its AI tool. */
function covers(types: string[], any: string[]): boolean {
  return any.some((t) =>
    t === 'ai' ? types.some((x) => AI_STEP.test(x)) : [t, `${t}Trigger`, `${t}Tool`].some((v) => types.includes(v)),
  );
}

/** The built-in team's reply to a conversation's last message (the earlier ones are its requests before). */
export async function teamReply(
  messages: string[],
  pool: McpPool,
  team = seedTeam(),
  runId = 'reply',
): Promise<{ text: string; workflow: N8nWorkflow | null }> {
  const events: RunEvent[] = [];
  const input = {
    runId,
    team,
    userId: 'quality',
    message: messages.at(-1)!,
    files: [],
    history: [],
    earlierRequests: messages.slice(0, -1),
    lastReply: null,
    previous: null,
  };
  const signal = new AbortController().signal;
  setMaxListeners(100, signal);
  for await (const e of createBuiltinEngine(READ_LIMITS).run(input, {
    services: poolServices(pool),
    signal,
    streamDelayMs: 0,
  }))
    events.push(e);
  const text = events.map((e) => (e.kind === 'text' ? e.delta : '')).join('');
  const json = /```json\n([\s\S]+?)\n```/.exec(text)?.[1];
  return { text, workflow: json ? (JSON.parse(json) as N8nWorkflow) : null };
}

export async function runCase(c: QualityCase, pool: McpPool, team = seedTeam()): Promise<CaseResult> {
  const started = performance.now();
  const { text, workflow } = await teamReply([c.request, ...(c.followUps ?? [])], pool, team, `q-${c.id}`);
  const buildMs = performance.now() - started;
  const result: CaseResult = {
    id: c.id,
    category: c.category,
    ok: false,
    valid: false,
    covering: false,
    structural: false,
    questionsOnly: false,
    failures: [],
    buildMs,
  };
  const failures = result.failures;
  if (c.expectQuestion && !/\?/.test(text)) failures.push('the reply asks nothing about the vague part');
  if (!workflow) {
    result.questionsOnly = true;
    if (c.expect?.length || c.expectAny?.length || !c.expectQuestion) failures.push('no workflow in the reply');
    result.ok = !failures.length;
    return result;
  }
  const wf = workflow;
  const types = wf.nodes.map((n) => n.type.split('.').pop()!);
  const missing = [
    ...(c.expect ?? []).filter((t) => !types.includes(t)).map((t) => `no ${t} node`),
    ...(c.expectAny ?? []).filter((any) => !covers(types, any)).map((any) => `none of ${any.join('/')}`),
  ];
  result.covering = !missing.length;
  failures.push(...missing);
  for (const t of c.absent ?? []) if (types.includes(t)) failures.push(`a ${t} node is still there`);
  const problems = structuralProblems(wf);
  result.structural = !problems.length;
  failures.push(...problems);
  if (
    c.expectChange &&
    !/### What changed[\s\S]*?\n\n/.exec(text)?.[0].toLowerCase().includes(c.expectChange.toLowerCase())
  )
    failures.push(`"What changed" does not mention ${c.expectChange}`);
  const validation = await pool.callTool('n8n', null, 'validate_workflow', { workflow: wf });
  const report = parseValidation(validation.text, validation.isError);
  result.valid = report.valid;
  for (const e of report.errors) failures.push(`validator: ${e.node ?? ''} ${e.message}`);
  result.ok = !failures.length;
  return result;
}
