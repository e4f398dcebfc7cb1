// Finds the apps a request names, from n8n's own catalogue: every node by its display name (without "Trigger",
// "Tool", a vendor's suffix), by its n8n type name ("emailReadImap"), and a short list of overrides for the names
// people use that the catalogue does not carry ("Twitter", "Jira", "Sheets"). Longest match wins.
import { nodeCatalog, shortType, type CatalogApp, type NodeCatalog } from './nodeCatalog.ts';
import { tokenize, type Token } from '../intent/text.ts';
import { AI_NOUNS, STOP, singular, verbClass } from '../intent/lexicon.ts';
import nearNames from './englishNearNames.json' with { type: 'json' };

/** English words within a misspelling's reach of an app name ("nation" of Notion): never read as the app. */
const ENGLISH_NEAR_NAMES = new Set<string>(nearNames);

export interface AppMention {
  app: CatalogApp;
  /** Token indexes [from, to) in the text the mention was found in. */
  from: number;
  to: number;
}

/** Core nodes are chosen by the structure of a request (a condition, a loop), never spotted by name. */
const CORE = new Set(
  'if switch merge set code filter wait noOp stickyNote splitInBatches splitOut aggregate sort limit removeDuplicates summarize itemLists function functionItem start cron interval manualTrigger executeWorkflow executeWorkflowTrigger executionData dateTime crypto html htmlExtract markdown xml compression moveBinaryData readBinaryFile readBinaryFiles writeBinaryFile readWriteFile readPdf spreadsheetFile editImage renameKeys compareDatasets convertToFile extractFromFile respondToWebhook stopAndError errorTrigger debugHelper simulate simulateTrigger noOp e2eTest executeCommand git jwt totp webhook formTrigger form chatTrigger manualChatTrigger chat emailSend emailReadImap httpRequest scheduleTrigger n8nTrigger workflowTrigger localFileTrigger evaluation evaluationTrigger aiTransform code toolCode toolThink toolCalculator toolWikipedia toolSerpApi toolHttpRequest toolWorkflow toolVectorStore toolExecutor toolSearXng toolWolframAlpha mcpClientTool mcpClient mcpTrigger modelSelector guardrails textClassifier informationExtractor sentimentAnalysis chainSummarization chainLlm chainRetrievalQa agent agentTool'.split(
    ' ',
  ),
);

/** Names that are also everyday words: they count only when written with a capital where capitals mean something. */
const PLAIN = new Set(
  'monday teams sheets sheet drive flow box line matrix orbit harvest ghost medium linear copper wise drift bubble twist paddle grist raindrop hunter cortex taiga seven segment currents gong level air blue realm craft async apex dart dust rye tally anchor signal async parallel octave blue peak apex level realm prey unleashed'.split(
    ' ',
  ),
);

/**
 * Abbreviations teams use for the tools they live in ("any new SFDC opp", "open a GH issue", "into QBO"), counted only
 * in capitals: "hs" or "gh" in lower case may be anything.
 */
const SHOP_TALK: Record<string, string> = {
  sfdc: 'salesforce',
  qbo: 'quickbooks',
  hs: 'hubspot',
  gh: 'github',
  zd: 'zendesk',
};

