// Builds the template request sets of bench figure 7 from the n8n.io templates n8n-mcp ships: each template's name
// is a request an n8n user wrote, and its own nodes say which apps and kinds of step the name implies. The eligible
// templates are shuffled once with a fixed seed and split into a development set and a held-out set; run it again
// and the same files come out. Usage: npm run template-requests
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Database as Db } from 'better-sqlite3';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as typeof import('better-sqlite3');

const SEED = 20261125;
const HELD_OUT = 150;
const DEVELOPMENT = 400;

/** Node kinds a name can imply without naming an app: AI steps, and triggers and flow steps said in words. */
const AI_NODE =
  /^(?:agent|chainLlm|chainSummarization|chainRetrievalQa|openAi|anthropic|googleGemini|ollama|mistralAi|perplexity|textClassifier|informationExtractor|sentimentAnalysis|lmChat\w*|lmOpenAi|lmOllama|lmCohere)$/;
const AI_WORDS =
  /\b(?:ai|a\.i\.|gpt[-\w.]*|openai|chatgpt|llms?|claude|gemini|anthropic|ollama|mistral|deepseek|groq|agents?)\b/;
const PROVIDERS: Array<[RegExp, string[]]> = [
  [/\b(?:openai|gpt[-\w.]*|chatgpt|dall-?e|whisper)\b/, ['openAi', 'lmChatOpenAi', 'lmOpenAi', 'embeddingsOpenAi']],
  [/\b(?:claude|anthropic)\b/, ['anthropic', 'lmChatAnthropic']],
  [/\bgemini\b/, ['googleGemini', 'lmChatGoogleGemini', 'embeddingsGoogleGemini']],
  [/\bollama\b/, ['ollama', 'lmChatOllama', 'lmOllama', 'embeddingsOllama']],
  [/\bmistral\b/, ['mistralAi', 'lmChatMistralCloud', 'embeddingsMistralCloud']],
  [/\bdeepseek\b/, ['lmChatDeepSeek']],
  [/\bgroq\b/, ['lmChatGroq']],
  [/\bperplexity\b/, ['perplexity', 'perplexityTool']],
];
const WORDED: Array<[RegExp, string[]]> = [
  [/\bwebhooks?\b/, ['webhook']],
  [/\bforms?\b/, ['formTrigger', 'form']],
  [
    /\b(?:schedul\w*|daily|weekly|hourly|monthly|every (?:day|week|hour|month|morning|monday|weekday)|cron)\b/,
    ['scheduleTrigger'],
  ],
  [/\brss\b/, ['rssFeedRead', 'rssFeedReadTrigger']],
  [/\b(?:imap)\b/, ['emailReadImap']],
  [/\bsmtp\b/, ['emailSend']],
];
/** Core nodes are a way of building, not something a name asks for (unless said in words above). */
const CORE =
  /^(?:stickyNote|noOp|manualTrigger|set|code|function|functionItem|if|switch|merge|splitInBatches|splitOut|wait|filter|aggregate|sort|limit|removeDuplicates|itemLists|httpRequest|webhook|respondToWebhook|scheduleTrigger|cron|start|executeWorkflow|executeWorkflowTrigger|executionData|dateTime|crypto|html|markdown|xml|compression|moveBinaryData|convertToFile|extractFromFile|readWriteFile|readBinaryFile|writeBinaryFile|spreadsheetFile|editImage|errorTrigger|stopAndError|n8nTrigger|chatTrigger|formTrigger|form|emailSend|emailReadImap|rssFeedRead|rssFeedReadTrigger|debugHelper|summarize|renameKeys|compareDatasets|splitInBatchesV3)$/;
/** AI building blocks are parts of an AI step, not apps of their own (their provider is checked above). */
const AI_PART =
  /^(?:lm\w*|embeddings\w*|memory\w*|tool\w*|vectorStore(?:InMemory|Simple)\w*|documentDefaultDataLoader|documentBinaryInputLoader|documentJsonInputLoader|textSplitter\w*|outputParser\w*|retriever\w*|mcpClientTool|mcpTrigger|chat|manualChatTrigger)$/;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words an app's node is named by: its display name without "Trigger"/"Tool", and without a vendor prefix. */
