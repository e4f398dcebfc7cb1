// Reads one clause into steps: its verb says what happens, the apps it names say where (read from, write to, send
// through), generic nouns get their default app, and AI words become an AI step with the job the clause states.
import { appKind, defaultVerb } from '../catalog/appKinds.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { GENERIC_DEFAULTS, GENERIC_FAMILIES, type GenericKind } from '../catalog/generics.ts';
import {
  stepLists,
  type AgentTool,
  type AppHints,
  type AiStep,
  type AiTask,
  type Choice,
  type Model,
  type Provider,
  type Step,
  type Verb,
} from '../spec.ts';
import { aiVerbTask, lemma, singular, STOP, verbClass, type VerbClass } from './lexicon.ts';
import { within, type AppRef, type Mentions } from './mentions.ts';
import { spanText, type Token } from './text.ts';
import { hintsOf } from './words.ts';
import { fileSteps, transformStep } from './transforms.ts';
import { appThenAction } from './split.ts';
import { buildsNamed, namedStep } from './named.ts';
import { MAIL, MAIL_SENDERS, MESSAGING, NEWSLETTERS, ROW_STORES, SQL_DATABASES } from './appGroups.ts';

export interface ReadContext {
  tokens: Token[];
  original: string;
  mentions: Mentions;
  /** Mentions already turned into a step or the trigger (by their `from` index). */
  usedApps: Set<number>;
  usedModels: Set<number>;
  /** The provider a clause asked to make the embeddings with ("embed them with Cohere"). */
  embeddings?: Provider;
  choices: Choice[];
  /** The request names Gmail (or Outlook) somewhere: e-mail steps use it. */
  mailApp: string | null;
  /** The workflow starts from a chat or a bot: an agent keeps a memory and answers there. */
  chat: boolean;
  /** Whether the request as a whole asks for AI (a provider, "AI", "LLM", "agent"). */
  wantsAi: boolean;
  /** AI steps whose provider was not named in their clause (the request's provider, else the default, fills it). */
  defaulted: WeakSet<AiStep>;
  /** Generic nouns that became a step (by their `from` index). */
  usedGenerics: Set<number>;
  /** Systems without a node that became an HTTP step. */
  usedUnknown: Set<number>;
  /** Token indexes of the trigger's words: a clause that runs across them leaves them out. */
  used: Set<number>;
  /** The app items were last read from: "add a note to each" changes them there. */
  lastRead: string | null;
  /** The app the last message went out through: "send a follow-up" later goes the same way. */
  lastSend: string | null;
  /** Messages the reader sent the way the request's others go, no channel named ("let the employee know"). */
  echoes?: WeakSet<Step>;
  /** The app the last read looked the items up in ("check if they're already in Salesforce"). */
  lastLookup?: string | null;
  /** Where the clause that sent last ends (a message said on in the same sentence is that message). */
  lastSendAt?: number;
  /** A clause already made an HTTP call without a URL ("scrape a few websites"). */
  madeHttp: boolean;
  /** Core nodes named by their name that became a step (by their `from` index). */
  usedNodes: Set<number>;
  /** The workflow starts from new e-mail: "each email" means the trigger's items. */
  emailTrigger: boolean;
  /** The app whose trigger starts the workflow, if one does. */
  triggerApp: string | null;
  /** What starts the workflow (a webhook's caller can be answered). */
  triggerKind: string;
  /** The spec gave the trigger a line of its own ("Trigger: …"): the audits keep it. */
  headed?: boolean;
  /** The AI jobs already given a step, in order: "post the summary" after "summarise it" sends that summary. */
  aiTasks: AiTask[];
}

type Role = 'source' | 'destination' | 'instrument' | 'object';

/** Jobs only a model does: their verbs ask for AI without the word "AI" ("translate it", "summarise the thread"). */
const STRONG = new Set<AiTask>([
  'summarise',
  'classify',
  'translate',
  'transcribe',
  'moderate',
  'sentiment',
  'agent',
  'speech',
  'ocr',
]);

/** Apps that read the text in a scan or photo themselves (AWS Textract, Mindee, OCR services). */
export const OCR_APP = /\bocr\b|textract|mindee|document ai|extract text/i;

export function appKindOf(key: string) {
  const app = nodeCatalog().app(key);
  return app ? appKind(app) : 'other';
}

const DETERMINER =
  /^(?:the|a|an|my|our|your|their|its|his|her|new|structured|specific|multiple|several|all|any|each|every|existing|incoming|latest|recent|relevant|this|that|these|those|same|shared|team|company|private|public|personal|google|own|old|legacy|current|main)$/;

/** Tokens that may sit between a preposition and the app in a list ("with Gmail, Sheets & Slack"). */
function listed(ctx: ReadContext, k: number): boolean {
  const t = ctx.tokens[k]!;
  if (t.kind === 'punct') return /^[,&+/]$/.test(t.text);
  if (/^(?:and|or|&)$/.test(t.lower) || DETERMINER.test(t.lower)) return true;
  const m = ctx.mentions;
  return (
    m.apps.some((a) => k >= a.from && k < a.to) ||
    m.models.some((a) => k >= a.from && k < a.to) ||
    m.generics.some((a) => k >= a.from && k < a.to) ||
    m.aiWords.includes(k) ||
    m.aiNouns.some((a) => k >= a.from && k < a.to)
  );
}

/** Whether the app archives the item (Notion's page, Trello's list) with an operation of its own. */
const archives = (app: string, item: string): boolean =>
  nodeCatalog()
    .app(app)
    ?.operations.some((o) => /^archive$/i.test(o.operation) && (!item || o.resource?.toLowerCase() === item)) ?? false;

/** Where a mention stands in its clause; `app` is absent for a system without a node. */
function roleOf(
  ctx: ReadContext,
  ref: Omit<AppRef, 'app'> & { app?: AppRef['app'] },
  cls: VerbClass | undefined,
  clauseFrom: number,
): Role {
  const { tokens } = ctx;
  let k = ref.from - 1;
  while (k >= 0 && tokens[k]!.kind === 'word' && DETERMINER.test(tokens[k]!.lower)) k--;
  // "with Gmail, Google Sheets & Slack": a list takes the preposition in front of it.
  let j = k;
  while (j >= clauseFrom && listed(ctx, j) && ref.from - j < 16) j--;
  if (
    j < k &&
    j >= clauseFrom &&
    /^(?:with|using|via|through|by|to|into|from|in|on)$/.test(tokens[j]!.lower) &&
    (tokens[k]!.kind === 'punct' || /^(?:and|&)$/.test(tokens[k]!.lower))
  )
    k = j;
  const prep = tokens[k]?.lower ?? '';
  // "remove them from the Mailchimp audience": where something is deleted is what the step changes.
  // "send him a welcome email from Gmail", "text them from Twilio": the account a message goes out from.
  // Not "the appointments from the Outlook calendar": the app's calendar (or contacts, tasks) is read.
  if (
    prep === 'from' &&
    cls === 'send' &&
    ref.app &&
    appKind(ref.app) === 'message' &&
    !/^(?:calendars?|contacts?|tasks?|agenda|events?|folders?|drive|files?)$/.test(tokens[ref.to]?.lower ?? '')
  )
    return 'instrument';
  if (/^(?:from|of|out)$/.test(prep)) return cls === 'delete' ? 'object' : 'source';
  // "Weekly MongoDB collection export to Google Drive": what is exported is read.
  // (Not a name in quotes: "upload to S3 bucket `archive`".)
  // ("Weekly MongoDB collection export to Google Drive": past the app's container too, unless the container is where
  // things go.)
  const after =
    !/^(?:bucket|folder|table|collection|channel|sheet|tab|repo|repository|database|container|drive|directory)$/.test(
      tokens[ref.to]?.lower ?? '',
    )
      ? tokens.slice(ref.to, ref.to + 3)
      : /^(?:to|into|onto|->|→)$/.test(prep)
        ? []
        : tokens.slice(ref.to + 1, ref.to + 3);
  // (An archive or a backup is the noun of the app's name, not a verb of the next clause: "post in Slack, then archive
  // the card"; "I open Stripe, export the payouts" still reads Stripe.)
  const ends = after.findIndex(
    (t) =>
      t.kind === 'quote' ||
      (t.kind === 'punct' && /^[,;.:!?()/]$/.test(t.text)) ||
      /^(?:and|then|or|also|to)$/.test(t.lower),
  );
  if (
    (ends < 0 ? after : after.slice(0, ends)).some((t) =>
      /^(?:exports?|dumps?|snapshots?|backups?|archives?)$/.test(t.lower),
    ) ||
    (!/^(?:to|into|onto)$/.test(prep) &&
      after[0]?.text === ',' &&
      /^(?:export|dump|download|pull)$/.test(after[1]?.lower ?? ''))
  )
    return 'source';
  // "each row of a CSV file uploaded to S3": a file someone put there, said by what was done to it.
  if (
    /^(?:to|into|onto)$/.test(prep) &&
    /^(?:uploaded|dropped|added|saved|placed|stored)$/.test(tokens[k - 1]?.lower ?? '') &&
    /^(?:files?|csvs?|pdfs?|documents?|images?|photos?|spreadsheets?|exports?|reports?|videos?|recordings?)$/.test(
      tokens[k - 2]?.lower ?? '',
    ) &&
    !tokens
      .slice(Math.max(clauseFrom, k - 10), k)
      .some((t) => /^(?:is|are|be|been|being|get|gets|got|want|wants|need|needs|should|must|will)$/.test(t.lower))
  )
    return 'source';
  if (/^(?:to|into|onto|->|→)$/.test(prep)) return 'destination';
  if (/^(?:with|using|via|through|by|thanks|powered|w)$/.test(prep)) return 'instrument';
  // "I want new Typeform answers saved in Airtable": where the items are wished to go.
  if (
    /^(?:in|on|inside)$/.test(prep) &&
    /^(?:stored|kept|saved|listed|logged|added|put|filed)$/.test(tokens[k - 1]?.lower ?? '') &&
    !/^(?:is|are|was|were|be|been|being|already)$/.test(tokens[k - 2]?.lower ?? '') &&
    tokens
      .slice(Math.max(clauseFrom, k - 9), k - 1)
      .some(
        (t, n, all) =>
          /^(?:want|wants|need|needs|like)$/.test(t.lower) && !all.slice(n + 1).some((x) => x.lower === 'to'),
      )
  )
    return 'destination';
  // "send me a summary of my unread emails in Gmail", "a list of the new orders in Shopify": the items a summary or a
  // list is made of are read where they are.
  if (
    /^(?:in|on|inside|from)$/.test(prep) &&
    ref.app &&
    /s$/.test(tokens[k - 1]?.lower ?? '') &&
    (keptNoun(tokens[k - 1]!.lower, ref.app.key) ||
      (/^(?:e-?mails|mails)$/.test(tokens[k - 1]!.lower) && /^(?:gmail|microsoftOutlook)$/.test(ref.app.key))) &&
    tokens
      .slice(Math.max(clauseFrom, k - 6), k - 1)
      .some(
        (t, n, all) =>
          t.lower === 'of' &&
          /^(?:summary|digest|list|report|overview|recap|roundup|count|number|table|rundown)$/.test(
            all[n - 1]?.lower ?? '',
          ),
      )
  )
    return 'source';
  // "the URLs are in a Google Sheet", "our docs live in Notion": where the items already are.
  if (
    /^(?:in|on|inside)$/.test(prep) &&
    /^(?:are|is|live|lives|sit|sits|stored|kept|saved|listed)$/.test(tokens[k - 1]?.lower ?? '')
  )
    return 'source';
  // "for every active client in our Airtable base": the items each run is for are read from there.
  if (
    /^(?:in|on|inside)$/.test(prep) &&
    tokens
      .slice(Math.max(clauseFrom, k - 5), k)
      .some((t, n, all) => /^(?:every|each|all)$/.test(t.lower) && all[n - 1]?.lower === 'for')
  )
    return 'source';
  // "loop over all rows in a Postgres table": the items a loop goes over are read from there.
  if (/^(?:in|on|inside)$/.test(prep) && cls === 'loop') return 'source';
  // "Collect new Typeform responses in Airtable": what another app's event brought is gathered there.
  if (
    /^(?:in|into|inside)$/.test(prep) &&
    ctx.triggerApp &&
    ref.app &&
    ctx.triggerApp !== ref.app.key &&
    tokens
      .slice(clauseFrom, k)
      .some((t) => /^(?:collect|collects|gather|gathers|compile|compiles|aggregate|aggregates)$/.test(t.lower))
  )
    return 'destination';
  if (/^(?:in|on|at|inside)$/.test(prep))
    return cls === 'read' || cls === 'search' || cls === 'ai' ? 'source' : 'destination';
  return 'object';
}

const ITEM_AFTER =
  /^(?:orders?|entry|entries|emails?|mails?|messages?|attachments?|responses?|submissions?|leads?|rows?|records?|issues?|tickets?|posts?|comments?|files?|documents?|invoices?|receipts?|payments?|customers?|contacts?|subscribers?|bookings?|events?|deals?|tasks?|cards?|notes?|videos?|reviews?|data|profiles?|products?|companies|company|jobs?|listings?|articles?|content|stories|threads?|tweets?|pages?|workflows?|credentials?|channels?|playlists?|trends?|prices?|stats|statistics|reports?|results?|transcripts?|bookmarks?|photos?|images?|calendar|projects?|folders?|campaigns?|members?|incidents?|meetings?|webinars?|subtasks?|spaces?|bills?|person|persons|organizations?|orgs?|activity|activities|opportunit(?:y|ies)|accounts?)$/;

/** Kinds of issue a tracker files ("create a Bug in Jira", "a new story in Linear"). */
const ISSUE_KINDS = /^(?:bugs?|stor(?:y|ies)|epics?|sub-?tasks?|tasks?|defects?)$/;

/** The item a word names in the app: the word's singular, or an issue for a kind of issue the app files as one. */
function itemNoun(word: string, app: string): string | undefined {
  const one = singular(word);
  if (ISSUE_KINDS.test(word) && !nodeCatalog().keeps(app, one) && nodeCatalog().keeps(app, 'issue')) return 'issue';
  if (itemOf(word, app)) return one;
  // "an item on the Monday.com board": Monday's "boardItem", a record named by its last word.
  return one.length > 3 &&
    nodeCatalog()
      .resources(app)
      .some((r) => r.length > one.length && r.toLowerCase().endsWith(one) && /[a-z][A-Z]/.test(r))
    ? one
    : undefined;
}

