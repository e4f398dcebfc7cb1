// The words the reader knows: verbs by what they do to an app, the AI jobs nouns and verbs name, and the values
// that say which field a route or condition reads. Word lists, not patterns: the parser decides what they mean.
import type { AiTask, Verb } from '../spec.ts';
import { isEnglishWord } from './dictionary.ts';

export type VerbClass = Verb | 'ai' | 'transform' | 'umbrella' | 'wait' | 'loop' | 'merge' | 'route' | 'respond';

const VERBS: Record<string, VerbClass> = {};
const AI_VERBS: Record<string, AiTask> = {};

function verbs(cls: VerbClass, list: string): void {
  for (const v of list.split(/\s+/)) VERBS[v] = cls;
}

verbs(
  'send',
  'send post notify alert message ping tell share announce forward reply dm text email mail tweet publish broadcast deliver push remind nudge chase escalate inform warn thank welcome invite cc greet contact reach outreach',
);
verbs(
  'create',
  'create add comment save store keep log record insert append write put upload book open register enroll subscribe voice narrate dub track backup copy sync export import file make enter capture persist ingest populate fill schedule organize organise submit place duplicate clone deploy become paste',
);
verbs(
  'update',
  'update change modify mark set close move assign label tag upsert edit rename overwrite resolve approve complete star pin deactivate reactivate activate suspend unsuspend disable enable block unblock lock unlock promote demote cancel',
);
// "cancel the order" changes the order's state; deleting it is another thing.
verbs('delete', 'delete remove purge unsubscribe clear trash archive');
verbs(
  'read',
  'get fetch read pull retrieve consume download list load grab monitor watch check query poll scrape crawl collect gather receive browse look lookup see view pick find hit take select',
);
verbs('search', 'search enrich research discover identify verify locate');
verbs(
  'transform',
  'format map transform convert parse clean normalize normalise dedupe deduplicate combine aggregate group sort split filter validate calculate compute count sum total rank prioritize prioritise paginate chunk compress encode decode',
);
verbs(
  'umbrella',
  'process handle manage automate run do perform execute use build integrate connect orchestrate power streamline compare',
);
verbs('wait', 'wait pause delay sleep throttle');
verbs('loop', 'loop iterate repeat');
verbs('merge', 'merge join');
verbs('route', 'route dispatch triage branch');
verbs('respond', 'respond return answer');

function ai(task: AiTask, list: string): void {
  for (const v of list.split(/\s+/)) {
    AI_VERBS[v] = task;
    VERBS[v] ??= 'ai';
  }
}

ai('summarise', 'summarize summarise condense recap tldr');
ai('classify', 'classify categorize categorise');
ai('analyse', 'analyze analyse assess evaluate interpret review inspect audit benchmark understand explain');
ai('score', 'score qualify rate grade');
ai('moderate', 'moderate screen');
ai('translate', 'translate localize localise');
ai(
  'write',
  'generate write draft compose rewrite reword personalize personalise craft paraphrase brainstorm suggest recommend create',
);
ai('extract', 'extract');
ai('transcribe', 'transcribe');
ai('agent', 'chat converse');

const IRREGULAR: Record<string, string> = {
  sent: 'send',
  got: 'get',
  gotten: 'get',
  wrote: 'write',
  written: 'write',
  made: 'make',
  put: 'put',
  set: 'set',
  found: 'find',
  built: 'build',
  ran: 'run',
  did: 'do',
  done: 'do',
  read: 'read',
  told: 'tell',
  fed: 'feed',
  kept: 'keep',
  left: 'leave',
  chose: 'choose',
  chosen: 'choose',
  began: 'begin',
  begun: 'begin',
  went: 'go',
  gone: 'go',
  gave: 'give',
  given: 'give',
  came: 'come',
  taken: 'take',
  took: 'take',
};

/** The singular of a noun ("entries" → "entry", "deals" → "deal", "address" stays). */
export const singular = (w: string): string => w.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** The base form of a verb-like word ("sends" → "send", "archived" → "archive", "summarizing" → "summarize"). */
export function lemma(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (IRREGULAR[w]) return IRREGULAR[w];
  if (VERBS[w]) return w;
  const candidates = [
    w.replace(/ies$/, 'y'),
    w.replace(/es$/, ''),
    w.replace(/s$/, ''),
    w.replace(/ied$/, 'y'),
    w.replace(/ed$/, ''),
    w.replace(/d$/, ''),
    w.replace(/(.)\1ed$/, '$1'),
    w.replace(/ing$/, ''),
    w.replace(/ing$/, 'e'),
    w.replace(/(.)\1ing$/, '$1'),
  ];
  return candidates.find((c) => c !== w && VERBS[c]) ?? w;
}

