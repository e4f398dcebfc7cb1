// Everything a request names, found once over its tokens: apps (n8n's catalogue), AI providers and models, generic
// nouns with their default node, and the AI jobs its nouns name. Clauses read their own slice of these.
import { appVocabulary } from '../catalog/vocabulary.ts';
import { findModels, type ModelMention } from '../catalog/models.ts';
import { findGenerics, type GenericMention } from '../catalog/generics.ts';
import { nodeCatalog, shortType, type CatalogApp } from '../catalog/nodeCatalog.ts';
import type { AiTask } from '../spec.ts';
import { AI_NOUNS, AI_WORDS, verbClass } from './lexicon.ts';
import { findNamedNodes, type NamedNode } from './named.ts';
import { isEnglishWord } from './dictionary.ts';
import { isFirstName } from './people.ts';
import { isTitleCase, type Token } from './text.ts';

export interface AppRef {
  app: CatalogApp;
  from: number;
  to: number;
}

export interface AiNoun {
  task: AiTask;
  from: number;
  to: number;
  /** The noun asks for AI by itself ("sentiment analysis", "chatbot"); a weak one ("summary") only beside AI words. */
  strong: boolean;
}

const WEAK = new Set([
  'summary',
  'summaries',
  'recap',
  'analysis',
  'analyses',
  'insights',
  'evaluation',
  'review',
  'reviewer',
  'research',
  'researcher',
  'responses',
  'replies',
  'drafts',
  'captions',
  'caption',
  'writer',
  'generator',
  'blog post',
  'blog posts',
  'content generation',
  'content generator',
  'copywriting',
  'extraction',
  'extractor',
  'parser',
  'parsing',
  'scoring',
  'qualification',
  'responder',
  'assistant',
  'images',
  'image',
  'thumbnails',
  'thumbnail',
  'illustrations',
  'triage',
  'agent',
  'agents',
  'bot',
]);

/** A system the request names that n8n has no node for ("NetSuite", "the Dog CEO API", "our Acme Helpdesk"). */
export interface UnknownName {
  name: string;
  from: number;
  to: number;
  /** A person's name ("Karen", "Priya Shah"): someone a message goes to, not a system to call. */
  person?: boolean;
}

export interface Mentions {
  /** Systems named that are not in n8n's catalogue: they get an HTTP Request to their API. */
  unknown: UnknownName[];
  apps: AppRef[];
  models: ModelMention[];
  generics: GenericMention[];
  aiNouns: AiNoun[];
  /** Token indexes of words that ask for AI without naming a provider ("AI", "LLM"). */
  aiWords: number[];
  /** n8n's core nodes named by their name ("the Set node", "Split In Batches"). */
  nodes: NamedNode[];
}

/** Apps that are AI models: a request names them as providers ("with OpenAI"), read by findModels instead. */
const MODEL_APP =
  /^(?:openAi|anthropic|googleGemini|ollama|lm\w+|embeddings\w+|agent|chainLlm|chainSummarization|alibabaCloud|moonshot|minimax)$/;

/** n8n's sub-nodes (text splitters, loaders, parsers, memories, retrievers) hang under an AI node, never in the flow. */
const SUB_NODE =
  /^(?:textSplitter\w*|document\w*Loader\w*|documentDefaultDataLoader|outputParser\w*|memory\w*|retriever\w*|reranker\w*)$/;

const AI_NOUN_PARTS = AI_NOUNS.map(([phrase, task]) => [phrase.split(' '), task] as const).sort(
  (a, b) => b[0].length - a[0].length,
);

/** Words after a bot or assistant that say it converses ("that answers questions", "which replies to mentions"). */
function converses(tokens: Token[], from: number): boolean {
  return tokens
    .slice(from, from + 9)
    .some((t) => /^(?:answers?|answering|chats?|talks?|converses?|remembers?|questions?)$/.test(t.lower));
}

/** Words after which a name is where a step happens ("sync to Unleashed", "via Fortnox", "we use Lightspeed"). */
const PLACED = /^(?:via|using|use|uses|with|from|into|to|through|on|in|by)$/;
/** Nouns that say the name before them is a system ("the Pulse app", "our Beacon CRM"). */
const SYSTEM_NOUN =
  /^(?:api|apis|app|apps|account|platform|system|software|tool|portal|crm|erp|instance|workspace|dashboard|server|service|database|db|webhook|integration)$/;