function labels(displayName: string): string[] {
  const base = displayName
    .replace(/\s*\((?:formerly|legacy)[^)]*\)/i, '')
    .replace(/\s+(?:Trigger|Tool|Chat Model|Vector Store|Model)$/i, '')
    .trim()
    .toLowerCase();
  const out = new Set([base]);
  const rest = /^(?:google|microsoft|aws|amazon|azure)\s+(.{4,})$/.exec(base)?.[1];
  if (rest) out.add(rest);
  for (const l of [...out]) {
    if (l.endsWith('s')) out.add(l.slice(0, -1));
    else out.add(`${l}s`);
  }
  return [...out].filter((l) => l.length >= 3);
}

interface Row {
  id: number;
  name: string;
  nodes_used: string;
}

export interface TemplateCase {
  id: string;
  category: string;
  template: number;
  request: string;
  /** Each entry: the workflow must hold at least one node of these types (the part after the package name). */
  expectAny: string[][];
}

function shortType(type: string): string {
  return type.split('.').pop() ?? type;
}

function build(db: Db): TemplateCase[] {
  const displayNames = new Map<string, string>();
  for (const r of db.prepare('select node_type, display_name from nodes').all() as Array<{
    node_type: string;
    display_name: string;
  }>)
    displayNames.set(shortType(r.node_type), r.display_name);
  const rows = db.prepare('select id, name, nodes_used from templates order by id').all() as Row[];
  const seen = new Set<string>();
  const cases: TemplateCase[] = [];
  for (const row of rows) {
    const request = row.name.replace(/\s+/g, ' ').trim();
    const words = request.split(' ').length;
    const ascii = [...request].filter((c) => c.charCodeAt(0) < 128).length / Math.max(1, request.length);
    const key = request.toLowerCase();
    if (words < 3 || words > 30 || ascii < 0.97 || seen.has(key)) continue;
    seen.add(key);
    const text = key.replace(/[_/]/g, ' ');
    const types = [...new Set((JSON.parse(row.nodes_used) as string[]).map(shortType))];
    const expect: string[][] = [];
    const add = (any: string[]) => {
      if (!expect.some((e) => e.join() === any.join())) expect.push(any);
    };
    for (const [re, any] of WORDED) if (re.test(text) && types.some((t) => any.includes(t))) add(any);
    const ai = types.filter((t) => AI_NODE.test(t));
    if (AI_WORDS.test(text) && ai.length) add(['ai']);
    for (const [re, any] of PROVIDERS) if (re.test(text) && types.some((t) => any.includes(t))) add(any);
    for (const t of types) {
      const app = t.replace(/(?:Trigger|Tool)$/, '');
      if (CORE.test(t) || AI_PART.test(t) || AI_NODE.test(t)) continue;
      const name = displayNames.get(t) ?? displayNames.get(app);
      if (!name) continue;
      if (labels(name).some((l) => new RegExp(`(?:^|[^a-z0-9])${escape(l)}(?:$|[^a-z0-9])`).test(text)))
        add([app, `${app}Trigger`, `${app}Tool`].filter((x, i, a) => a.indexOf(x) === i));
    }
    if (!expect.length) continue;
    cases.push({ id: `template-${row.id}`, category: 'template', template: row.id, request, expectAny: expect });
  }
  return cases;
}