/** Names people use that n8n's display names do not carry, mapped to the app's key (overrides only). */
const ALIASES: Record<string, string> = {
  twitter: 'twitter',
  apitemplate: 'apiTemplateIo',
  tweet: 'twitter',
  // TheHive 3 and 4 reached their end of life; "TheHive" is TheHive 5, whose node lists its operations.
  thehive: 'theHiveProject',
  'the hive': 'theHiveProject',
  'thehive 4': 'theHive',
  'thehive 3': 'theHive',
  tweets: 'twitter',
  'x.com': 'twitter',
  jira: 'jira',
  sheets: 'googleSheets',
  'google sheet': 'googleSheets',
  'google spreadsheet': 'googleSheets',
  gsheets: 'googleSheets',
  'g sheets': 'googleSheets',
  'g sheet': 'googleSheets',
  gdrive: 'googleDrive',
  'google doc': 'googleDocs',
  gcal: 'googleCalendar',
  'google cal': 'googleCalendar',
  // "last week's sessions by channel from GA4": Google Analytics 4.
  ga4: 'googleAnalytics',
  // "grab the top HN stories": Hacker News.
  hn: 'hackerNews',
  // "turn it into a bar chart", "a chart of daily signups": n8n draws charts with QuickChart.
  'bar chart': 'quickChart',
  'line chart': 'quickChart',
  'pie chart': 'quickChart',
  'chart image': 'quickChart',
  'a chart': 'quickChart',
  // "my grist doc": Grist, which a lower-case writer names by its documents.
  'grist doc': 'grist',
  'grist document': 'grist',
  oracle: 'oracleDatabase',
  // "our family matrix room", "the #sec matrix room": Matrix, which a lower-case writer names by its rooms.
  'matrix room': 'matrix',
  'matrix rooms': 'matrix',
  'matrix channel': 'matrix',
  'oracle db': 'oracleDatabase',
  // "my google agenda": the calendar, in Dutch, French, Spanish and Portuguese.
  'google agenda': 'googleCalendar',
  'outlook agenda': 'microsoftOutlook',
  postgresql: 'postgres',
  psql: 'postgres',
  mongo: 'mongoDb',
  'ms teams': 'microsoftTeams',
  'google business': 'googleBusinessProfile',
  'google my business': 'googleBusinessProfile',
  hue: 'philipsHue',
  teams: 'microsoftTeams',
  'hunter.io': 'hunter',
  'bit.ly': 'bitly',
  'teams channel': 'microsoftTeams',
  outlook: 'microsoftOutlook',
  'outlook email': 'microsoftOutlook',
  excel: 'microsoftExcel',
  'excel 365': 'microsoftExcel',
  onedrive: 'microsoftOneDrive',
  'one drive': 'microsoftOneDrive',
  sharepoint: 'microsoftSharePoint',
  s3: 'awsS3',
  'amazon s3': 'awsS3',
  ses: 'awsSes',
  'aws lambda': 'awsLambda',
  whatsapp: 'whatsApp',
  'whatsapp business': 'whatsApp',
  'hacker news': 'hackerNews',
  hackernews: 'hackerNews',
  rss: 'rssFeedRead',
  'rss feed': 'rssFeedRead',
  'rss feeds': 'rssFeedRead',
  // "a new episode shows up in our podcast feed", "each new podcast episode": a podcast comes as an RSS feed.
  'podcast feed': 'rssFeedRead',
  // "a new post on my Substack feed", "my blog's feed": the publication's RSS feed.
  'substack feed': 'rssFeedRead',
  'blog feed': 'rssFeedRead',
  'atom feed': 'rssFeedRead',
  'podcast episode': 'rssFeedRead',
  'podcast episodes': 'rssFeedRead',
  imap: 'emailReadImap',
  smtp: 'emailSend',
  sendinblue: 'sendInBlue',
  brevo: 'sendInBlue',
  gohighlevel: 'highLevel',
  'go high level': 'highLevel',
  highlevel: 'highLevel',
  openweather: 'openWeatherMap',
  'open weather map': 'openWeatherMap',
  'bright data': 'brightData',
  brightdata: 'brightData',
  'monday.com': 'mondayCom',
  monday: 'mondayCom',
  quickbooks: 'quickbooks',
  'quick books': 'quickbooks',
  'zoho crm': 'zohoCrm',
  zoho: 'zohoCrm',
  sentry: 'sentryIo',
  pagerduty: 'pagerDuty',
  'pager duty': 'pagerDuty',
  facebook: 'facebookGraphApi',
  instagram: 'facebookGraphApi',
  'google forms': 'googleForms',
  'hubspot crm': 'hubspot',
  clickup: 'clickUp',
  'click up': 'clickUp',
  woocommerce: 'wooCommerce',
  'woo commerce': 'wooCommerce',
  // "new woo order", "woo product stock hits 0": shop staff shorten WooCommerce to its first syllable.
  woo: 'wooCommerce',
  'active campaign': 'activeCampaign',
  'convert kit': 'convertKit',
  'send grid': 'sendGrid',
  'mail chimp': 'mailchimp',
  'pipe drive': 'pipedrive',
  'google big query': 'googleBigQuery',
  'big query': 'googleBigQuery',
  bigquery: 'googleBigQuery',
  'sql server': 'microsoftSql',
  mssql: 'microsoftSql',
  'ms sql': 'microsoftSql',
  workbook: 'microsoftExcel',
  workbooks: 'microsoftExcel',
  'dynamics 365': 'microsoftDynamicsCrm',
  'dynamics crm': 'microsoftDynamicsCrm',
  'microsoft dynamics': 'microsoftDynamicsCrm',
  'ms dynamics': 'microsoftDynamicsCrm',
  'microsoft sql': 'microsoftSql',
  'azure sql': 'microsoftSql',
  'n8n workflow': 'n8n',
  'n8n workflows': 'n8n',
  'n8n instance': 'n8n',
  'n8n api': 'n8n',
  'n8n executions': 'n8n',
  'n8n credentials': 'n8n',
  pinecone: 'vectorStorePinecone',
  qdrant: 'vectorStoreQdrant',
  'supabase vector': 'vectorStoreSupabase',
  'supabase vector store': 'vectorStoreSupabase',
  pgvector: 'vectorStorePGVector',
  weaviate: 'vectorStoreWeaviate',
  milvus: 'vectorStoreMilvus',
  chroma: 'vectorStoreChromaDB',
  chromadb: 'vectorStoreChromaDB',
  'mongodb atlas': 'vectorStoreMongoDBAtlas',
  'telegram bot': 'telegram',
  'slack bot': 'slack',
  'discord bot': 'discord',
  'whatsapp bot': 'whatsApp',
  linkedin: 'linkedIn',
  youtube: 'youTube',
  'you tube': 'youTube',
  'google calendar': 'googleCalendar',
  'google tasks': 'googleTasks',
  'google contacts': 'googleContacts',
  'microsoft to do': 'microsoftToDo',
  'ms to do': 'microsoftToDo',
  'cal.com': 'cal',
  calcom: 'cal',
  typeform: 'typeform',
  jotform: 'jotForm',
  'mistral ocr': 'mistralAi',
  drive: 'googleDrive',
  'google workspace': 'gSuiteAdmin',
  x: 'twitter',
  'rocket.chat': 'rocketchat',
  'rocket chat': 'rocketchat',
  sftp: 'ftp',
  'g suite': 'gSuiteAdmin',
  gsuite: 'gSuiteAdmin',
  mosquitto: 'mqtt',
  'air table': 'airtable',
  'x account': 'twitter',
  acuity: 'acuityScheduling',
  urlscan: 'urlScanIo',
  'google reviews': 'googleBusinessProfile',
  'google review': 'googleBusinessProfile',
  'google calender': 'googleCalendar',
  'outlook calender': 'microsoftOutlook',
  'entra id': 'microsoftEntra',
  // "disable their account in microsoft entra": Entra ID, said without its "ID".
  'microsoft entra': 'microsoftEntra',
  'azure ad': 'microsoftEntra',
  'azure active directory': 'microsoftEntra',
  'sns topic': 'awsSns',
  'aws sns': 'awsSns',
  gcs: 'googleCloudStorage',
  'gcs bucket': 'googleCloudStorage',
  gzip: 'compression',
  // "invoke Lambda isolate-instance", "findings come in via SNS": AWS's services by their own short names.
  lambda: 'awsLambda',
  sns: 'awsSns',
  'lambda function': 'awsLambda',
  'lambda functions': 'awsLambda',
  sqs: 'awsSqs',
  'sqs queue': 'awsSqs',
  acm: 'awsCertificateManager',
  'acm certificates': 'awsCertificateManager',
  // "delete them from the Cognito user pool", "add the user to the 'prod-readonly' IAM group", "disable their accounts
  // over LDAP": AWS's services and the directory protocol by the names admins use.
  cognito: 'awsCognito',
  'cognito user pool': 'awsCognito',
  'iam group': 'awsIam',
  'iam groups': 'awsIam',
  'iam role': 'awsIam',
  'iam user': 'awsIam',
  'iam users': 'awsIam',
  ldap: 'ldap',
  'x thread': 'twitter',
  'x post': 'twitter',
  'x posts': 'twitter',
};