/** Words that give an app's other name: "(old name", ", formerly", "aka". */
const OTHER_NAME =
  /^[(,]?\s*(?:formerly|previously|aka|a\.k\.a\.?|ex|i\.e\.?|(?:its\s+|the\s+)?(?:old|new|former|previous)\s+name(?:\s+(?:was|is))?|now(?:\s+called)?|known\s+as|renamed(?:\s+to)?)\s*:?$/;

export function findMentions(tokens: Token[]): Mentions {
  const models = findModels(tokens);
  const inModel = (i: number) => models.some((m) => i >= m.from && i < m.to);
  const named = appVocabulary()
    .find(tokens, isTitleCase(tokens))
    .filter((a) => !MODEL_APP.test(shortType(a.app.action ?? a.app.trigger ?? a.app.key)) && !inModel(a.from))
    .filter((a) => !SUB_NODE.test(shortType(a.app.action ?? a.app.trigger ?? a.app.key)));
  const apps = named
    // "a YouTube URL", "the Stripe ID": a value of the app's, not a step in it.
    // ("our Airtable 'Links' table": a quoted name is the table's.)
    // ("books a slot through our Cal.com link": the link people come through is the app's, where the event happens.)
    .filter(
      (a) =>
        tokens[a.to]?.kind === 'quote' ||
        (!/^(?:url|urls|link|links|id|ids|handle|username)$/.test(tokens[a.to]?.lower ?? '') &&
          // ("those with a Gmail address": where the mail is kept, not a step in Gmail.)
          !(
            /^(?:gmail|microsoftOutlook)$/.test(a.app.key) &&
            /^(?:address|addresses|domain|domains)$/.test(tokens[a.to]?.lower ?? '') &&
            /^(?:a|an|with|have|has|use|using)$/.test(tokens[a.from - 1]?.lower ?? '')
          )) ||
        (/^(?:link|links)$/.test(tokens[a.to]?.lower ?? '') &&
          /^(?:through|via|using|from)$/.test(
            (/^(?:our|the|my|their|a|an)$/.test(tokens[a.from - 1]?.lower ?? '')
              ? tokens[a.from - 2]?.lower
              : tokens[a.from - 1]?.lower) ?? '',
          )),
    )
    // "r/n8n", "u/slack": a subreddit or a user, not the app.
    .filter((a) => !(tokens[a.from - 1]?.text === '/' && /^[ru]$/i.test(tokens[a.from - 2]?.text ?? '')))
    // "ask them for a Google review", "invite them to leave a Trustpilot review": what the person is asked to write,
    // not a step in the app.
    .filter(
      (a) =>
        !(
          (/^reviews?$/.test(tokens[a.to]?.lower ?? '') || /^reviews?$/.test(tokens[a.to - 1]?.lower ?? '')) &&
          /^(?:a|an)$/.test(tokens[a.from - 1]?.lower ?? '') &&
          /^(?:for|leave|leaving|write|writing|post|posting|give|giving)$/.test(tokens[a.from - 2]?.lower ?? '')
        ),
    );
  // "Free email domains (gmail, outlook etc.)", "personal addresses like yahoo": mail domains, not steps.
  for (let k = apps.length - 1; k >= 0; k--) {
    const a = apps[k]!;
    let open = a.from - 1;
    while (open > 0 && open > a.from - 12 && !/^[()]$/.test(tokens[open]!.text)) open--;
    const said = tokens[open]?.text === '(' ? tokens[open - 1] : undefined;
    // ("like yahoo or gmail", "such as Gmail and Outlook": any name of the list.)
    let before = a.from - 1;
    while (
      before > a.from - 8 &&
      (/^(?:,|or|and)$/.test(tokens[before]?.lower ?? '') ||
        (tokens[before]?.kind === 'word' &&
          !/^(?:like|as)$/.test(tokens[before]!.lower) &&
          !verbClass(tokens[before]!.lower)))
    )
      before--;
    const like = /^(?:like|as)$/.test(tokens[before]?.lower ?? '')
      ? tokens[before - (tokens[before - 1]?.lower === 'such' ? 2 : 1)]
      : undefined;
    if (/^(?:domains?|addresses|providers?)$/.test((said ?? like)?.lower ?? '')) apps.splice(k, 1);
  }
  // "the Sentry link", "a Google review": an app's name said for a value of the app's is still no other system.
  const values = named.filter((a) => !apps.includes(a));
  // "our own mail server (IMAP, not gmail)", "Teams instead of Slack": an app ruled out is no step.
  const negated = (a: AppRef) =>
    (tokens[a.from - 1]?.lower === 'not' &&
      !/^(?:is|are|was|were|if|whether|and|or|do|does|did)$/.test(tokens[a.from - 2]?.lower ?? '')) ||
    /^(?:instead of|rather than)$/.test(
      tokens
        .slice(Math.max(0, a.from - 2), a.from)
        .map((t) => t.lower)
        .join(' '),
    );
  const ruledOut = apps.filter(negated);
  // "(not gmail/outlook/yahoo etc)": the apps listed right after a ruled-out one are ruled out with it.
  for (const a of apps)
    if (
      /^[/,]$/.test(tokens[a.from - 1]?.text ?? '') &&
      ruledOut.some((r) => r.to === a.from - 1) &&
      !ruledOut.includes(a)
    )
      ruledOut.push(a);
  for (const a of ruledOut) apps.splice(apps.indexOf(a), 1);
  // "Brevo (old name sendinblue)", "X (Twitter)", "X, formerly Twitter": the app's other name, said beside it, is no
  // second step ("Instagram, Facebook": two names of one node, listed, stay two).
  for (let k = apps.length - 1; k > 0; k--) {
    const [a, b] = [apps[k - 1]!, apps[k]!];
    const between = tokens
      .slice(a.to, b.from)
      .map((t) => t.lower)
      .join(' ');
    if (a.app.key === b.app.key && (/^[(/]$/.test(between) || OTHER_NAME.test(between))) apps.splice(k, 1);
  }
  // "Supabase RAG", "Postgres vector search": the app's vector store.
  const catalog = nodeCatalog();
  for (const a of apps) {
    const next = tokens
      .slice(a.to, a.to + 2)
      .map((t) => t.lower)
      .join(' ');
    if (
      !/^(?:rag|vector|vectors|embeddings|knowledge base|semantic search|vector store|vector db|vector database)\b/.test(
        next,
      )
    )
      continue;
    const key =
      a.app.key === 'postgres'
        ? 'vectorStorePGVector'
        : `vectorStore${a.app.key.replace(/^./, (c) => c.toUpperCase())}`;
    const store = catalog.app(key);
    if (store) a.app = store;
  }
  // "/var/backups/n8n", "s3://bucket/stripe/": an app's name inside a path is part of the path.
  // ("X/Twitter", "Gmail/Outlook" are one app or the other: a path has two slashes or more.)
  const slashes = (at: number): number => {
    let n = 0;
    for (let i = at; i > 0 && (tokens[i]!.joined || tokens[i]!.text === '/'); i--) if (tokens[i - 1]?.text === '/') n++;
    for (let i = at + 1; i < tokens.length && tokens[i]!.joined; i++) if (tokens[i]!.text === '/') n++;
    return n;
  };
  for (let k = apps.length - 1; k >= 0; k--) {
    const a = apps[k]!;
    const first = tokens[a.from]!;
    const after = tokens[a.to];
    if (
      ((first.joined && tokens[a.from - 1]?.text === '/') || (after?.joined && after.text === '/')) &&
      slashes(a.from) >= 2
    )
      apps.splice(k, 1);
  }
  // "run `kubectl …` on the n8n host", "read the logs from the n8n server disk": the machine n8n runs on, where a
  // command runs or files are read; not n8n's own API.
  for (let k = apps.length - 1; k >= 0; k--) {
    const a = apps[k]!;
    const next = tokens[a.to]?.lower ?? '';
    if (
      a.app.key === 'n8n' &&
      (/^(?:host|box|machine|disk|filesystem|vm|container)$/.test(next) ||
        (/^(?:server|instance)$/.test(next) &&
          /^(?:disk|filesystem|shell|terminal)$/.test(tokens[a.to + 1]?.lower ?? '')) ||
        // "read all files in /var/backups/n8n on the n8n server": files or a command there.
        (next === 'server' &&
          /^(?:on|from|off)$/.test(tokens[a.from - 2]?.lower ?? '') &&
          /^(?:the|our|my)$/.test(tokens[a.from - 1]?.lower ?? '') &&
          tokens.slice(Math.max(0, a.from - 14), a.from).some((t) => t.text === '/' || /^files?$/.test(t.lower))))
    )
      apps.splice(k, 1);
  }
  const taken = new Set<number>();
  for (const a of [...apps, ...ruledOut]) for (let i = a.from; i < a.to; i++) taken.add(i);
  for (const m of models) for (let i = m.from; i < m.to; i++) taken.add(i);
  const aiNouns: AiNoun[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i)) continue;
    // "the buyer-agents group", "sales-assistant role": the end of a compound names people, not a model.
    if (tokens[i]!.joined && tokens[i - 1]?.text === '-' && tokens[i - 2]?.kind === 'word') continue;
    for (const [parts, task] of AI_NOUN_PARTS) {
      const slice = tokens.slice(i, i + parts.length);
      if (slice.length === parts.length && slice.every((t, k) => t.lower === parts[k])) {
        // "a RAG ingestion pipeline": the store a RAG agent reads is filled; no agent answers in it.
        if (
          parts.join(' ') === 'rag' &&
          /^(?:ingestion|ingest|indexing|index|indexer|loader|loading|import|sync|upload|data)$/.test(
            tokens[i + 1]?.lower ?? '',
          )
        )
          break;
        // "an assistant that answers questions", "an agent which can query …": a bot that converses.
        const strong = (task === 'agent' && converses(tokens, i + parts.length)) || !WEAK.has(parts.join(' '));
        aiNouns.push({ task, from: i, to: i + parts.length, strong });
        i += parts.length - 1;
        break;
      }
    }
  }
  // "a research agent", "a review assistant": the job before an agent is what the agent does, not a step of its own.
  for (let k = aiNouns.length - 2; k >= 0; k--) {
    const [job, agent] = [aiNouns[k]!, aiNouns[k + 1]!];
    if (
      job.to === agent.from &&
      agent.task === 'agent' &&
      job.task !== 'agent' &&
      /^(?:agents?|assistants?)$/.test(tokens[agent.from]!.lower)
    )
      aiNouns.splice(k, 2, { ...agent, from: job.from });
  }
  // "a Discord bot that replies to mentions", "a Slack bot that answers questions": the app's bot converses.
  for (const a of apps)
    if (
      /^(?:bot|bots|chatbot|assistant)$/.test(tokens[a.to - 1]?.lower ?? '') &&
      a.to - a.from > 1 &&
      converses(tokens, a.to)
    )
      aiNouns.push({ task: 'agent', from: a.to - 1, to: a.to, strong: true });
  // ("any article mentioning AI", "posts about AI": the topic a text is tested for, not a model step.)
  const topic = (i: number) =>
    /^(?:mention|mentions|mentioning|mentioned|about|containing|contains|contain|keyword|keywords|topic)$/.test(
      tokens[i - 1]?.lower ?? '',
    ) && tokens[i]?.text === tokens[i]?.text.toUpperCase();
  const aiWords = tokens.flatMap((t, i) =>
    t.kind === 'word' && !taken.has(i) && AI_WORDS.has(t.lower) && !topic(i) ? [i] : [],
  );
  const nodes = findNamedNodes(tokens).filter((n) => !tokens.slice(n.from, n.to).some((_, k) => taken.has(n.from + k)));
  for (const n of nodes) for (let i = n.from; i < n.to; i++) taken.add(i);
  // "her Notion 'Clients' database", "the Notion Clients database", "the 'Leads' table in Airtable": a store's own
  // container with its name, no system or database of its own.
  for (const a of apps) for (const k of ownContainer(tokens, a)) taken.add(k);
  const unknown = [
    ...unknownNames(
      tokens,
      taken,
      apps.map((a) => a.app.key),
    ),
    ...lowerNames(tokens, taken),
  ]
    .filter((u) => !values.some((a) => a.from < u.to && u.from < a.to))
    .sort((a, b) => a.from - b.from);
  for (const u of unknown) for (let i = u.from; i < u.to; i++) taken.add(i);
  return { unknown, apps, models, generics: findGenerics(tokens, taken), aiNouns, aiWords, nodes };
}