/** The "How it works" section of a template's description: the steps in its author's words. */
function howItWorks(description: string | null): string | null {
  const m =
    /(?:^|\n)#*\s*\**How (?:it|this workflow) works\**:?\s*\**\n+([\s\S]{40,1500}?)(?:\n\s*\n#*\s*\**(?:Set ?up|How to|Requirements|Setup steps|Customi[sz]|Who|What|Need|Prerequisites|Getting started|Key features|Notes?|Use cases|Benefits)|$)/i.exec(
      description ?? '',
    );
  if (!m?.[1]) return null;
  const text = m[1]
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&')
    .replace(/[*_#`]+/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
  return text.length >= 60 ? text.slice(0, 900).replace(/\s+\S*$/, '') : null;
}

const FLOW: Array<[RegExp, string[], string[]]> = [
  [
    /\b(?:if|condition|conditions|whether|otherwise)\b/,
    ['if', 'switch', 'filter', 'textClassifier'],
    ['if', 'switch', 'filter'],
  ],
  [/\b(?:merge|merges|merged|combine|combines|combined)\b/, ['merge', 'aggregate'], ['merge']],
  [/\b(?:loop|loops|batch|batches|one by one)\b/, ['splitInBatches', 'splitOut'], ['splitInBatches']],
  [/\b(?:wait|waits|delay|delays|pause)\b/, ['wait'], ['wait']],
];

/** A case from the "How it works" text: apps it names and control flow it describes, as far as the template has them. */
function describe(
  c: TemplateCase,
  text: string,
  types: string[],
  displayNames: Map<string, string>,
): TemplateCase | null {
  const lower = text.toLowerCase();
  const expect: string[][] = [];
  for (const [re, any] of WORDED) if (re.test(lower) && types.some((t) => any.includes(t))) expect.push(any);
  if (AI_WORDS.test(lower) && types.some((t) => AI_NODE.test(t))) expect.push(['ai']);
  for (const [re, any] of PROVIDERS) if (re.test(lower) && types.some((t) => any.includes(t))) expect.push(any);
  for (const [re, any, present] of FLOW) if (re.test(lower) && types.some((t) => present.includes(t))) expect.push(any);
  for (const t of types) {
    const app = t.replace(/(?:Trigger|Tool)$/, '');
    if (CORE.test(t) || AI_PART.test(t) || AI_NODE.test(t)) continue;
    const name = displayNames.get(t) ?? displayNames.get(app);
    if (!name) continue;
    const any = [app, `${app}Trigger`, `${app}Tool`].filter((x, i, a) => a.indexOf(x) === i);
    if (
      labels(name).some((l) => new RegExp(`(?:^|[^a-z0-9])${escape(l)}(?:$|[^a-z0-9])`).test(lower)) &&
      !expect.some((e) => e.join() === any.join())
    )
      expect.push(any);
  }
  if (!expect.length) return null;
  return { ...c, id: `description-${c.template}`, category: 'description', request: text, expectAny: expect };
}

function main(): void {
  const db = new Database(new URL('../data/nodes.db', `file://${require.resolve('n8n-mcp')}`).pathname, {
    readonly: true,
    fileMustExist: true,
  });
  const cases = build(db);
  const displayNames = new Map<string, string>();
  for (const r of db.prepare('select node_type, display_name from nodes').all() as Array<{
    node_type: string;
    display_name: string;
  }>)
    displayNames.set(shortType(r.node_type), r.display_name);
  const rows = new Map(
    (
      db.prepare('select id, description, nodes_used from templates').all() as Array<{
        id: number;
        description: string | null;
        nodes_used: string;
      }>
    ).map((r) => [r.id, r]),
  );
  const descriptions = (set: TemplateCase[]) =>
    set.flatMap((c) => {
      const row = rows.get(c.template)!;
      const text = howItWorks(row.description);
      const types = [...new Set((JSON.parse(row.nodes_used) as string[]).map(shortType))];
      const d = text ? describe(c, text, types, displayNames) : null;
      return d ? [d] : [];
    });
  db.close();
  const random = mulberry32(SEED);
  const shuffled = cases
    .map((c) => ({ c, k: random() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c);
  const heldOut = shuffled.slice(0, HELD_OUT).sort((a, b) => a.template - b.template);
  const development = shuffled.slice(HELD_OUT, HELD_OUT + DEVELOPMENT).sort((a, b) => a.template - b.template);
  const dir = new URL('../bench/fixtures/', import.meta.url);
  writeFileSync(new URL('template-requests-dev.json', dir), `${JSON.stringify(development, null, 1)}\n`);
  writeFileSync(new URL('template-requests-heldout.json', dir), `${JSON.stringify(heldOut, null, 1)}\n`);
  const devDescriptions = descriptions(development);
  const heldOutDescriptions = descriptions(heldOut);
  writeFileSync(new URL('template-descriptions-dev.json', dir), `${JSON.stringify(devDescriptions, null, 1)}\n`);
  writeFileSync(
    new URL('template-descriptions-heldout.json', dir),
    `${JSON.stringify(heldOutDescriptions, null, 1)}\n`,
  );
  // Counts only: the held-out set is not read while the builder is tuned.
  // Prettier formats the files afterwards (npm run format).
  console.log(
    `eligible ${cases.length}; development ${development.length} (+${devDescriptions.length} descriptions); held-out ${heldOut.length} (+${heldOutDescriptions.length} descriptions)`,
  );
}

main();