/** Suffixes a display name may be written without ("Jira Software" → "Jira", "QuickBooks Online" → "QuickBooks"). */
const SUFFIX =
  /\s+(?:trigger|tool|chat model|vector store|model|node|api|official|online|software|cloud|business cloud|crm|365|2|\(beta\)|by cisco)$/;

const AI_NOUN_WORDS = new Set(AI_NOUNS.map(([w]) => w));

const VENDOR = /^(?:aws|amazon|google cloud|google|microsoft|azure)\s+([a-z0-9.]+)$/;
/** Products whose name alone is an everyday word ("Google Docs" → "docs"): only the full name counts. */
const COMMON_PRODUCT =
  /^(?:chat|docs|ads|analytics|storage|calendar|contacts|tasks|drive|sheets|slides|forms|books|translate|perspective|functions|cloud|sql|graph|entra|cognito|certificate|elb|iam|workspace|search|to|mail|natural|vision|speech|business|ai|my|dynamics|outlook|teams|excel|onedrive|sharepoint|s3|ses|sns|sqs|lambda|comprehend|transcribe|bedrock)$/;

/** A one-word name that is also a word of the request's grammar (a verb, an AI job, a stop word) or a plain word. */
function plainWord(name: string): boolean {
  if (name.includes(' ')) return false;
  return PLAIN.has(name) || Boolean(verbClass(name)) || AI_NOUN_WORDS.has(name) || STOP.has(name);
}