const CONTAINER =
  /^(?:database|databases|db|table|tables|base|bases|sheet|sheets|spreadsheet|board|boards|list|lists|workspace|page|pages)$/;

/** A store an app keeps, named by one word between them ("our Notion feedback database", "the Airtable CRM table"). */
const OWN_STORE =
  /^(?:database|databases|db|table|sheet|spreadsheet|calendar|crm|board|list|doc|document|folder|tracker)$/;

/** The name and container noun after a store app ("Notion 'Clients' database"), or before "in <app>". */
function ownContainer(tokens: Token[], a: AppRef): number[] {
  const named = storeContainer(tokens, a);
  if (named.length) return named;
  const between = tokens[a.to];
  if (
    (between?.kind === 'word' || between?.kind === 'quote') &&
    !/^(?:to|in|into|on|from|and|or|with|via|for|then|by|at|the|a|an|our|my)$/.test(between.lower) &&
    OWN_STORE.test(tokens[a.to + 1]?.lower ?? '')
  )
    return [a.to + 1];
  return [];
}

function storeContainer(tokens: Token[], a: AppRef): number[] {
  if (
    !/^(?:notion|airtable|baserow|nocoDb|coda|googleSheets|microsoftExcel|seaTable|stackby|grist|supabase|trello|mondayCom|clickUp|asana)$/.test(
      a.app.key,
    )
  )
    return [];
  const named = (k: number) => tokens[k]?.kind === 'quote' || /^[A-Z]/.test(tokens[k]?.text ?? '');
  // After: "Notion 'Clients' database", "Notion Clients database".
  let k = a.to;
  while (k < a.to + 3 && named(k)) k++;
  if (k > a.to && CONTAINER.test(tokens[k]?.lower ?? '')) return range(a.to, k + 1);
  // Before: "the 'Leads' table in Airtable".
  if (/^(?:in|on|of)$/.test(tokens[a.from - 1]?.lower ?? '') && CONTAINER.test(tokens[a.from - 2]?.lower ?? '')) {
    let j = a.from - 3;
    while (j >= a.from - 5 && named(j)) j--;
    return range(j + 1, a.from - 1);
  }
  return [];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

const HONORIFIC =
  /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Sr|Sra|Srta|Señor|Señora|Mme|Mlle|Mevrouw|Meneer|Dhr|Mevr|Sig|Signor|Signora|Dona|Dom)$/;