export function verbClass(word: string): VerbClass | undefined {
  return VERBS[lemma(word)];
}

export function aiVerbTask(word: string): AiTask | undefined {
  return AI_VERBS[lemma(word)];
}

/** Nouns that name an AI job ("sentiment analysis", "summaries", "a chatbot"), longest first. */
export const AI_NOUNS: Array<[string, AiTask]> = [
  ['sentiment analysis', 'sentiment'],
  ['sentiment', 'sentiment'],
  ['speech to text', 'transcribe'],
  ['voice recognition', 'transcribe'],
  ['text to speech', 'speech'],
  ['tts', 'speech'],
  ['voiceover', 'speech'],
  ['image generation', 'image'],
  ['image generator', 'image'],
  ['image creation', 'image'],
  ['images', 'image'],
  ['image', 'image'],
  ['thumbnails', 'image'],
  ['thumbnail', 'image'],
  ['illustrations', 'image'],
  ['summaries', 'summarise'],
  ['summary', 'summarise'],
  ['summarization', 'summarise'],
  ['summarisation', 'summarise'],
  ['summarizer', 'summarise'],
  ['summariser', 'summarise'],
  ['recap', 'summarise'],
  ['classification', 'classify'],
  ['classifier', 'classify'],
  ['categorization', 'classify'],
  ['categorisation', 'classify'],
  ['triage', 'classify'],
  ['translation', 'translate'],
  ['translations', 'translate'],
  ['translator', 'translate'],
  ['transcription', 'transcribe'],
  ['transcriptions', 'transcribe'],
  ['transcript', 'transcribe'],
  ['transcripts', 'transcribe'],
  ['ocr', 'ocr'],
  ['extraction', 'extract'],
  ['extractor', 'extract'],
  ['parser', 'extract'],
  ['parsing', 'extract'],
  ['scoring', 'score'],
  ['qualification', 'score'],
  ['lead scoring', 'score'],
  ['moderation', 'moderate'],
  ['analysis', 'analyse'],
  ['analyses', 'analyse'],
  ['analyzer', 'analyse'],
  ['analyser', 'analyse'],
  ['insights', 'analyse'],
  ['evaluation', 'analyse'],
  ['review', 'analyse'],
  ['reviewer', 'analyse'],
  ['research', 'search'],
  ['researcher', 'search'],
  ['web search', 'search'],
  ['chatbot', 'agent'],
  ['chat bot', 'agent'],
  ['bot', 'agent'],
  ['assistant', 'agent'],
  ['agent', 'agent'],
  ['agents', 'agent'],
  ['copilot', 'agent'],
  ['q&a', 'agent'],
  ['question answering', 'agent'],
  ['rag', 'agent'],
  ['responder', 'write'],
  ['auto-responder', 'write'],
  ['autoresponder', 'write'],
  ['content generation', 'write'],
  ['content generator', 'write'],
  ['generator', 'write'],
  ['writer', 'write'],
  ['copywriting', 'write'],
  ['blog posts', 'write'],
  ['blog post', 'write'],
  ['captions', 'write'],
  ['caption', 'write'],
  ['replies', 'write'],
  ['responses', 'write'],
  ['drafts', 'write'],
];

/** Words that ask for AI without naming a provider. */
export const AI_WORDS = new Set(['ai', 'a.i', 'llm', 'llms', 'ml', 'nlp', 'genai', 'gen-ai', 'artificial']);

/** The values of a text's sentiment. */
export const SENTIMENTS = /^(?:positive|negative|neutral|mixed)$/i;

/** Route and condition values and the item field they are read from. */
const VALUE_FIELDS: Array<[RegExp, string]> = [
  [/^(?:urgent|critical|high|medium|normal|low|p[0-4]|blocker|major|minor)$/, 'priority'],
  [SENTIMENTS, 'sentiment'],
  [
    /^(?:paid|unpaid|pending|failed|success|successful|completed|complete|open|closed|approved|rejected|declined|active|inactive|cancelled|canceled|refunded|overdue|new|resolved|shipped|delivered|draft|published|done|finished|fulfilled|unfulfilled|expired|archived|accepted|signed)$/,
    'status',
  ],
  [/^(?:premium|standard|basic|free|pro|enterprise|gold|silver|bronze|vip|trial|paying)$/, 'plan'],
  [
    /^(?:bug|bugs|feature|features|question|questions|sales|support|billing|refund|refunds|complaint|complaints|spam|feedback|inquiry|inquiries|order|orders|lead|leads)$/,
    'category',
  ],
  [/^(?:create|created|update|updated|delete|deleted|insert|upsert)$/, 'action'],
  [/^(?:english|spanish|german|french|italian|portuguese|dutch|japanese|chinese)$/, 'language'],
  [/^(?:emea|apac|americas|europe|asia|us|eu|uk|latam)$/, 'region'],
  [/^(?:small|medium|large|big)$/, 'size'],
  // Log and alert levels (Sentry's "level"); "error" alone is more often a status.
  [/^(?:fatal|warning|info|debug)$/, 'level'],
];