interface Trie {
  next: Map<string, Trie>;
  app?: CatalogApp;
  /** A plain word counts only in an app's place with a capital; 'capital' only needs the capital. */
  plain?: boolean | 'capital';
  /** Overrides beat display names, which beat type names, which beat names cut short. */
  rank?: number;
}

/** Nouns after a plain-word name that say it is the app ("Linear issues", "Bubble apps"). */
const APP_NOUN =
  /^(?:notifications?|alerts?|conversations?|issues?|tickets?|tasks?|pages?|cards?|boards?|messages?|posts?|articles?|database|apps?|accounts?|projects?|workspace|channels?|bots?|forms?|sites?|stores?|orders?|files?|folders?|records?|rows?|contacts?|leads?|deals?|events?|invoices?|api|node|nodes|integration|crm|storage|cache|workflows?|rooms?|servers?|instances?|lights?|opportunit(?:y|ies)|transfers?|payouts?|balances?|docs?|documents?|tables?|bases?|spaces?|repos?|pipelines?|companies|company|people|persons?|collections?|bookmarks?|entries|entry|timesheets?|triggers?|webhooks?|credentials?)$/;

/** Parts that make a name split at its capitals an everyday phrase ("linked in", "click up", "go to webinar"). */
const SPLIT_STOP = /^(?:the|in|up|to|go|you|my|me|it|on|of|app|at|by|do|is|or|as|an|no|so|we|us|be|get|high)$/i;

function phraseTokens(phrase: string): string[] {
  return tokenize(phrase)
    .filter((t) => t.kind === 'word')
    .map((t) => t.lower);
}

function namesOf(app: CatalogApp): string[] {
  const names = new Set<string>();
  const display = app.name.toLowerCase().replace(/\s*\((?:formerly|legacy)[^)]*\)/, '');
  for (let n = display, i = 0; i < 3; i++) {
    names.add(n);
    n = n.replace(SUFFIX, '');
  }
  for (const t of [app.action, app.trigger]) if (t) names.add(shortType(t).toLowerCase());
  // "uptime robot", "mailer lite", "hub spot": a name written as one word in capitals, typed as its parts.
  const parts = app.name.replace(/\s*\([^)]*\)/, '').split(/(?<=[a-z])(?=[A-Z])/);
  if (!app.community && parts.length > 1 && parts.every((w) => w.length > 1 && !SPLIT_STOP.test(w)))
    for (let n = parts.join(' ').toLowerCase(), i = 0; i < 2; i++) {
      names.add(n);
      n = n.replace(SUFFIX, '');
    }
  // "Simple Vector Store" → "simple", "Exact Online" → "exact": a name cut to an everyday word is not the app.
  return [...names].filter(
    (n) =>
      n.length > 1 &&
      !/^(?:x|ai|api|app|data|table|simple|exact|twenty|virtuous|concord|linked|tribe|agile|lemonade|code|think)$/.test(
        n,
      ),
  );
}