const ITEM_NOUN =
  /^(?:orders?|customers?|contacts?|accounts?|leads?|deals?|tickets?|issues?|tasks?|bugs?|epics?|records?|rows?|messages?|emails?|posts?|comments?|reviews?|images?|videos?|files?|documents?|data|users?|products?|companies|jobs?|events?|invoices?|payments?|reports?|insights?|alerts?|notifications?|updates?|results?|bookmarks?|profiles?|listings?)$/;

const GROUP_NOUN =
  /^(?:team|teams|group|groups|department|departments|office|offices|squad|crew|staff|members?|folks|people|guys|channel|room|space|spaces|board|list|folder|workspace|project|sprint|campaign|tab|tabs|sheet|sheets|column|columns|label|tag|stage|pipeline|table|queue)$/;

const COMMON_CAPITALS = new Set(
  'vat gst iban btc eth sol usdt usdc xrp ada doge bnb serpapi eur usd gbp chf jpy inr aud cad uuid guid utc gmt cet cest est edt pst pdt cst ist bst aest small medium large hmac sha jwt ssl tls dns ip sdk cli cv cvs hr pii gdpr sla kyc mp3 mp4 nps csat okr okrs roi eta pto i a an the api apis ai llm url urls csv pdf pdfs json html xml seo crm sms rss http https rest sql faq id ids ui ux kpi kpis xlsx xls sku skus docx pptx png jpg jpeg gif svg wav zip yaml yml utm otp sso saml oauth ldap vpn mrr arr ltv cac aov acv tcv arpu icp mql mqls sqls gmv eod eow eom ytd mtd qtd ceo cto cfo coo cmo cio rfq rfqs rfp rfps rfi nda ndas sow msa moq msp msps pr prs mr mrs ciso dpo cro cso cpo vp svp evp gm pm qa sre sdr bdr csm dba b2b b2c saas mcp rag ocr gpt usa us uk eu monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july august september october november december english spanish german french canada germany france spain italy netherlands belgium ireland sweden norway denmark finland poland portugal austria switzerland australia zealand india brazil mexico japan singapore africa nigeria kenya israel uae europe when whenever if then and or for with from to in on at by of every each new my our your their this that it when once please create build make send get use trigger triggers node nodes workflow workflows select insert update delete upsert where join group order limit null true false ok err todo asap fyi one two only not never all must but no none always both any before after same exactly very really also just dont twice first last need needs want pls thanks think qty qtys recv approx addr mgr cust custs msg msgs hrs wk wks yr yrs mins secs amt amts inv invs req reqs retry retries status scenario scenarios zap zaps module modules router iterator aggregator css xpath dom between like ilike having distinct values into set asc desc interval now coalesce returning patch put post head cms ttl cron regex uri'.split(
    ' ',
  ),
);