/** Currency codes, in lower case ("for each non-EUR charge"). */
export const CURRENCY_CODES = /^(?:eur|usd|gbp|chf|cad|aud|jpy|inr|sek|nok|dkk|pln|czk|nzd|sgd|hkd|mxn|brl|zar)$/;

/** Words before an item that say which one, not what it is ("for each such row", "for every single order"). */
export const WHICH_ONES = /^(?:such|single|one|other|remaining|matching|selected|listed|returned|found|of|the|new)$/;

/**
 * Words that are verbs where a command opens ("Above 90 page the on-call", "Under €50, issue the refund", "refund
 * it") and nouns everywhere else (a Notion page, a GitHub issue, a refund request).
 */
const OPENING_VERBS: Record<string, VerbClass> = { page: 'send', issue: 'create', refund: 'update' };

/** The class of a word that is a verb only where a command opens ("page", "pages", "issue", "refund"). */
export function openingVerbClass(word: string): VerbClass | undefined {
  return OPENING_VERBS[word.toLowerCase().replace(/s$/, '')];
}

export function fieldOfValue(value: string): string | null {
  const v = value.toLowerCase();
  return VALUE_FIELDS.find(([re]) => re.test(v))?.[1] ?? null;
}

/** Pairs of outcome words: "if valid … if invalid …" is one condition with both outcomes. */
export const OPPOSITES: Array<[string, string]> = [
  ['valid', 'invalid'],
  ['paid', 'unpaid'],
  ['approved', 'rejected'],
  ['approved', 'declined'],
  ['approved', 'denied'],
  ['successful', 'failed'],
  ['success', 'failure'],
  ['succeeds', 'fails'],
  ['positive', 'negative'],
  ['active', 'inactive'],
  ['available', 'unavailable'],
  ['complete', 'incomplete'],
  ['completed', 'incomplete'],
  ['verified', 'unverified'],
  ['up', 'down'],
  ['online', 'offline'],
  ['open', 'closed'],
  ['yes', 'no'],
  ['true', 'false'],
  ['found', 'missing'],
  ['changed', 'unchanged'],
  ['exists', 'missing'],
  ['in stock', 'out of stock'],
  ['spam', 'legitimate'],
  ['safe', 'unsafe'],
  ['appropriate', 'inappropriate'],
  ['qualified', 'unqualified'],
  ['hot', 'cold'],
  ['good', 'bad'],
  ['present', 'absent'],
  ['present', 'missing'],
  ['empty', 'not empty'],
  ['new', 'existing'],
  ['needed', 'not needed'],
  ['required', 'not required'],
  ['interested', 'not interested'],
];

export function opposite(word: string): string | null {
  const w = word.toLowerCase();
  for (const [a, b] of OPPOSITES) {
    if (a === w) return b;
    if (b === w) return a;
  }
  // "invalid", "unpaid", "non-profit": the word without its negating prefix, when that is a word ("interested" is
  // no "in-terested"). "in" negates adjectives only ("inactive", "incorrect"): "invoice", "inbound", "internal" and
  // "income" are no "not voice", "not bound", "not ternal", "not come".
  const plain = w.replace(/^(?:un|in|non-?)/, '');
  if (w.startsWith('in') && !IN_NEGATES.test(w)) return null;
  if (plain !== w && w.length > 5 && isEnglishWord(plain)) return plain;
  return null;
}

/** Adjectives "in" negates: their endings, less the words that only start with "in" ("internal", "intent"). */
const IN_NEGATES =
  /^(?!(?:internal|intent|indent|invent|inmate|instate|incident|instant|infant|inland|innate|intimate)s?$)\w+(?:id|ive|ete|ect|ate|ent|ant|ible|able|ure|al|ous|ic)$/;

/** Words never read as the thing a clause is about. */
export const STOP = new Set(
  'a an the this that these those it its them they their his her our my your me us we you i to of for and or in on at by from with into onto via using through as is are was were be been being should will would can could may might must shall also then so just only all any each every some new automatically automatic auto when whenever if once after before while daily weekly hourly'.split(
    ' ',
  ),
);