/** How a phrase names an app: by its display name, by its n8n type name, by a name people use for it (alias). */
export type NamedBy = 'name' | 'type' | 'alias';

export function howNamed(phrase: string, app: CatalogApp): NamedBy | null {
  const words = ` ${phraseTokens(phrase).join(' ')} `;
  const has = (name: string) => words.includes(` ${phraseTokens(name).join(' ')} `);
  const types = [app.action, app.trigger].filter((t): t is string => Boolean(t)).map((t) => shortType(t).toLowerCase());
  const display = app.name.toLowerCase().replace(/\s*\((?:formerly|legacy)[^)]*\)/, '');
  if ([display, display.replace(SUFFIX, '')].some(has)) return 'name';
  if (types.some(has)) return 'type';
  if (Object.entries(ALIASES).some(([said, key]) => key === app.key && has(said))) return 'alias';
  return null;
}

/** Damerau-Levenshtein distance (adjacent swaps count one), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let low = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      low = Math.min(low, d);
    }
    if (low > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const consonants = (w: string) => w.replace(/[aeiouy]/g, '');

/**
 * "airtbl", "slck", "hubspt", "shopfy": a name typed without some of its vowels, every consonant kept in order (not
 * cut short: "strip" is a word, not Stripe).
 */
function voweless(word: string, name: string): boolean {
  if (word.length >= name.length || name.startsWith(word) || consonants(word) !== consonants(name)) return false;
  if (consonants(word).length < 4) return false;
  let at = 0;
  for (const ch of name) if (ch === word[at]) at++;
  return at === word.length;
}

/** How far a misspelt brand may be from its name: one edit up to eight letters, two from nine. */
const fuzzyReach = (word: string) => (word.length >= 9 ? 2 : 1);

export class Vocabulary {
  private readonly root: Trie = { next: new Map() };
  /** One-word names of built-in apps a misspelling may stand for ("woocomerce", "hubspt", "tellegram"). */
  private readonly fuzzyNames = new Map<string, CatalogApp>();

  constructor(catalog: NodeCatalog) {
    // Community nodes first, so a built-in node of the same name overwrites them.
    const apps = [...catalog.apps].sort((a, b) => Number(Boolean(b.community)) - Number(Boolean(a.community)));
    for (const app of apps) {
      const main = app.action ?? app.trigger;
      // Core nodes are named only by their n8n type ("the emailReadImap node", "httpRequest").
      if (main && CORE.has(shortType(main))) {
        const type = shortType(main).toLowerCase();
        if (
          /^(?:emailreadimap|httprequest|emailsend|scheduletrigger|formtrigger|chattrigger|manualtrigger|errortrigger)$/.test(
            type,
          )
        )
          this.add(type, app, false, 2);
        continue;
      }
      const community = app.community ? 0 : 0.5;
      // A community node's one-word name ("Sequence", "Accounting") is an everyday word far more often than the
      // node: it counts only where a capital marks it as a name.
      namesOf(app).forEach((name, i) =>
        this.add(
          name,
          app,
          plainWord(name) || (app.community && !name.includes(' ') ? 'capital' : false),
          (i === 0 ? 3 : 1) + community,
        ),
      );
      // "Firestore", "Textract", "DynamoDB": a vendor's product without the vendor, where the rest is a name.
      const product = VENDOR.exec(app.name.toLowerCase())?.[1];
      if (product && !COMMON_PRODUCT.test(product)) this.add(product, app, 'capital', 0.5 + community);
    }
    for (const [alias, key] of Object.entries(ALIASES)) {
      const app = catalog.app(key) ?? catalog.apps.find((a) => a.action && shortType(a.action) === key);
      if (app) this.add(alias, app, PLAIN.has(alias), 5);
      if (app && /^[a-z]{5,}$/.test(alias) && !PLAIN.has(alias)) this.fuzzyNames.set(alias, app);
    }
    for (const [alias, key] of Object.entries(SHOP_TALK)) {
      const app = catalog.app(key);
      if (app) this.add(alias, app, 'capital', 5);
    }
    for (const app of apps) {
      const main = app.action ?? app.trigger;
      if (app.community || !main || CORE.has(shortType(main))) continue;
      const name = app.name.toLowerCase().replace(SUFFIX, '').replace(/\s+/g, '');
      if (/^[a-z]{5,}$/.test(name) && !plainWord(name) && !this.fuzzyNames.has(name)) this.fuzzyNames.set(name, app);
    }
  }