let names: Set<string> | null = null;

/** Every node's display name in the catalogue, lower case, also without " Trigger". */
function nodeNames(): Set<string> {
  names ??= new Set(
    nodeCatalog().apps.flatMap((a) => {
      const n = a.name.toLowerCase();
      return [n, n.replace(/\s+trigger$/, ''), `${n.replace(/\s+trigger$/, '')} trigger`];
    }),
  );
  return names;
}

/**
 * Lower-case names no English dictionary holds, where an app stands ("get notified on ntfy", "push it to gotify and",
 * "the immich api"): a system n8n has no node for, typed the way its users type it.
 */
function lowerNames(tokens: Token[], taken: Set<number>): UnknownName[] {
  const found: UnknownName[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (taken.has(i) || t.kind !== 'word' || t.text !== t.lower || !/^[a-z][a-z0-9-]{2,24}$/.test(t.lower)) continue;
    if (COMMON_CAPITALS.has(t.lower) || verbClass(t.lower) || ITEM_NOUN.test(t.lower)) continue;
    // n8n itself, or an app's name the request uses in passing ("chat with it in n8n").
    if (t.lower === 'n8n' || nodeNames().has(t.lower)) continue;
    let k = i - 1;
    while (k > 0 && /^(?:our|my|the|a|an|self-hosted|selfhosted|local|own|their)$/.test(tokens[k]!.lower)) k--;
    const before = tokens[k]?.lower ?? '';
    const after = tokens[i + 1];
    // "with lifecycle = customer": a field compared with its value, not a name.
    if (after && /^[=<>!]$/.test(after.text)) continue;
    const ends =
      !after ||
      after.kind === 'punct' ||
      /^(?:and|then|so|for|with|when|whenever|once|if|too|as|every|each|about|at|instead|api|server|instance|webhook|topic|channel|app)$/.test(
        after.lower,
      );
    // "on pushbullet and ntfy": a name listed after an app's.
    const placed =
      /^(?:on|via|through|into|in|from|using|with|to)$/.test(before) ||
      (/^(?:and|or|&|,)$/.test(before) && taken.has(k - 1));
    const api = /^(?:api|server|instance|webhook)$/.test(after?.lower ?? '');
    if (!(placed && ends) && !api) continue;
    if (isEnglishWord(t.lower)) continue;
    found.push({ name: t.text, from: i, to: api ? i + 2 : i + 1 });
  }
  return found;
}

const EVENT_NOUN =
  /^(?:week|day|month|festival|conference|summit|fair|awards?|party|gala|marathon|drive|appeal|campaign)$/;

/** A run of single capitalised words joined by commas, "or" and "and", opened by a bracket or a colon. */
function inListedValues(tokens: Token[], from: number, end: number): boolean {
  if (end - from !== 1) return false;
  const name = (t: Token | undefined) => Boolean(t && t.kind === 'word' && /^[A-Z][\w-]*$/.test(t.text));
  const joiner = (t: Token | undefined) =>
    Boolean(t && (t.text === ',' || t.text === '/' || /^(?:or|and)$/.test(t.lower)));
  // "as Interested, Not now, Unsubscribe or Other": a value may run on for two lower-case words after its capital.
  const valueStart = (before: number): number => {
    for (let j = before; j >= Math.max(0, before - 2); j--) {
      if (name(tokens[j])) return j;
      if (tokens[j]?.kind !== 'word' || tokens[j]!.text !== tokens[j]!.lower) return -1;
    }
    return -1;
  };
  let i = from;
  let joined = false;
  while (i >= 2 && joiner(tokens[i - 1]) && valueStart(i - 2) >= 0) {
    i = valueStart(i - 2);
    joined = true;
    if (tokens[i - 1] && tokens[i - 1]!.text === ',' && tokens[i - 2]?.lower === 'and') break;
  }
  if (!joined && !(joiner(tokens[end]) && name(tokens[end + 1]))) return false;
  // "label every email as Sales / Support / Billing / Spam": options a slash separates are values.
  if (tokens[from - 1]?.text === '/' || tokens[end]?.text === '/') return true;
  const opener = tokens[i - 1]?.text ?? '';
  return opener === '(' || opener === ':' || opener === '—' || opener === '–' || /^(?:as|into)$/i.test(opener);
}

const prev0 = (tokens: Token[], from: number): Token | undefined => tokens[from - 1];

const camel0 = (tokens: Token[], from: number, end: number) =>
  tokens.slice(from, end).some((t) => /[a-z][A-Z]/.test(t.text));