/** The kind of record a word names that the app keeps ("contacts", "the deal's", "a Bug" filed in Jira as an issue). */
export function keptNoun(word: string, app: string): string | undefined {
  const one = singular(word.replace(/['’]s$/, ''));
  if (one.length < 3) return undefined;
  if (nodeCatalog().keeps(app, one)) return one;
  return ISSUE_KINDS.test(word) && nodeCatalog().keeps(app, 'issue') ? 'issue' : undefined;
}

/** An item word: one of the usual ones, or a kind of record the app itself keeps ("a case in TheHive"). */
function itemOf(word: string, app: string): boolean {
  if (ITEM_AFTER.test(word)) return true;
  const one = singular(word);
  return (
    one.length > 2 &&
    !verbClass(one) &&
    !CONTAINERS.test(one) &&
    !PLACES.test(one) &&
    !/^(?:file|it|them|item|data|bucket|forum)$/.test(one) &&
    nodeCatalog().keeps(app, one)
  );
}

/** "create a person and a deal in Pipedrive", "person + org + deal": one step per item made in the app. */
function pairedItems(steps: Step[], tokens: Token[]): Step[] {
  return steps.flatMap((step) => {
    if (step.kind !== 'app' || !step.noun || (step.verb !== 'create' && step.verb !== 'update')) return [step];
    const at = tokens.findIndex(
      (t, i) => singular(t.lower) === step.noun && /^(?:in|to|into|on|inside)$/.test(tokens[i + 1]?.lower ?? ''),
    );
    const more: string[] = [];
    for (let k = at - 1; k > 0;) {
      if (/^(?:a|an|the|new)$/.test(tokens[k]!.lower)) k--;
      if (!/^(?:and|\+|&|,)$/.test(tokens[k]?.lower ?? '')) break;
      k--;
      if (/^(?:a|an|the|new)$/.test(tokens[k]?.lower ?? '')) k--;
      const item = tokens[k];
      if (!item || item.kind !== 'word' || !ITEM_AFTER.test(item.lower)) break;
      more.unshift(singular(item.lower).replace(/^org$/, 'organization'));
      k--;
    }
    return [...more.filter((n) => n !== step.noun).map((noun): Step => ({ ...step, noun })), step];
  });
}

/** Who is added to a channel, not what is posted in it. */
const PERSON =
  /^(?:them|him|her|me|us|people|person|users?|members?|hires?|employees?|staff|students?|customers?|clients?|guests?|contacts?|starters?|joiners?|colleagues?|teammates?|someone|everyone|agents?|reps?)$/;

/** Nouns after an app that name where a message goes rather than what it is ("the #ops Slack channel"). */
const PLACES = /^(?:channel|thread|chat|group|room|inbox)$/;
/** What a place said to hold items does: "the sheet has 2,000 addresses". */
const HOLDS = /^(?:has|holds|contains|lists|keeps|stores|tracks)$/;

/** Where items are kept, not items themselves. */
const CONTAINERS =
  /^(?:project|board|workspace|space|folder|channel|list|base|table|sheet|repo|repository|database|drive)$/;

/** An app followed by its items ("Shopify orders", "YouTube comments") is where the items come from. */
function itemsAfter(tokens: Token[], ref: AppRef): string | undefined {
  // "my n8n workflows": a name that ends with its items.
  const last = tokens[ref.to - 1]!;
  if (ref.to - 1 > ref.from && ITEM_AFTER.test(last.lower)) return singular(last.lower);
  // "add them to QuickBooks as bills": what they become there.
  const as =
    tokens[ref.to]?.lower === 'as'
      ? tokens.slice(ref.to + 1, ref.to + 3).find((t) => t.kind === 'word' && !/^(?:a|an|the|new)$/.test(t.lower))
      : undefined;
  const made = as && itemNoun(as.lower, ref.app.key);
  if (made) return made;
  // "the Pipedrive won deals", "Stripe failed payments": a state may stand between the app and its items.
  const [first, second] = tokens.slice(ref.to, ref.to + 3).filter((t) => t.kind === 'word');
  const next = first && STATE.test(first.lower) && second ? second : first;
  return next && itemNoun(next.lower, ref.app.key);
}

/** The app is what an arrow leads to ("-> Freshservice ticket", "→ a Jira ticket", "-> one ServiceNow incident"). */
function afterArrow(tokens: Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && /^(?:a|an|one|the|new|our|my)$/.test(tokens[k]!.lower)) k--;
  return tokens[k]?.text === '→' || (tokens[k]?.text === '>' && tokens[k - 1]?.text === '-');
}

const STATE =
  /^(?:won|lost|open|closed|paid|unpaid|overdue|active|inactive|pending|failed|completed|cancell?ed|archived|qualified|published|resolved|upcoming|refunded|abandoned|new)$/;

/** "create a task in HubSpot", "get the lead from Pipedrive": the item named just before the app's preposition. */
function itemsBefore(tokens: Token[], ref: AppRef, from: number, made = false): string | undefined {
  // "create an issue in our Taiga project": the items made, before where they go, past the place's determiner.
  // "download every JSON file in the Google Drive folder": the items read, before where they are.
  const placed = made || CONTAINERS.test(tokens[ref.to]?.lower ?? '');
  let at = placed && /^(?:our|the|my|their|your)$/.test(tokens[ref.from - 1]?.lower ?? '') ? ref.from - 1 : ref.from;
  // ("an urgent item on the mechanic's Monday.com board": past whose place it is.)
  if (placed && at === ref.from && /\w['’]s$/.test(tokens[at - 1]?.lower ?? ''))
    at -= /^(?:our|the|my|their|your)$/.test(tokens[at - 2]?.lower ?? '') ? 2 : 1;
  // "send an invoice with QuickBooks", "through Xero": a kind of record the app itself keeps.
  if (
    /^(?:with|through|using)$/.test(tokens[at - 1]?.lower ?? '') &&
    at - 2 >= from &&
    /^(?:an?|the|new)$/.test(tokens[at - 3]?.lower ?? '')
  )
    return keptNoun(tokens[at - 2]!.lower, ref.app.key);
  if (!/^(?:in|to|into|from|on|onto|via|inside)$/.test(tokens[at - 1]?.lower ?? '')) return undefined;
  const noun = tokens[at - 2];
  if (at - 2 < from || noun?.kind !== 'word') return undefined;
  // "pull new issues from the web-frontend project in Sentry": the items, said before the place they are in.
  if (CONTAINERS.test(noun.lower)) {
    let k = at - 3;
    while (k > from && at - 3 - k < 6 && !/^(?:from|in|of|on|inside)$/.test(tokens[k]!.lower)) k--;
    const items = tokens[k - 1];
    const held = /^(?:from|in|of|on|inside)$/.test(tokens[k]?.lower ?? '') && items?.kind === 'word' && k - 1 >= from;
    const found = held ? itemNoun(items.lower, ref.app.key) : undefined;
    if (found && !CONTAINERS.test(found)) return found;
  }
  return itemNoun(noun.lower, ref.app.key);
}

/** Apps that keep records a request looks up and then changes: tables, sheets, CRMs, ledgers, mailing lists. */
const RECORD_STORES = new RegExp(
  `${ROW_STORES.source}|^(?:hubspot|salesforce|pipedrive|zohoCrm|keap|agileCrm|copper|quickbooks|xero|mailchimp|convertKit|sendInBlue|mailerLite|activeCampaign)$`,
);

/** The index of a clause's first word past "and", "then", "also", "just", "so". */
function firstWordAt(tokens: Token[], from: number, to: number): number {
  let k = from;
  while (k < to && (tokens[k]!.kind !== 'word' || /^(?:and|then|also|just|so)$/.test(tokens[k]!.lower))) k++;
  return k;
}

/** Whether the "paste" at `i` is a person typing into a form or a chat ("I paste …", "… into the n8n form"). */
function typedIn(tokens: Token[], i: number, to: number): boolean {
  if (
    /^(?:i|we|you|they|he|she|someone|somebody|people|users?|agents?|staff|members?|volunteers?|team|editors?|reps?)$/.test(
      tokens[i - 1]?.lower ?? '',
    )
  )
    return true;
  const words = tokens
    .slice(i + 1, Math.min(to, i + 10))
    .map((t) => t.lower)
    .join(' ');
  return /\b(?:into|in) (?:(?:a|an|the|our|my|their) )?(?:(?:n8n|web|simple|short) )?(?:forms?|chat|prompt|field|box|textbox|window)\b/.test(
    words,
  );
}

function headVerb(
  tokens: Token[],
  from: number,
  to: number,
  apps: AppRef[] = [],
): { index: number; word: string; cls: VerbClass; wished?: true } | null {
  let delegated = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') continue;
    // "in parallel: Hubspot get all companies": how the steps run, before the step.
    if (t.lower === 'in' && /^(?:parallel|sequence|order|turn)$/.test(tokens[i + 1]?.lower ?? '') && i === from) {
      i++;
      continue;
    }
    // "have Claude 3.5 Sonnet score the candidate", "let the AI agent draft …": the verb after who does it.
    if (/^(?:have|let|ask)$/.test(t.lower) && !verbClass(tokens[i + 1]?.lower ?? '')) {
      delegated = 6;
      continue;
    }
    if (delegated > 0 && !verbClass(t.lower)) {
      delegated--;
      continue;
    }
    // "I want a thank-you email sent from Gmail", "I'd like each row added to Airtable": the change wished for.
    if (/^(?:want|wants|need|needs|like)$/.test(t.lower) && !verbClass(tokens[i + 1]?.lower ?? '')) {
      const wished = tokens.slice(i + 2, Math.min(to, i + 8)).findIndex(
        (w, k, all) =>
          w.kind === 'word' &&
          /(?:ed|en|sent|put|set|made|done)$/.test(w.lower) &&
          verbClass(w.lower) &&
          // ("pushed into Shopify" says where, not how; "written by AI" is the model's job.)
          !/^push/.test(w.lower) &&
          verbClass(w.lower) !== 'ai' &&
          !/^(?:a|an|the|to|be|been|is|are)$/.test((k ? all[k - 1] : tokens[i + 1])?.lower ?? '') &&
          // ("copied into Linear", "deactivated and …"; not "labelled 'bug'" or "every completed delivery").
          (k + i + 3 >= to ||
            /^(?:into|to|in|on|onto|as|from|with|by|via|through|and|or|before|after|within|for|automatically|straight|right)$/.test(
              tokens[i + 3 + k]?.lower ?? '',
            ) ||
            (tokens[i + 3 + k]?.kind === 'punct' && tokens[i + 3 + k]?.text !== "'")),
      );
      const w = wished >= 0 ? tokens[i + 2 + wished]! : undefined;
      if (
        w &&
        tokens.slice(i + 1, i + 2 + wished).every((x) => (x.kind === 'word' && x.lower !== 'to') || x.text === '-') &&
        // (One change wished for: "… a row added to Sheets and a message posted in Discord" is two, read each by
        // its own app.)
        !tokens
          .slice(i + 3 + wished, to)
          .some((x) => x.kind === 'word' && /(?:ed|sent|posted|put|made|done)$/.test(x.lower) && verbClass(x.lower)) &&
        // ("I want the people assigned to a matter to get an email": the verb after "to" is the step.)
        !tokens
          .slice(i + 3 + wished, to)
          .some(
            (x, k, all) =>
              x.lower === 'to' && verbClass(all[k + 1]?.lower ?? '') && lemma(all[k + 1]!.lower) === all[k + 1]!.lower,
          )
      )
        return { index: i + 2 + wished, word: lemma(w.lower), cls: verbClass(w.lower)!, wished: true };
    }
    if (
      /^(?:auto|automatically|also|then|please|just|and|finally|should|will|must|can|could|would|something|someone|to|we|i|you|it|they|this|that|which|who|workflow|automation|the|a|an|n8n|immediately|simply|first|next|lastly|so|now|always|only|both|have|let|ai|gpt|llm|bot|chatbot|assistant|system|script|flow|-)$/.test(
        t.lower,
      )
    )
      continue;
    // "ignore internal emails", "skip texts from staff": the items a test drops (a Filter), not a message to send.
    if (/^(?:ignore|ignoring|skip|skipping|exclude|excluding|disregard|discard)$/.test(t.lower)) return null;
    // "I paste a URL into the form", "agents paste the question into a chat": what a person types in, not a step.
    if (/^past(?:e|es|ed|ing)$/.test(t.lower) && typedIn(tokens, i, to)) return null;
    const cls = verbClass(t.lower);
    // "the email marked as read", "the summary should go to …": a verb-like word after an article, with the verb
    // after it, is a noun.
    const next = tokens[i + 1]?.lower ?? '';
    if (
      cls &&
      /^(?:the|a|an|each|every|this|its|their|our|my)$/.test(tokens[i - 1]?.lower ?? '') &&
      ((/ed$/.test(next) && verbClass(next)) || /^(?:is|are|was|were|gets|get|should|will|must|can)$/.test(next))
    )
      continue;
    // "come in all sorts of languages", "some kind of …": a noun, not the verb "sort".
    if (/^(?:sorts?|kinds?|types?)$/.test(t.lower) && tokens[i + 1]?.lower === 'of') continue;
    // "the listing agent", "our billing team": a verb's -ing form after an article is a noun's modifier.
    if (
      cls &&
      /ing$/.test(t.lower) &&
      /^(?:the|a|an|our|my|their|its|this|each|every|your)$/.test(tokens[i - 1]?.lower ?? '')
    )
      continue;
    // "set up a bot", "build an agent": the thing built is described by the verbs after it.
    if (cls && /^(?:set|setup)$/.test(lemma(t.lower)) && tokens[i + 1]?.lower === 'up')
      return { index: i, word: 'set up', cls: 'umbrella' };
    // "low ones just get a label in Gmail": getting a label or a tag is being labelled.
    const got = /^(?:an?)$/.test(tokens[i + 1]?.lower ?? '') ? tokens[i + 2] : tokens[i + 1];
    if (lemma(t.lower) === 'get' && /^(?:label|labels|tag|tags|star|flag)$/.test(got?.lower ?? ''))
      return { index: i, word: 'label', cls: 'update' };
    // "raise priority to high in Zammad", "bump the severity": a setting of the item changed, not one made.
    const setting = /^(?:the|its|their)$/.test(tokens[i + 1]?.lower ?? '') ? tokens[i + 2] : tokens[i + 1];
    if (
      /^(?:raise|raises|bump|bumps|lower|lowers|increase|increases|decrease|decreases|escalate|escalates)$/.test(
        t.lower,
      ) &&
      /^(?:priority|severity|urgency|level|status|score|rank|tier)$/.test(setting?.lower ?? '')
    )
      return { index: i, word: t.lower, cls: 'update' };
    // "I open the New Starters workbook", "open the shared mailbox": opening a file or a place is reading it.
    if (
      lemma(t.lower) === 'open' &&
      tokens
        .slice(i + 1, i + 6)
        .some((x) =>
          /^(?:workbooks?|spreadsheets?|sheets?|files?|folders?|mailbox|inbox|documents?|docs?|attachments?|pdfs?|csvs?|excel|trackers?|registers?|logs?|lists?|reports?|scans?|dashboards?|portal)$/.test(
            x.lower,
          ),
        )
    )
      return { index: i, word: 'open', cls: 'read' };
    // "also gets added as a row", "get archived": the change said in the passive.
    const done = tokens[i + 1];
    if (
      cls &&
      lemma(t.lower) === 'get' &&
      done?.kind === 'word' &&
      /(?:ed|en)$/.test(done.lower) &&
      verbClass(done.lower) &&
      verbClass(done.lower) !== 'read'
    )
      return { index: i + 1, word: lemma(done.lower), cls: verbClass(done.lower)! };
    if (cls) return { index: i, word: lemma(t.lower), cls };
    // "QuickBooks Online Find Customer by email", "Slack Send Channel Message to #sales": a Zap's step, the app
    // named before its action.
    const action = appThenAction(tokens, i, to, apps.find((a) => a.from === i)?.to);
    if (action) return action;
    break;
  }
  // "The workflow then filters the email", "A new folder is created in Google Drive": the verb after a subject,
  // or the participle after "is/are/gets".
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') continue;
    const cls = verbClass(t.lower);
    if (!cls || (/^(?:sorts?|kinds?|types?)$/.test(t.lower) && tokens[i + 1]?.lower === 'of')) continue;
    const prev = tokens[i - 1]?.lower ?? '';
    const passive = /^(?:is|are|was|were|be|been|being|gets|get|got)$/.test(prev) && /(?:ed|en|t)$/.test(t.lower);
    const third =
      /s$/.test(t.lower) &&
      lemma(t.lower) !== t.lower &&
      !/^(?:the|a|an|of|for|with|and|or|to|in|on|from|by|its|their|your|our|my)$/.test(prev);
    // "any card stuck that long should get a comment": the verb after a modal.
    // ("should get tagged 'intl'": the change said in the passive after it is the verb.)
    const modal =
      /^(?:should|will|must|shall)$/.test(prev) &&
      lemma(t.lower) === t.lower &&
      !(t.lower === 'get' && /(?:ed|en)$/.test(tokens[i + 1]?.lower ?? '') && verbClass(tokens[i + 1]!.lower));
    if (passive || third || modal) return { index: i, word: lemma(t.lower), cls };
  }
  // "Slack slash command to look up a customer's subscription": a title's purpose, after "to".
  for (let i = from; i < to - 1; i++) {
    if (tokens[i]!.lower !== 'to') continue;
    // "… together with an AI-drafted reply for the manager to edit": what someone does afterwards, not the step.
    if (tokens[i - 2]?.lower === 'for' || tokens[i - 3]?.lower === 'for') continue;
    const next = tokens[i + 1]!;
    const cls = verbClass(next.lower);
    if (cls && next.kind === 'word' && lemma(next.lower) === next.lower) return { index: i + 1, word: next.lower, cls };
  }
  return null;
}

function useModel(ctx: ReadContext, m: Mentions): Model | undefined {
  const model = m.models.find((x) => !ctx.usedModels.has(x.from)) ?? m.models[0];
  if (!model) return undefined;
  ctx.usedModels.add(model.from);
  return model.model;
}

/** People who do the work today ("Our sales reps log calls in Salesforce"). */
const PEOPLE =
  /^(?:reps|staff|team|teams|agents|drivers|technicians|techs|teachers|employees|people|users|members|managers|engineers|developers|volunteers|nurses|doctors|salespeople|recruiters|accountants|coaches|cleaners|operators|dispatchers|inspectors|planners|buyers|stylists|therapists|tutors|trainers|mechanics|crews?|admins|bookkeepers|assistants|editors|writers|marketers|designers)$/;

/** People a message goes to ("every supplier", "all parents"). */
const RECIPIENTS =
  /^(?:customers?|clients?|contacts?|suppliers?|members?|users?|people|subscribers?|recipients?|candidates?|employees?|students?|parents?|tenants?|vendors?|leads?|attendees?|participants?|volunteers?|donors?|guests?|partners?|prospects?|patients?)$/;

const WRITES_SUMMARY =
  /^\W*(?:write|create|generate|make|produce|draft|prepare|compose)\w*\s+(?:(?:a|an|the|one|short|brief|quick|concise|simple|clear|small|nice|daily|weekly|monthly|executive|\d{1,2}[- ](?:line|sentence|bullet|paragraph))\s+){0,3}(?:summary|summaries|recap|tl;?dr)\b/;

/** The AI jobs a clause asks for: its verb's, then other jobs its nouns name ("posts with … image creation"). */
function tasksOf(word: string | undefined, m: Mentions, clauseWords: string): AiTask[] {
  const nouns = m.aiNouns.map((n) => n.task);
  let first = (word ? aiVerbTask(word) : undefined) ?? nouns[0];
  if (!first) return [];
  const objectWords = clauseWords.split(' ').slice(0, 6).join(' ');
  if (
    first === 'write' &&
    /\b(?:images?|pictures?|photos?|thumbnails?|illustrations?|artwork|logos?|visuals?)\b/.test(objectWords)
  )
    first = 'image';
  if (
    first === 'write' &&
    /\b(?:voice|audio|speech|podcast|voiceover)\b/.test(objectWords) &&
    !/\btranscri/.test(clauseWords)
  )
    first = 'speech';
  if ((first === 'analyse' || first === 'extract') && /\bsentiment\b/.test(clauseWords)) first = 'sentiment';
  // "write a short summary": the summary is what is written, one job.
  if (first === 'write' && WRITES_SUMMARY.test(objectWords)) first = 'summarise';
  // "read merchant and amount from the image", "describe what is in the photo": the picture is read, not made.
  const seen =
    /\b(?:from|in|on|of)\s+(?:the\s+|each\s+|this\s+|that\s+|an?\s+|their\s+|its\s+)?(?:images?|photos?|pictures?|screenshots?|scans?)\b/.test(
      clauseWords,
    ) && !/\b(?:generate|create|make|draw|design|render)\w*\b/.test(clauseWords);
  if (seen && first === 'image') first = 'ocr';
  const tasks = [first];
  // "summarise the transcript": a transcript that exists already is what the job reads, not a job of its own.
  const givenTranscript = /\b(?:the|its|their|this|that|each|every)\s+(?:call\s+|meeting\s+)?transcripts?\b/.test(
    clauseWords,
  );
  for (const n of nouns)
    if (
      !tasks.includes(n) &&
      !(n === 'transcribe' && givenTranscript) &&
      n !== 'agent' &&
      !(seen && n === 'image') &&
      (n === 'image' || n === 'transcribe' || n === 'speech' || n === 'ocr' || n === 'summarise' || n === 'translate')
    )
      tasks.push(n);
  if (first === 'agent' || nouns.includes('agent'))
    return ['agent', ...tasks.filter((t) => t !== 'agent' && (t === 'image' || t === 'transcribe' || t === 'speech'))];
  return tasks;
}

/** Which providers have a node for a media job (the rest do text): a model named for an image goes to a text step. */
function canDo(provider: Model['provider'], task: AiTask): boolean {
  if (task === 'image' || task === 'transcribe') return provider === 'openai' || provider === 'gemini';
  if (task === 'speech') return provider === 'openai';
  return true;
}

const ATTRIBUTE_STOP = /^(?:data|information|info|details|text|content|it|them|the|key|relevant|all|important)$/;

function attributesOf(words: string): string[] {
  const m =
    /\b(?:extract|pull|pulls|grab|grabs|capture|captures|parse|parses|get|gets|read|reads|find|finds)\w*\s+(?:out\s+)?(?:the\s+|their\s+|its\s+)?(?!(?:with|from|using|via|by|of|for|and|to)\b)([a-z][a-z ,&-]+?)\s+(?:from|out of)\b/.exec(
      words,
    ) ??
    /\bextract\w*\s+(?:the\s+|their\s+|its\s+)?(?!(?:with|from|using|via|by|of|for|and|to)\b)([a-z][a-z ,&-]+?)(?:\s+(?:from|with|using|via|out|and (?:then|save|send|add|create|store|post))\b|$)/.exec(
      words,
    );
  // "the merchant, date, total and VAT are extracted from it": the fields, said before the passive.
  const passive = m
    ? null
    : /(?:^|\b(?:then|and|so)\s+)(?:the\s+|their\s+|its\s+)?([a-z][a-z ,&-]+?)\s+(?:are|is|get|gets|should be|must be|to be|will be)\s+(?:automatically\s+)?extracted\b/.exec(
        words,
      );
  if (passive?.[1])
    return passive[1]
      .split(/\s*(?:,|\band\b|&)\s*/)
      .map((a) => a.trim().replace(/^(?:the|their|its)\s+/, ''))
      .filter((a) => a && !ATTRIBUTE_STOP.test(a) && a.split(' ').length <= 3);
  if (!m?.[1]) return [];
  // "get the orders from Shopify" names no attributes; "pull the amount and due date out of it" does.
  if (!/^extract/.test(m[0]) && !/,|\band\b|&/.test(m[1])) return [];
  return m[1]
    .split(/\s*(?:,|\band\b|&)\s*/)
    .map((a) => a.trim().replace(/^(?:the|their|its)\s+/, ''))
    .filter((a) => a && !ATTRIBUTE_STOP.test(a) && a.split(' ').length <= 3);
}

export function routesOf(text: string): string[] {
  // "sort them in 'urgent pain', 'appointment change', 'other'": quoted names, commas alone between them.
  const quoted =
    /\b(?:as|into|in|between|to)\s+(?:either\s+)?((?:['"‘“][^'"’”\n]{1,40}['"’”]\s*(?:,|\bor\b|\band\b|\/)\s*(?:or\s+|and\s+)?){1,7}['"‘“][^'"’”\n]{1,40}['"’”])/i.exec(
      text,
    );
  if (quoted?.[1]) {
    const names = [...quoted[1].matchAll(/['"‘“]([^'"’”\n]{1,40})['"’”]/g)].map((q) => q[1]!.trim());
    if (names.length >= 2) return names.map((n) => n.replace(/^./, (c) => c.toUpperCase()));
  }
  const m =
    /\b(?:as|into|in|between|to)\s+(?:either\s+)?([a-z][\w-]*(?: (?!(?:or|and|with|using|via|by|from|to|in|on|for|into|then|if|when|so|but)\b)[a-z][\w-]*)?(?:\s*[,/]\s*[a-z][\w-]*(?: (?!(?:or|and|with|using|via|by|from|to|in|on|for|into|then|if|when|so|but)\b)[a-z][\w-]*)?)*(?:\s*,?\s+(?:or|and)\s+|\s*\/\s*)(?!(?:then|also|finally|next|after|afterwards)\b)[a-z][\w-]*(?: (?!(?:or|and|with|using|via|by|from|to|in|on|for|into|then|if|when|so|but)\b)[a-z][\w-]*)?)\b/i.exec(
      text,
    );
  if (!m?.[1]) return [];
  const names = m[1].split(/\s*(?:,|\bor\b|\band\b|\/)\s*/).filter(Boolean);
  // "send a message to Slack and an email to finance": a new thing sent ("an email"), not a second outcome.
  if (names.some((n) => /^an?\s+(?:e-?mail|message|sms|text|alert|notification|ping|dm|note|reminder)\b/i.test(n)))
    return [];
  return names.length >= 2 && names.length <= 8 ? names.map((n) => n.replace(/^./, (c) => c.toUpperCase())) : [];
}

/** The AI step a clause asks for. */
export function aiStep(given: AiTask, phrase: string, m: Mentions, ctx: ReadContext, words: string): AiStep {
  // "homework helper chat — Mistral model with Wikipedia and a calculator as tools": a model given tools is an agent.
  // "Mistral model with Wikipedia and a calculator as tools": a model given tools is an agent; "Planning agent: I give
  // it a goal in the chat, …, returns a JSON plan": the chat's answering model is the agent.
  const tooled = (given === 'analyse' || given === 'write') && /\btools?\b/.test(words) && agentTools(words).length > 0;
  const chatAgent =
    (given === 'analyse' || given === 'write' || given === 'extract') &&
    ctx.chat &&
    /\bagent\b/i.test(ctx.original) &&
    !ctx.aiTasks.includes('agent');
  const task: AiTask = tooled || chatAgent ? 'agent' : given;
  const named = m.models.some((x) => !ctx.usedModels.has(x.from) && canDo(x.model.provider, task))
    ? useModel(ctx, { ...m, models: m.models.filter((x) => canDo(x.model.provider, task)) })
    : undefined;
  const step: AiStep = {
    kind: 'ai',
    task,
    model: named ?? { provider: 'openai' },
    job: phrase,
    tools: [],
    memory: false,
    phrase,
  };
  if (!named) ctx.defaulted.add(step);
  ctx.aiTasks.push(task);
  if (task === 'extract') {
    // The phrase keeps the commas of a list ("the supplier, date and total") that the clause's words drop.
    const listed = /,/.test(phrase) ? attributesOf(phrase.toLowerCase()) : [];
    const attributes = listed.length ? listed : attributesOf(words);
    step.attributes = attributes.length ? attributes : ['name', 'email', 'summary'];
  }
  if (task === 'classify') {
    // "AI inbox triage for Gmail - label every email as Sales / Support / Billing / Spam": the categories may come
    // later in the sentence than the job.
    const at = ctx.original.indexOf(phrase);
    const rest = at >= 0 ? ctx.original.slice(at).split(/[.!?\n]/)[0]! : phrase;
    const names = routesOf(phrase).length ? routesOf(phrase) : routesOf(rest);
    if (names.length) step.routes = names.map((name) => ({ name, steps: [] }));
  }
  if (task === 'agent') {
    const request = ctx.original.toLowerCase();
    step.memory = ctx.chat || /\b(?:remember|memory|conversation|chat|follow-?up)\b/.test(words);
    // "Give it tools to query …, search the web with SerpAPI and do calculations": the agent's tools, said anywhere.
    const said = /\b(?:tools?|able to|can|should|could|lets? it|allow it to)\b/.test(request) ? request : words;
    step.tools = agentTools(words);
    for (const tool of agentTools(said)) if (!step.tools.some((t) => t.kind === tool.kind)) step.tools.push(tool);
    // "store the chat history in Postgres": the memory is kept in that database.
    const kept =
      /\b(?:chat history|conversation history|history|memory|conversations?)\b[^.]{0,40}?\b(postgres\w*|redis|mongo\w*)\b/.exec(
        request,
      ) ?? /\b(postgres\w*|redis|mongo\w*)\b[^.]{0,30}?\b(?:chat )?(?:memory|history)\b/.exec(request);
    if (kept?.[1]) {
      step.memory = true;
      step.memoryStore = kept[1].startsWith('postgres')
        ? 'postgres'
        : kept[1].startsWith('mongo')
          ? 'mongodb'
          : 'redis';
    }
  }
  return step;
}

function agentTools(words: string): AgentTool[] {
  const tools: AgentTool[] = [];
  if (/\bcalculat|\bmath\b|\barithmetic\b/.test(words)) tools.push({ kind: 'calculator' });
  if (/\bwikipedia\b/.test(words)) tools.push({ kind: 'wikipedia' });
  if (
    /\b(?:search (?:the )?(?:web|internet|online)|web search|google search|internet search|browse the web|search online|serp ?api)\b/.test(
      words,
    )
  )
    tools.push({ kind: 'web_search' });
  if (/\b(?:call|query|use) (?:an? |the )?(?:http|rest )?apis?\b|\bhttp (?:request|tool)\b/.test(words))
    tools.push({ kind: 'http' });
  if (/\brun (?:js |javascript |python )?code\b|\bcode tool\b/.test(words)) tools.push({ kind: 'code' });
  // "it thinks step by step (use the Think tool)": n8n's Think tool, a scratchpad the agent writes its reasoning to.
  if (/\bthink tool\b/.test(words)) tools.push({ kind: 'think' });
  return tools;
}

function genericApp(kind: GenericKind, ctx: ReadContext, said: string, sending: boolean): string {
  if (kind === 'email' && ctx.mailApp) return ctx.mailApp;
  // "read the Excel sheet Roster … write them to the Errors sheet": the spreadsheet app the request uses.
  const sheet = kind === 'sheet' ? ctx.mentions.apps.find((a) => SHEET_APPS.test(a.app.key))?.app.key : undefined;
  if (sheet) return sheet;
  const info = GENERIC_DEFAULTS[kind];
  if (!ctx.choices.some((c) => c.said.toLowerCase() === said.toLowerCase()))
    ctx.choices.push({ said, chose: info.chose, change: info.change });
  return kind === 'email' && !sending ? 'emailSend' : info.app;
}

const CORE_TYPES = /^(?:httpRequest|emailSend|emailReadImap|n8n)$/;

/** Chat apps a message to a person may go through when the request uses one and no mail app. */
const PERSON_CHAT = /^(?:slack|microsoftTeams|discord|telegram|mattermost|googleChat|rocketchat|zulip|whatsApp)$/;

/** A message to a person the request names: a text by SMS, else its mail app, else its chat app, else e-mail. */
function toPerson(ctx: ReadContext, phrase: string, texted: boolean): Step {
  const chat = ctx.mentions.apps.find((a) => PERSON_CHAT.test(a.app.key))?.app.key;
  const sms = ctx.mentions.apps.find((a) => SMS_APPS.test(a.app.key))?.app.key;
  const app = texted
    ? (sms ?? genericApp('sms', ctx, 'text message', true))
    : (ctx.mailApp ?? chat ?? genericApp('email', ctx, 'e-mail', true));
  return { kind: 'app', app, verb: 'send', hints: {}, phrase };
}

/** What a model writes: a clause that creates one of these may be an AI job ("create a caption"). */
const CONTENT =
  /\b(?:posts?|e-?mails?|messages?|captions?|summar\w+|repl(?:y|ies)|descriptions?|texts?|articles?|content|copy|blogs?|tweets?|newsletters?|stor(?:y|ies)|titles?|bios?|responses?|answers?|reports?|proposals?|letters?|headlines?|scripts?|outlines?|drafts?|ideas?|images?|pictures?|thumbnails?|illustrations?|slogans?|taglines?|digests?|briefs?|quizz?\w*|poems?|jokes?|translations?)\b/;

const SEND_GENERIC = new Set<GenericKind>(['email', 'chat', 'sms']);

/** Apps of a generic noun's kind: when the request names one, the noun is that app, not its default. */

/** Stores that keep files in buckets, whose first resource is the bucket itself. */
const BUCKET_STORES = /^googleCloudStorage$/;

/** Apps that send text messages ("an SMS via Vonage"). */
export const SMS_APPS = /^(?:twilio|vonage|messageBird|plivo|sms77|msg91|mocean|sinch|clickSend|textmagic|telnyx)$/;

/** Apps that keep rows and columns: "the sheet" of a clause that names one is that app's. */
const SHEET_APPS =
  /^(?:googleSheets|microsoftExcel|airtable|baserow|nocoDb|seaTable|grist|coda|stackby|smartsheet|dataTable|notion)$/;

/** Meeting apps that keep a call's recording and transcript. */
const MEETING_APPS = /^(?:zoom|microsoftTeams|ciscoWebex|goToWebinar|googleMeet)$/;

const TRANSLATORS = /^(?:deepL|googleTranslate|lingvaNex)$/;

/** Steps for the apps and generic nouns of one clause, in the order data flows: sources, the work, destinations. */
/** What an arrow leads to that is read there, not made: "-> Postgres query", "→ the Stripe report". */
const READ_NOUN = /^(?:query|queries|lookup|search|list|lists|report|reports|data|stats|metrics|feed|export|api)$/;

/** "in a Google Sheet", "on our Airtable": the place an app is named as, after "in" or "on". */
/** A call to an app's own API, for an app n8n has no node to do that with (the user fills in the URL). */
function apiCall(ref: AppRef, method: 'GET' | 'POST', phrase: string): Step {
  return { kind: 'http', url: null, method, api: `${ref.app.name} API`, system: ref.app.name, phrase };
}

function heldIn(tokens: Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && DETERMINER.test(tokens[k]!.lower)) k--;
  return /^(?:in|on|inside)$/.test(tokens[k]?.lower ?? '');
}

export function clauseSteps(from: number, to: number, ctx: ReadContext): Step[] {
  const { tokens } = ctx;
  // "verifies it with Hunter and responds to the caller with …": the work, then the answer to the webhook's caller.
  if (ctx.triggerKind === 'webhook') {
    const at = tokens.findIndex(
      (t, i) =>
        i > from &&
        i < to &&
        /^(?:respond|responds|responding|reply|replies|return|returns|answers?)$/.test(t.lower) &&
        /^(?:and|then|,)$/.test(tokens[i - 1]?.lower ?? ''),
    );
    const rest = at > 0 ? within(ctx.mentions, at, to) : null;
    // Only a bare answer is split off (reading a part marks its apps as used).
    if (
      rest &&
      !rest.apps.length &&
      !rest.models.length &&
      !rest.aiWords.length &&
      !rest.aiNouns.length &&
      !rest.generics.length
    ) {
      const answer = clauseSteps(at, to, ctx);
      if (answer.length === 1 && answer[0]!.kind === 'respond') return [...clauseSteps(from, at - 1, ctx), ...answer];
    }
  }
  const m = outside(within(ctx.mentions, from, to), ctx.used);
  const phrase = spanText(ctx.original, tokens.slice(from, to));
  const words = tokens
    .slice(from, to)
    .filter((t) => t.kind === 'word')
    .map((t) => t.lower)
    .join(' ');
  // "Zoom sends us a webhook when the recording is finished. Then get the transcript": the meeting app keeps the
  // transcript; it is fetched from its API, not made by a model.
  if (
    /^(?:(?:and|then)\s+)?(?:get|fetch|download|pull|grab|retrieve)\s+(?:the|its|their)\s+(?:meeting\s+|call\s+|recording\s+)?transcripts?$/.test(
      words,
    )
  ) {
    const meeting = ctx.mentions.apps.find((a) => MEETING_APPS.test(a.app.key));
    if (meeting)
      return [
        { kind: 'http', url: null, method: 'GET', api: `${meeting.app.name} API`, system: meeting.app.name, phrase },
      ];
  }
  // "We use outlook.", "we're on HubSpot", "We're an MSP using HaloPSA": which apps the request means, said as a fact,
  // is no step.
  if (
    (/^(?:(?:and|but|also)\s+)?(?:we|i)\s+(?:use|are using|'re using|re using|am using|'m using|are on|'re on|re on|have)\s+(?:\w+\s+){0,3}$/.test(
      `${words} `,
    ) ||
      /^(?:we|i)\s*(?:are|'re|re|am|'m)\s+(?:an?\s+)?(?:[\w-]+\s+){1,4}?(?:using|(?:that|who|which)\s+uses?|(?:that|who|which)\s+runs?\s+on|running|on)\s+(?:\w+\s+){0,3}$/.test(
        `${words} `,
      )) &&
    m.apps.length > 0 &&
    m.apps.every((a) => a.from > from)
  )
    return [];
  const said = headVerb(tokens, from, to, m.apps);
  // "tag @oncall-data in the message", "mention @channel": a person named in a message sent, not an item changed.
  const head =
    said &&
    /^(?:tag|mention|ping)$/.test(said.word) &&
    tokens.slice(from, to - 1).some((t, k) => t.text === '@' && tokens[from + k + 1]!.joined)
      ? { ...said, cls: 'send' as const }
      : said;
  const cls = head?.cls;
  const hints = hintsOf(phrase, tokens.slice(from, to));
  const sources: Step[] = [];
  const work: Step[] = [];
  const outputs: Step[] = [];
  // "I tried the ClickUp trigger": the trigger named again, not another step.
  const apps = m.apps.filter(
    (a) =>
      !ctx.usedApps.has(a.from) &&
      !(a.app.key === ctx.triggerApp && /^(?:trigger|triggers|node)$/.test(tokens[a.to]?.lower ?? '')),
  );
  // "… into the finance sheet": a preposition of `prep` shortly before a generic noun.
  const preceded = (g: { from: number }, prep: RegExp) =>
    tokens.slice(Math.max(from, g.from - 4), g.from).some((t) => prep.test(t.lower));
  // A generic store the clause's items go into.
  const intoGeneric = m.generics.some(
    (g) => (g.kind === 'sheet' || g.kind === 'database') && preceded(g, /^(?:into|to|onto)$/),
  );
  const app = (ref: AppRef, said0: Verb, said?: string): Step => {
    ctx.usedApps.add(ref.from);
    // "run `SELECT id, email FROM users …` on our Postgres": a query that selects reads.
    const verb: Verb =
      said0 !== 'read' && said0 !== 'search' && /^\s*(?:SELECT|WITH)\b/i.test(hints.text ?? '')
        ? 'read'
        : intoChat(ref, said0)
          ? 'send'
          : said0;
    // "send it to the Slack channel": the channel is where the message goes, not what is sent.
    // "deactivate them in Slack", "suspend their Okta account": what is switched off is a user.
    // "an issue in our Taiga project": the project is where the issue goes, the issue what is made.
    const before = itemsBefore(tokens, ref, from, verb === 'create');
    const named =
      (said && before && CONTAINERS.test(said) ? before : said) ??
      before ??
      (/^(?:deactivate|reactivate|activate|suspend|unsuspend|disable|enable|block|unblock|lock|unlock|offboard|deprovision)$/.test(
        head?.word ?? '',
      )
        ? 'user'
        : undefined);
    // "add the buyer to ConvertKit": a person added to a mailing list app is its subscriber.
    const person =
      !named &&
      verb === 'create' &&
      head &&
      head.index < ref.from &&
      tokens
        .slice(head.index + 1, ref.from)
        .some((t) => RECIPIENTS.test(t.lower) || /^(?:buyers?|them|him|her|person|customer|signups?)$/.test(t.lower)) &&
      ref.app.operations.some((o) => /subscriber/i.test(o.resource ?? ''))
        ? 'subscriber'
        : undefined;
    // "upload the photos to the Google Drive folder": what is uploaded is a file, put in that folder.
    const noun =
      person ??
      (verb === 'send' && named && PLACES.test(named)
        ? undefined
        : // "add it to our 'clinic' google calendar": an event on the calendar ("create a calendar" makes one).
          named === 'calendar' && verb === 'create' && !/\b(?:new|a|an)\s+calendars?\b/i.test(phrase)
          ? 'event'
          : /^(?:upload|save|store|put|drop|copy|move|archive|back ?up)$/.test(head?.word ?? '') &&
              (/^(?:folder|directory|drive|bucket|space)$/.test(named ?? '') ||
                // "upload it to the Google Cloud Storage bucket backups": a file into a file store.
                (!named && BUCKET_STORES.test(ref.app.key) && verb === 'create')) &&
              // "save the pdf to the Drive folder 'Invoices'": a file into the folder ("create a folder" makes one).
              !/\b(?:new|a|an)\s+(?:sub)?folders?\b/i.test(phrase)
            ? 'file'
            : named);
    // "add them to our 'Welcome' list in Klaviyo through the Klaviyo API": an app n8n knows only as a community node,
    // reached through the API the user names, is called with an HTTP Request (nothing to install).
    const api = ref.app.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (
      ref.app.community &&
      new RegExp(
        String.raw`\b(?:the|their|its)\s+${api}\s+(?:rest\s+|private\s+)?api\b|\b${api}'s\s+(?:rest\s+|private\s+)?api\b|\b(?:through|via|using|with)\s+(?:the|their|its)\s+api\b`,
      ).test(ctx.original.toLowerCase())
    )
      return {
        kind: 'http',
        url: null,
        method: verb === 'read' || verb === 'search' ? 'GET' : 'POST',
        api: `${ref.app.name} API`,
        system: ref.app.name,
        phrase,
      };
    // "deactivate them in Slack": an app whose node cannot change a user's account is called through its API.
    if (
      noun === 'user' &&
      verb === 'update' &&
      !ref.app.operations.some(
        (o) =>
          /^(?:user|member|account|employee)s?$/i.test(o.resource ?? '') &&
          /^(?:update|deactivate|suspend|disable|block)$/i.test(o.operation),
      )
    )
      return { kind: 'http', url: null, method: 'POST', api: `${ref.app.name} API`, system: ref.app.name, phrase };
    // "archive the Trello card": where the app has no archive of its own for the item, the item is kept, marked
    // archived (closed), not deleted.
    if (verb === 'delete' && head?.word === 'archive' && !archives(ref.app.key, noun ?? ''))
      return {
        kind: 'app',
        app: ref.app.key,
        verb: 'update',
        ...(noun ? { noun } : {}),
        hints: { ...hints, archive: true },
        phrase,
      };
    return { kind: 'app', app: ref.app.key, verb, ...(noun ? { noun } : {}), hints, phrase };
  };

  /**
   * "paste the links into our #mentions Slack channel", "add it to the #general channel": what is put into a chat's
   * channel is a message in it (not "create a channel for the client", nor "add the new hire to #general").
   */
  function intoChat(ref: AppRef, verb: Verb): boolean {
    if ((verb !== 'create' && verb !== 'update') || !MESSAGING.test(ref.app.key) || !head) return false;
    const place = tokens
      .slice(ref.to, Math.min(to, ref.to + 2))
      .concat(tokens.slice(Math.max(from, ref.from - 3), ref.from))
      .find((t) => PLACES.test(t.lower));
    if (!place) return false;
    const between = tokens.slice(head.index + 1, Math.min(ref.from, to)).map((t) => t.lower);
    const at = between.findIndex((w) => /^(?:to|into|in|on|onto)$/.test(w));
    if (at < 0) return false;
    const object = between.slice(0, at);
    return (
      !object.some((w) => /^(?:new|private|public|a|an)$/.test(w) || PLACES.test(w)) &&
      !object.some((w) => PERSON.test(w))
    );
  }

  // Files, URLs and data steps the clause asks for (extract a PDF, call an API, filter, aggregate, code).
  const files = fileSteps(words, ctx.original.toLowerCase(), tokens.slice(from, to));
  work.push(...files);
  // "rename the columns with the Set node", "call it with an Execute Workflow node": the node the clause names.
  for (const n of m.nodes) {
    // "Summarize node to total distance and moving time, and push …": what it totals may run past the clause's "and".
    const said =
      n.kind === 'summarize'
        ? ctx.original.slice(tokens[n.from]!.start).split(/[.;!?\n]|,\s*(?:and\s+|then\s+)?(?=[a-z]+\b)/i)[0]!
        : phrase;
    const step = namedStep(n.kind, said);
    if (!step || ctx.usedNodes.has(n.from)) continue;
    ctx.usedNodes.add(n.from);
    if (!work.some((w) => buildsNamed(w, n.kind))) work.push(step);
    // "convert it to JSON" from XML: the XML node converts; no file is made.
    if (n.kind === 'xml') for (let k = work.length - 1; k >= 0; k--) if (work[k]!.kind === 'convert') work.splice(k, 1);
  }
  // "read all files in /var/backups on the n8n server, zip them": the files stay files; nothing reads their text.
  if (
    work.some((w) => w.kind === 'node' && (w.node === 'compression' || w.node === 'readFiles')) &&
    !/\b(?:text|contents?|parse|extract)\b/.test(words)
  )
    for (let i = work.length - 1; i >= 0; i--) {
      const w = work[i]!;
      if (w.kind === 'extract' && w.format === 'text') work.splice(i, 1);
    }

  // "I want to get a message in Slack when …", "we should receive an alert on Telegram": someone is sent it.
  const notified =
    head !== null &&
    /^(?:get|gets|getting|receive|receives|receiving)$/.test(tokens[head.index]!.lower) &&
    /^(?:an?|one)$/.test(tokens[head.index + 1]?.lower ?? '') &&
    tokens
      .slice(head.index + 2, head.index + 5)
      .some((t) =>
        /^(?:message|notification|alert|ping|dm|text|sms|email|reminder|heads-up|notice|summary|digest|report|update|note)$/.test(
          t.lower,
        ),
      );
  // "All bookings are logged in a Google Sheet", "our leads are kept in Airtable": where the items already are (a
  // present passive with no "should" or "will"), read from there, not written to.
  const keptState =
    head !== null &&
    (cls === 'create' || cls === 'update') &&
    /^(?:are|is)$/.test(tokens[head.index - 1]?.lower ?? '') &&
    /(?:ed|ept|ored)$/.test(tokens[head.index]!.lower) &&
    /^(?:in|into|on)$/.test(tokens[head.index + 1]?.lower ?? '') &&
    !/^(?:should|will|must|can|to|then|also|automatically)$/.test(tokens[head.index - 2]?.lower ?? '') &&
    /^(?:all|our|the|their|my|existing|past)$/.test(tokens[from]?.lower ?? '') &&
    !tokens.slice(from, head.index).some((t) => /^(?:new|every|each|incoming)$/.test(t.lower));
  // "Our sales reps log calls in Salesforce", "the drivers record each delivery in Airtable": what people do there
  // already, by hand, is where the items are (the workflow reads them), unless the clause asks for it.
  const peopleDo =
    !keptState &&
    (head === null || cls === 'create' || cls === 'update') &&
    /^(?:our|the|my|all)$/.test(tokens[from]?.lower ?? '') &&
    tokens
      .slice(from + 1, Math.min(to, from + 4))
      .some(
        (t, k, all) =>
          PEOPLE.test(t.lower) &&
          /^(?:log|logs|enter|enters|record|records|add|adds|create|creates|track|tracks|keep|keeps|put|puts|write|writes|file|files|save|saves|update|updates)$/.test(
            (all[k + 1] ?? tokens[from + 2 + k])?.lower ?? '',
          ),
      ) &&
    !tokens
      .slice(from, to)
      .some((t) => /^(?:should|will|must|want|wants|need|needs|please|new|when|whenever|if)$/.test(t.lower));
  const kept = keptState || peopleDo;
  // "I have about 400 former students in a Google Sheet", "we keep our customers in Airtable": what the user already
  // holds there, read from there.
  // ("Our product descriptions are in English in an Airtable base": where they are, said with no verb.)
  const lying =
    head === null &&
    /^(?:our|the|all|my|their)$/.test(tokens[from]?.lower ?? '') &&
    tokens.slice(from, to).some((t, k) => /^(?:are|is)$/.test(t.lower) && k > 0 && k < 6) &&
    !tokens
      .slice(from, to)
      .some((t) => /^(?:new|every|each|incoming|whenever|when|if|should|will|must)$/.test(t.lower));
  const held =
    lying ||
    (/^(?:i|we)$/.test(tokens[from]?.lower ?? '') &&
      /^(?:have|keep|store|maintain|hold|got)$/.test(
        (/^(?:already|also|currently|still)$/.test(tokens[from + 1]?.lower ?? '') ? tokens[from + 2] : tokens[from + 1])
          ?.lower ?? '',
      ) &&
      tokens.slice(from, to).some((t) => /^(?:in|on|inside)$/.test(t.lower)) &&
      !tokens.slice(from, to).some((t) => /^(?:new|every|each|incoming|whenever|when|if|another|both)$/.test(t.lower)));
  // "write the translations back into Airtable": the records read before, changed.
  const storedBack =
    /\b(?:write|writes|put|puts|save|saves|store|stores|push|pushes|sync|syncs|add|adds)\s+(?:[\w'-]+\s+){0,3}?back\s+(?:in|into|to|on)\b/.test(
      words,
    );
  const verb: Verb | undefined = notified
    ? 'send'
    : kept
      ? 'read'
      : storedBack && cls === 'create'
        ? 'update'
        : cls === 'send' ||
            cls === 'create' ||
            cls === 'update' ||
            cls === 'delete' ||
            cls === 'read' ||
            cls === 'search'
          ? cls
          : undefined;
  for (const ref of apps) {
    // "generate a LinkedIn post with GPT-4", "draft a Slack message": the kind of text a model writes, no step in
    // that app (a later clause that posts it makes one).
    if (
      (cls === 'ai' || /^(?:generate|write|draft|compose)$/.test(head?.word ?? '')) &&
      head &&
      head.index < ref.from &&
      /^(?:a|an|the)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
      head.index >= ref.from - 3 &&
      /^(?:posts?|tweets?|messages?|captions?|updates?|articles?|threads?|replies|reply|emails?|newsletters?|descriptions?)$/.test(
        tokens[ref.to]?.lower ?? '',
      ) &&
      !tokens.slice(ref.to, to).some((t) => /^(?:and|then)$/.test(t.lower)) &&
      // (Only when the request says where the text goes instead: "… and save it as a draft in Notion".)
      ctx.mentions.apps.some((a) => a.from >= ref.to && a.app.key !== ref.app.key && a.app.key !== ctx.triggerApp)
    ) {
      ctx.usedApps.add(ref.from);
      continue;
    }
    // "Any SKU that isn't found in Shopify should be logged to …": where the items were looked for, no step here.
    if (
      /^(?:in|on)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
      /^(?:found|matched|exists?|listed|present)$/.test(tokens[ref.from - 2]?.lower ?? '') &&
      // ("for all active clients listed in Airtable": where they are kept, read; "not listed in Shopify": looked for.)
      (tokens[ref.from - 2]!.lower !== 'listed' ||
        /^(?:not|isn't|aren't|never|n't)$/.test(tokens[ref.from - 3]?.lower ?? '')) &&
      apps.length > 1
    ) {
      ctx.usedApps.add(ref.from);
      continue;
    }
    // "send me a Gmail with all Pipedrive deals that …": the items the message lists, read first.
    const listed =
      verb === 'send' &&
      apps.length > 1 &&
      /^(?:with|of|listing|containing)$/.test(
        (/^(?:all|the|every|our|my|any)$/.test(tokens[ref.from - 1]?.lower ?? '')
          ? tokens[ref.from - 2]
          : tokens[ref.from - 1]
        )?.lower ?? '',
      ) &&
      Boolean(keptNoun(tokens[ref.to]?.lower ?? '', ref.app.key));
    if (listed) {
      sources.push(app(ref, 'read', keptNoun(tokens[ref.to]!.lower, ref.app.key)));
      continue;
    }
    if ((kept || (held && heldIn(tokens, ref.from))) && !CORE_TYPES.test(ref.app.key)) {
      sources.push(app(ref, 'read'));
      continue;
    }
    // Core nodes named by their type: an HTTP call, an e-mail, or a trigger (read by the trigger).
    if (ref.app.key === 'httpRequest') {
      ctx.usedApps.add(ref.from);
      const url = tokens.slice(from, to).find((t) => t.kind === 'url')?.text ?? null;
      // "scrape the prices from a few websites, with HTTP Request + the HTML node": how the call before is made.
      const how = !url && ctx.madeHttp && roleOf(ctx, ref, cls, from) === 'instrument';
      if (!files.some((f) => f.kind === 'http') && !how)
        work.push({
          kind: 'http',
          url,
          method: verb === 'send' || verb === 'create' ? 'POST' : 'GET',
          api: 'the API',
          phrase,
        });
      continue;
    }
    // "log the hours to Toggl": an app n8n only has a trigger for is written to through its API (an HTTP Request),
    // when the clause orders it ("someone cancels a booking in Calendly" is the app's event).
    if (
      !ref.app.action &&
      ref.app.key !== ctx.triggerApp &&
      (verb === 'create' || verb === 'update') &&
      head?.index === firstWordAt(tokens, from, to) &&
      tokens[head.index]?.lower === head.word &&
      !/^(?:someone|somebody|anyone|a|an|the|they|we|i|he|she|customers?|users?|people)$/.test(
        tokens[head.index - 1]?.lower ?? '',
      ) &&
      roleOf(ctx, ref, cls, from) === 'destination'
    ) {
      ctx.usedApps.add(ref.from);
      outputs.push(apiCall(ref, 'POST', phrase));
      continue;
    }
    // "every Friday export last week's Toggl time entries to a Google Sheet": an app n8n only has a trigger for is
    // read through its API (an HTTP Request) where something else starts the run.
    if (
      !ref.app.action &&
      ref.app.trigger &&
      !ref.app.community &&
      ref.app.key !== ctx.triggerApp &&
      // (Not the mailbox an e-mail trigger reads: "grab the attachment from our IMAP inbox".)
      !/^(?:emailReadImap|rssFeedRead)/.test(ref.app.key) &&
      // (Nor an API the clause calls by its address: "pull all candidates from the Workable API (https://…)".)
      !tokens.slice(from, to).some((t) => t.kind === 'url') &&
      head &&
      head.index === firstWordAt(tokens, from, to) &&
      (verb === 'read' ||
        verb === 'search' ||
        /^(?:export|sync|copy|backup|back|archive|dump|pull|fetch|get|grab|collect)$/.test(head.word)) &&
      /^(?:source|object)$/.test(roleOf(ctx, ref, cls, from))
    ) {
      ctx.usedApps.add(ref.from);
      sources.push(apiCall(ref, 'GET', phrase));
      continue;
    }
    // "someone who knows n8n", "we run n8n on Docker": n8n itself is a step only when its workflows, executions or
    // API are what the clause works on.
    if (
      !ref.app.action ||
      (ref.app.key === 'n8n' &&
        !/\b(?:workflows?|executions?|credentials?|audit|instance|api|tags?|variables?|projects?|errors?|failures?)\b/.test(
          words,
        ))
    ) {
      ctx.usedApps.add(ref.from);
      continue;
    }
    // "Have a Google Sheet with ~500 prospects", "we keep a Notion database of clients": where the items are.
    const had =
      tokens
        .slice(Math.max(from, ref.from - 3), ref.from)
        .some((t) => /^(?:have|has|had|got|maintain)$/.test(t.lower)) &&
      tokens.slice(ref.to, ref.to + 4).some((t) => /^(?:with|of|containing|listing|holding)$/.test(t.lower));
    const role = had ? 'source' : roleOf(ctx, ref, cls, from);
    const items = itemsAfter(tokens, ref);
    const kind = appKind(ref.app);
    // ("I want a Jira ticket opened and the account manager DM'd on Slack": the chat app is where a message goes.)
    if (head?.wished && verb === 'create' && kind === 'message' && role !== 'source') {
      outputs.push(app(ref, 'send'));
      continue;
    }
    if (
      notified &&
      (kind === 'message' || SMS_APPS.test(ref.app.key) || /^(?:gmail|microsoftOutlook)$/.test(ref.app.key))
    ) {
      outputs.push(app(ref, 'send'));
      continue;
    }
    // "subject contains 'Failed' -> Freshservice ticket", "new Typeform response -> HubSpot contact -> Slack": what an
    // arrow leads to with no verb is made there (a query, a report or a list there is read).
    if (!head && afterArrow(tokens, ref.from) && !READ_NOUN.test(tokens[ref.to]?.lower ?? '')) {
      outputs.push(
        app(
          ref,
          kind === 'message' || kind === 'publish' ? 'send' : defaultVerb(ref.app) === 'read' ? 'read' : 'create',
          items,
        ),
      );
      continue;
    }
    // "compare its transactions with the receipts in Airtable", "match them against the Postgres orders": the other
    // list is read.
    if (
      (kind !== 'message' ||
        // ("archive all Slack messages from #general into a Google Doc": the chat's messages are what is copied.)
        (/^(?:export|backup|back|archive|dump|copy)$/.test(head?.word ?? '') &&
          /^(?:messages?|posts?|threads?|history|conversations?)$/.test(tokens[ref.to]?.lower ?? ''))) &&
      (/^(?:compare|match|reconcile|cross-check|crosscheck)$/.test(head?.word ?? '') ||
        // "merge it with the employee bank details in MySQL": the other side of the merge is read, not written.
        // "export all rows of the 'general_ledger' table in Postgres to a CSV file": what is exported is read.
        (/^(?:export|dump|backup|back)$/.test(head?.word ?? '') &&
          /^(?:in|from|of|inside)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
          !tokens.slice(head!.index, ref.from).some((t) => /^(?:to|into|onto)$/.test(t.lower))) ||
        // "Sync our Airtable 'Content Calendar' table into a Notion database": the first place is read.
        // ("Back up our Notion pages to GitHub", "archive all Slack messages into a Google Doc": the copy's source.)
        (/^(?:sync|copy|mirror|replicate|migrate|transfer|export|backup|back|archive|dump)$/.test(head?.word ?? '') &&
          apps.length > 1 &&
          apps[0] === ref &&
          !/^(?:to|into|onto|with)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
          tokens.slice(ref.to, to).some((t) => /^(?:to|into|onto)$/.test(t.lower))) ||
        // "Keep a Google Sheet in sync with our Airtable base": the app kept up with is read.
        (/^(?:keep|keeps)$/.test(head?.word ?? '') &&
          tokens
            .slice(Math.max(from, ref.from - 4), ref.from)
            .some((t, k, all) => t.lower === 'sync' && all[k + 1]?.lower === 'with')) ||
        (/^(?:merge|join|combine)$/.test(head?.word ?? '') &&
          !/^(?:into|to|onto)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
          tokens.slice(head!.index, ref.from).some((t) => t.lower === 'with')))
    ) {
      sources.push(app(ref, 'read', items));
      continue;
    }
    // "Send our RFQ to every supplier in the Airtable table": the people it goes to are kept in the app, and it goes
    // by mail unless the clause names a channel.
    const at = /^(?:the|our|my|their)$/.test(tokens[ref.from - 1]?.lower ?? '') ? ref.from - 2 : ref.from - 1;
    if (
      verb === 'send' &&
      head &&
      kind !== 'message' &&
      kind !== 'publish' &&
      !SMS_APPS.test(ref.app.key) &&
      !MAIL_SENDERS.test(ref.app.key) &&
      /^(?:in|on|from)$/.test(tokens[at]?.lower ?? '') &&
      tokens.slice(head.index + 1, at).some(
        (t, k, a) =>
          (t.lower === 'to' || (k === 0 && /^(?:e-?mail|text|message|remind|notify)$/.test(head.word))) &&
          /^(?:each|every|all)$/.test((k === 0 && t.lower !== 'to' ? t : a[k + 1])?.lower ?? '') &&
          // ("email all inactive members in our Google Sheet": a state may stand before them.)
          (RECIPIENTS.test((k === 0 && t.lower !== 'to' ? a[k + 1] : a[k + 2])?.lower ?? '') ||
            RECIPIENTS.test((k === 0 && t.lower !== 'to' ? a[k + 2] : a[k + 3])?.lower ?? '')),
      )
    ) {
      sources.push(app(ref, 'read', items));
      if (!m.generics.some((g) => SEND_GENERIC.has(g.kind)) && !m.apps.some((a) => appKind(a.app) === 'message'))
        outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
      continue;
    }
    // ("create a Google Drive folder, a Slack channel and a Notion page": one of each made, not items read.)
    // ("export all new Zendesk tickets to a sheet": the new ones of many, read.)
    const made =
      verb === 'create' &&
      /^(?:a|an|new)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
      !/^(?:all|every|each|any|the|our|my|their|its)$/.test(tokens[ref.from - 2]?.lower ?? '');
    if (
      role === 'source' ||
      (items &&
        role === 'object' &&
        verb !== 'update' &&
        verb !== 'delete' &&
        !made &&
        kind !== 'message' &&
        (apps.length > 1 || intoGeneric))
    ) {
      sources.push(app(ref, verb === 'search' ? 'search' : 'read', items));
      continue;
    }
    // "run a query on our Postgres", "execute the sales report in Metabase": what runs there is read from it.
    if (
      role === 'destination' &&
      cls === 'umbrella' &&
      head &&
      tokens.slice(head.index + 1, ref.from).some((t) => READ_NOUN.test(t.lower) || /^(?:sql|select)$/.test(t.lower))
    ) {
      sources.push(app(ref, 'read', items));
      continue;
    }
    if (role === 'destination') {
      // "archived in Google Sheets", "moved to Notion": kept there, not deleted from it.
      const kept = verb === 'delete' && /^(?:archive|move|file|put)$/.test(head?.word ?? '');
      // "back up my workflows to GitHub", "export the invoices to Drive": a copy is kept there as a file.
      const copy = /^(?:backup|export|archive|dump)$/.test(head?.word ?? '') ? 'file' : undefined;
      // "load our wiki into a vector store": what goes into a store is inserted.
      const stored = /^vectorStore/.test(ref.app.key) ? 'create' : undefined;
      outputs.push(
        app(
          ref,
          verb && verb !== 'read' && verb !== 'search' && !kept ? verb : (stored ?? defaultVerb(ref.app)),
          items ?? copy,
        ),
      );
      continue;
    }
    if (role === 'instrument') {
      // "check through the ConvertKit API whether …", "look it up via Clearbit": the app is read.
      if (
        kind === 'fetch' ||
        (kind === 'other' && defaultVerb(ref.app) === 'read') ||
        (/^(?:check|look|lookup|query|fetch|pull|retrieve)$/.test(head?.word ?? '') &&
          /^(?:through|via)$/.test(
            tokens[ref.from - 1]?.lower === 'the'
              ? (tokens[ref.from - 2]?.lower ?? '')
              : (tokens[ref.from - 1]?.lower ?? ''),
          ))
      )
        sources.push(app(ref, 'read', items));
      else outputs.push(app(ref, kind === 'message' || kind === 'publish' ? 'send' : defaultVerb(ref.app), items));
      continue;
    }
    // "email me the open HubSpot deals", "post the Stripe payouts to Slack": what is sent is read from the app, and
    // the message goes by mail or chat.
    // "send me …", "send them the list": a message to people, with no channel named.
    // "send me …", "send each one our code of conduct PDF", "send every customer the letter": to people.
    const toSomeone =
      head?.word === 'send' &&
      (/^(?:me|us|him|her|them)$/.test(tokens[head.index + 1]?.lower ?? '') ||
        (/^(?:each|every|all)$/.test(tokens[head.index + 1]?.lower ?? '') &&
          (/^(?:one|ones|of)$/.test(tokens[head.index + 2]?.lower ?? '') ||
            RECIPIENTS.test(tokens[head.index + 2]?.lower ?? '')))) &&
      appKind(ref.app) !== 'message';
    const sentElsewhere =
      verb === 'send' &&
      role === 'object' &&
      kind !== 'message' &&
      kind !== 'publish' &&
      !SMS_APPS.test(ref.app.key) &&
      !MAIL_SENDERS.test(ref.app.key) &&
      !NEWSLETTERS.test(ref.app.key) &&
      (/^(?:email|e-mail|mail|text|sms|dm|ping)$/.test(head?.word ?? '') ||
        m.generics.some((g) => SEND_GENERIC.has(g.kind)) ||
        m.apps.some((a) => a !== ref && appKind(a.app) === 'message') ||
        toSomeone);
    if (sentElsewhere) {
      sources.push(app(ref, 'read', items));
      // "send me a list of people who've left in BambooHR": what is sent is read from the app and mailed.
      if (
        toSomeone &&
        !m.generics.some((g) => SEND_GENERIC.has(g.kind)) &&
        !m.apps.some((a) => appKind(a.app) === 'message')
      )
        outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
    }
    // The clause's object: its verb applies ("post on LinkedIn" is a destination, "update Airtable" an object).
    // ("I want a Jira ticket opened and the account manager DM'd on Slack": the chat app is where a message goes.)
    else if (verb) (verb === 'read' || verb === 'search' ? sources : outputs).push(app(ref, verb, items));
    else if (cls === 'umbrella' && !items && (kind === 'message' || kind === 'publish'))
      // "I want a Telegram notification …": a messaging app named under an umbrella verb is where it goes.
      outputs.push(app(ref, 'send'));
    else if (cls === 'ai' || cls === 'transform' || cls === 'umbrella' || cls === 'merge')
      sources.push(app(ref, 'read', items));
    // "every fri 4pm: shopify products w/ 0 sales in last 30d -> …": a schedule's clause that only names an app's
    // items, with no verb, lists them.
    else if (!head && items && ctx.triggerKind === 'schedule' && ref.from - from <= 1 && !afterArrow(tokens, ref.from))
      sources.push(app(ref, 'read', items));
    // "subject contains 'Failed' -> Freshservice ticket, group Infrastructure", "-> one Jira ticket per cert": what an
    // arrow leads to with no verb is made there.
    else if (!head && afterArrow(tokens, ref.from) && READ_NOUN.test(tokens[ref.to]?.lower ?? ''))
      sources.push(app(ref, 'read', items));
    else if (!head && afterArrow(tokens, ref.from))
      outputs.push(app(ref, kind === 'message' || kind === 'publish' ? 'send' : 'create', items));
    // "our Google Sheet 'Custodians' has ~2,000 email addresses": what a place holds is read from it.
    else if (!head && HOLDS.test(tokens[tokens[ref.to]?.kind === 'quote' ? ref.to + 1 : ref.to]?.lower ?? ''))
      sources.push(app(ref, 'read', items));
    else (defaultVerb(ref.app) === 'read' ? sources : outputs).push(app(ref, defaultVerb(ref.app), items));
  }

  // Systems n8n has no node for: an HTTP Request to their API, its URL for the user to fill in.
  for (const u of m.unknown) {
    if (ctx.usedUnknown.has(u.from)) continue;
    ctx.usedUnknown.add(u.from);
    const role = roleOf(ctx, { from: u.from, to: u.to }, cls, from);
    if (u.person) {
      // "billing questions go to Karen", "send the summary to Priya": a message to that person, by the request's
      // mail or chat app, unless the clause already sends it somewhere; "from Karen", "Karen approves" add nothing.
      const told = role === 'destination' || (role === 'object' && verb === 'send');
      const elsewhere =
        outputs.length > 0 ||
        m.generics.some((g) => SEND_GENERIC.has(g.kind)) ||
        tokens.slice(from, to).some((t) => t.kind === 'channel');
      if (told && !elsewhere) outputs.push(toPerson(ctx, phrase, /\b(?:text|texts|texting|sms)\b/.test(words)));
      continue;
    }
    const items = ITEM_AFTER.test(tokens[u.to]?.lower ?? '');
    const writing =
      !items &&
      !LOOKS_UP.test(head?.word ?? '') &&
      (role === 'destination' || (role === 'object' && (verb === 'send' || verb === 'create' || verb === 'update')));
    // "New Google reviews on our business profile -> … post the reply on Google": the Google app the request named.
    const named = ctx.mentions.apps.find(
      (a) =>
        a.app.action &&
        a.app.key !== 'httpRequest' &&
        new RegExp(`^${u.name.replace(/[^\w ]/g, '')}\\s`, 'i').test(a.app.name ?? ''),
    );
    if (named && /^[A-Z][a-z]+$/.test(u.name)) {
      const step = app(named, writing ? (verb === 'update' ? 'update' : 'create') : 'read');
      // ("the reply on Google": what is made there.)
      const said = /^(?:on|to|in|at)$/.test(tokens[u.from - 1]?.lower ?? '') ? tokens[u.from - 2] : undefined;
      if (step.kind === 'app' && !step.noun && said?.kind === 'word' && /^[a-z]{3,}$/.test(said.lower))
        step.noun = singular(said.lower);
      (writing ? outputs : sources).push(step);
      continue;
    }
    const step: Step = {
      kind: 'http',
      url: tokens.slice(from, to).find((t) => t.kind === 'url')?.text ?? null,
      method: writing ? 'POST' : 'GET',
      api: `${u.name} API`,
      system: u.name,
      phrase,
    };
    // "send them to the internal API at https://…": the call to that address is made already.
    const same = work.find((w): w is Extract<Step, { kind: 'http' }> => w.kind === 'http' && w.url === step.url);
    if (step.url && same) {
      if (writing) same.method = 'POST';
      continue;
    }
    (writing ? outputs : sources).push(step);
  }

  // Generic nouns where no app was named for that job: "email the customer", "update inventory", "call an API".
  const channel0 = tokens.slice(from, to).some((t) => t.kind === 'channel');
  // "anyone above 7 gets an invite by email": the items' people receive it, so it is sent to them.
  // "everyone else gets the standard confirmation email": someone receives it (not "get the emails from Gmail").
  const received =
    head !== null &&
    (/^(?:gets|receives)$/.test(tokens[head.index]!.lower) ||
      (/^(?:get|receive)$/.test(tokens[head.index]!.lower) &&
        (/^(?:should|will|must|would|shall|then|i|we|you|they|he|she|everyone|everybody)$/.test(
          tokens[head.index - 1]?.lower ?? '',
        ) ||
          // "… be added to Airtable and get an email from our coordinator": one message they receive.
          (/^(?:and|also)$/.test(tokens[head.index - 1]?.lower ?? '') &&
            /^(?:an?)$/.test(tokens[head.index + 1]?.lower ?? ''))))) &&
    (/\b(?:by|via|per|through|over|in an?|as an?)\s+(?:e-?mails?|sms|texts?|text messages?|messages?)\b/.test(words) ||
      m.generics.some((g) => g.kind === 'email' || g.kind === 'sms' || g.kind === 'chat'));
  // "label them as bug, feature request or question", "decide whether it's an NDA, an MSA or an invoice": the names
  // of outcomes, not apps.
  const outcomes = routesOf(phrase).map((r) => r.toLowerCase());
  const whether =
    /\bwhether (?:it's|it is|its|they're|they are|this is|that's)\s+([^.;:!?]{3,80}?\bor\s+(?:an?\s+)?[\w-]+)/i
      .exec(phrase)?.[1]
      ?.toLowerCase();
  if (whether) outcomes.push(...whether.split(/\s*(?:,|\bor\b)\s*/).map((o) => o.replace(/^an?\s+/, '')));
  for (const g of m.generics) {
    if (outcomes.some((o) => o.includes(g.said.toLowerCase()))) continue;
    // "forward emails with invoices to my accountant": what the items carry, not a system of its own.
    if (
      g.kind === 'invoice' &&
      ((/^(?:with|containing|having|including|about)$/.test(tokens[g.from - 1]?.lower ?? '') &&
        /^(?:e-?mails?|mails?|messages?|attachments?)$/.test(tokens[g.from - 2]?.lower ?? '')) ||
        (/^(?:an?|the)$/.test(tokens[g.from - 1]?.lower ?? '') &&
          /^(?:with|containing|having|including|about)$/.test(tokens[g.from - 2]?.lower ?? '') &&
          /^(?:e-?mails?|mails?|messages?)$/.test(tokens[g.from - 3]?.lower ?? '')))
    )
      continue;
    // "Our supplier publishes stock levels as XML at https://…": what the address serves, not a database of ours.
    if (
      g.kind === 'database' &&
      !/\b(?:database|db|sql|table)\b/i.test(g.said) &&
      tokens.slice(from, to).some((t) => t.kind === 'url')
    )
      continue;
    // "verify their email" with no service named: a call to an e-mail verification API, for the user to point.
    if (
      g.kind === 'email' &&
      // ("validate the emails" is a test of their shape, a Filter.)
      head?.word === 'verify' &&
      // ("they get an email with … instructions on how to verify": the email is sent, not checked.)
      /\bverify\s+(?:[\w'-]+\s+){0,3}?(?:e-?mails?|addresses?|e-?mail\s+address(?:es)?)\b/i.test(phrase) &&
      !m.apps.length &&
      !m.unknown.length &&
      ![...sources, ...work, ...outputs].length
    ) {
      work.push({ kind: 'http', url: null, method: 'GET', api: 'e-mail verification API', phrase });
      continue;
    }
    // "All bookings are logged in a Google Sheet with their email in column B": a column, not a mailbox.
    if (kept && (apps.length > 0 || g.kind === 'email')) continue;
    // "website visits from Google Analytics": what an analytics app counts of the site, not a page fetched.
    if (
      g.kind === 'web' &&
      /^(?:visits?|visitors?|traffic|sessions?|analytics|stats|statistics|pageviews?|views|conversions?|bounces?)$/.test(
        tokens[g.to]?.lower ?? '',
      )
    )
      continue;
    // "but my email provider have limit": the service is talked about, nothing is sent.
    if (
      g.kind === 'email' &&
      verb !== 'send' &&
      /^(?:provider|providers|service|server|host|plan|limits?|quota)$/.test(tokens[g.to]?.lower ?? '') &&
      !/^(?:send|email|mail|notify|reply|forward)$/.test(head?.word ?? '')
    )
      continue;
    // "the emails are in our Odoo": where the addresses are kept, read from the app named. ("urls are in a google
    // sheet": the pages are still called.)
    if (
      g.kind !== 'web' &&
      m.apps.length > 0 &&
      /^(?:is|are)$/.test(tokens[g.to]?.lower ?? '') &&
      /^(?:in|on|inside)$/.test(
        (/^(?:all|kept|stored|saved|listed)$/.test(tokens[g.to + 1]?.lower ?? '') ? tokens[g.to + 2] : tokens[g.to + 1])
          ?.lower ?? '',
      )
    )
      continue;
    // "Attachments from supplier emails in Gmail …" with an e-mail trigger: the trigger's own e-mails.
    if (g.kind === 'email' && ctx.emailTrigger && (/s$/i.test(g.said) || tokens[g.from - 1]?.lower === 'from'))
      continue;
    // "… in a shared inbox" with an e-mail trigger: the mailbox the trigger reads.
    if (g.kind === 'email' && ctx.emailTrigger && /\b(?:inbox|mailbox)e?s?\b/i.test(g.said)) continue;
    // "sort each email into …", "our own mail server" with an e-mail trigger: the mail it reads, or where it lives.
    if (
      g.kind === 'email' &&
      ctx.emailTrigger &&
      verb !== 'send' &&
      (/^(?:each|every|the|this|that|incoming|new|an?)$/.test(tokens[g.from - 1]?.lower ?? '') ||
        /^(?:server|servers|account|accounts|provider|host)$/.test(tokens[g.to]?.lower ?? ''))
    )
      continue;
    // "search Notion for the client's email", "match on their email": someone's address is a field, not a mailbox.
    if (
      g.kind === 'email' &&
      g.to - g.from === 1 &&
      (/\w['’]s$/.test(tokens[g.from - 1]?.lower ?? '') ||
        /^(?:their|his|her|its)$/.test(tokens[g.from - 1]?.lower ?? '')) &&
      !/^(?:send|forward|email|mail|reply|notify|cc|bcc)$/.test(head?.word ?? '') &&
      !/^(?:to|into|in|inbox|inboxes)$/.test(tokens[g.from - 2]?.lower ?? '')
    )
      continue;
    // "(name, email, call date)", "with name, email and phone": a field in a list of fields.
    if (
      /^(?:[,({/]|and|with|or|plus)$/.test(tokens[g.from - 1]?.lower ?? '') &&
      /^(?:[,)}/.;]|and|or)?$/.test(tokens[g.to]?.lower ?? '') &&
      ((tokens[g.from - 1]?.text === '{' && tokens[g.to]?.text === '}') ||
        ((tokens[g.from - 1]?.text !== '(' || tokens[g.to]?.text !== ')') &&
          tokens.slice(Math.max(from, g.from - 6), Math.min(to, g.to + 6)).some((t) => t.text === ',') &&
          // "add them to Airtable, email, and Slack": a list of places is no list of fields.
          !m.apps.some((a) => a.to > g.from - 3 && a.from < g.to + 3)))
    )
      continue;
    // "Use Hunter to find emails for the leads": addresses looked for, not mail.
    if (
      g.kind === 'email' &&
      /^(?:find|finds|finding|verify|verifies|validate|validates|enrich|enriches|lookup)$/.test(
        /^(?:the|their|an?|any|missing|work)$/.test(tokens[g.from - 1]?.lower ?? '')
          ? (tokens[g.from - 2]?.lower ?? '')
          : (tokens[g.from - 1]?.lower ?? ''),
      ) &&
      m.apps.some((a) => a.app.key !== ctx.triggerApp && appKindOf(a.app.key) !== 'message') &&
      !/^(?:send|forward|reply|email|mail)$/.test(head?.word ?? '')
    )
      continue;
    // "verify the email with an API", "check the email address": the address is data, not a mailbox.
    if (
      g.kind === 'email' &&
      /^(?:verify|validate|check|enrich|clean|normali[sz]e|look|lookup|find)$/.test(head?.word ?? '') &&
      // ("they get an email with … instructions on how to verify": the verb comes after the email it does not check.)
      !(head && head.index > g.to)
    )
      continue;
    // "signups that have no email", "rows without an email address": the field is tested, not a mailbox ("send them
    // a personal email" is one sent).
    if (
      g.kind === 'email' &&
      !(verb === 'send' && /^(?:personal|business|work)$/.test(tokens[g.from - 1]?.lower ?? '')) &&
      /^(?:no|without|missing|invalid|valid|empty|blank|bad|wrong|fake|disposable|bounced|bouncing|company|work|business|personal|corporate|free)$/.test(
        /^(?:an?|the)$/.test(tokens[g.from - 1]?.lower ?? '')
          ? (tokens[g.from - 2]?.lower ?? '')
          : (tokens[g.from - 1]?.lower ?? ''),
      )
    )
      continue;
    // "merge them with the customer rows by email", "dedupe by email": the key the items are matched on.
    if (
      g.kind === 'email' &&
      tokens[g.from - 1]?.lower === 'by' &&
      /\b(?:merg|match|join|combin|dedup|duplicat|group|sort|look)\w*/.test(words)
    )
      continue;
    // "questions about our docs": what something is about, not where it goes.
    let k = g.from - 1;
    while (k >= from && DETERMINER.test(tokens[k]!.lower)) k--;
    if (/^(?:about|regarding|concerning)$/.test(tokens[k]?.lower ?? '')) continue;
    // "post in #deploys with the deploy url": a value the message carries, not a page to fetch.
    if (
      g.kind === 'web' &&
      tokens.slice(Math.max(from, g.from - 3), g.from).some((t) => /^(?:with|including|containing|plus)$/.test(t.lower))
    )
      continue;
    // "a chatbot for our website", "the form on our site": where something lives, not a page to fetch.
    if (
      g.kind === 'web' &&
      (tokens[k]?.lower === 'for' ||
        // "leads from our website's contact form" with a form trigger: the form is on the site.
        (/^(?:from|on|in|via|through)$/.test(tokens[k]?.lower ?? '') &&
          (ctx.triggerKind === 'form' || ctx.triggerKind === 'webhook')) ||
        (/^(?:on|in)$/.test(tokens[k]?.lower ?? '') &&
          /^(?:our|my|their|your)$/.test(tokens[k + 1]?.lower ?? '') &&
          cls !== 'read' &&
          !/\b(?:scrap|crawl|monitor|track|watch|check|fetch|pull|extract|read|download)\w*/.test(words)))
    )
      continue;
    // "… with the workflow name, the failing node, the error message and the execution URL": a field sent, not a call.
    if ((g.kind === 'http' || g.kind === 'web') && inWithList(tokens, from, g.from)) continue;
    if (g.kind === 'http' || g.kind === 'web') {
      // "the weather API and the traffic API": each named API is a call of its own.
      const owner = tokens[g.from - 1];
      const api =
        g.kind === 'web'
          ? 'the web page'
          : owner?.kind === 'word' && !DETERMINER.test(owner.lower) && !STOP.has(owner.lower) && !verbClass(owner.lower)
            ? `${owner.lower} API`
            : 'the API';
      if (
        [...sources, ...work, ...outputs].some(
          (s) => s.kind === 'http' && (api === 'the API' || s.api === api || s.api === 'the API'),
        )
      )
        continue;
      const url = tokens.slice(from, to).find((t) => t.kind === 'url')?.text ?? null;
      const posting = (verb === 'send' || verb === 'create' || verb === 'update') && !LOOKS_UP.test(head?.word ?? '');
      // "send it to the internal API at https://…": the call to that address is made already.
      const made = work.find(
        (w): w is Extract<Step, { kind: 'http' }> => w.kind === 'http' && Boolean(url) && w.url === url,
      );
      if (made) {
        if (posting) made.method = 'POST';
        continue;
      }
      // "GET /v1/signups": the method and path said.
      const said = /^(GET|POST|PUT|PATCH|DELETE) \/$/.exec(g.said)?.[1] as
        'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | undefined;
      let end = g.to;
      while (end < to && tokens[end]!.joined && /^[\w/.{}-]+$/.test(tokens[end]!.text)) end++;
      work.push({
        kind: 'http',
        url,
        method: said ?? (posting ? 'POST' : 'GET'),
        api: said
          ? `${said} /${tokens
              .slice(g.to, end)
              .map((t) => t.text)
              .join('')}`
          : api,
        phrase,
      });
      if (!url) genericApp(g.kind, ctx, g.said, false);
      continue;
    }
    if (g.kind === 'file') continue;
    // "tickets from our Acme Helpdesk": the system named is where they are.
    if (m.unknown.length && !SEND_GENERIC.has(g.kind)) continue;
    if (g.kind === 'vector') {
      // "creates embeddings … and stores them in Pinecone": the store the request names anywhere is the one.
      if (
        outputs.some((o) => o.kind === 'app' && /^vectorStore/.test(o.app)) ||
        sources.some((o) => o.kind === 'app' && /^vectorStore/.test(o.app)) ||
        ctx.mentions.apps.some((a) => /^vectorStore/.test(a.app.key))
      )
        continue;
      ctx.usedGenerics.add(g.from);
      const key = genericApp('vector', ctx, g.said, false);
      // "load our wiki into a vector store": what goes into it is stored, whatever the verb.
      const into = /^(?:into|to|in)$/.test(
        /^(?:a|an|the|our|my)$/.test(tokens[g.from - 1]?.lower ?? '')
          ? (tokens[g.from - 2]?.lower ?? '')
          : (tokens[g.from - 1]?.lower ?? ''),
      );
      const reading = !into && (verb === 'read' || verb === 'search' || ctx.chat);
      (reading ? sources : outputs).push({ kind: 'app', app: key, verb: reading ? 'read' : 'create', hints, phrase });
      continue;
    }
    // "write a personalized email with Claude": the email is what the model writes; a later clause sends it.
    // ("have GPT-4o write a launch email": "write" makes things too, so the model named says who writes it.)
    // (Unless it is sent after, with no way of its own: "… write a prep email and send it right away".)
    const modelWrites =
      head !== null &&
      aiVerbTask(head.word) !== undefined &&
      (m.models.length > 0 || m.aiWords.length > 0) &&
      !/\b(?:send|sends|email|e-mail|mail|deliver)\s+(?:it|them|this|that|the (?:draft|email|e-mail|mail))\b(?![^.!?\n]*\b(?:via|through|with|using|in|on)\s+[A-Z])/.test(
        ctx.original.slice(tokens[to - 1]?.end ?? 0),
      );
    if ((cls === 'ai' || modelWrites) && (g.kind === 'email' || g.kind === 'chat')) continue;
    if (g.kind === 'weather') {
      // "get the weather from OpenWeatherMap": the app named is where the weather comes from.
      if (ctx.mentions.apps.some((a) => GENERIC_FAMILIES.weather!.test(a.app.key))) continue;
      ctx.usedGenerics.add(g.from);
      sources.push({ kind: 'app', app: genericApp(g.kind, ctx, g.said, false), verb: 'read', hints, phrase });
      continue;
    }
    // ("the manager must approve by email": a message that waits for the answer.)
    const sending =
      verb === 'send' ||
      received ||
      (SEND_GENERIC.has(g.kind) && (!verb || verb === 'create' || Boolean(hints.approval)));
    const named = [...sources, ...outputs].some((s) => s.kind === 'app');
    // "invoices … (we use Xero)": the request names the app of that kind; its own clause makes the step.
    const family = GENERIC_FAMILIES[g.kind];
    if (family && ctx.mentions.apps.some((a) => family.test(a.app.key))) continue;
    // "dump the Pipedrive won deals into the finance sheet": a sheet the items go into is a step of its own.
    const intoSheet =
      g.kind === 'sheet' &&
      ![...sources, ...outputs].some((s) => s.kind === 'app' && SHEET_APPS.test(s.app)) &&
      preceded(g, /^(?:into|to|in|onto)$/);
    // "post a quote from our Airtable to the team chat": a chat the items go to, beside the app they come from.
    const intoChat =
      g.kind === 'chat' &&
      /\b(?:chat|channel)\b/i.test(g.said) &&
      ![...sources, ...outputs].some((s) => s.kind === 'app' && PERSON_CHAT.test(s.app)) &&
      preceded(g, /^(?:into|to|in|on)$/);
    // "a Telegram message listing all my calendar events": the user's own calendar, read for the message.
    const ownCalendar =
      g.kind === 'calendar' &&
      /^(?:my|our)$/.test(tokens[g.from - 1]?.lower ?? '') &&
      /^(?:events?|appointments?|meetings?|entries|schedule)$/.test(tokens[g.to]?.lower ?? '') &&
      ![...sources, ...outputs].some((s) => s.kind === 'app' && /^(?:googleCalendar|microsoftOutlook)$/.test(s.app));
    if (ownCalendar) {
      ctx.usedGenerics.add(g.from);
      sources.push({ kind: 'app', app: genericApp(g.kind, ctx, g.said, false), verb: 'read', hints, phrase });
      continue;
    }
    if (named && g.kind !== 'email' && g.kind !== 'sms' && !intoSheet && !intoChat) continue;
    // "create a HubSpot contact with name and email", "w/ name + email": a field the step is given, not a mail sent.
    if (g.kind === 'email' && named && fieldOfList(tokens, from, g.from, g.to)) continue;
    if (
      g.kind === 'sms' &&
      outputs.some((o) => o.kind === 'app' && (appKindOf(o.app) === 'message' || SMS_APPS.test(o.app)))
    )
      continue;
    if (
      g.kind === 'email' &&
      (outputs.some((s) => s.kind === 'app' && MAIL_SENDERS.test(s.app)) ||
        sources.some((s) => s.kind === 'app' && /^(?:gmail|microsoftOutlook)$/.test(s.app)))
    )
      continue;
    if (g.kind === 'chat' && (outputs.length || !(sending || cls === 'send') || channel0)) continue;
    // "alert email", "an alert by email", "notification via SMS": the alert is the mail or text said beside it.
    if (
      g.kind === 'chat' &&
      /^(?:alerts?|notifications?)$/i.test(g.said) &&
      m.generics.some(
        (o) =>
          (o.kind === 'email' || o.kind === 'sms') &&
          (o.from - g.to <= 2 && o.from >= g.to ? true : g.from - o.to >= 0 && g.from - o.to <= 1),
      )
    )
      continue;
    // "I want an alert … send a message to Gotify": a wish for an alert is the message the request sends elsewhere.
    if (
      g.kind === 'chat' &&
      (!cls || cls === 'umbrella') &&
      !tokens.slice(Math.max(from, g.from - 3), g.from).some((t) => /^(?:to|in|into|on|via|through)$/.test(t.lower)) &&
      ctx.mentions.apps.some(
        (a) => a.app.key !== ctx.triggerApp && appKindOf(a.app.key) === 'message' && !SMS_APPS.test(a.app.key),
      )
    )
      continue;
    // "round up my unread inquiry emails", "go through the emails from clients": mail that is read.
    const readVerb =
      !received &&
      (verb === 'read' ||
        verb === 'search' ||
        (g.kind === 'email' &&
          (/^(?:round|collect|gather|go|look|scan|comb|review)$/.test(head?.word ?? '') || /\bunread\b/.test(words))));
    if (SEND_GENERIC.has(g.kind) && readVerb && g.kind !== 'email') continue;
    if (g.kind === 'email' && readVerb) {
      // "each email" of an e-mail trigger is the trigger's item, not another read.
      if (ctx.emailTrigger) continue;
      const key = ctx.mailApp ?? 'gmail';
      sources.push({ kind: 'app', app: key, verb: 'read', noun: 'message', hints, phrase });
      continue;
    }
    ctx.usedGenerics.add(g.from);
    const key = genericApp(g.kind, ctx, g.said, sending);
    const step: Step = {
      kind: 'app',
      app: key,
      verb: sending ? 'send' : (verb ?? 'create'),
      // "add the buyer to our email list": a member of the list, not a message.
      ...(g.kind === 'list' ? { noun: 'member' } : {}),
      hints,
      phrase,
    };
    (readVerb ? sources : outputs).push(readVerb ? { ...step, verb: verb! } : step);
  }

  // "scrape three competitors' pricing pages", "download the mp3": a page or a file fetched over HTTP.
  const fetched = [...sources, ...work, ...outputs].some(
    (s) => s.kind === 'http' || (s.kind === 'app' && (s.verb === 'read' || s.verb === 'search')),
  );
  const scraping = /\b(?:scraping|scraper|crawling|crawler)\b/.test(words);
  if (!fetched && ((head && /^(?:scrape|crawl|download)$/.test(head.word)) || scraping)) {
    const download = head?.word === 'download' && !scraping;
    if (
      !download ||
      /\b(?:mp3|mp4|audio|video|file|files|image|images|episode|podcast|pdf|attachment)s?\b/.test(words)
    ) {
      work.unshift({ kind: 'http', url: null, method: 'GET', api: download ? 'the file' : 'the web page', phrase });
      if (!download && !/\bhtml\b/i.test(ctx.original) && !work.some((w) => w.kind === 'node' && w.node === 'html'))
        work.splice(1, 0, { kind: 'node', node: 'html', purpose: phrase });
    }
  }
  // "When a new Zendesk ticket arrives, tag it as urgent", "… move it to the Doing list", "comment on it": the item the
  // trigger reported is changed where it lives, when the clause names no other app.
  const onIt = head ? tokens.slice(head.index + 1, head.index + 3).map((t) => t.lower) : [];
  // The item's app: the one items were read from, else the one whose event started the workflow.
  // ("enrich it with Clearbit and update the contact": the contact lives in the trigger's HubSpot, not in Clearbit.)
  const itemNamed = /^(?:the|that|this)$/.test(onIt[0] ?? '') ? singular(onIt[1] ?? '') : '';
  const itemApp =
    itemNamed &&
    ctx.lastRead &&
    ctx.triggerApp &&
    !nodeCatalog().keeps(ctx.lastRead, itemNamed) &&
    nodeCatalog().keeps(ctx.triggerApp, itemNamed)
      ? ctx.triggerApp
      : (ctx.lastRead ?? ctx.triggerApp);
  // ("Anything over 10 days should be moved to the 'Critical' list": said in the passive, the item is the subject.)
  const passive = head && /(?:ed|en)$/.test(tokens[head.index]!.lower) && tokens[head.index]!.lower !== head.word;
  if (
    head &&
    (cls === 'update' || cls === 'delete' || /^comments?$/.test(head.word)) &&
    (/^(?:it|them|this|that)$/.test(onIt[0] ?? '') ||
      (passive && ctx.lastRead !== null) ||
      (/^(?:on|to)$/.test(onIt[0] ?? '') && /^(?:it|them|this|that)$/.test(onIt[1] ?? '')) ||
      (/^(?:the|that|this)$/.test(onIt[0] ?? '') &&
        /^(?:ticket|issue|card|deal|task|order|contact|lead|record|item|conversation|pr|subscriber|invoice|booking|submission|opportunity|case|incident|alert)$/.test(
          singular(onIt[1] ?? ''),
        ))) &&
    !m.apps.length &&
    !m.generics.length &&
    !outputs.some((o) => o.kind === 'app') &&
    itemApp &&
    !ctx.emailTrigger &&
    appKindOf(itemApp) !== 'message' &&
    !SMS_APPS.test(itemApp) &&
    nodeCatalog().app(itemApp)?.action
  )
    outputs.push(
      /^comments?$/.test(head.word)
        ? { kind: 'app', app: itemApp, verb: 'create', noun: 'comment', hints, phrase }
        : // "archive the card" where the app has no archive of its own: the card is kept, marked archived.
          head.word === 'archive' && !archives(itemApp, itemNamed)
          ? { kind: 'app', app: itemApp, verb: 'update', hints: { ...hints, archive: true }, phrase }
          : { kind: 'app', app: itemApp, verb: cls as 'update' | 'delete', hints, phrase },
    );
  // "should get a comment tagging the eng lead", "leave a comment": a comment on the item read (or reported) where it
  // lives, when the clause names no app and that app keeps comments.
  const commentOn = ctx.lastRead ?? (ctx.emailTrigger ? null : ctx.triggerApp);
  if (
    head &&
    /^(?:get|gets|add|adds|post|posts|leave|leaves|write|writes|put|puts)$/.test(head.word) &&
    /^(?:(?:an?|the|one|short|quick|new|\w+ing)\s+){0,2}comments?\b/.test(
      tokens
        .slice(head.index + 1, to)
        .map((t) => t.lower)
        .join(' '),
    ) &&
    !m.apps.length &&
    !outputs.some((o) => o.kind === 'app') &&
    commentOn &&
    nodeCatalog()
      .app(commentOn)
      ?.operations.some((o) => /comment/i.test(`${o.resource ?? ''} ${o.operation}`))
  )
    outputs.push({ kind: 'app', app: commentOn, verb: 'create', noun: 'comment', hints, phrase });
  // "bigger ones are emailed to the finance manager": an e-mail, sent the request's e-mail way.
  if (
    head &&
    /^(?:email|mail)$/.test(head.word) &&
    // "if it is a company email (…) enrich it": the noun, not the verb.
    !/^(?:a|an|the|company|work|business|personal|corporate|their|his|her|its|valid|invalid)$/.test(
      tokens[head.index - 1]?.lower ?? '',
    ) &&
    // "(name, email, call date)", "with name, email and phone", "{email}": a field in a list.
    !(
      /^(?:[,({/]|and|with|or|plus)$/.test(tokens[head.index - 1]?.lower ?? '') &&
      /^(?:[,)}/.;]|and|or|address(?:es)?)?$/.test(tokens[head.index + 1]?.lower ?? '')
    ) &&
    !outputs.some((o) => o.kind === 'app')
  )
    outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
  // "send each customer a polite payment reminder": a message to people, with no channel named, is an e-mail.
  if (
    head?.word === 'send' &&
    !outputs.some((o) => o.kind === 'app') &&
    !m.apps.length &&
    !m.generics.length &&
    !tokens.slice(from, to).some((t) => t.kind === 'channel') &&
    /\bsend\s+(?:each|every|all|the|our|their|them|him|her|me|us)\s+(?:[\w-]+\s+){0,2}?(?:an?\s+)?(?:[\w,-]+\s+){0,4}(?:reminders?|notes?|messages?|dms?|follow-?ups?|thank-?you(?:\s+notes?)?|updates?|confirmations?|invitations?|invites?|notices?|summar(?:y|ies)|reports?|digests?)\b/i.test(
      // "send each customer a polite, personalised reminder": the object may run past the clause's comma.
      ctx.original.slice(tokens[from]!.start).split(/[.!?\n]/)[0]!,
    ) &&
    /\b(?:customers?|clients?|users?|leads?|members?|subscribers?|students?|parents?|patients?|guests?|donors?|employees?|candidates?|applicants?|buyers?|contacts?|them|him|her|me|us|everyone)\b/.test(
      words,
    )
  ) {
    // "When a new member joins our Discord server, send them a welcome DM": the people the chat app's event brought
    // are answered there. (A DM is no e-mail: with no chat app it is left to the steps that fill in an app the
    // request named.)
    const back =
      ctx.triggerApp &&
      (appKindOf(ctx.triggerApp) === 'message' || SMS_APPS.test(ctx.triggerApp)) &&
      nodeCatalog().app(ctx.triggerApp)?.action &&
      /\b(?:them|him|her)\b/.test(words);
    if (back) outputs.push({ kind: 'app', app: ctx.triggerApp!, verb: 'send', hints, phrase });
    else if (!/\bdms?\b/i.test(words))
      outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
  }
  // "send our sales team a summary of last week's new deals from Pipedrive": the people, then the report they get, from
  // the items an app gives; it goes the way toPerson picks (the request's mail or chat app, else e-mail).
  if (
    head?.word === 'send' &&
    !outputs.some((o) => o.kind === 'app') &&
    !m.apps.some((a) => appKindOf(a.app.key) === 'message' || SMS_APPS.test(a.app.key)) &&
    !tokens.slice(from, to).some((t) => t.kind === 'channel') &&
    /\bsend\s+(?:the |our |my |all (?:the )?)?(?:[\w-]+\s+)?(?:founders|co-?founders|team|managers?|boss|ceo|cfo|cto|coo|leadership|board|owners?|admins?|stakeholders|partners|investors|directors?)\s+(?:a|an|the|their|our|my)\s+(?:[\w-]+\s+){0,2}(?:summary|report|digest|list|overview|recap|update|breakdown|rundown|round-?up)\b/.test(
      words,
    )
  )
    outputs.push(toPerson(ctx, phrase, false));
  // "send a report of last week's signups from our Postgres db as a CSV attachment to the founders": a file or a
  // report sent to people, with no channel named, is an e-mail.
  if (
    head &&
    /^(?:send|sends|deliver|delivers|share|shares|forward|forwards)$/.test(head.word) &&
    !outputs.some((o) => o.kind === 'app') &&
    !m.apps.some((a) => appKindOf(a.app.key) === 'message' || SMS_APPS.test(a.app.key)) &&
    !m.generics.some((g) => g.kind === 'sms' || g.kind === 'chat' || g.kind === 'email') &&
    !tokens.slice(from, to).some((t) => t.kind === 'channel') &&
    /\b(?:as (?:an? )?(?:csv|pdf|excel|xlsx)(?: files?| attachments?)?|attachments?|reports?|summar(?:y|ies)|digests?)\b/.test(
      words,
    ) &&
    /\bto (?:the |our |my |all (?:the )?)?(?:founders|co-?founders|team|managers?|boss|ceo|cfo|cto|coo|finance(?: team)?|accounting|accountants?|leadership|board|owners?|admins?|stakeholders|partners|investors|directors?|heads?|leads?|me|us|everyone)\b/.test(
      words,
    )
  )
    outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
  // "remind my students every sunday that homework is due", "invite everyone in our members sheet", "send the
  // bulletin to everyone in our spreadsheet": people written to, with no channel named, get an e-mail. ("text it to
  // every customer number in the Customers spreadsheet": a text.)
  const everyoneIn = !head
    ? null
    : !/^(?:send|sends|share|shares|forward|forwards|mail|email|emails|text|texts)$/.test(head.word)
      ? null
      : /\bto (?:everyone|everybody|all|each (?:person|member|one)|every (?:person|member|one)|the people|(?:all|each|every) (?:the )?([a-z]+)(?: (?:numbers?|phones?|phone numbers?|e-?mails?|e-?mail addresses|addresses))?) (?:in|on|from|listed in) (?:our|my|the)\b/.exec(
          words,
        );
  const who = everyoneIn?.[1];
  const everyoneInFound = Boolean(everyoneIn) && (!who || RECIPIENTS.test(who) || /^(?:members|people)$/.test(who));
  // "… to everyone in our members spreadsheet": the sheet lists who it goes to; it is read, not written.
  if (everyoneInFound)
    for (let i = outputs.length - 1; i >= 0; i--) {
      const o = outputs[i]!;
      if (o.kind === 'app' && appKindOf(o.app) === 'store') {
        outputs.splice(i, 1);
        sources.push({ ...o, verb: 'read' });
      }
    }
  if (
    head &&
    !outputs.some((o) => o.kind === 'app') &&
    !ctx.mentions.apps.some((a) => appKindOf(a.app.key) === 'message' || SMS_APPS.test(a.app.key)) &&
    !m.generics.some((g) => g.kind === 'sms' || g.kind === 'chat' || g.kind === 'email') &&
    !tokens.slice(from, to).some((t) => t.kind === 'channel') &&
    ((/^(?:remind|reminds|invite|invites|thank|thanks|congratulate|congratulates|welcome|welcomes|nudge|nudges)$/.test(
      head.word,
    ) &&
      /^(?:my|our|the|all|each|every|everyone|everybody|them|him|her|people|customers?|clients?|students?|parents?|members?|donors?|volunteers?|guests?|patients?|employees?|staff|team|attendees?|subscribers?|users?|tenants?)$/.test(
        tokens[head.index + 1]?.lower ?? '',
      )) ||
      (everyoneInFound && !/^texts?$/.test(head.word)))
  )
    outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
  // "text me the details": a text message.
  if (head?.word === 'text' && !outputs.some((o) => o.kind === 'app'))
    outputs.push({ kind: 'app', app: genericApp('sms', ctx, 'text message', true), verb: 'send', hints, phrase });
  // "… and add the translation as an internal note", "post the answer as a comment": a note on the item the trigger
  // reported, in its own app.
  const noted =
    /\b(?:as|in) an? (?:internal |private |public )?(?:note|comment)\b|^(?:add|post|leave|write)\w* an? (?:internal |private |public )?(?:note|comment)\b/.exec(
      words.slice(words.indexOf(head?.word ?? '\u0000')),
    );
  if (
    noted &&
    head &&
    /^(?:add|post|leave|write|put|attach)$/.test(head.word) &&
    ctx.triggerApp &&
    ![...sources, ...work, ...outputs].some((o) => o.kind === 'app' || o.kind === 'http') &&
    m.apps.length === 0 &&
    // (Not when the request works on an item of another app: "find the matching Jira ticket … add a comment".)
    !ctx.mentions.apps.some(
      (a) =>
        a.app.key !== ctx.triggerApp &&
        ['ticket', 'issue', 'task', 'crm'].some((k) => GENERIC_FAMILIES[k as GenericKind]?.test(a.app.key)),
    ) &&
    !m.generics.some((g) => SEND_GENERIC.has(g.kind))
  ) {
    // (GitHub's "issue: createComment", Jira's "issueComment: add". An app with notes of its own kind, Help Scout's
    // threads, Zendesk's ticket notes, is left to the steps that fill in an app the request named.)
    const target = nodeCatalog().app(ctx.triggerApp);
    if (target?.action && target.operations.some((o) => /comment/i.test(`${o.resource ?? ''} ${o.operation}`)))
      outputs.push({ kind: 'app', app: ctx.triggerApp, verb: 'create', noun: 'comment', hints, phrase });
  }

  // "if they write 'book' reply with our booking link": a bot's answer goes back through the chat app it came in from.
  if (
    head &&
    /^(?:reply|replies|respond|responds|answer|answers)$/.test(head.word) &&
    ctx.triggerApp &&
    (appKindOf(ctx.triggerApp) === 'message' || SMS_APPS.test(ctx.triggerApp)) &&
    !outputs.some((o) => o.kind === 'app') &&
    !/\b(?:questions?|queries|inquir\w+)\b/.test(words)
  )
    outputs.push({ kind: 'app', app: ctx.triggerApp, verb: 'send', hints, phrase });

  // "When a new person joins our Slack workspace, DM them onboarding tips": a message to that person, in the chat app
  // the trigger reported them from.
  if (
    head &&
    /^(?:dm|dms|message|messages|ping|pings)$/.test(head.word) &&
    /^(?:them|him|her|each|everyone|the)$/.test(tokens[head.index + 1]?.lower ?? '') &&
    ctx.triggerApp &&
    appKindOf(ctx.triggerApp) === 'message' &&
    !SMS_APPS.test(ctx.triggerApp) &&
    !outputs.some((o) => o.kind === 'app')
  )
    outputs.push({ kind: 'app', app: ctx.triggerApp, verb: 'send', hints, phrase });

  // "When a new Zendesk ticket arrives, reply with our FAQ link": a reply on the ticket the trigger reported.
  if (
    head &&
    /^(?:reply|replies|respond|responds|answer|answers)$/.test(head.word) &&
    ctx.triggerApp &&
    !ctx.emailTrigger &&
    appKindOf(ctx.triggerApp) !== 'message' &&
    !SMS_APPS.test(ctx.triggerApp) &&
    nodeCatalog().app(ctx.triggerApp)?.action &&
    !outputs.some((o) => o.kind === 'app') &&
    !m.apps.length
  )
    // A comment where the app has them (GitHub, Jira, Linear), else the item updated with the answer.
    outputs.push(
      nodeCatalog()
        .app(ctx.triggerApp)!
        .operations.some((o) => /comment/i.test(`${o.resource ?? ''} ${o.operation}`))
        ? { kind: 'app', app: ctx.triggerApp, verb: 'create', noun: 'comment', hints, phrase }
        : { kind: 'app', app: ctx.triggerApp, verb: 'update', hints, phrase },
    );

  // "reply to sender with the parsed values" when mail starts the workflow: a reply by e-mail; "forward it to
  // accounting", "send it to me first": the mail goes on by e-mail.
  if (
    head &&
    (/^(?:reply|replies|respond|responds)$/.test(head.word) ||
      (/^(?:forward|forwards|send|sends)$/.test(head.word) &&
        /^(?:it|them|this|that|these|those|the)$/.test(tokens[head.index + 1]?.lower ?? ''))) &&
    ctx.emailTrigger &&
    !outputs.some((o) => o.kind === 'app') &&
    // "… with the tracking info from Shopify": an app the reply's content comes from is no other way to send it.
    m.apps.every((a) => /^(?:from|in|on|using|via)$/.test(tokens[a.from - 1]?.lower ?? ''))
  )
    outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });

  // "… to billing@example.com" with no app named: an e-mail to that address.
  const address = tokens.slice(from, to).find((t) => t.kind === 'email');
  if (
    address &&
    /^(?:to|cc|email|mail|forward|send|notify)$/.test(tokens[tokens.indexOf(address) - 1]?.lower ?? '') &&
    !outputs.some((o) => o.kind === 'app' && /^(?:emailSend|gmail|microsoftOutlook|sendGrid|mailgun)$/.test(o.app))
  )
    outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });

  // "#sales" with no app named: a Slack channel. ("summarize the #general Slack channel": the channel read.)
  const channel = tokens.slice(from, to).find((t) => t.kind === 'channel');
  if (
    channel &&
    !outputs.some((o) => o.kind === 'app' && appKindOf(o.app) === 'message') &&
    !(
      /^(?:summarize|summarise|read|check|scan|monitor|watch|analyse|analyze|digest|review|pull|fetch|collect|export|archive|backup|search)$/.test(
        head?.word ?? '',
      ) &&
      sources.some((o) => o.kind === 'app' && appKindOf(o.app) === 'message') &&
      // ("… and paste the links into our #mentions Slack channel": where they go.)
      !/^(?:into|to|onto)$/.test(
        (/^(?:the|our|my|their)$/.test(tokens[tokens.indexOf(channel) - 1]?.lower ?? '')
          ? tokens[tokens.indexOf(channel) - 2]
          : tokens[tokens.indexOf(channel) - 1]
        )?.lower ?? '',
      )
    )
  ) {
    const key = genericApp('chat', ctx, channel.text, true);
    outputs.push({ kind: 'app', app: key, verb: 'send', hints, phrase });
  }

  // AI: a job the verb or a noun names, or AI words with a job implied by the clause.
  const answering =
    (cls === 'respond' || (cls === 'umbrella' && /\b(?:answers?|replies|reply|responds?|respond)\b/.test(words))) &&
    (ctx.chat || ctx.wantsAi) &&
    /\b(?:questions?|queries|messages?|customers?|users?|inquir\w+|chats?)\b/.test(words);
  // "… and responds with their plan", "return the result to the caller": a webhook's answer to whoever called it.
  // "… and returns the WordPress edit link to whoever called the endpoint": only the answer, whatever it names.
  if (
    !answering &&
    ctx.triggerKind === 'webhook' &&
    head?.word === 'return' &&
    /\b(?:caller|called|whoever|requester|endpoint|client)\b/.test(words)
  ) {
    for (const a of m.apps) ctx.usedApps.add(a.from);
    for (const g of m.generics) ctx.usedGenerics.add(g.from);
    return [{ kind: 'respond', status: 200, body: 'json' }];
  }
  // "…, and Respond to Webhook with the S3 key": n8n's node named; what it answers with names no step.
  const named = /\brespond(?:s|ing)? to (?:the )?webhook\b/.exec(words);
  if (!answering && ctx.triggerKind === 'webhook' && named) {
    const at = tokens.findIndex(
      (t, k) => k >= from && t.lower === 'webhook' && /^respond/.test(tokens[k - 2]?.lower ?? ''),
    );
    const after = m.apps.filter((a) => a.from > at);
    for (const a of after) ctx.usedApps.add(a.from);
    const keep = (s: Step) =>
      !(
        s.kind === 'app' &&
        after.some((a) => a.app.key === s.app) &&
        !m.apps.some((a) => a.from < at && a.app.key === s.app)
      );
    return [
      ...sources.filter(keep),
      ...work.filter(keep),
      ...outputs.filter(keep),
      { kind: 'respond', status: 200, body: 'json' },
    ];
  }
  const replying =
    !answering &&
    ctx.triggerKind === 'webhook' &&
    // Not "answer it with an AI agent" or "reply on Telegram", nor a bot's reply: the caller gets it.
    !m.apps.length &&
    !m.models.length &&
    !m.aiWords.length &&
    !m.aiNouns.length &&
    !/\b(?:bot|chatbot)\b/i.test(ctx.original) &&
    (cls === 'respond' ||
      /\b(?:respond\w*|reply|replies|return\w*|send\w* back|answer\w*)\s+(?:back\s+)?(?:to\s+(?:the\s+)?(?:caller|requester|sender|client|request)|with)\b/.test(
        words,
      ));
  if (replying) {
    const code = /\b([1-5]\d\d)\b/.exec(words)?.[1];
    const status = code ? Number(code) : 200;
    return [
      ...sources,
      ...work,
      ...outputs,
      { kind: 'respond', status, body: status >= 400 || /\berror\b/.test(words) ? 'error' : 'json' },
    ];
  }
  // "post the summary to Slack" after a clause that summarised: the noun is that step's result, not a new job.
  const resultOnly =
    !answering &&
    cls !== 'ai' &&
    (!(head && aiVerbTask(head.word)) || storedBack) &&
    !m.aiWords.length &&
    !m.models.length &&
    m.aiNouns.length > 0 &&
    m.aiNouns.every((n) => ctx.aiTasks.includes(n.task) || (ctx.aiTasks.length > 0 && !n.strong));
  // "Hot leads should be created in HubSpot": creating a record is no writing job, unless the object is content.
  // "… write a blog post draft, then create the post as a draft in Ghost": the content written before, stored.
  const written =
    ctx.aiTasks.includes('write') && new RegExp(`\\b(?:the|that|this)\\s+${CONTENT.source.slice(2)}`).test(words);
  const recordOnly =
    cls === 'create' &&
    /^(?:create|write|save|add|publish)$/.test(head?.word ?? '') &&
    !m.models.length &&
    !m.aiWords.length &&
    (!CONTENT.test(words) || written || (storedBack && ctx.aiTasks.length > 0));
  // "translate it with DeepL": the translation app does the job a model would.
  const translator = [...sources, ...outputs].some((s) => s.kind === 'app' && TRANSLATORS.test(s.app));
  // "creates embeddings with OpenAI": the vector store's embeddings sub-node does that, not a step of its own.
  const embedding =
    /\b(?:embeddings?|vectori[sz]\w*|embed(?:s|ded|ding)?)\b/.test(words) && !/\b(?:answer|chat|ask)\w*\b/.test(words);
  // "prioritize them w/ our local ollama model": a job done by the model the clause names is the model's.
  // (A model named after an arrow is the next step's: "Array aggregator into one list -> OpenAI - write …".)
  const ownModel = m.models.some(
    (x) =>
      !tokens.slice(from, x.from).some((t, k, all) => t.text === '→' || (t.text === '>' && all[k - 1]?.text === '-')),
  );
  const byModel: AiTask[] = cls === 'transform' && ownModel && !embedding ? ['analyse'] : [];
  const asked = answering
    ? (['agent'] as AiTask[])
    : resultOnly || recordOnly || embedding
      ? []
      : tasksOf(head?.word, m, words);
  const tasks = (asked.length ? asked : byModel).filter((t) => !(translator && t === 'translate'));
  if (embedding)
    for (const x of m.models) {
      ctx.usedModels.add(x.from);
      ctx.embeddings ??= x.model.provider;
    }
  const aiAsked =
    !embedding && !resultOnly && (m.models.length > 0 || m.aiWords.length > 0 || m.aiNouns.some((n) => n.strong));
  const strongVerb =
    (tasks[0] !== undefined && STRONG.has(tasks[0]) && cls === 'ai') ||
    (tasks[0] === 'extract' && attributesOf(words).length > 0 && !files.length);
  // "chunk them" before a vector store: its document loader splits the text it stores.
  const chunking =
    /\bchunk\w*\b|\bsplit\w* (?:\w+ ){0,3}into (?:small(?:er)? )?(?:chunks|pieces|passages)\b/.test(words) &&
    (ctx.mentions.apps.some((a) => /^vectorStore/.test(a.app.key)) ||
      ctx.mentions.generics.some((g) => g.kind === 'vector'));
  // "ai sorts them into 'urgent pain', 'appointment change' or 'other'": a model sorting into named outcomes
  // classifies; it sorts no list.
  const sortsInto =
    aiAsked &&
    routesOf(phrase).length >= 2 &&
    /\b(?:sort|sorts|sorted|group|groups|bucket|buckets|split|splits|file|files|put|puts)\s+(?:them\s+|it\s+|each\s+(?:\w+\s+){0,2}|every\s+(?:\w+\s+){0,2}|these\s+|those\s+)?(?:in|into)\b/.test(
      words,
    );
  // "sum it up for me" with no total anywhere is a summary (a model's), not a sum.
  const summed =
    /\bsum (?:it|this|that|them) up\b/.test(words) &&
    !/\b(?:totals?|amounts?|revenue|sum)\b/i.test(ctx.original.replace(/\bsum (?:it|this|that|them) up\b/gi, ''));
  const transform = chunking || sortsInto || summed ? null : transformStep(words, cls, head?.word);
  // "extract the price using the '.price' CSS selector": the HTML node extracts it, no model.
  const bySelector = work.some((w) => w.kind === 'node' && w.node === 'html') && !aiAsked;
  // "Summarize node to total distance": n8n's Summarize node totals; no model summarises.
  const totalled = work.some((w) => w.kind === 'node' && w.node === 'summarize') && !aiAsked;
  // "translate it to English with Google Translate, add the translation as a note": the translation service
  // translates, no model.
  const translatedBy =
    tasks.length === 1 &&
    tasks[0] === 'translate' &&
    !m.models.length &&
    !m.aiWords.length &&
    ctx.mentions.apps.some((a) => /^(?:googleTranslate|deepL)$/.test(a.app.key));
  // "run OCR with AWS Textract": the app named reads the text, no model.
  const readBy =
    tasks.length === 1 &&
    tasks[0] === 'ocr' &&
    !m.models.length &&
    !m.aiWords.length &&
    m.apps.some((a) => OCR_APP.test(`${a.app.name} ${a.app.description}`));
  if (
    tasks.length &&
    (strongVerb || aiAsked || ctx.wantsAi) &&
    !(tasks[0] === 'extract' && (files.length || bySelector) && !aiAsked) &&
    !(tasks[0] === 'summarise' && totalled) &&
    !translatedBy &&
    !readBy
  ) {
    // A model named for a job its provider has no node for drives the text step (the media step uses OpenAI).
    const ordered = [...tasks].sort(
      (a, b) =>
        Number(m.models.some((x) => canDo(x.model.provider, b))) -
        Number(m.models.some((x) => canDo(x.model.provider, a))),
    );
    for (const task of ordered) work.push(aiStep(task, phrase, m, ctx, words));
    if (ordered[0] !== tasks[0]) work.reverse();
  } else if (
    transform &&
    !work.some((w) => w.kind === transform.kind) &&
    // "parse it" where the file's content is extracted: the extraction is the parsing.
    !(transform.kind === 'code' && work.some((w) => w.kind === 'extract') && /\bpars\w*\b/.test(words)) &&
    // "parse it with Mindee": the app named parses.
    !(
      transform.kind === 'code' &&
      /\b(?:pars|process|read|scan|analy[sz])\w*\b/.test(words) &&
      [...sources, ...outputs, ...work].some((w) => w.kind === 'app' && m.apps.some((a) => a.app.key === w.app))
    ) &&
    // "compress them into a zip archive" with the Compression node: the node does the job.
    // "convert to CSV" with the Convert to File step: the step does the converting.
    !(transform.kind === 'code' && work.some((w) => w.kind === 'node' || w.kind === 'convert'))
  ) {
    work.push(transform);
  } else if (
    aiAsked &&
    !translatedBy &&
    !readBy &&
    !work.some((s) => s.kind === 'ai') &&
    // "Use a local Llama model via Ollama.", "Use GPT-4o." after the AI step: which model, no step of its own.
    !(
      ctx.aiTasks.length > 0 &&
      m.models.length > 0 &&
      !m.apps.length &&
      /^(?:(?:and|also|please|just)\s+)*(?:use|using)\s+(?:(?:a|an|the|our|local|hosted|self-hosted)\s+)*(?:[\w.-]+\s+){0,3}?(?:model\s+|llm\s+)?(?:(?:via|through|from|on|in)\s+[\w.-]+\s*)?(?:for (?:it|this|that|everything|all of it)\s*)?$/.test(
        `${words} `,
      )
    )
  ) {
    // "use AI to summarise their answers": the job is the verb after "to", not the head verb.
    const after = / \bto (\w+)/.exec(` ${words}`)?.[1];
    const stated = after ? aiVerbTask(lemma(after)) : undefined;
    // "use AI to label them as bug, feature request or question": sorting into named outcomes is classifying.
    const sorting = outcomes.length >= 2 && /\b(?:label|tag|sort|flag|mark|bucket|group|split|route)\w*\b/.test(words);
    const implied: AiTask = stated
      ? stated
      : sorting
        ? 'classify'
        : attributesOf(words).length
          ? 'extract'
          : // "ask Claude whether the reply sounds rude": a question the model answers about the items.
            (cls === 'send' || cls === 'create') && !/\b(?:whether|if)\b/.test(words)
            ? 'write'
            : 'analyse';
    work.push(aiStep(m.aiNouns[0]?.task ?? implied, phrase, m, ctx, words));
  }
  // "If the score is above 70 create a deal" in a HubSpot workflow: the item says which of the request's apps.
  if (
    !sources.length &&
    !work.length &&
    !outputs.length &&
    head &&
    (verb === 'create' || verb === 'update' || verb === 'delete')
  ) {
    const owner = itemOwner(tokens, head.index + 1, to, ctx, verb);
    if (owner) outputs.push({ kind: 'app', app: owner.app, verb, noun: owner.noun, hints, phrase });
    // "fetch the open Zendesk tickets …, add an internal note to each": the items read are changed where they are.
    else if (ctx.lastRead && /\b(?:to|on|for) (?:each|them|it|every one|each one|all of them)\b/.test(words))
      outputs.push({ kind: 'app', app: ctx.lastRead, verb: 'update', hints, phrase });
    // "Find that invoice in Xero and record the payment against it": made in the app the item was found in.
    else if (ctx.lastRead && verb === 'create' && /\bagainst (?:it|them|each|each one|that \w+)$/.test(words)) {
      const noun = /^(?:\w+ ){0,2}?(?:the|a|an) ([a-z]+) against\b/.exec(words.slice(words.indexOf(head.word)))?.[1];
      outputs.push({ kind: 'app', app: ctx.lastRead, verb, ...(noun ? { noun: singular(noun) } : {}), hints, phrase });
    }
    // "clear the Google Sheet tab `inactive_users` and write the results there": the place named last.
    else if (verb === 'create' && /\b(?:there|back there|in there)$/.test(words)) {
      const place = ctx.mentions.apps.findLast((a) => a.from < from && a.app.action && appKind(a.app) !== 'message');
      if (place) outputs.push({ kind: 'app', app: place.app.key, verb, hints, phrase });
    }
  }
  // "…; then `UPDATE appointments SET reminder_sent = true …`": a query written out with no database named runs on
  // the database named before it.
  const database = ctx.mentions.apps.findLast((a) => a.from < from && SQL_DATABASES.test(a.app.key));
  const query = hints.text ?? '';
  if (
    !sources.length &&
    !work.length &&
    !outputs.length &&
    !m.apps.length &&
    database &&
    /^\s*(?:SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(query)
  )
    outputs.push({
      kind: 'app',
      app: database.app.key,
      verb: /^\s*(?:SELECT|WITH)\b/i.test(query) ? 'read' : /^\s*INSERT\b/i.test(query) ? 'create' : 'update',
      hints,
      phrase,
    });
  // "… send the welcome email through Gmail, then … send a follow-up": the same channel as the message before.
  if (
    verb === 'send' &&
    !sources.length &&
    !work.length &&
    !outputs.length &&
    !m.generics.length &&
    ctx.lastSend &&
    /\b(?:follow-?ups?|reminders?|messages?|notes?|nudges?|notifications?|replies|reply|confirmations?|rejections?|thank-?yous?|apolog(?:y|ies))\b/.test(
      words,
    )
  )
    outputs.push({ kind: 'app', app: ctx.lastSend, verb: 'send', hints, phrase });
  // "check the RSS feed https://…/rss.xml", "scrape https://… with Firecrawl": the app reads the address itself, and no
  // second call fetches it.
  const readsUrl = sources.flatMap((s) =>
    s.kind === 'app' && s.verb === 'read' && s.hints.url && appKindOf(s.app) === 'fetch' ? [s.hints.url] : [],
  );
  for (let k = work.length - 1; k >= 0; k--) {
    const w = work[k]!;
    if (w.kind === 'http' && w.method === 'GET' && w.url && readsUrl.includes(w.url)) work.splice(k, 1);
  }
  const read = sources.findLast((s) => s.kind === 'app' && (s.verb === 'read' || s.verb === 'search'));
  if (read?.kind === 'app') {
    ctx.lastRead = read.app;
    // ("check if they're already in Salesforce", "find the customer in QuickBooks": a lookup, whose misses are made.)
    ctx.lastLookup = /\b(?:check|checks|find|finds|look(?:s|ing)? (?:up|for)|lookup|search|searches|whether|if)\b/.test(
      words,
    )
      ? read.app
      : null;
  }
  const sent = outputs.findLast((s) => s.kind === 'app' && s.verb === 'send');
  if (sent?.kind === 'app') {
    ctx.lastSend = sent.app;
    ctx.lastSendAt = to;
  }
  if ([...sources, ...work, ...outputs].some((s) => s.kind === 'http' && !s.url)) ctx.madeHttp = true;
  // "send me a list of people who've left in BambooHR": an app that sends nothing is where the list is read, and
  // the list goes by e-mail.
  const recipient = tokens[head ? head.index + 1 : -1]?.lower ?? '';
  if (
    head?.word === 'send' &&
    (/^(?:me|us|him|her|them)$/.test(recipient) ||
      (/^(?:each|every)$/.test(recipient) &&
        /^(?:one|customer|client|contact|supplier|member|person)$/.test(tokens[head.index + 2]?.lower ?? '')))
  ) {
    const mute = outputs.filter(
      (o) => o.kind === 'app' && o.verb === 'send' && appKindOf(o.app) !== 'message' && !SMS_APPS.test(o.app),
    );
    for (const o of mute) {
      outputs.splice(outputs.indexOf(o), 1);
      if (o.kind === 'app') sources.push({ ...o, verb: 'read' });
    }
    // "send me the latest report from SharePoint": read where it is, and mailed.
    // ("send me a summary of my unread emails in Gmail": the mail read goes back out by mail.)
    const readFrom = sources.some(
      (o) => o.kind === 'app' && ((appKindOf(o.app) !== 'message' && !SMS_APPS.test(o.app)) || MAIL.test(o.app)),
    );
    if (
      (mute.length || readFrom) &&
      !outputs.some((o) => o.kind === 'app' && (o.verb === 'send' || appKindOf(o.app) === 'message')) &&
      !m.apps.some(
        (a) =>
          (appKind(a.app) === 'message' || SMS_APPS.test(a.app.key)) &&
          !sources.some((o) => o.kind === 'app' && o.app === a.app.key),
      )
    )
      outputs.push({ kind: 'app', app: genericApp('email', ctx, 'email', true), verb: 'send', hints, phrase });
  }
  // "export new HubSpot deals as a CSV", "dump the Postgres table public.subscriptions to CSV": the app the file is
  // made from is read (not written to), and the file is made after it.
  if (
    work.some((w) => w.kind === 'convert') &&
    [head?.word ?? '', ...tokens.slice(from, from + 3).map((t) => t.lower)].some((w) =>
      /^(?:export|exports|exporting|dump|dumps|dumping|backup|backups|download|downloads|pull|pulls)$/.test(w),
    )
  ) {
    for (let k = outputs.length - 1; k >= 0; k--) {
      const o = outputs[k]!;
      const ref = o.kind === 'app' ? m.apps.find((a) => a.app.key === o.app) : undefined;
      if (o.kind !== 'app' || o.verb !== 'create' || !ref) continue;
      if (/^(?:to|into|onto|in|on|at)$/.test(tokens[ref.from - 1]?.lower ?? '')) continue;
      outputs.splice(k, 1);
      sources.push({ ...o, verb: 'read' });
    }
  }
  // "in Klaviyo through the Klaviyo API": one call to the API, the one that changes something when the clause does.
  const calls = [...sources, ...outputs].filter(
    (s): s is Extract<Step, { kind: 'http' }> => s.kind === 'http' && !s.url,
  );
  for (const call of calls)
    if (
      call.method === 'GET' &&
      sources.includes(call) &&
      calls.some((c) => c !== call && c.api === call.api && c.method !== 'GET')
    )
      sources.splice(sources.indexOf(call), 1);
  // "call the Google Workspace Admin SDK Reports API": one call to the API the app's name qualifies, not also a step
  // of the app's own node that does something else.
  const all = [...sources, ...work, ...outputs];
  if (all.some((s) => s.kind === 'http' && !s.url && / API$/.test(s.api)))
    for (const ref of m.apps) {
      const after = tokens.slice(ref.to, ref.to + 4);
      const named = after.findIndex((t) => t.lower === 'api');
      // Another API than the app's own: a name in capitals between ("Admin SDK Reports API"), not "the OpenAI API",
      // "S3 compatible API" or "a GraphQL query against our API".
      const between = after.slice(0, Math.max(0, named));
      if (
        named < 0 ||
        !between.every((t) => t.kind === 'word' && /^[A-Z]/.test(t.text)) ||
        !between.some((t) => !/^(?:sdk|rest|admin|public|private|v\d+)$/i.test(t.text))
      )
        continue;
      for (const list of [sources, work, outputs]) {
        const at = list.findIndex((s) => s.kind === 'app' && s.app === ref.app.key && !s.noun);
        if (at >= 0) list.splice(at, 1);
      }
    }
  // "Remove duplicate emails": the duplicates are dropped from the items, not deleted from a mailbox.
  const deduped = work.some((w) => w.kind === 'dedupe')
    ? outputs.filter((o) => !(o.kind === 'app' && o.verb === 'delete' && !m.apps.some((a) => a.app.key === o.app)))
    : outputs;
  // "Log each email sent to Google Sheets", "record each email in a sheet": the e-mails are the rows written, not
  // mail sent.
  const namedApp = (o: Step) => o.kind === 'app' && m.apps.some((a) => a.app.key === o.app);
  const mailLogged =
    cls === 'create' &&
    /\b(?:each|every|all|the)\s+(?:e-?mails?|messages?)\b/.test(words) &&
    deduped.some((o) => o.kind === 'app' && o.verb !== 'send' && namedApp(o))
      ? deduped.filter((o) => !(o.kind === 'app' && o.verb === 'send' && !namedApp(o)))
      : deduped;
  // (An app with no node to act through, "via a Typeform survey", is only what the message links to.)
  const acting = m.apps.filter((a) => nodeCatalog().app(a.app.key)?.action);
  const bare = !sources.length && !work.length && !mailLogged.length && !acting.length && !m.generics.length;
  const echo = bare ? unnamedChannel(words, from, to, ctx, hints, phrase) : null;
  if (echo) mailLogged.push(echo);
  else if (bare) {
    const change = readStoreChange(words, from, to, ctx, cls, head);
    if (change) mailLogged.push({ kind: 'app', app: change.app, verb: change.verb, hints, phrase });
  }
  addedTo(mailLogged, head, words);
  const made = pairedItems([...sources, ...work, ...mailLogged], tokens.slice(from, to));
  // "Skip internal meetings", "ignore auto-replies": the items a test drops (a Filter the audits add), no message and
  // no step in an app only a noun brought; "skip items we've already processed" still drops the ones seen before, and
  // "(keep post IDs in the n8n data table …)" still keeps them there.
  return /^(?:(?:and|but|also|then|please|just)\s+)*(?:ignore|skip|exclude|disregard|discard)\b/.test(words)
    ? made.filter(
        (s) =>
          (s.kind !== 'app' || (s.verb !== 'send' && m.apps.some((a) => a.app.key === s.app))) && s.kind !== 'http',
      )
    : made;
}

/**
 * "find the customer in QuickBooks; if none exists create it", "clean up our Airtable table: delete any rows older than
 * 60 days", "mark the row as done": a change to the items said with no app is made where they were just read, when
 * that is a table, sheet, CRM, ledger or mailing list. A record is made there only where it was looked up and missed
 * ("select rows … and insert them into Postgres" goes elsewhere), and not where the clause names another place ("add
 * them to the all-staff group").
 */
function readStoreChange(
  words: string,
  from: number,
  to: number,
  ctx: ReadContext,
  cls: VerbClass | undefined,
  head: { index: number } | null,
): { app: string; verb: 'create' | 'update' | 'delete' } | null {
  const app = ctx.lastRead;
  if (
    (cls !== 'create' && cls !== 'update' && cls !== 'delete') ||
    !app ||
    !RECORD_STORES.test(app) ||
    (cls === 'create' && ctx.lastLookup !== app) ||
    head?.index !== firstWordAt(ctx.tokens, from, to) ||
    !nodeCatalog().app(app)?.action
  )
    return null;
  const onItems =
    /^(?:(?:and|then|also|just|so)\s+)*[a-z]+\s+(?:them|it|those|these|that one|(?:any|all|the|those|these)(?:\s+[\w-]+){0,2}\s+(?:rows?|records?|entries|items?|contacts?|leads?|ones|people|users?|customers?))\b/.test(
      words,
    );
  const elsewhere =
    /\b(?:to|into|in|on|onto)\s+(?:(?:the|a|an|our|my|their|its)\s+)?(?:[\w'-]+\s+){0,2}(?:group|channel|folder|list|space|board|project|calendar|team|segment|audience|campaign|tag)s?\b/.test(
      words,
    );
  const noChange =
    /\b(?:keep|keeps)\s+(?:it|them)\s+(?:simple|short|brief|private|public|safe|running|clean|light|minimal|tidy)\b/.test(
      words,
    );
  return onItems && !elsewhere && !noChange ? { app, verb: cls } : null;
}

/**
 * "notify the customer", "tell the warehouse", "let the team know": a message with no channel named goes the way the
 * request's messages go, else to a customer by e-mail and to anyone else the way toPerson picks (named in the reply).
 * Only one said as an order, first in its clause, to someone: "Message value is JSON", "Guest messages arrive" and
 * "get notified" are none, and "DM the user on Slack … and tell them to rotate" is the one message.
 */
function unnamedChannel(
  words: string,
  from: number,
  to: number,
  ctx: ReadContext,
  hints: AppHints,
  phrase: string,
): Step | null {
  const { tokens } = ctx;
  const ordered =
    /^(?:(?:and|then|also|just|please|finally|so|or)\s+)*(?:(?:notify|tell|inform|warn|remind)\s+(?!(?:that|if|when|whether|about|of|on|in|via|by|through|and|or)\b)[\w@-]|(?:alert|message|ping|dm)\s+(?:me|us|him|her|them|the|our|my|their|its|his|each|every|all|whoever|everyone|[a-z]+@)\b|(?:send|give)\s+(?:(?:him|her|them|me|us)\s+)?(?:(?:a|an|the)\s+)?(?:(?:quick|short|brief)\s+)?(?:message|note|notification|heads-up|notice)\b|send\s+(?:(?:him|her|them)\s+)?(?:a|an|the|their|our)\s+(?:[\w-]+\s+)?(?:survey|questionnaire|coupon|voucher|discount code|reminder|invitation|invite|receipt|confirmation|thank-you(?: note)?|link)\b(?!\s+(?:to|into|in|on)\s+(?:the\s+|our\s+|a\s+)?(?:#|channel|slack|teams|sheet|notion|airtable)\b)|let\s+(?:[\w'-]+\s+){1,4}know\b|ask\s+(?:them|him|her|the\s+(?!(?:ai|model|llm|gpt|agent|assistant|bot|api)\b)[\w-]+)\s+(?:why|to|for|whether|if|how|what|about|when|which)\b|send\s+(?:them|him|her|(?:the|all|each|every|any)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:a|an|the|their|our|his|its)\s+(?!(?:dm|direct|whatsapp|telegram|slack|push)\b)[\w-]+)/.test(
      words,
    );
  if (!ordered) return null;
  // ("post it to #ops, then DM our Head of Support": a direct message to one person is a message of its own.)
  const direct = /^(?:(?:and|then|also|just|please|finally|so|or)\s+)*dm\b/.test(words);
  const sameMessage =
    !direct &&
    ctx.lastSendAt !== undefined &&
    ctx.lastSendAt <= from &&
    !tokens.slice(ctx.lastSendAt, from).some((t) => t.kind === 'punct' && /^[.!?;]$/.test(t.text));
  // ("Remind me … via Pushover", "… in our Teams channel": the channel is named later in the sentence.)
  const sentenceEnd = tokens.findIndex((t, k) => k >= to && t.kind === 'punct' && /^[.!?]$/.test(t.text));
  const namedLater = ctx.mentions.apps.some(
    (a) => a.from >= to && (sentenceEnd < 0 || a.from < sentenceEnd) && appKindOf(a.app.key) === 'message',
  );
  if (
    sameMessage ||
    namedLater ||
    // (A chat's answer goes back in the chat; "notify the right team depending on plan" is the routes' message.)
    ctx.triggerKind === 'chat' ||
    ctx.chat ||
    /\b(?:depending on|based on|according to|right (?:team|person|people|channel|group))\b/.test(words)
  )
    return null;
  const outside =
    /\b(?:customers?|clients?|buyers?|guests?|patients?|applicants?|candidates?|parents?|students?|subscribers?|members?|users?|leads?|donors?|tenants?|shoppers?|purchasers?|attendees?|registrants?)\b/.test(
      words,
    );
  // ("send each tech their route by text": a text message.)
  const texted = /\b(?:by|via|over|as an?|in an?)\s+(?:text|sms|text message)\b/.test(words);
  // (A direct message goes through a chat app: "DM them" after a step in Clockify is no Clockify message.)
  const chat = direct
    ? ctx.mentions.apps.find((a) => appKindOf(a.app.key) === 'message' && !MAIL_SENDERS.test(a.app.key))?.app.key
    : undefined;
  const echo: Step = texted
    ? toPerson(ctx, phrase, true)
    : ctx.lastSend && (!direct || appKindOf(ctx.lastSend) === 'message')
      ? { kind: 'app', app: ctx.lastSend, verb: 'send', hints, phrase }
      : chat
        ? { kind: 'app', app: chat, verb: 'send', hints, phrase }
        : outside
          ? { kind: 'app', app: genericApp('email', ctx, 'e-mail', true), verb: 'send', hints, phrase }
          : toPerson(ctx, phrase, false);
  // ("DM our VP of Customer Success": a direct message to one person is no other message said again.)
  if (!direct) (ctx.echoes ??= new WeakSet()).add(echo);
  return echo;
}

/**
 * A message the reader sent with no channel named, beside another message through the same app in the same steps, is
 * that message said again ("remind me birthdays. … send me a message on WhatsApp").
 */
export function dropEchoes(steps: Step[], echoes: WeakSet<Step> | undefined): void {
  if (!echoes) return;
  for (const list of stepLists(steps))
    for (let k = list.length - 1; k >= 0; k--) {
      const s = list[k]!;
      if (
        s.kind === 'app' &&
        echoes.has(s) &&
        list.some((o) => o !== s && o.kind === 'app' && o.app === s.app && o.verb === 'send' && !echoes.has(o))
      )
        list.splice(k, 1);
    }
}

/** Things added onto an item that already exists ("add it as an internal note on the ticket"). */
const ADDED =
  /^(?:(?:add|adds|attach|attaches|append|appends|post|posts|put|puts|leave|leaves|write|writes)\s+)(?:it|them|this|that|the\s+[\w-]+|an?\s+(?:[\w-]+\s+)?(?:note|comment|reply|tag|label|attachment|remark|link|summary|answer|draft))\b(?:\s+as\s+an?\s+(?:[\w-]+\s+)?(note|comment|reply|remark))?.*?\b(?:to|on|onto)\s+(?:the|this|that|each|its|their)\s+(?:[\w-]+\s+)?([a-z]+)\b/;

/**
 * "add it as an internal note to the Zendesk ticket", "leave a comment on the ticket": the note goes onto the ticket
 * there is; where the app keeps no notes of their own, the ticket is updated with it, not a new ticket made.
 */
function addedTo(outputs: Step[], head: { index: number; word: string } | null, words: string): void {
  if (!head) return;
  const said = ADDED.exec(words.slice(Math.max(0, words.indexOf(head.word))));
  if (!said?.[2]) return;
  const target = said[2].replace(/(?<!s)s$/, '');
  const thing =
    said[1] ?? /\b(note|comment|reply|tag|label|attachment|remark|link|summary|answer|draft)\b/.exec(said[0])?.[1];
  for (const o of outputs) {
    if (o.kind !== 'app' || o.verb !== 'create' || o.noun !== target) continue;
    const own =
      thing &&
      nodeCatalog()
        .resources(o.app)
        .some((r) => r.toLowerCase().includes(thing));
    if (!own) o.verb = 'update';
  }
}

/** Mentions without those inside the trigger's words. */
function outside(m: Mentions, used: Set<number>): Mentions {
  if (!used.size) return m;
  const free = (x: { from: number }) => !used.has(x.from);
  return {
    ...m,
    unknown: m.unknown.filter(free),
    apps: m.apps.filter(free),
    models: m.models.filter(free),
    generics: m.generics.filter(free),
    aiNouns: m.aiNouns.filter(free),
    aiWords: m.aiWords.filter((i) => !used.has(i)),
    nodes: m.nodes.filter(free),
  };
}

/** The app of the request (its trigger's first) that keeps the kind of item a verb's object names ("a deal"). */
/** Operations that make, change or remove an item, by the step's verb. */
const CHANGES: Record<string, RegExp> = {
  create: /^(?:create|add|post|insert|upsert|send|append)/i,
  update: /^(?:update|edit|patch|upsert|set|move|change)/i,
  delete: /^(?:delete|remove|archive|trash)/i,
};

/**
 * Whether the app can do that to the item, as its node's operations say ("update the company": HubSpot can, Clearbit
 * only enriches one); true where the catalogue lists no operations for the item.
 */
function canChange(app: string, noun: string, verb: string): boolean {
  const ops = (nodeCatalog().app(app)?.operations ?? []).filter((o) => o.resource?.toLowerCase() === noun);
  const wanted = CHANGES[verb];
  return !ops.length || !wanted || ops.some((o) => wanted.test(o.operation));
}

function itemOwner(
  tokens: Token[],
  from: number,
  to: number,
  ctx: ReadContext,
  verb: string,
): { app: string; noun: string } | null {
  let k = from;
  // "the company" (a record), not "the company Slack" (whose): a describing word is the item when nothing follows it.
  const last = (i: number) => i + 1 >= to || /^[,.;!?)]$/.test(tokens[i + 1]!.text);
  while (
    k < to &&
    (tokens[k]!.kind !== 'word' ||
      (DETERMINER.test(tokens[k]!.lower) && !(/^(?:company|team)$/.test(tokens[k]!.lower) && last(k))) ||
      /^(?:them|him|her|it|new)$/.test(tokens[k]!.lower))
  )
    k++;
  // The app named last before the clause first ("search Jira for the issue … add a comment to the issue").
  const before = ctx.mentions.apps.filter((a) => a.to <= from).reverse();
  const keys = [
    ...before.slice(0, 1).map((a) => a.app.key),
    ctx.triggerApp,
    ...ctx.mentions.apps.map((a) => a.app.key),
  ].filter((x): x is string => Boolean(x));
  const owner = (word: string) => {
    const kept = keys.flatMap((key) => {
      const noun = keptNoun(word, key);
      return noun ? [{ app: key, noun }] : [];
    });
    return kept.find((k) => canChange(k.app, k.noun, verb)) ?? kept[0] ?? null;
  };
  // "add an internal note to each": the noun may follow a word or two that describe it.
  for (let j = k; j < Math.min(to, k + 3) && tokens[j]!.kind === 'word'; j++) {
    const noun = singular(tokens[j]!.lower.replace(/['’]s$/, ''));
    if (j === k && verbClass(noun)) continue;
    const found = owner(tokens[j]!.lower);
    if (found) return found;
    // "set the row's status to 'published'": the sheet or table the workflow started from.
    if (/^(?:row|record|entry|item)$/.test(noun) && ctx.triggerApp && appKindOf(ctx.triggerApp) === 'store')
      return { app: ctx.triggerApp, noun };
  }
  // "add it as an internal note on the ticket": the item it goes onto, said after the thing added.
  for (let j = k; j < to - 1; j++) {
    if (!/^(?:to|on|onto)$/.test(tokens[j]!.lower) || !/^(?:the|this|that|each)$/.test(tokens[j + 1]!.lower)) continue;
    if (j + 2 >= to) continue;
    const found = owner(tokens[j + 2]!.lower);
    if (found) return found;
  }
  return null;
}

/** Whether the words from `at` to `end` end a list of fields after "with" ("with name and email", "with name, email"). */
function fieldOfList(tokens: Token[], from: number, at: number, end: number): boolean {
  // "with customer email", "with the buyer's email": whose field it is may come between.
  let k = at - 1;
  while (k > from && at - k < 3 && OWNER_WORD.test(tokens[k]!.lower)) k--;
  const before = tokens[k]?.lower ?? '';
  const after = tokens[end];
  if (!/^(?:and|,|plus|\+|&|with)$/.test(before)) return false;
  if (after && !/^(?:[,.;)]|and|or|address(?:es)?)$/.test(after.lower)) return false;
  return tokens.slice(from, at).some((t) => t.lower === 'with');
}

/** "enrich each IP with an HTTP Request to AbuseIPDB": verbs that look the item up; nothing is written there. */
const LOOKS_UP = /^(?:enrich|enriches|lookup|check|checks|verify|verifies|validate|validates)$/;

/** Whose field a value is: "customer email", "the buyer's email". */
const OWNER_WORD =
  /^(?:the|their|his|her|its|customer|customers|customer's|user|user's|client|client's|contact|contact's|lead|lead's|buyer|buyer's|sender|sender's|member|member's|employee|employee's|candidate|candidate's|guest|guest's|patient|patient's|student|student's|subscriber|subscriber's|owner|owner's|author|author's)$/;

/** Whether the words at `at` are one of a list of fields after "with" ("with the name, the node and the URL"). */
function inWithList(tokens: Token[], from: number, at: number): boolean {
  // The list may run past the clause's commas: look back to the sentence's start.
  const start = Math.max(0, from - 30);
  let w = at - 1;
  while (
    w >= start &&
    tokens[w]!.lower !== 'with' &&
    !/^[.;:!?]$/.test(tokens[w]!.text) &&
    !/^(?:but|then|so|because|while|which|when|whenever|if|unless|where)$/.test(tokens[w]!.lower)
  )
    w--;
  if (w < start || tokens[w]!.lower !== 'with') return false;
  const between = tokens.slice(w + 1, at);
  const listed = between.some((t) => t.text === ',' || t.lower === 'and');
  // "with the client name, and a matter created in Clio through their API": a clause with its own participle.
  if (
    between.some(
      (t) =>
        t.kind === 'word' && /(?:ed|ing)$/.test(t.lower) && verbClass(t.lower) && !/^(?:failing|failed)$/.test(t.lower),
    )
  )
    return false;
  // "… with the name, and send it to …": a verb right after the list's comma or "and" starts a clause of its own.
  const clause = between.some(
    (t, i) => i > 0 && /^(?:,|and)$/.test(between[i - 1]!.lower) && t.kind === 'word' && Boolean(verbClass(t.lower)),
  );
  return listed && !clause;
}