  /**
   * The app a word that is no English word misspells, when exactly one name is that close to it. `anyWord` skips the
   * list of English words (the script that writes that list).
   */
  misspelt(word: string, anyWord = false): CatalogApp | null {
    if (
      word.length < 4 ||
      !/^[a-z]+$/.test(word) ||
      (!anyWord && ENGLISH_NEAR_NAMES.has(word)) ||
      this.fuzzyNames.has(word)
    )
      return null;
    const reach = fuzzyReach(word);
    const hits = new Set<CatalogApp>();
    for (const [name, app] of this.fuzzyNames)
      if (name[0] === word[0] && ((word.length >= 5 && distance(word, name, reach) <= reach) || voweless(word, name)))
        hits.add(app);
    return hits.size === 1 ? [...hits][0]! : null;
  }

  /** Every one-word name a misspelling may stand for (to list the English words near them, see the script). */
  names(): string[] {
    return [...this.fuzzyNames.keys()];
  }

  private add(phrase: string, app: CatalogApp, plain: boolean | 'capital', rank: number): void {
    const words = phraseTokens(phrase);
    if (!words.length) return;
    const forms = [words];
    const last = words.at(-1)!;
    if (last.length > 3 && !/\d/.test(last))
      forms.push([...words.slice(0, -1), last.endsWith('s') ? last.slice(0, -1) : `${last}s`]);
    for (const form of forms) {
      let node = this.root;
      for (const w of form) {
        let next = node.next.get(w);
        if (!next) node.next.set(w, (next = { next: new Map() }));
        node = next;
      }
      const r = form === words ? rank : rank - 0.25;
      if (!node.app || r > (node.rank ?? 0)) Object.assign(node, { app, plain, rank: r });
    }
  }