/** Capitalised names that are no app of n8n's: a camel-case product ("NetSuite"), a name before "API", or a proper name mid-sentence. */
/** A word in a list of labels: back over the list's words and commas to "classify … as" or "tag … into". */
function labelList(tokens: Token[], at: number): boolean {
  let k = at - 1;
  while (
    k >= 0 &&
    at - k < 30 &&
    (tokens[k]!.text === ',' ||
      /^(?:or|and)$/.test(tokens[k]!.lower) ||
      /^[A-Z'"‘“]/.test(tokens[k]!.text) ||
      tokens[k]!.kind === 'quote')
  )
    k--;
  if (!/^(?:as|into|either)$/.test(tokens[k]?.lower ?? '')) return false;
  return tokens
    .slice(Math.max(0, k - 5), k)
    .some((t) =>
      /^(?:classif\w*|categori[sz]\w*|label\w*|tag\w*|sort\w*|bucket\w*|group\w*|triage\w*|mark\w*|flag\w*)$/.test(
        t.lower,
      ),
    );
}

function unknownNames(tokens: Token[], taken: Set<number>, keys: string[]): UnknownName[] {
  const title = isTitleCase(tokens);
  const found: UnknownName[] = [];
  const capital = (t: Token) => t.kind === 'word' && /^[A-Z][\w.-]*$/.test(t.text) && !COMMON_CAPITALS.has(t.lower);
  const upper = (t: Token | undefined) =>
    Boolean(t && t.kind === 'word' && /^[A-Z]/.test(t.text) && t.lower !== 'api' && t.lower !== 'apis');
  const plain = (t: Token) => COMMON_CAPITALS.has(t.lower) || Boolean(verbClass(t.lower)) || ITEM_NOUN.test(t.lower);
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i) || !upper(tokens[i])) continue;
    let to = i + 1;
    while (
      to < tokens.length &&
      !taken.has(to) &&
      (upper(tokens[to]) || (tokens[to]!.joined && tokens[to]!.kind === 'word')) &&
      to - i < 5
    )
      to++;
    const api = tokens[to]?.lower === 'api' || tokens[to]?.lower === 'apis';
    // The name is the run without the verbs and everyday words around it ("Sync NetSuite Customers" → NetSuite).
    // "the HTTP Request node", "A Schedule Trigger kicks off …": n8n's own node by its name, whole.
    const words = tokens.slice(i, to).map((t) => t.lower);
    if (!api && words.some((_, k) => nodeNames().has(words.slice(k).join(' ')))) {
      i = to - 1;
      continue;
    }
    let from = i;
    let end = to;
    // ("Product Hunt", "Order Desk": an everyday noun that opens a name whose other word is no everyday word.)
    const opensName = (k: number) =>
      k + 1 < end &&
      ITEM_NOUN.test(tokens[k]!.lower) &&
      !COMMON_CAPITALS.has(tokens[k]!.lower) &&
      !verbClass(tokens[k]!.lower) &&
      !plain(tokens[k + 1]!) &&
      // (Not a field: "the Lead Source", "Company Size", "Order Date".)
      !/^(?:source|status|type|name|date|owner|stage|score|title|size|count|level|value|number|id|email|phone|address|amount|total|country|city|category|priority|rating|tier|label|tag|notes?|description|summary|details|info|information|list|report|form|page|link|url|table|sheet|channel|field|column|code|key|time|period|line|manager|rep|team|history|group|segment|region|industry|domain|website)$/.test(
        tokens[k + 1]!.lower,
      );
    while (from < end && plain(tokens[from]!) && !(api && end - from === 1) && !opensName(from)) from++;
    while (end > from && plain(tokens[end - 1]!) && !api) end--;
    const next = to;
    i = to - 1;
    // "classify each one as plumbing, electrical, HVAC, appliance or other": one of a list of everyday words.
    if (
      !api &&
      !camel0(tokens, from, end) &&
      end - from === 1 &&
      tokens[from - 1]?.text === ',' &&
      (tokens[end]?.text === ',' || /^(?:or|and)$/.test(tokens[end]?.lower ?? '')) &&
      /^[a-z]/.test(tokens[from - 2]?.text ?? '')
    )
      continue;
    // "the RSS feed of TechCrunch", "Hacker News' feed", "the Verge RSS": a site whose feed is read, not a system to call.
    if (
      !api &&
      /\b(?:rss|atom)\b/i.test(tokens.map((t) => t.text).join(' ')) &&
      (/^(?:feeds?|rss|blog) of$/.test(`${tokens[from - 2]?.lower ?? ''} ${tokens[from - 1]?.lower ?? ''}`) ||
        /^(?:(?:'s?|’s?)\s+)?(?:rss|atom)?\s*feeds?\b|^(?:'s?|’s?)?\s*rss\b/.test(
          tokens
            .slice(end, end + 3)
            .map((t) => t.lower)
            .join(' ')
            .replace(/\s+(?=['’])/g, ''),
        ))
    )
      continue;
    // "escalation policy PXYZ123", "project OPS-42": an id of the user's, capitals and digits, not a system.
    if (!api && end - from === 1 && /^[A-Z]{1,6}-?\d{2,}[A-Z0-9]*$/.test(tokens[from]!.text)) continue;
    // "payroll_<YYYYMMDD>.csv", "<Name>": a placeholder the user writes in a path or a template, not a system.
    if (!api && (tokens[from - 1]?.text === '<' || tokens[end]?.text === '>')) continue;
    // "classify it as Payroll, Benefits, Leave, IT Access or Other": the labels of a list after the verb that sorts.
    if (!api && labelList(tokens, from)) continue;
    // "where Signed = Yes": the value a field is compared with.
    if (!api && /^(?:=|==|!=)$/.test(prev0(tokens, from)?.text ?? '')) continue;
    // "file names start with INT", "subjects ending in URGENT", "prefixed with WIP": the text a field is tested for.
    {
      const k = /^[[(]$/.test(tokens[from - 1]?.text ?? '') || tokens[from - 1]?.kind === 'quote' ? from - 1 : from;
      if (
        !api &&
        /^(?:with|in)$/.test(tokens[k - 1]?.lower ?? '') &&
        /^(?:starts?|started|starting|begins?|beginning|ends?|ended|ending|prefixed|suffixed)$/.test(
          tokens[k - 2]?.lower ?? '',
        )
      )
        continue;
    }
    // "table OrdersTbl", "sheet Q3Data": the name of a table or a sheet, however it is written.
    if (
      !api &&
      /^(?:table|sheet|tab|worksheet|view|column|field|collection|index|bucket)$/.test(prev0(tokens, from)?.lower ?? '')
    )
      continue;
    // "the Teams channel IT-Offboarding", "the Webex room NOC": the name of a channel or a room, hyphens and all.
    {
      let k = from - 1;
      while (k > 0 && tokens[k]!.text === '-' && tokens[k]!.joined && tokens[k - 1]?.kind === 'word') k -= 2;
      if (!api && /^(?:channel|room|space|chat|group|board)$/.test(tokens[k]?.lower ?? '')) continue;
    }
    // "mark the student as Paid", "flag it as Urgent": the value an item is marked with.
    if (
      !api &&
      prev0(tokens, from)?.lower === 'as' &&
      tokens
        .slice(Math.max(0, from - 5), from - 1)
        .some((t) =>
          /^(?:mark|marks|marked|flag|flags|flagged|tag|tags|tagged|label|labels|labelled|labeled|set)$/.test(t.lower),
        )
    )
      continue;
    // "except those marked Blacklisted", "anything tagged VIP": the value an item is marked with, said without "as".
    if (
      !api &&
      /^(?:marked|flagged|tagged|labelled|labeled)$/.test(prev0(tokens, from)?.lower ?? '') &&
      end - from === 1
    )
      continue;
    // "(Cardholder Email column in the CSV)", "the Start Date field": a column's name, not a system.
    const column = tokens
      .slice(end, end + 3)
      .findIndex((t) => /^(?:column|columns|field|fields|cell|header|property|attribute)$/.test(t.lower));
    if (!api && column >= 0 && tokens.slice(end, end + column).every((t) => t.kind === 'word' && /^[A-Z]/.test(t.text)))
      continue;
    // "with Status 'Pending'", "where Plan = 'pro'": a field named before its value, not a system.
    if (!api && (tokens[end]?.kind === 'quote' || tokens[end]?.text === '=')) continue;
    // "a Google Shopping XML feed": the format a file is written in, not a system.
    if (
      !api &&
      /^(?:xml|csv|json|rss|atom)$/.test(tokens[end]?.lower ?? '') &&
      /^(?:feeds?|files?|formats?|exports?|sitemaps?)$/.test(tokens[end + 1]?.lower ?? '')
    )
      continue;
    // "Engineering → #eng": a value a route points from, not a system.
    if (tokens[end]?.text === '→' || (tokens[end]?.text === '-' && tokens[end + 1]?.text === '>')) continue;
    if (from >= end || !tokens.slice(from, end).some(capital)) continue;
    // "DATA-51 Nightly CSV import", "ECOM-502 Low stock alert": a title's capitalised everyday word (not "Daily Miner").
    if (
      !api &&
      end - from === 1 &&
      /^(?:daily|nightly|weekly|monthly|hourly|yearly|quarterly|low|high|critical|urgent)$/.test(tokens[from]!.lower)
    )
      continue;
    // "(Finance/daily_sales.xlsx)", "in /Reports/2024": a folder in a path, not a system.
    if (!api && tokens[end]?.text === '/' && (tokens[end]!.joined || tokens[end + 1]?.joined)) continue;
    // "Snowflake RAW.EVENTS", "the V_DAILY_SALES view": a table's or a column's identifier, not a system.
    if (!api && tokens.slice(from, end).every((t) => /^[A-Z0-9]+(?:[._][A-Z0-9]+)+$/.test(t.text))) continue;
    const prev = tokens[from - 1];
    const sentenceStart = !prev || (prev.kind === 'punct' && /^[.!?:;]$/.test(prev.text));
    const camel = tokens.slice(from, end).some((t) => /[a-z][A-Z]/.test(t.text));
    if (!api && !camel && (title || sentenceStart)) continue;
    // "an Information Extractor", "the Edit Image node": n8n's own nodes are steps the reader builds, not systems.
    const said = tokens
      .slice(from, end)
      .map((t) => t.lower)
      .join(' ');
    if (!api && nodeNames().has(said)) continue;
    // "Q&A", "vector DB", "HR": a letter or two is a word of the trade, not a system (unless "… API" follows).
    if (!api && end - from === 1 && tokens[from]!.text.length <= 2) continue;
    // "the weather in Berlin", "for Paris", "for the CSM": a place or a person, not a system.
    let before = from - 1;
    while (before > 0 && /^(?:the|a|an|our|my|their|its|his|her)$/.test(tokens[before]!.lower)) before--;
    if (!api && !camel && /^(?:in|for|at|near|around|across)$/.test(tokens[before]?.lower ?? '')) continue;
    // "our VP Sales", "the Head of Finance", "Director of Ops": a person's title, not a system.
    if (
      !api &&
      (/^(?:vp|svp|evp|head|director|manager|lead|chief|cfo|ceo|cto|coo|cmo)$/.test(prev?.lower ?? '') ||
        (prev?.lower === 'of' && /^(?:head|director|vp|manager)$/.test(tokens[from - 2]?.lower ?? '')))
    )
      continue;
    // "the Platform team", "the Rotterdam office": a group of people, not a system.
    if (!api && GROUP_NOUN.test(tokens[end]?.lower ?? '')) continue;
    // "set its status to Ready", "moves to Closed Won": a value, not a system.
    if (
      !api &&
      /^(?:to|is|as)$/.test(prev?.lower ?? '') &&
      /^(?:status|stage|state|priority|set|moves?|changes?|marked)$/.test(tokens[from - 2]?.lower ?? '')
    )
      continue;
    // "Postgres/PostGIS DB": another name for the app just named; "in /Other": a folder's path.
    if (!api && prev?.text === '/' && (taken.has(from - 2) || tokens[from]!.joined)) continue;
    // "(Brakes, Bidfood and Booker)", "the right crew: North, South or Central": names listed after a bracket or a
    // colon are values (suppliers, areas, products), not systems to call.
    if (!api && !camel && inListedValues(tokens, from, end)) continue;
    // "during Volunteers' Week", "at the Spring Fair": an event's name.
    const after = /^['’]s?$/.test(tokens[end]?.text ?? '') ? tokens[end + 1] : tokens[end];
    if (!api && !camel && EVENT_NOUN.test(after?.lower ?? '') && /^[A-Z]/.test(after?.text ?? '')) continue;
    if (!api && !camel && end - from === 1 && EVENT_NOUN.test(tokens[from]!.lower) && /^['’]s?$/.test(prev?.text ?? ''))
      continue;
    // "put in group Newsletter", "the tag VIP", "stage Qualified": a value of the group, not a system.
    if (
      !api &&
      !camel &&
      (GROUP_NOUN.test(prev?.lower ?? '') ||
        /^(?:type|priority|severity|status|kind|category|table|sheet|tab|worksheet|view|column|field|board|base|list)$/.test(
          prev?.lower ?? '',
        ))
    )
      continue;
    // "with tasks Kickoff (due CloseDate + 3 days) and Training", "the Opportunity Id and Amount": an everyday word (or
    // two run together) with a capital is a name or a field, unless it stands where a system does ("sync to Unleashed").
    let lead = from - 1;
    while (lead > 0 && /^(?:the|a|an|our|my|their|its)$/.test(tokens[lead]!.lower)) lead--;
    const listed = /^(?:and|or|&|,|\/)$/.test(tokens[lead]?.text.toLowerCase() ?? '') && taken.has(lead - 1);
    // (Only where names and fields are listed: "Log every Gorgias CSAT response" still names a system.)
    // ("a Salesforce Opportunity": a kind of record an app of the request keeps.)
    const asName =
      keys.some((key) => nodeCatalog().keeps(key, tokens[from]!.lower)) ||
      /^(?:and|or|,|\(|tasks?|named|called|titled|stages?|steps?)$/.test(tokens[from - 1]?.lower ?? '') ||
      /^(?:id|ids|name|date|field|column|value|number|\()$/.test(tokens[end]?.lower ?? '');
    if (
      !api &&
      end - from === 1 &&
      asName &&
      !PLACED.test(tokens[lead]?.lower ?? '') &&
      !listed &&
      !SYSTEM_NOUN.test(tokens[end]?.lower ?? '')
    ) {
      // (Run together, only as a field in a formula: "NetSuite" alone is a system, "CloseDate + 3 days" a field.)
      const parts = tokens[from]!.text.split(/(?<=[a-z])(?=[A-Z])/);
      const formula = /^[-+*/=<>]$/.test(tokens[end]?.text ?? '') || /^[({]$/.test(prev?.text ?? '');
      if (
        (parts.length === 1 || (parts.length === 2 && formula)) &&
        parts.every((w) => w.length > 2 && isEnglishWord(w))
      )
        continue;
    }
    found.push({
      name: tokens
        .slice(from, end)
        .map((t) => t.text)
        .join(' '),
      from,
      to: api ? next + 1 : end,
      // "billing questions go to Karen", "loop in Priya Shah": a first name (and a surname) is a person.
      // "email Olu any shipment …", "ping Dana": a name right after a verb that addresses someone is a person's.
      ...(!api &&
      !camel &&
      end - from <= 2 &&
      (isFirstName(tokens[from]!.text) ||
        /^(?:email|e-mail|text|ping|notify|tell|dm|message|remind|cc|call|thank)$/.test(prev?.lower ?? '') ||
        // "my accountant Herr Vogel", "Sra. Lopez", "Dr Patel": a title before a surname.
        HONORIFIC.test(tokens[from]!.text) ||
        HONORIFIC.test(prev?.text ?? '') ||
        (prev?.text === '.' && HONORIFIC.test(tokens[from - 2]?.text ?? '')))
        ? { person: true }
        : {}),
    });
  }
  return found;
}

/** The mentions inside a token range [from, to). */
export function within(m: Mentions, from: number, to: number): Mentions {
  const inside = (x: { from: number; to: number }) => x.from >= from && x.to <= to;
  return {
    unknown: m.unknown.filter(inside),
    apps: m.apps.filter(inside),
    models: m.models.filter(inside),
    generics: m.generics.filter(inside),
    aiNouns: m.aiNouns.filter(inside),
    aiWords: m.aiWords.filter((i) => i >= from && i < to),
    nodes: m.nodes.filter(inside),
  };
}