  /**
   * Apps named in a token list, in order, longest match first. `titleCase` says capitals carry no meaning (a
   * template name), so a plain-word name then needs an app's place in the sentence ("with Linear", "to Medium").
   */
  find(tokens: Token[], titleCase: boolean, lowerBrands?: boolean): AppMention[] {
    const found: AppMention[] = [];
    // "post in teams", "create a linear issue": in a request typed without capitals, capitals say nothing either.
    // "ping Marco in slack … into copper": a writer who types brand names in lower case types them all so.
    const lower =
      // ("AI", "PDF", "BUG": a writer who types no name with a capital may still type an abbreviation in capitals.)
      !tokens.some(
        (t) => t.kind === 'word' && /[A-Z]/.test(t.text) && t.text !== 'I' && !/^[A-Z]{2,5}s?$/.test(t.text),
      ) ||
      (lowerBrands ?? this.lowerBrands(tokens, titleCase));
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i]!.kind !== 'word') continue;
      let node: Trie | undefined = this.root;
      let best: { to: number; app: CatalogApp; plain?: boolean | 'capital' } | null = null;
      for (let j = i; j < tokens.length && node; j++) {
        const t = tokens[j]!;
        if (t.kind !== 'word') {
          if (t.kind === 'punct' && t.joined && (t.text === '-' || t.text === '.') && j > i) continue;
          break;
        }
        // "NASA's picture of the day": the name without its possessive.
        // ("Raindrop.io", "Airtable.com": a one-word name written with its web address's ending.)
        // (Not the domain mail comes from: "every email from stripe.com".)
        const domain =
          j === i &&
          /^(?:from|@)$/.test(tokens[i - 1]?.lower ?? '') &&
          tokens.slice(Math.max(0, i - 5), i).some((w) => /^(?:e-?mails?|mails?|messages?)$/.test(w.lower));
        node =
          node.next.get(t.lower) ??
          node.next.get(t.lower.replace(/['’]s$/, '')) ??
          (j === i && !domain ? node.next.get(t.lower.replace(/\.(?:io|com|ai|so|app|co|dev)$/, '')) : undefined);
        if (node?.app) best = { to: j + 1, app: node.app, plain: node.plain };
      }
      // "woocomerce", "hubspt": a word no dictionary holds, one edit from an app's name, is that app.
      if (!best && !titleCase && tokens[i]!.kind === 'word') {
        const app = this.misspelt(tokens[i]!.lower);
        if (app && !verbClass(tokens[i]!.lower) && !STOP.has(tokens[i]!.lower)) best = { to: i + 1, app };
      }
      if (!best) continue;
      // "post it to X and LinkedIn": the letter X is the app only as a capital where an app stands.
      if (
        best.to === i + 1 &&
        tokens[i]!.lower === 'x' &&
        !(tokens[i]!.text === 'X' && /^(?:to|on|and|&|,|via|with|or|from)$/.test(tokens[i - 1]?.lower ?? ''))
      )
        continue;
      // "can n8n watch a folder", "I'd like n8n to read …": the product doing the work, not its own node.
      if (best.app.key === 'n8n' && best.to === i + 1 && this.subject(tokens, i)) continue;
      if (
        best.plain === 'capital'
          ? !/^[A-Z]/.test(tokens[i]!.text) ||
            // "- Late checkout: …": a community node's everyday word, capital only as its line opens, before a lower-case
            // word that is no verb ("Decodo Pricing Scraper", "Decodo extracts …" keep the name).
            (best.app.community &&
              i > 0 &&
              /^[.!?*•-]$/.test(tokens[i - 1]!.text) &&
              /^[a-z]/.test(tokens[best.to]?.text ?? '') &&
              !verbClass(tokens[best.to]!.lower))
          : best.plain && !this.plainCounts(tokens, i, titleCase, lower, best.app.key)
      )
        continue;
      found.push({ app: best.app, from: i, to: best.to });
      i = best.to - 1;
    }
    return found;
  }

  /** Whether the request writes an app's name that is no everyday word in lower case ("slack", "google review"). */
  private lowerBrands(tokens: Token[], titleCase: boolean): boolean {
    return this.find(tokens, titleCase, false).some((m) => {
      const said = tokens.slice(m.from, m.to);
      return (
        said.every((t) => t.text === t.lower) &&
        said.map((t) => t.lower).join(' ').length >= 4 &&
        !m.app.community &&
        !(said.length === 1 && (PLAIN.has(said[0]!.lower) || plainWord(said[0]!.lower)))
      );
    });
  }

  private subject(tokens: Token[], i: number): boolean {
    const next = tokens[i + 1]?.lower ?? '';
    const before = tokens[i - 1]?.lower ?? '';
    return (
      /^(?:can|could|should|will|would|to|does|do|is|isn't|cannot|can't)$/.test(next) ||
      Boolean(verbClass(next)) ||
      /^(?:can|could|does|will|would|like|want|make|have|let|get|use|using|in|with)$/.test(before)
    );
  }

  private plainCounts(tokens: Token[], i: number, titleCase: boolean, lower = false, key = ''): boolean {
    const t = tokens[i]!;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    // "on Monday" is a day: monday.com counts only with its items ("the monday board") or in an app's place.
    if (t.lower === 'monday')
      return Boolean(
        (after &&
          /^(?:boards?|items?|sub-?items?|workspace|account|api|node|integration|crm|pulses?)$/.test(after.lower)) ||
        (lower && t.text === t.lower && before && /^(?:into|in|to|from|via|using|with)$/.test(before.lower)),
      );
    // "flagged to the team lead", "a team member": a person, not Microsoft Teams.
    if (
      /^teams?$/.test(t.lower) &&
      /^(?:lead|leads|leader|leaders|member|members|manager|managers|mates?|captain)$/.test(after?.lower ?? '')
    )
      return false;
    // "run them in parallel", "in sequence": the way steps run, not the app.
    if (/^(?:in|run|runs|running)$/.test(before?.lower ?? '') && /^(?:parallel|sequence)$/.test(t.lower)) return false;
    if (lower && t.text === t.lower) {
      // Where an app stands and nothing else follows ("post in teams", "… to copper and …"), or with its items.
      const placedHere =
        before && /^(?:with|via|using|to|into|in|on|from|check|checks|query|queries|poll|polls)$/.test(before.lower);
      // "created in taiga copy it to …": the next word starts the next step.
      const ends =
        !after ||
        after.kind === 'punct' ||
        (/^(?:create|send|read|update|delete|search)$/.test(verbClass(after.lower) ?? '') &&
          !APP_NOUN.test(after.lower)) ||
        // ("into box like just a backup", "with hunter can you …": a dictation's fillers and questions end it too.)
        // ("post in teams who's starting this week": what the message says, after where it goes.)
        /^(?:and|then|too|also|as|when|if|every|for|so|straight|right|asap|with|on|at|per|under|each|like|um|uh|can|could|would|who|who's|whose|what|what's|which|how)$/.test(
          after.lower,
        );
      // "medium posts a slack message": a value at a part's start before a verb-like noun is no app.
      // ("missing feature -> linear issue": what an arrow leads to is the app's item.)
      const determined =
        before &&
        (before.kind === 'quote' || /^['"‘’“”`>→]$/.test(before.text) || before.kind === 'word') &&
        !/^(?:and|or)$/.test(before.lower);
      // "post in teams dev channel", "in drive 'transcripts' folder": a place in the app, named between.
      const within =
        placedHere &&
        after &&
        (after.kind === 'quote' || after.kind === 'word') &&
        APP_NOUN.test(tokens[i + 2]?.lower ?? '');
      // ", teams message to the legal channel": a message of the app, where a step starts.
      const sent =
        after &&
        /^(?:messages?|dms?|chats?|pings?)$/.test(after.lower) &&
        (!before || before.kind === 'punct' || /^(?:and|then|also|or)$/.test(before.lower));
      return Boolean((placedHere && ends) || (after && APP_NOUN.test(after.lower) && determined) || within || sent);
    }
    // "when a linear issue is labelled …", "a new teams channel": a plain word in lower case with the app's items.
    if (
      t.text === t.lower &&
      after &&
      APP_NOUN.test(after.lower) &&
      before &&
      /^(?:a|an|the|each|every|new|our|my|any|that|this|in|into|to|from|of)$/.test(before.lower)
    )
      return true;
    // "Line" or "LINE" (a brand written in capitals), not "line" or a shouted "THE".
    const capital = /^[A-Z]/.test(t.text) && (t.text !== t.text.toUpperCase() || t.text.length >= 3);
    const placed = before && /^(?:with|via|using|to|into|in|on|from|and|&|,|\+)$/.test(before.lower);
    // "Wise business account.", "Mollie business account": the app's account, the kind named between.
    const noun =
      after &&
      (APP_NOUN.test(after.lower) ||
        // "Box file.uploaded", "Wise balanceCredit": the app's own event key after it.
        /^[a-z]+(?:[._][a-z]+)+$|^[a-z]+(?:[A-Z][a-z]+)+$/.test(after.text) ||
        (/^(?:business|company|merchant|team|pro|premium|developer)$/.test(after.lower) &&
          /^accounts?$/.test(tokens[i + 2]?.lower ?? '')) ||
        // "Copper new opportunity →": a new item of a kind the app keeps.
        (/^(?:new|updated|deleted|closed|won|lost)$/.test(after.lower) &&
          tokens[i + 2]?.kind === 'word' &&
          (APP_NOUN.test(tokens[i + 2]!.lower) || nodeCatalog().keeps(key, singular(tokens[i + 2]!.lower)))));
    // "Wise: whenever money arrives …": the app a request or line is headed with, before its event.
    const headed =
      after?.text === ':' &&
      (!before || /^[.!?\n*•-]$/.test(before.text)) &&
      /^(?:when|whenever|once|every|each|new|on|if|after|as)$/.test(tokens[i + 2]?.lower ?? '');
    if (capital && headed) return true;
    if (titleCase) return capital && Boolean(placed || noun);
    return capital && (Boolean(noun) || (Boolean(before) && !(before!.kind === 'punct' && /[.!?]/.test(before!.text))));
  }
}

let vocabulary: Vocabulary | null = null;

export function appVocabulary(): Vocabulary {
  vocabulary ??= new Vocabulary(nodeCatalog());
  return vocabulary;
}
