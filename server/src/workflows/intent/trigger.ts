// What starts the workflow: a schedule phrase, an event clause ("when a new GitHub issue is opened"), a bot or a
// form the request describes, an app the items come from ("Gmail attachments to Drive"), or a click. Returns the
// tokens the trigger used so the rest of the request reads as steps.
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { GENERIC_DEFAULTS, GENERIC_FAMILIES, type GenericKind } from '../catalog/generics.ts';
import type { Choice, Condition, ScheduleRule, Trigger } from '../spec.ts';
import { BOT_CHANNELS, MAIL } from './appGroups.ts';
import { findSchedule } from './schedule.ts';
import { findMentions, type AppRef, type Mentions } from './mentions.ts';
import { singular, verbClass } from './lexicon.ts';
import { conditionOf } from './words.ts';
import { tokenize, type Token } from './text.ts';

/** The choice named when the reader stands in with a webhook for an event no app reports. */
export const STOOD_IN_WEBHOOK = 'a Webhook the sending system calls';

export interface FoundTrigger {
  trigger: Trigger;
  /** Token indexes that belong to the trigger's phrase. */
  used: Set<number>;
  /** "when a GitHub issue has the label bug": only those items go on. */
  filter?: Condition;
  /** The app mention the trigger came from (not a step of its own). */
  app?: AppRef;
  /** Read from a spec's own trigger line ("Trigger: …"): no audit replaces it. */
  headed?: boolean;
  choices: Choice[];
  notes: string[];
}

const CHECKS =
  /^(?:check|checks|see|verify|verifies|determine|determines|decide|decides|tell|detect|detects|figure|classify)$/;

const EVENT_START =
  /^(?:when|whenever|upon|once|as soon as|each time|every time|any time|anytime|if a new|if an new|on new|on every new|on each new|for each new|for every new|each new|every new|after a|after an|after someone|triggered by|on receipt of|incoming|receive|receives|receiving|that arrive|that arrives|listens for|listen for|listening for|watches for|watch for|which arrive|which arrives|that land|that lands|that come in|that comes in|(?:on )?(?:every|each) (?:push|commit|merge)|on (?:push|commit|merge))$/;

/**
 * The workflow is run by hand. ("every time we close a deal in pipedrive i manually create an invoice": today's chore,
 * not a manual start.)
 */
const RUN_BY_HAND =
  /(?<!\b(?:i|we|they|someone|she|he) )\bmanually\b(?! (?:create|add|copy|enter|type|update|send|move|check|download|upload|export|import|make|write|log|forward|paste|fill|post)\w*)/;

const EVENTS: Array<[RegExp, string]> = [
  [/\bfail(?:s|ed|ure|ing)?\b|\bdeclined\b/, 'failed'],
  [/\b(?:respon(?:se|ses|ds)|submission|submitted|submits|answers?|fills?)\b/, 'response'],
  // "moves a card to the 'Confirmed' list": the item changed where it is.
  // ("I add the tag 'launch' to a product", "adds the bug label to an issue": a tag on an item that was there.)
  [
    /\b(?:updated|changes?|changed|modified|edited|moves|moved)\b|\badd(?:s|ed)?\s+(?:the\s+|a\s+)?(?:tag|label)\b|\badd(?:s|ed)?\s+(?:the\s+|a\s+)?\S+\s+(?:tag|label)\s+to\b/,
    'updated',
  ],
  // "an order is cancelled": the app's own cancel event where it has one (else its delete, see configure.ts).
  [/\bcancel+ed\b|\bcancels\b/, 'cancelled'],
  [/\b(?:deleted|removed)\b/, 'deleted'],
  [/\b(?:paid|pays|payments?|charges?|succeed(?:s|ed)?)\b/, 'payment'],
  [/\bstar(?:s|red)?\b/, 'star'],
  // "When someone registers for our Eventbrite event": the app's registration (an order) where it has one.
  [/\b(?:registers|registered|buys? (?:a |their )?tickets?|rsvps?|rsvp'd)\b/, 'registered'],
  [/\b(?:push(?:es|ed)?|commits?)\b/, 'push'],
  [/\b(?:published|publishes)\b/, 'published'],
  // "a Pipedrive deal is won", "a pull request is merged": a state an item that was there reaches.
  [/\b(?:won|lost|approved|rejected|merged|fulfilled|shipped|qualified|escalated)\b/, 'updated'],
  [/\b(?:ends?|ended|finish(?:es|ed)?|completes?|completed|closes?|closed|resolved)\b/, 'ended'],
  [
    /\b(?:created|new|added|arrives?|comes? in|opened|received|posted|lands?|uploaded|joins?|signs? up|books?|booked|placed)\b/,
    'created',
  ],
];

/** The event its words name; what the items have ("comes in with payment method …") is their test, not the event. */
const eventOf = (text: string) => {
  const head = text.replace(/\s(?:with|whose|where|having|containing)\s.*$/, '');
  return EVENTS.find(([re]) => re.test(head))?.[1] ?? 'created';
};

const EVENT_VERB =
  /^(?:arrives?|comes?|came|received|receives?|created|added|submitted|submits?|fills?|filled|booked|books?|opened|opens|posted|updated|changes?|changed|fails?|failed|paid|signs?|joins?|lands?|uploaded|stars?|starred|pushed|pushes|published|publishes|starts?|ends?|completed|completes|cancel+ed|cancels?|buys?|bought|orders|ordered|purchases?|purchased|deleted|moved|assigned|closed|closes|hits?|mentioned|mentions|sent|replied|replies|responds?|placed|registers|registered|shared|edited|modified|drops?|appears?|happens?|occurs?|reaches|exceeds|won|lost|expires?|expired|succeeds?|succeeded|goes|went|becomes?|flagged|approved|rejected|signed|lands|landed|fires|fired|triggers|triggered|resolves|resolved|breaches|breached)$/;

/** Tokens of the clause that an event word starts, up to the comma, "then" or the action after the event. */
function eventClause(tokens: Token[], at: number, span: number): number {
  let end = at + span;
  let sawEvent = false;
  for (; end < tokens.length; end++) {
    const t = tokens[end]!;
    if (t.kind === 'punct' && /^[,;:.!?\n–—]$/.test(t.text)) break;
    if (t.kind === 'punct' && t.text === '-' && !t.joined) break;
    // "each new gumroad sale → add the buyer to …": an arrow leads to the steps.
    if (t.text === '→' || t.text === '⇒' || (t.text === '-' && tokens[end + 1]?.text === '>')) break;
    if (/^(?:then|so)$/.test(t.lower)) break;
    // "when someone cancel a class (our site send webhook) …": an aside about the event is the event's.
    // "every event our backend POSTs to the webhook to PostHog": where the items go after the webhook is a step.
    if (t.lower === 'to' && /^(?:webhook|endpoint|url|hook)$/.test(tokens[end - 1]?.lower ?? '')) break;
    // "I want each new row to create an event in Google Calendar": what the items should do is the steps.
    // "I want every new lead to go into a Google Sheet": or to be moved somewhere.
    if (
      t.lower === 'to' &&
      end > at + span &&
      ((verbClass(tokens[end + 1]?.lower ?? '') &&
        !EVENT_VERB.test(tokens[end + 1]?.lower ?? '') &&
        /^(?:a|an|the|their|it|them|new|each|every)$/.test(tokens[end + 2]?.lower ?? '')) ||
        (/^(?:go|get|be|land|end)$/.test(tokens[end + 1]?.lower ?? '') &&
          /^(?:into|in|to|onto|on|up|added|sent|copied|logged|saved|posted|created|synced)$/.test(
            tokens[end + 2]?.lower ?? '',
          )))
    )
      break;
    if (t.text === '(') {
      // "when a cart is abandoned (email, items, cart link)": the fields the event carries, not more of the event.
      const shut = tokens.findIndex((x, k) => k > end && k < end + 18 && x.text === ')');
      const inside = shut > 0 ? tokens.slice(end + 1, shut) : [];
      if (
        inside.some((x) => x.text === ',') &&
        !inside.some((x) => /^(?:a|an|the|we|i|it|they|is|are|was|were|when|if)$/.test(x.lower))
      )
        break;
    }
    if (t.text === '(' && sawEvent) {
      const close = tokens.findIndex((x, k) => k > end && k < end + 14 && x.text === ')');
      if (close > 0) {
        end = close;
        continue;
      }
    }
    // "when a sale happens i want the buyer added to …": what the user wants is the steps, not the event.
    if (
      /^(?:i|we)$/.test(t.lower) &&
      /^(?:want|need|would|like|wanna|'d|must|should)$/.test(tokens[end + 1]?.lower ?? '')
    )
      break;
    // "Every new Shopify customer should be added to our list", "… must get a welcome SMS": what should happen to the
    // items is the steps.
    if (
      /^(?:should|must|shall|needs|need|has|have|will)$/.test(t.lower) &&
      (/^(?:be|get|receive|go|automatically|also|then|immediately|now|start|trigger|run|kick|launch)$/.test(
        tokens[end + 1]?.lower ?? '',
      ) ||
        (/^(?:to)$/.test(tokens[end + 1]?.lower ?? '') && tokens[end + 2]?.lower === 'be'))
    )
      break;
    // "When a customer sends us a remittance advice email": what someone sends us is the event, up to what they send.
    if (
      /^(?:sends|sent|emails|e-mails|mails|writes|forwards)$/.test(t.lower) &&
      /^(?:us|me)$/.test(tokens[end + 1]?.lower ?? '')
    ) {
      const sent = tokens.findIndex(
        (x, k) =>
          k > end + 1 &&
          k <= end + 8 &&
          /^(?:e-?mails?|mail|messages?|files?|pdfs?|invoices?|attachments?|documents?|photos?|csvs?|lists?|reports?|forms?|receipts?)$/.test(
            x.lower,
          ),
      );
      if (sent > 0 && !tokens.slice(end + 1, sent).some((x) => x.kind === 'punct' && /^[,;:.!?]$/.test(x.text))) {
        end = sent + 1;
        break;
      }
    }
    // "When a new email arrives save the sender": an action verb after the event starts the steps.
    const cls = verbClass(t.lower);
    // "Every new lead should become a person and a deal in Pipedrive": what should happen to the item is a step.
    const then = tokens[end + 1]?.lower ?? '';
    const should = verbClass(then);
    if (
      /^(?:should|must|shall)$/.test(t.lower) &&
      end > at + span &&
      should &&
      should !== 'umbrella' &&
      (!EVENT_VERB.test(then) || then === 'become')
    )
      break;
    const prev = tokens[end - 1]?.lower ?? '';
    // "… added to the 'To Do' list on our Trello board": a word after a quoted name is that name's noun.
    // "when a new order comes in add it to …": the particle of the event's verb, not a place for a noun.
    const particle = /^(?:in|up|out|on)$/.test(prev) && EVENT_VERB.test(tokens[end - 2]?.lower ?? '');
    const nounPlace =
      (!particle &&
        /^(?:a|an|the|my|our|your|their|his|her|its|new|each|every|any|some|this|that|is|are|was|gets?|been|to|by|in|on|from|with|of)$/.test(
          prev,
        )) ||
      tokens[end - 1]?.kind === 'quote';
    // "… and set its status to Ready": the user's own change is part of the event.
    const setsField =
      /^(?:set|sets)$/.test(t.lower) &&
      /^(?:its|the|their)$/.test(tokens[end + 1]?.lower ?? '') &&
      tokens[end + 3]?.lower === 'to';
    // "pushes to the main branch in GitHub": "branch" names where the push went.
    const gitNoun =
      /^(?:branch|branches|repo|repos|repository)$/.test(t.lower) &&
      /^(?:in|on|of|at)$/.test(tokens[end + 1]?.lower ?? '');
    if (sawEvent && cls && cls !== 'umbrella' && !EVENT_VERB.test(t.lower) && !nounPlace && !setsField && !gitNoun)
      break;
    // "2 days after a Calendly booking send a feedback email": an action right after the event's item starts the steps.
    if (
      cls &&
      cls !== 'umbrella' &&
      !EVENT_VERB.test(t.lower) &&
      !/^(?:gets?|got|has|have|had|is|are|was|were|becomes?|became|hits?|reach(?:es)?|goes|went|moves?|moved|changes?|stays?)$/.test(
        t.lower,
      ) &&
      // ("a new ticket marked Urgent pings the on-call person": the state the item was given, then the action.)
      (ITEMS.test(prev) ||
        tokens.slice(at + span, end - 1).some((x) => /^(?:marked|tagged|labell?ed|flagged)$/.test(x.lower))) &&
      /^(?:a|an|the|them|it|their|him|her|me|us|each|every|one|our|my)$/.test(tokens[end + 1]?.lower ?? '')
    )
      break;
    // "when the NPS score < 7 email me", "disk usage above 90% send a PagerDuty alert": an action right after the
    // bound a test names starts the steps.
    const bound =
      /^[$€£¥₹]?\d[\d.,]*k?$/.test(prev) ||
      ((prev === '%' ||
        /^(?:usd|eur|gbp|dollars?|euros?|pounds?|degrees?|days?|hours?|minutes?|percent|ms|gb|mb)$/.test(prev)) &&
        /^[$€£¥₹]?\d[\d.,]*k?$/.test(tokens[end - 2]?.lower ?? ''));
    if (bound && cls && cls !== 'umbrella' && !EVENT_VERB.test(t.lower) && end > at + span) break;
    // "when someone cancel a class (our site send webhook) look in the sheet …": an action after the aside.
    if (prev === ')' && cls && cls !== 'umbrella' && !EVENT_VERB.test(t.lower)) break;
    // "… each new Zendesk ticket and route it": "and" with an action after it ends the event.
    if (
      /^(?:and|&)$/.test(t.lower) &&
      verbClass(tokens[end + 1]?.lower ?? '') &&
      !(/^(?:set|sets)$/.test(tokens[end + 1]!.lower) && tokens[end + 4]?.lower === 'to') &&
      !EVENT_VERB.test(tokens[end + 1]?.lower ?? '') &&
      !/^(?:a|an|the)$/.test(tokens[end + 2]?.lower ?? 'x')
    )
      break;
    if (EVENT_VERB.test(t.lower)) sawEvent = true;
  }
  return end;
}

const isArrow = (tokens: Token[], j: number): boolean =>
  tokens[j]?.text === '→' || (tokens[j]?.text === '-' && tokens[j + 1]?.text === '>');

/**
 * Where the event ends when a sentence opens with one and an arrow follows ("new Paddle transaction → …",
 * "Keap contact gets tag 'webinar' → …", "Postgres Trigger on new row in orders → …"); -1 when it does not.
 */
function arrowHead(tokens: Token[], i: number, m: Mentions): number {
  if (i > 0 && !/^[.!?:\n]$/.test(tokens[i - 1]!.text)) return -1;
  let j = i;
  while (j < tokens.length && j - i < 14 && !isArrow(tokens, j) && !/^[.!?,;:]$/.test(tokens[j]!.text)) j++;
  if (!isArrow(tokens, j) || j === i) return -1;
  const words = tokens.slice(i, j).map((t) => t.lower);
  // An app with no trigger of its own is polled for its new items.
  const app = m.apps.find((a) => a.from >= i && a.to <= j && (triggerable(a) || words.includes('new')));
  if (!app) return -1;
  const event = words.some((w) => /^(?:new|incoming|trigger|gets?|got)$/.test(w) || EVENT_VERB.test(w));
  // "Schedule Trigger → get the posts from Reddit": a chain that starts with a step, not an event.
  const step = words.some((w, k) => k === 0 && verbClass(w) && !/^(?:new|incoming)$/.test(w));
  return event && !step ? j : -1;
}

function triggerable(ref: AppRef): boolean {
  return Boolean(ref.app.trigger);
}

/** "a new Jira issue": the kind of item the app reports, which picks the trigger's event ("jira:issue_created"). */
export function itemAfter(ref: AppRef, tokens: Token[]): string | undefined {
  const after = tokens.slice(ref.to, ref.to + 3);
  // The item stops at an arrow, a comma or the action's verb ("on Shopify add a row …").
  const cut = after.findIndex(
    (t, k) =>
      t.kind !== 'word' ||
      (Boolean(verbClass(t.lower)) &&
        !ITEMS.test(t.lower) &&
        !(t.lower === 'pull' && /^requests?$/.test(after[k + 1]?.lower ?? ''))),
  );
  // ("our YouTube channel post the link": the app's container ends its name; what follows is the action.)
  const words = /^(?:channel|folder|board|workspace|account|page|inbox)$/.test(after[0]?.lower ?? '')
    ? []
    : (cut < 0 ? after : after.slice(0, cut)).map((t) => t.lower);
  if (words[0] === 'pull' && /^requests?$/.test(words[1] ?? '')) return 'pull request';
  const item = itemOf(ref);
  // "a new invoice in QuickBooks", "new rows from Airtable": the item before the app that holds it.
  // ("a new video is uploaded to our YouTube channel": past the place's determiner.)
  const near = tokens.slice(Math.max(0, ref.from - 7), ref.from).map((t) => t.lower);
  const before =
    /^(?:our|my|the|their|your)$/.test(near.at(-1) ?? '') && /^(?:to|into)$/.test(near.at(-2) ?? '')
      ? near.slice(0, -1).map((w, k, all) => (k === all.length - 1 ? 'in' : w))
      : tokens.slice(Math.max(0, ref.from - 6), ref.from).map((t) => t.lower);
  // ("I add the tag 'launch' to a product in Shopify": an item named right before the app.)
  const held =
    /^(?:in|on|from|at)$/.test(before.at(-1) ?? '') && before.includes('new')
      ? before.slice(before.indexOf('new') + 1, -1).find(item)
      : /^(?:in|on|from|at)$/.test(before.at(-1) ?? '') && /^(?:a|an|any|every|each)$/.test(before.at(-3) ?? '')
        ? [before.at(-2)!].find(item)
        : heldBefore(before, item);
  // "a new subscriber joins my ConvertKit list": a new item, then what it does to the app's place.
  const fresh = before.lastIndexOf('new');
  const joined =
    fresh >= 0 &&
    fresh + 1 < before.length &&
    item(before[fresh + 1]!) &&
    before
      .slice(fresh + 2)
      .every((w) => /^(?:joins?|joined|signs?|signed|up|subscribes?|subscribed|to|my|our|the|a)$/.test(w))
      ? before[fresh + 1]
      : undefined;
  const word = words.find(item) ?? held ?? joined;
  return word && oneItem(word);
}

/** The item a plural names ("replies" → "reply", "images" → "image"). */
export function oneItem(word: string): string {
  return word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
}

/**
 * The usual items, or a kind of record the app keeps ("a new opportunity in Copper"; not "the OneDrive folder" the
 * items are added to).
 */
function itemOf(ref: AppRef): (w: string) => boolean {
  return (w) =>
    ITEMS.test(w) ||
    (w.length > 3 &&
      !/^(?:folders?|boards?|lists?|channels?|projects?|workspaces?|spaces?|bases?|tables?|sheets?|databases?|drives?|buckets?|repos?|repositor(?:y|ies))$/.test(
        w,
      ) &&
      nodeCatalog().keeps(ref.app.key, singular(w)));
}

/**
 * "Florist with a Shopify shop. When a new order comes in …", "… someone orders a bouquet": the item the event's own
 * clause names, for an app the request named elsewhere.
 */
function itemSaid(ref: AppRef, clause: Token[]): string | undefined {
  const item = itemOf(ref);
  const k = clause.findIndex(
    (t, j) =>
      t.kind === 'word' &&
      item(t.lower) &&
      /^(?:new|a|an|any|every|each|someone|somebody|anyone|customer|customers|client|clients)$/.test(
        clause[j - 1]?.lower ?? '',
      ),
  );
  if (k < 0) return undefined;
  // ("a customer places an order": what the person makes is the item.)
  const made =
    /^(?:places?|placed|makes?|made|submits?|submitted|leaves?|left|writes?|opens?|opened|books?|booked)$/.test(
      clause[k + 1]?.lower ?? '',
    ) &&
    /^(?:a|an|new|their|his|her)$/.test(clause[k + 2]?.lower ?? '') &&
    clause[k + 3]?.kind === 'word' &&
    item(clause[k + 3]!.lower)
      ? clause[k + 3]!.lower
      : undefined;
  return oneItem(made ?? clause[k]!.lower);
}

/** "an order comes in on Shopify", "a payment is made in Stripe": the item, then how it arrives, then the app. */
function heldBefore(before: string[], item: (w: string) => boolean): string | undefined {
  if (!/^(?:in|on|from|at|via|through)$/.test(before.at(-1) ?? '')) return undefined;
  for (let j = 3; j <= 5; j++) {
    const between = before.slice(-j + 1, -1);
    if (!between.every((w) => ARRIVES.test(w))) return undefined;
    if (/^(?:a|an|any|every|each)$/.test(before.at(-j - 1) ?? '') && item(before.at(-j)!)) return before.at(-j);
  }
  return undefined;
}

const ARRIVES = /^(?:comes?|in|is|are|gets?|placed|arrives?|lands?|created|made|submitted|paid|up|through|shows)$/;

/** The item of the request's event clause ("When someone orders …") for an app named in another sentence. */
export function itemInEvent(ref: AppRef, tokens: Token[]): string | undefined {
  const at = tokens.findIndex((t) => /^(?:when|whenever|once)$/.test(t.lower));
  if (at < 0) return undefined;
  const stop = tokens.findIndex((t, k) => k > at && t.kind === 'punct');
  return itemSaid(ref, tokens.slice(at + 1, stop < 0 ? undefined : stop));
}

function appTrigger(ref: AppRef, text: string, tokens: Token[] = [], clause: Token[] = []): Trigger {
  const item = itemAfter(ref, tokens) ?? itemSaid(ref, clause);
  const event = eventOf(text);
  // "When someone mentions our bot in Slack": a chat app's mention event (the node's, where it has one).
  const mention =
    event === 'created' && BOT_CHANNELS.test(ref.app.key) && /\b(?:mentions|mentioned|@-?mentions?)\b/.test(text);
  return { kind: 'app', app: ref.app.key, event: mention ? 'mention' : event, ...(item ? { item } : {}) };
}

const ITEMS =
  /^(?:orders?|emails?|mails?|messages?|attachments?|responses?|submissions?|leads?|rows?|records?|issues?|tickets?|posts?|comments?|files?|documents?|invoices?|receipts?|payments?|customers?|contacts?|subscribers?|signups?|sign-ups?|bookings?|events?|deals?|tasks?|cards?|notes?|voice|texts?|audio|photos?|images?|videos?|reviews?|replies|mentions?|tweets?|forms?|entries|bookmarks?|articles?|updates?|alerts?|requests?|inquiries|enquiries|transactions?|purchases?|sales?|queues?|topics?|conversations?|chats?|calls?|meetings?|employees?|users?|members?|applications?|candidates?|deploys?|deployments?|builds?|incidents?|subscriptions?|shifts?|releases?)$/;

/** Verbs that move items that already exist ("save Gmail attachments", "forward Telegram messages"). */
const MOVE =
  /^(?:consume|consumes|save|saves|store|stores|forward|forwards|sync|syncs|copy|copies|move|moves|backup|back|archive|archives|log|logs|organize|organise|organizes|route|routes|process|processes|transcribe|transcribes|summarize|summarise|summarizes|classify|classifies|label|labels|categorize|categorise|answer|answers|reply|replies|respond|convert|converts|turn|turns|extract|extracts|parse|parses|download|downloads|import|imports|track|tracks|monitor|monitors|send|sends|post|posts|share|shares|push|pushes|upload|uploads|analyze|analyse|analyzes|translate|translates|auto-save|autosave|mirror|mirrors|collect|collects|capture|captures|file|files|alerts?|notifications?|draft|drafts|auto-draft)$/;

/** "Gmail attachments to Drive", "Shopify orders in Sheets": the app the items come from, when it can start a run. */
function sourceApp(tokens: Token[], m: Mentions): { ref: AppRef; from?: number } | undefined {
  for (const ref of m.apps) {
    const before = tokens[ref.from - 1]?.lower ?? '';
    // "New post in my blog's RSS feed", "new rows on the Leads sheet": new items, then where they appear.
    const window = tokens.slice(Math.max(0, ref.from - 9), ref.from);
    const clauseStart = window.findLastIndex((t) => t.kind === 'punct' && /^[,;:.!?>→-]$/.test(t.text)) + 1;
    const near = window.slice(clauseStart).map((t) => t.lower);
    const at = near.findIndex((w) => /^(?:new|incoming)$/.test(w));
    // "new row added to the 'Leads' tab in Google Sheets": the event's verb and place may come between.
    if (
      at >= 0 &&
      triggerable(ref) &&
      ITEMS.test(near[at + 1] ?? '') &&
      (/^(?:in|on|from|at)$/.test(near[at + 2] ?? '') ||
        (EVENT_VERB.test(near[at + 2] ?? '') && /^(?:in|on|from|at)$/.test(near.at(-1) ?? ''))) &&
      // ("one branch gets invoices from Xero, the other gets incoming payments from Wise": one side's read.)
      !near.slice(0, at).some((w) => /^(?:branch|branches|other|side)$/.test(w)) &&
      // ("takes new rows in Airtable and …": a verb that only takes the items in.)
      !near
        .slice(near.slice(0, at).findLastIndex((w) => /^(?:that|which)$/.test(w)) + 1, at)
        .some(
          (w) =>
            verbClass(w) &&
            !/^(?:take|takes|get|gets|grab|grabs|pick|picks|pull|pulls|fetch|fetches|process|processes|handle|handles)$/.test(
              w,
            ),
        )
    )
      return { ref, from: ref.from - near.length + at };
    if (/^(?:to|into|onto|with|via|using|through|by|in|on|and|&|,)$/.test(before)) continue;
    // ("save negative ones to a Google Sheet for review": where they go, whatever follows the name.)
    // ("our services push messages onto a RabbitMQ queue": what someone else does there is the event.)
    if (
      /^(?:a|an|the|our|my|their|your)$/.test(before) &&
      /^(?:to|into|onto)$/.test(tokens[ref.from - 2]?.lower ?? '') &&
      tokens
        .slice(Math.max(0, ref.from - 8), ref.from - 2)
        .some((t) =>
          /^(?:save|add|put|write|log|append|insert|store|copy|export|upload|move|record|dump)$/.test(t.lower),
        )
    )
      continue;
    // "… and send a Slack message to the AE", "post a Teams message": one message the workflow sends.
    const sender = /^(?:send|sends|post|posts|write|writes|drop|create|creates|add|adds)$/;
    // "send the person a WhatsApp message", "send each new lead a Telegram message": to whom, then the message.
    // ("send a personalised WhatsApp message": the message described first.)
    const described =
      /^(?:a|an)$/.test(tokens[ref.from - 2]?.lower ?? '') &&
      tokens[ref.from - 1]?.kind === 'word' &&
      !/^(?:new|incoming|latest)$/.test(before);
    const said = tokens.slice(Math.max(0, ref.from - (described ? 7 : 6)), ref.from - (described ? 2 : 1));
    const verbAt = said.findLastIndex((t) => sender.test(t.lower));
    if (
      (/^(?:a|an)$/.test(before) || described) &&
      verbAt >= 0 &&
      said.slice(verbAt + 1).every((t) => t.kind === 'word' && !verbClass(t.lower))
    )
      continue;
    if (!triggerable(ref) && !/^(?:new|incoming)$/.test(before)) continue;
    const after = tokens.slice(ref.to, ref.to + 3).filter((t) => t.kind === 'word');
    const items = after.findIndex((t) => ITEMS.test(t.lower));
    const itemsNext = items >= 0 && items <= 1;
    const from = before === 'from' || before === 'incoming';
    const lead = tokens.slice(Math.max(0, ref.from - 6), ref.from);
    const moves = lead.some((t) => MOVE.test(t.lower));
    // (Not the new items of another app: "new rows in Airtable and create Trello cards".)
    const fresh = lead.some(
      (t, k) =>
        /^(?:new|incoming|latest)$/.test(t.lower) &&
        !lead.slice(k + 1).some((w) => w.kind === 'word' && ITEMS.test(w.lower)),
    );
    // "Auto-archive stale Trello cards": items found in a state by looking regularly, not an event.
    if (lead.some((t) => /^(?:stale|inactive|dormant|overdue|old|expired|expiring|abandoned|unpaid)$/.test(t.lower)))
      continue;
    if ((from && (itemsNext || moves)) || (itemsNext && (moves || fresh))) return { ref };
    // "Netlify deploy notifications in Discord": news of the app's items.
    if (
      itemsNext &&
      triggerable(ref) &&
      /^(?:notifications?|alerts?|updates?|events?)$/.test(after[items + 1]?.lower ?? '')
    )
      return { ref };
    // "watches our Shopify store for new orders": the app reports them.
    const watching = lead.some((t) =>
      /^(?:watch|watches|watching|monitor|monitors|listen|listens|listening)$/.test(t.lower),
    );
    const later = tokens.slice(ref.to, ref.to + 5).map((t) => t.lower);
    const newAt = later.findIndex((w) => w === 'new');
    if (watching && triggerable(ref) && newAt >= 0 && ITEMS.test(later[newAt + 1] ?? '')) return { ref };
  }
  // An app n8n only has a trigger for (Cal.com, Jotform, Calendly) can only start the workflow.
  const only = m.apps.find((ref) => ref.app.trigger && !ref.app.action);
  return only ? { ref: only } : undefined;
}

const BOT =
  /^(?:bot|chatbot|assistant|agent|responder|auto-responder|autoresponder|concierge|companion|helper|receptionist)$/;

/** "a Telegram bot", "WhatsApp AI customer service bot": the messaging app a bot talks through. */
function botApp(tokens: Token[], m: Mentions): AppRef | undefined {
  // "working with an agent", "if they already have an agent", "our estate agent": a person, not a bot.
  const person = (i: number) => {
    const before = /^(?:a|an|the)$/.test(tokens[i - 1]?.lower ?? '') ? tokens[i - 2] : tokens[i - 1];
    return /^(?:with|have|has|had|their|his|her|estate|insurance|travel|sales|booking|listing|buyer|seller|letting|leasing|support|human|live|real)$/.test(
      before?.lower ?? '',
    );
  };
  const agents = m.aiNouns.flatMap((n) => (n.task === 'agent' && !person(n.from) ? [n.from] : []));
  const bots = tokens.flatMap((t, i) => (BOT.test(t.lower) && !person(i) ? [i] : []));
  if (!bots.length && !agents.length) return undefined;
  // "working with an agent y/n … a thank-you text through Twilio": a bot is said with the app it talks through (or
  // as one that converses), not any person called an agent somewhere in the request.
  return m.apps.find(
    (ref) =>
      BOT_CHANNELS.test(ref.app.key) &&
      ref.app.trigger &&
      !/^(?:gmail|microsoftOutlook)$/.test(ref.app.key) &&
      (bots.some((i) => Math.abs(i - ref.from) <= 8) || agents.some((i) => Math.abs(i - ref.from) <= 14)),
  );
}

function range(from: number, to: number): Set<number> {
  const s = new Set<number>();
  for (let i = from; i < to; i++) s.add(i);
  return s;
}

/** The app's own trigger, named outright ("the Jira Trigger", "Stripe webhooks"): its words up to `end` are used. */
function triggerOfApp(ref: AppRef, end: number, tokens: Token[]): FoundTrigger {
  const words = tokens
    .slice(ref.from, Math.min(tokens.length, end + 6))
    .map((t) => t.lower)
    .join(' ');
  return { trigger: appTrigger(ref, words, tokens), used: range(ref.from, end), app: ref, choices: [], notes: [] };
}

function eventTrigger(tokens: Token[], m: Mentions, original: string): FoundTrigger | null {
  for (let i = 0; i < tokens.length; i++) {
    const one = tokens[i]!.lower;
    const two = `${one} ${tokens[i + 1]?.lower ?? ''}`;
    const three = `${two} ${tokens[i + 2]?.lower ?? ''}`;
    const span = EVENT_START.test(three) ? 3 : EVENT_START.test(two) ? 2 : EVENT_START.test(one) ? 1 : 0;
    // "new Stripe charge → log it", "Google Calendar event created → …": an event written as a chain's head.
    const head = span ? -1 : arrowHead(tokens, i, m);
    if (!span && head < 0) continue;
    // "once a day" is a schedule, "when done" is not an event.
    // ("Once a Pipedrive deal is won, …" is an event: "a" then no span of time.)
    if (
      one === 'once' &&
      (/^(?:per|every|daily)$/.test(tokens[i + 1]?.lower ?? '') ||
        (/^(?:a|an)$/.test(tokens[i + 1]?.lower ?? '') &&
          /^(?:day|week|month|year|quarter|fortnight|hour|minute|night|morning|evening|weekday|weekend|while|time|lifetime)s?$/.test(
            tokens[i + 2]?.lower ?? '',
          )))
    )
      continue;
    // "a form they fill for each new hire": what the form is for, not an event.
    const forEach = /^for (?:each|every) new$/.test(three) ? i : /^(?:each|every) new$/.test(two) ? i - 1 : -1;
    if (
      forEach >= 0 &&
      tokens[forEach]?.lower === 'for' &&
      tokens.slice(Math.max(0, forEach - 6), forEach).some((t) => /^forms?$/.test(t.lower))
    )
      continue;
    // "when both done send the welcome email": the branches before finishing, which the Merge waits for.
    if (
      span &&
      /^(?:both|all|they|all of them|the two)\s+(?:(?:are|have|have been|is)\s+)?(?:done|finished|complete|completed)\b/.test(
        tokens
          .slice(i + span, i + span + 5)
          .map((t) => t.lower)
          .join(' '),
      )
    )
      continue;
    // "… then take it away again when the hours are up": the end of a time the workflow waits, no event.
    if (
      span &&
      /^(?:the|those|these|that|its|their)\s+(?:\w+\s+)?(?:hours?|days?|minutes?|weeks?|months?|time|timer|period|trial|countdown|window)\s+(?:is|are|has|have)\s+(?:up|over|passed|expired|run out|ended)\b/.test(
        tokens
          .slice(i + span, i + span + 7)
          .map((t) => t.lower)
          .join(' '),
      )
    )
      continue;
    // "The manager receives an email with Approve / Reject options": a person the workflow writes to, no mail of ours.
    // "customers whose invoices are overdue to receive a reminder email": what the workflow makes happen.
    if (
      /^(?:receive|receives)$/.test(one) &&
      tokens[i - 1]?.lower === 'to' &&
      /\b(?:want|need|like|get)\b/.test(
        tokens
          .slice(Math.max(0, i - 14), i)
          .map((t) => t.lower)
          .join(' '),
      )
    )
      continue;
    // "cold leads just receive a thank-you email", "new customers also get a welcome email": people the workflow writes
    // to, said as the subject (not after "when").
    {
      let k = i - 1;
      while (k > 0 && /^(?:just|also|then|only|automatically|should|will|simply|each|all)$/.test(tokens[k]!.lower)) k--;
      const subject = tokens[k]?.lower ?? '';
      if (
        /^(?:receive|receives)$/.test(one) &&
        /^(?:[a-z]+(?:ers|ees|ents|ads|ts|ns|rs|ls|ds|ps)|they|people|staff|everyone|everybody)$/.test(subject) &&
        !/^(?:inboxes|mailboxes|accounts|addresses|servers|systems|apps|bots|webhooks|endpoints|forms)$/.test(
          subject,
        ) &&
        !tokens
          .slice(Math.max(0, k - 4), k)
          .some((t) => /^(?:when|whenever|once|if|as soon as|every time)$/.test(t.lower))
      )
        continue;
    }
    if (
      /^(?:receive|receives)$/.test(one) &&
      /^(?:the|a|an|each|every|their|his|her|that)$/.test(tokens[i - 2]?.lower ?? '') &&
      !/^(?:inbox|mailbox|account|address|gmail|outlook|workflow|system|app|server|bot|webhook|endpoint|team)$/.test(
        tokens[i - 1]?.lower ?? '',
      )
    )
      continue;
    // "one branch gets invoices from Xero, the other gets incoming payments from Wise": one side's read.
    if (verbClass(tokens[i - 1]?.lower ?? '') && /^(?:branch|branches|other|side)$/.test(tokens[i - 2]?.lower ?? ''))
      continue;
    let end = head >= 0 ? head : eventClause(tokens, i, span);
    // "booked in Acuity Scheduling": a name the clause ends inside is the clause's whole.
    const cut = m.apps.find((a) => a.from < end && a.to > end);
    if (cut) end = cut.to;
    // "Translate incoming Zammad tickets to English", "tag each new Help Scout conversation as …": the words name
    // the items an action takes, up to their noun (or the app's name and the word after it).
    if (
      /^(?:incoming|each new|every new|new)$/.test(EVENT_START.test(two) ? two : one) &&
      i > 0 &&
      (verbClass(tokens[i - 1]?.lower ?? '') ||
        (/^(?:if|whether)$/.test(tokens[i - 1]!.lower) && CHECKS.test(tokens[i - 2]?.lower ?? '')))
    ) {
      const noun = tokens.findIndex((t, k) => k > i && k < end && ITEMS.test(t.lower));
      const app = m.apps.find((a) => a.from > i && a.to <= end);
      // "take new rows in Airtable and …": the app the items are in, said right after them.
      const where =
        noun > 0 &&
        /^(?:in|from|on)$/.test(tokens[noun + 1]?.lower ?? '') &&
        // (Not past an app named before the items: "new Calendly booking in NocoDB" logs it there.)
        !m.apps.some((a) => a.from > i && a.to <= noun)
          ? m.apps.find(
              (a) =>
                a.from === noun + 2 ||
                (a.from === noun + 3 && /^(?:the|our|my|your|their)$/.test(tokens[noun + 2]!.lower)),
            )
          : undefined;
      if (where) end = where.to;
      else if (noun > 0) end = noun + 1;
      else if (app)
        end = Math.min(
          end,
          app.to +
            (tokens[app.to]?.kind === 'word' && !/^(?:as|to|in|into|with|from|and|by|on)$/.test(tokens[app.to]!.lower)
              ? 1
              : 0),
        );
    }
    const words = tokens
      .slice(i, end)
      .map((t) => t.lower)
      .join(' ');
    const hasSubject =
      m.apps.some((a) => a.from >= i && a.to <= end) || m.generics.some((g) => g.from >= i && g.to <= end);
    if (/\bi (?:click|press|hit|run|start|trigger)\b|\bon demand\b/.test(words) || RUN_BY_HAND.test(words))
      return { trigger: { kind: 'manual' }, used: range(i, end), choices: [], notes: [] };
    if (
      !hasSubject &&
      !/\b(?:incoming|receiv\w*|new|arrives?|comes?|created|added|received?|receives|submit\w*|fills?|books?|booked|opened|posted|updated|changes?|changed|fails?|failed|paid|signs?|joins?|lands?|uploaded|stars?|starred|push\w*|publish\w*|sends?|sent|webhook|triggered|message|email|form|order|row|replies|reply|responds|hits?|is|are|gets?|mentions?|starts?|ends?|completes?|completed|cancel\w*|deleted|moved|assigned|closed|fires?|fired|happens?|happened|occurs?|occurred|appears?|appeared|raised|detected|breach\w*|trips?|tripped|spikes?|exceeds?|expires?|expired|resolved|escalated|(?:i|we|you|they|someone|somebody)\s+finish\w*|finishes)\b/.test(
        words,
      )
    )
      continue;
    // "If an incoming email contains 'urgent' …": the words stay for the condition they are part of.
    // "check if each new Zendesk ticket is a bug report": the question is about the event's items, which start it.
    const inCondition = tokens
      .slice(Math.max(0, i - 3), i)
      .some(
        (t, k, near) =>
          /^(?:if|unless)$/.test(t.lower) &&
          !(k > 0 && CHECKS.test(near[k - 1]!.lower)) &&
          !(k === 0 && CHECKS.test(tokens[i - 4]?.lower ?? '')),
      );
    const used = inCondition ? new Set<number>() : range(i, end);
    const inside = (r: { from: number; to: number }) => r.from >= i && r.to <= end;
    const apps = m.apps.filter(inside);
    const filterText =
      // "a Zendesk ticket is urgent", "a Freshdesk ticket is high priority", "… has critical severity": the value the
      // item has.
      // ("an email with URGENT in the subject" tests the subject; "when one is urgent" after an AI tag is the model's.)
      /\b(?:tickets?|issues?|incidents?|tasks?|bugs?|e-?mails?|messages?|cases?|alerts?|requests?|deals?|leads?|orders?|conversations?)\s+(?:is|are|has|have|gets|got|was|with)\s+(?:an?\s+|marked\s+(?:as\s+)?)?(urgent|critical|high|low|medium|normal|top|p[0-4])(?:[\s-]+(priority|severity|urgency))?\b(?!\s*[-\w]*\s*(?:customer|client|account|user|lead|deal|value)s?\b|\s+(?:in|as|on)\b)/
        .exec(words)
        ?.slice(1)
        .reduce((value, field) => `${field ?? 'priority'} is ${value}`) ??
      // "a message … that starts with POST:": the start it tests, not the "with" inside it.
      /\b(?:that|which|who)\s+(?:starts?|begins?|ends?)\s+(?:with|in)\b.*$/
        .exec(words)?.[0]
        ?.replace(/^\w+/, 'the text') ??
      // (Quoted values keep their quotes and case: "with payment method 'Pay by invoice'".)
      /\b(?:has|have|with|whose|where|that has|containing|gets|of (?:type|category|kind|priority|status))\b.*$/.exec(
        tokens
          .slice(i, end)
          .map((t) => (t.kind === 'quote' ? `'${t.text}'` : t.lower))
          .join(' '),
      )?.[0] ??
      // "every new Shopify customer who accepted marketing emails": something the item did.
      /\b(?:who|that)\s+(?:have\s+|has\s+)?(?!been\b|need\b|used\b)[a-z]{3,}ed\b.*$/
        .exec(words)?.[0]
        ?.replace(/^(?:who|that)/, 'they') ??
      // "a new employee in the London office is added": where the items are ("in our Shopify store" is the app).
      [
        /\b(?:in|at|from) (?:the|our) ([a-z][\w-]*(?: [a-z][\w-]*)?) (?:office|branch|store|site|location|warehouse|clinic|campus)\b.*$/.exec(
          words,
        ),
      ].find((said) => said && !m.apps.some((a) => said[1]!.includes(a.app.name.toLowerCase())))?.[0] ??
      // "a high-priority incident is opened": the value said before the item.
      /\b(?:a|an|any|new|every|each)\s+(?:new\s+)?(?:high|low|medium|normal|urgent|critical|top)(?:\s*-\s*|\s+)(?:priority|severity|urgency)\s+[a-z]+\b.*$/.exec(
        words,
      )?.[0] ??
      // "messages us on WhatsApp outside our opening hours (9am to 5pm)": the hour it comes in.
      /\b(?:outside|during) (?:of )?(?:our |the |your |my )?(?:business|office|working|opening|shop|store|support) hours\b.*$/.exec(
        words,
      )?.[0] ??
      /\b(?:[a-z']+\s+){0,2}(?:is |are |gets )?(?:labell?ed|tagged|changes? to|changed to|moves? to|moved to|is set to|becomes)\b.*$|\bsets? (?:its|the|their) [a-z_]+ to\b.*$|\b(?:the |a )?(?:label|tag) \S+ (?:is |gets )?(?:added|applied)\b.*$|\b(?:replies|texts|says|writes) [a-z]+\b.*$/.exec(
        words,
      )?.[0] ??
      // "a new review comes in and it's negative", "… and it is urgent": the state of the item the event brought.
      /\b(?:and|but) (?:it|they)(?:'s|'re| is| are)\s+(?!(?:a|an|the|to|from|in|on|for|by|about|sent|posted|created|added|made|time|done)\b)[a-z][\w-]*\b.*$/
        .exec(words)?.[0]
        ?.replace(/^(?:and|but) (it|they)(?:'s|'re)/, (_, who: string) => `${who} ${who === 'it' ? 'is' : 'are'}`)
        .replace(/^(?:and|but) /, '') ??
      '';
    // "when the Typeform NPS score < 7", "new Toggl time entry longer than 8 hours": a comparison in the event.
    const compared =
      /((?:[a-z_]+ )?[a-z_]+)(?: (?:in|on|at|from) [a-z_.]+)? ((?:is |are |goes |gets |rises |climbs |jumps |falls |drops )?(?:over|above|under|below|greater than|less than|more than|longer than|shorter than|higher than|lower than|<|>|< =|> =) ?\$? ?\d[\d.,]*(?: ?(?:k|%|hours?|minutes?|days?|mins?|hrs?))?|(?:is |are )?\d+(?:\.\d+)? ?(?:or|and) (?:lower|less|below|under|worse|higher|more|above|over|better)|(?:crosses|crossed|passes|hits|reaches|exceeds|exceeded) (?:a |the |our )?(?:milestone|threshold|goal|target|limit|quota)|(?:hits|reaches|(?:drops|falls|goes|gets|is|runs) (?:down )?to) (?:\d[\d.,]*|zero)\b(?! ?(?!(?:or|and|days?|hours?|weeks?|months?|minutes?|percent)\b)[a-z]))/.exec(
        words,
      );
    const conditionFromCompared =
      compared && !/^(?:every|each|in|for|than)$/.test(compared[1]!)
        ? conditionOf(`if ${compared[1]} ${compared[2]!.replace('< =', '<=').replace('> =', '>=')}`)
        : null;
    const read = conditionOf(filterText) ?? conditionFromCompared;
    // "hits 30 days overdue", "reaches 90 days past due": a count of days the item is late by.
    const late = compared
      ? /^\s*(days?|hours?|weeks?)\s+(overdue|late|past due|old|inactive|unpaid)\b/.exec(
          words.slice(compared.index + compared[0].length),
        )
      : null;
    const filter = read
      ? {
          field:
            late && read === conditionFromCompared
              ? `${late[1]!.replace(/s?$/, 's')}_${late[2]!.replace(/\s+/g, '_')}`
              : read.field,
          operator: read.operator,
          value: read.value,
          ...(read.more?.length ? { more: read.more, join: read.join ?? 'and' } : {}),
        }
      : undefined;
    const withFilter = (f: Omit<FoundTrigger, 'used' | 'choices' | 'notes'>): FoundTrigger => ({
      ...f,
      used,
      choices: [],
      notes: [],
      ...(filter ? { filter } : {}),
    });
    if (/\b(?:workflow|execution|node)s? (?:fails?|errors?)\b|\berror (?:occurs|happens)\b/.test(words))
      return { trigger: { kind: 'error' }, used, choices: [], notes: [] };
    if (
      /\bwebhooks?\b|\b(?:http|api|post|get) (?:request|call)\b|\b(?:receives?|receiving|accepts?) an? (?:post|get|http|json|payload|request)\b/.test(
        words,
      )
    )
      return { trigger: { kind: 'webhook', path: slug(words), method: 'POST' }, used, choices: [], notes: [] };
    // "a message is posted in Slack": the app the event happens in; "… to Slack" after a send verb is a step.
    const source = apps.find((ref) => {
      const before = tokens
        .slice(Math.max(0, i - 6), ref.from)
        .map((t) => t.lower)
        .join(' ');
      // "someone pushes to our GitHub repo": code pushed to a git host is that host's event.
      if (/^(?:github|gitlab|bitbucket|gitea)$/.test(ref.app.key) && /\b(?:push|commit|merge)\w*\b/.test(before))
        return true;
      // "when someone adds a row to our Google Sheet": a person putting an item into the app is the app's event.
      if (
        /\b(?:someone|somebody|anyone|anybody|i|we|you|they|a (?:user|customer|colleague|teammate|member|client))\s+(?:adds?|added|puts?|saves?|saved|drops?|dropped|uploads?|uploaded|writes?|posts?|posted|copies|copied|moves?|moved|subscribes?|subscribed|signs? up|signed up)\b[^,]*\b(?:to|into|for)\s+(?:the\s+|my\s+|our\s+|a\s+)?$/.test(
          `${before} `,
        )
      )
        return true;
      // "when a new MP3 is added to a Google Drive folder": an item put there is the app's event.
      if (
        /\b(?:is|are|was|were|gets?|got|been)\s+(?:added|saved|stored|written|appended|inserted|uploaded|dropped|put|placed|created|logged)\s+(?:to|into|in)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?$/.test(
          `${before} `,
        )
      )
        return true;
      // "… fills out the contact form and it goes into HubSpot": where the items go is no source either ("they want the
      // customer added to Mailchimp").
      return !/\b(?:(?:send|post|forward|push|sync|copy|share|notify|message|goes|go|put)\w*|(?:add|save|store|log|write|append|insert|subscribe)(?:s|ing|ed|d)?)\b[^,]*\b(?:to|into|via)\s+(?:the\s+|my\s+|our\s+|a\s+)?$/.test(
        `${before} `,
      );
    });
    if (source) {
      if (
        /^(?:gmail|microsoftOutlook|emailReadImap)$/.test(source.app.key) &&
        /\b(?:e-?mails?|mail|inbox|messages?)\b/.test(words)
      )
        return withFilter({
          trigger: {
            kind: 'email',
            provider: source.app.key === 'gmail' ? 'gmail' : source.app.key === 'microsoftOutlook' ? 'outlook' : 'imap',
          },
          app: source,
        });
      if (/\bforms?\b/.test(words) && !/form/i.test(source.app.name) && !source.app.trigger)
        return withFilter({ trigger: { kind: 'form', title: 'Form', fields: [] } });
      return withFilter({ trigger: appTrigger(source, words, tokens), app: source });
    }
    // "add every new contact from HubSpot into a sheet": the app the items come from, said right after them.
    const from = m.apps.find(
      (a) =>
        a.from >= end &&
        a.from <= end + 3 &&
        /^(?:from|in|on|at)$/.test(tokens[a.from - 1]?.lower ?? '') &&
        // Not "when a class is cancelled, look in the google sheet": a clause of its own, after a comma or a verb.
        tokens.slice(end, a.from - 1).every((t) => t.kind === 'word' && !verbClass(t.lower)) &&
        triggerable(a),
    );
    // "when an appointment is booked in Acuity Scheduling": the app said is where the items are, not the generic
    // calendar an appointment would default to.
    const said = m.generics.find(inside);
    if (from && (!said || (said.kind === 'calendar' && from.app.trigger)))
      return withFilter({ trigger: appTrigger(from, words, tokens), app: from });
    // "Build a webhook that receives an email address": the webhook is what receives it.
    if (
      /\bwebhooks?\s+(?:that\s+|which\s+)?(?:receiv|gets?\b|listen|accept|is called|called|endpoint)|\b(?:post|posts|send|sends|fire|fires|emit|emits|support|supports)\s+(?:us\s+)?(?:outgoing\s+)?webhooks\b|\b(?:via|through|from|on|receiv\w*|with)\s+(?:a\s+|an\s+|the\s+)?webhook\b/i.test(
        // "(Wait node, resume on webhook)": how a wait ends, not how the workflow starts.
        original.replace(/\bresum\w*\s+(?:on|via|with|by|through)\s+(?:a\s+|the\s+)?webhook\b/gi, ''),
      )
    )
      return withFilter({ trigger: { kind: 'webhook', path: slug(words), method: 'POST' } });
    // "I sell on Gumroad. When a sale happens …": the app the request set the scene with reports the event.
    // "Wise business account. Whenever we receive an incoming transfer": the payment is the app's, not a generic one.
    const scene = m.generics.find(inside);
    // "a meal-kit company using Help Scout. When a new conversation comes in": the event's item is one the app keeps.
    const keepsItem = (ref: AppRef) =>
      tokens
        .slice(i, end)
        .some((t) => t.kind === 'word' && t.lower.length > 3 && nodeCatalog().keeps(ref.app.key, singular(t.lower)));
    // "ConvertKit: when someone subscribes via our newsletter form", "Wise: whenever money arrives …": the app the
    // request is headed with is where the event happens.
    const heading = m.apps.find(
      (ref) =>
        ref.to <= i &&
        triggerable(ref) &&
        tokens[ref.to]?.text === ':' &&
        (ref.from === 0 ||
          /^[.!?\n]$/.test(tokens[ref.from - 1]!.text) ||
          /\n\s*$/.test(original.slice(0, tokens[ref.from]!.start))),
    );
    if (heading && !apps.length)
      return withFilter({ trigger: appTrigger(heading, words, tokens, tokens.slice(i, end)), app: heading });
    const context = m.apps.find(
      (ref) =>
        ref.to <= i &&
        // ("We use Freshdesk. When a new ticket comes in": an app with no trigger is polled for the items it keeps;
        // not "… submits our n8n form for a new laptop request", the form's event.)
        (triggerable(ref) ||
          (keepsItem(ref) &&
            !/\bforms?\b/.test(words) &&
            Boolean(ref.app.action) &&
            (/^(?:use|uses|using)$/.test(tokens[ref.from - 1]?.lower ?? '') ||
              tokens
                .slice(i, end)
                .some((t) => t.kind === 'word' && singular(t.lower) === singular(tokens[ref.to]?.lower ?? '-'))))) &&
        // ("n8n 1.49 here": the tool the workflow is built in, not where the event happens.)
        ref.app.key !== 'n8n' &&
        (!/^(?:to|into|onto|via|using|through|with|by)$/.test(tokens[ref.from - 1]?.lower ?? '') ||
          // "Parents pay term fees through PayPal. When a payment comes in": the payments go through that app.
          (/^(?:via|through|with|using)$/.test(tokens[ref.from - 1]?.lower ?? '') &&
            ((scene && sceneFamily(scene.kind, ref.app.key)) ||
              keepsItem(ref) ||
              /\b(?:pays?|paid|bills?|billed|charges?|subscri\w*|sells?|sold|books?|booked)\b/.test(
                tokens
                  .slice(Math.max(0, ref.from - 8), ref.from)
                  .map((t) => t.lower)
                  .join(' '),
              )))) &&
        !BOT_CHANNELS.test(ref.app.key),
    );
    // ("Our travel support tickets in Zendesk …. When a new ticket is created": the tickets are Zendesk's.)
    if (
      context &&
      (!scene ||
        (/^(?:payment|calendar)$/.test(scene.kind) && context.app.trigger) ||
        (sceneFamily(scene.kind, context.app.key) && keepsItem(context)))
    )
      return withFilter({ trigger: appTrigger(context, words, tokens, tokens.slice(i, end)), app: context });
    // "… a Google Form that writes into a sheet. … every time a new order row is added": the store named before.
    const place = m.generics.find(
      (g) => g.to <= i && (g.kind === 'sheet' || g.kind === 'database') && !m.generics.some(inside),
    );
    if (place && /\b(?:rows?|records?|entr(?:y|ies))\b/.test(words)) {
      const info = GENERIC_DEFAULTS[place.kind];
      return {
        ...withFilter({ trigger: { kind: 'app', app: info.app, event: eventOf(words) } }),
        choices: [{ said: place.said, chose: `${info.chose} trigger`, change: info.change }],
      };
    }
    // "a candidate submits the interview slot form with their email": the form's field, not mail that arrives.
    const formWithEmail =
      /\b(?:submit\w*|fills? (?:in|out)|filled (?:in|out)|completes?)\b[^.!?\n]*\bforms?\b/.test(words) ||
      /\bforms?\b[^.!?\n]*\b(?:with|including|asks? for|asking for|collects?|collecting|containing|has fields?)\b[^.!?\n]*\be-?mails?\b/.test(
        words,
      );
    // ("a customer sends us an email": mail that arrives.)
    if (/\b(?:e-?mails?|mail|inbox)\b/.test(words) && !/\bsend\w*\b(?!\s+(?:us|me)\b)/.test(words) && !formWithEmail)
      return withFilter({
        trigger: { kind: 'email', provider: m.apps.some((a) => a.app.key === 'gmail') ? 'gmail' : 'imap' },
      });
    if (/\bforms?\b|\bsigns? up\b|\bregist\w+\b|\bfills? (?:in|out)\b|\bsubmits?\b|\bsubmitted\b/.test(words)) {
      // "Create a form for GDPR deletion requests (email address). When submitted, …": the form the request asks for.
      const asked = askedForm(tokens, original);
      if (asked) return { ...asked, used: new Set([...asked.used, ...used]) };
      return withFilter({ trigger: { kind: 'form', title: formTitle(words), fields: [] } });
    }
    // "Our housekeepers post notes in the Slack channel #hk-notas. For every new message there, …": the messages of
    // the chat app the request names, not n8n's own chat.
    const chatApp = /\bmessages?\b/.test(words)
      ? m.apps.find(
          (a) => /^(?:slack|telegram|whatsApp|discord|microsoftTeams|mattermost)$/.test(a.app.key) && a.app.trigger,
        )
      : undefined;
    if (chatApp && /\b(?:there|that channel|the channel|that group|the group|that chat)\b/.test(words))
      return withFilter({ trigger: { kind: 'app', app: chatApp.app.key, event: eventOf(words) } });
    if (/\bchat\b|\bchats?\s+with\b|\bmessage\b/.test(words)) return withFilter({ trigger: { kind: 'chat' } });
    if (/\bi (?:click|press|run)\b/.test(words) || RUN_BY_HAND.test(words))
      return { trigger: { kind: 'manual' }, used, choices: [], notes: [] };
    const generic = m.generics.find(inside);
    if (
      generic?.kind === 'sheet' ||
      generic?.kind === 'storage' ||
      generic?.kind === 'calendar' ||
      generic?.kind === 'payment'
    ) {
      const info = GENERIC_DEFAULTS[generic.kind];
      return {
        trigger: { kind: 'app', app: info.app, event: eventOf(words) },
        used,
        choices: [{ said: generic.said, chose: `${info.chose} trigger`, change: info.change }],
        notes: [],
        ...(filter ? { filter } : {}),
      };
    }
    // "when a candidate replies to our outreach email": the reply arrives as e-mail.
    const replied =
      /\b(?:replies|replied|reply|responds?|responded|answers?|answered|writes? back)\s+to\s+(?:one of\s+)?(?:our|my|the|an?|your|their)?\s*(?:[\w-]+\s+){0,2}(?:e-?mails?|mails?|newsletter|campaign)\b/i.exec(
        original,
      );
    if (replied) {
      const mail = withFilter({
        trigger: { kind: 'email', provider: m.apps.some((a) => a.app.key === 'gmail') ? 'gmail' : 'imap' },
      });
      const end = replied.index + replied[0].length;
      tokens.forEach((t, k) => t.start >= replied.index && t.end <= end && mail.used.add(k));
      return mail;
    }
    const nm = /\b(?:a|an)\s+(?:new\s+)?([a-z]+)|\bnew\s+([a-z]+)/.exec(words);
    const noun = nm?.[1] ?? nm?.[2] ?? 'event';
    return {
      trigger: { kind: 'webhook', path: slug(words), method: 'POST' },
      used,
      choices: [
        {
          said: `a new ${noun}`,
          chose: STOOD_IN_WEBHOOK,
          change: "name the app it comes from (for example 'when a new Shopify order …')",
        },
      ],
      notes: [],
      ...(filter ? { filter } : {}),
    };
  }
  return null;
}

/** People handing something in: "clients fill out", "students to hand in", "drivers submit". */
const PEOPLE_SUBMIT =
  /\b(?:clients|students|customers|employees|staff|drivers|operators|workers|inspectors|pickers|people|users|members|parents|patients|applicants|candidates|volunteers|crews?|cleaners|tenants|guests|reps|techs|technicians|teachers|coaches|players|participants|attendees|everyone|managers|hr|admins)\s+(?:to\s+|will\s+|should\s+|can\s+|must\s+)?(?:fill(?:s|ing)?\s+(?:out|in)|submit|hand\s+in|complete|send\s+in|log|record|enter|report)\b/i;

/** The sentence around a schedule phrase says people submit a form on that schedule (no form app named). */
function submittedForm(original: string, at: { start: number; end: number }, m: Mentions): boolean {
  if (m.apps.some((a) => /form/i.test(a.app.key) && a.app.key !== 'n8n')) return false;
  return submittedIn(original, at, /\b(?:n8n\s+)?forms?\b(?!\s+(?:links?|url))/i);
}

/** "Operators fill out daily equipment inspections in Jotform": the form app named where people submit on a schedule. */
function submittedApp(original: string, at: { start: number; end: number }, m: Mentions): AppRef | undefined {
  const app = m.apps.find((a) => /form/i.test(a.app.key) && a.app.key !== 'n8n' && triggerable(a));
  return app && submittedIn(original, at, new RegExp(`\\b${app.app.name.split(/\s+/)[0]!}`, 'i')) ? app : undefined;
}

function submittedIn(original: string, at: { start: number; end: number }, form: RegExp): boolean {
  const submit = PEOPLE_SUBMIT.exec(original.slice(sentenceStart(original, at.start), at.start));
  return Boolean(submit) && form.test(sentenceAround(original, at).replace(/\bfree[- ]form\b/gi, ''));
}

/** Where the sentence holding `at` starts. */
function sentenceStart(original: string, at: number): number {
  return Math.max(0, original.slice(0, at).search(/[^.!?\n]*$/));
}

function sentenceAround(original: string, at: { start: number; end: number }): string {
  const stop = original.slice(at.end).search(/[.!?\n](?:\s|$)/);
  return original.slice(sentenceStart(original, at.start), stop < 0 ? undefined : at.end + stop + 1);
}

/** The sentence of a schedule phrase says something else sends to a webhook of ours on that schedule. */
function sentToHook(original: string, at: { start: number; end: number }): boolean {
  return /\b(?:send|sends|post|posts|push|pushes|call|calls|hit|hits|ping|pings|report|reports)\b[^.!?\n]{0,60}\b(?:to|at|on)\s+(?:our|the|a|my|an?\s+n8n)\s+(?:n8n\s+)?(?:webhook|endpoint)\b/i.test(
    original.slice(sentenceStart(original, at.start), at.start),
  );
}

/** "payments" and PayPal, "a booking" and Calendly: an app of the kind a generic noun names. */
function sceneFamily(kind: GenericKind, app: string): boolean {
  return GENERIC_FAMILIES[kind]?.test(app) ?? false;
}

function formTitle(words: string): string {
  const named = /\b(?:our|the|a|my)\s+([a-z]+)\s+form\b/.exec(words)?.[1];
  return named ? `${named.replace(/^./, (c) => c.toUpperCase())} form` : 'Form';
}

function slug(text: string): string {
  const parts =
    text
      .match(/[a-z0-9]+/g)
      ?.filter(
        (w) =>
          !/^(?:a|an|the|when|whenever|new|is|are|arrives?|comes?|in|on|to|from|each|every|time|webhook|receives?|called|hits?|request|post|http|our|my|via|with|by|through|using|for|of|and|or|someone|somebody|i|we|you|it|they|gets?|got|sent|send|sends)$/.test(
            w,
          ),
      ) ?? [];
  return parts.slice(0, 3).join('-') || 'incoming';
}

/** A trigger named by its n8n node ("the emailReadImap node", "a Schedule Trigger") reads as that trigger. */
function coreTrigger(found: FoundTrigger): FoundTrigger {
  const t = found.trigger;
  if (t.kind !== 'app') return found;
  const core: Record<string, Trigger> = {
    emailReadImap: { kind: 'email', provider: 'imap' },
    gmail: t,
    webhook: { kind: 'webhook', path: 'incoming', method: 'POST' },
    formTrigger: { kind: 'form', title: 'Form', fields: [] },
    chatTrigger: { kind: 'chat' },
    manualTrigger: { kind: 'manual' },
    errorTrigger: { kind: 'error' },
    scheduleTrigger: { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 9 } },
  };
  return core[t.app] && core[t.app] !== t ? { ...found, trigger: core[t.app]! } : found;
}

/**
 * Items said to arrive through an app, without "when": "signups coming from Typeform", "Support emails come into
 * Gmail", "Customers message our WhatsApp Business number", "Connect our Typeform survey to Intercom". The app's
 * trigger reports them (a mail app's is the e-mail trigger).
 */
function arrival(tokens: Token[], m: Mentions): FoundTrigger | null {
  const lower = tokens.map((t) => t.lower);
  for (const ref of m.apps) {
    if (!triggerable(ref) && !/^(?:gmail|microsoftOutlook)$/.test(ref.app.key)) continue;
    let k = ref.from - 1;
    while (k >= 0 && /^(?:our|the|my|your|their|a|an)$/.test(lower[k]!)) k--;
    const prep = lower[k] ?? '';
    const verb = lower[k - 1] ?? '';
    const came =
      /^(?:in|into|from|through|thru|via|on)$/.test(prep) &&
      /^(?:come|comes|coming|came|arrive|arrives|arriving|land|lands|landing|flow|flows|pour)$/.test(verb) &&
      /^[a-z-]+s$/.test(lower[k - 2] ?? '');
    // "Customers message our WhatsApp number", "people DM us on Instagram": others write to the app.
    const written =
      BOT_CHANNELS.test(ref.app.key) &&
      ((/^(?:message|messages|text|texts|dm|dms|write|writes)$/.test(prep) &&
        /^(?:customers|people|users|clients|guests|members|someone|somebody|patients|students)$/.test(verb)) ||
        (prep === 'on' &&
          lower[k - 1] === 'us' &&
          /^(?:message|messages|text|texts|dm|dms|write|writes|contact|contacts)$/.test(lower[k - 2] ?? '')));
    // "Connect our Typeform NPS survey to Intercom": the first app feeds the second.
    const connected =
      prep === 'connect' &&
      triggerable(ref) &&
      m.apps.some((b) => b.from > ref.to && b.from - ref.to <= 5 && lower[b.from - 1] === 'to');
    if (!came && !written && !connected) continue;
    // "Support emails come into Gmail", "newsletter signups coming from Typeform": the kind of item is the trigger's.
    const head =
      came &&
      /^[a-z]+$/.test(lower[k - 3] ?? '') &&
      !verbClass(lower[k - 3]!) &&
      !/^(?:i|we|you|they|the|our|my|all|and|have|has|get|got)$/.test(lower[k - 3]!)
        ? k - 3
        : k - 2;
    const used = range(Math.max(0, came ? head : k - 1), ref.to);
    if (/^(?:gmail|microsoftOutlook)$/.test(ref.app.key))
      return {
        trigger: { kind: 'email', provider: ref.app.key === 'gmail' ? 'gmail' : 'outlook' },
        used,
        app: ref,
        choices: [],
        notes: [],
      };
    const item = came ? lower[k - 2]!.replace(/ies$/, 'y').replace(/s$/, '') : itemAfter(ref, tokens);
    return {
      trigger: {
        kind: 'app',
        app: ref.app.key,
        event: 'created',
        ...(item && ITEMS.test(item) ? { item } : {}),
      },
      used,
      app: ref,
      choices: [],
      notes: [],
    };
  }
  return null;
}

export function findTrigger(tokens: Token[], m: Mentions, original: string): FoundTrigger {
  const found =
    errorHandler(tokens, original) ??
    statedManual(tokens, original) ??
    headedTrigger(tokens, original) ??
    googleForm(
      afterProblem(tokens, namedForm(coreTrigger(findAnyTrigger(tokens, m, original)), tokens, m), original),
      tokens,
      m,
    );
  // "whenever someone calls our webhook /sync-now": the path the user gave it.
  if (found.trigger.kind !== 'webhook') return found;
  // "Webhook GET /rates?currency=XXX": the method and path the caller uses.
  const call = METHOD_PATH.exec(original);
  const path = call?.[2] ?? calledPath(original)?.[2] ?? SAID_PATH.exec(original)?.[1];
  const method = call?.[1] === 'GET' ? 'GET' : call ? 'POST' : found.trigger.method;
  return path || call ? { ...found, trigger: { ...found.trigger, method, ...(path ? { path } : {}) } } : found;
}

/**
 * "When someone submits our Google Form", "new entries from a Google Form (via Sheets)": n8n has no Google Forms node;
 * a Google Form writes each response as a row of its responses sheet, which the Google Sheets trigger watches.
 */
function googleForm(found: FoundTrigger, tokens: Token[], m: Mentions): FoundTrigger {
  if (found.trigger.kind !== 'form' && found.trigger.kind !== 'manual' && found.trigger.kind !== 'webhook')
    return found;
  if (found.headed) return found;
  const at = tokens.findIndex((t, k) => t.lower === 'google' && /^forms?$/.test(tokens[k + 1]?.lower ?? ''));
  if (at < 0) return found;
  // (Not a form the workflow makes or sends: "send them a Google Form link".)
  const before = tokens
    .slice(Math.max(0, at - 4), at)
    .map((t) => t.lower)
    .join(' ');
  if (/\b(?:send|sends|create|creates|make|build|share|link to|email|post)\b/.test(before)) return found;
  const used = new Set([...found.used, at, at + 1]);
  // "(via Sheets)", "through Google Sheets": the sheet named as the way the responses come.
  const sheet = m.apps.find(
    (a) =>
      a.app.key === 'googleSheets' &&
      a.from > at &&
      a.from - at <= 10 &&
      !m.apps.some((b) => b.from > at + 1 && b.from < a.from) &&
      (/^(?:via|through|in|into|to|→|->)$/.test(tokens[a.from - 1]?.lower ?? '') ||
        (/^(?:a|the|our|my)$/.test(tokens[a.from - 1]?.lower ?? '') &&
          /^(?:in|into|to)$/.test(tokens[a.from - 2]?.lower ?? ''))),
  );
  if (sheet)
    for (
      let k = m.apps.some((a) => a.from > at + 1 && a.from < sheet.from) ? sheet.from - 1 : at + 2;
      k < sheet.to;
      k++
    )
      used.add(k);
  // "(the answers go to a sheet)", "(google form → sheet)": the responses sheet itself, said in passing; the words
  // from the form to that sheet say where the responses go.
  const said = sheet
    ? undefined
    : m.generics.find((g) => /sheet|spreadsheet/i.test(g.said) && g.from > at + 1 && g.from - at <= 9);
  const between = said ? tokens.slice(at + 2, said.from) : [];
  if (
    said &&
    between.some((t) => /^(?:to|into|in|→|->|go|goes|land|lands|end)$/.test(t.lower)) &&
    between.length <= 6 &&
    !m.apps.some((a) => a.from > at + 1 && a.from < said.from)
  )
    for (let k = at + 2; k < said.to; k++) used.add(k);
  return {
    trigger: { kind: 'app', app: 'googleSheets', event: 'created', item: 'row' },
    used,
    ...(sheet ? { app: sheet } : {}),
    choices: [
      ...found.choices,
      {
        said: 'Google Form',
        chose: 'Google Sheets trigger on the sheet the form writes its responses to (n8n has no Google Forms node)',
        change: "say 'use Typeform instead of Google Sheets', or another form app",
      },
    ],
    notes: found.notes,
  };
}

/**
 * A first sentence that says the trouble or the goal, not how the workflow starts: "Time-off requests come in over chat
 * and I lose track of them.", "Office hours are a scheduling mess.", "I want to know when a competitor changes their
 * pricing page.", "I keep forgetting to follow up after demos."
 */
const PROBLEM =
  /\b(?:i|we|they|people|staff|customers)\s+(?:(?:keep|always|often|constantly|sometimes)\s+)?(?:lose|losing|lost|forget|forgetting|miss|missing)\s+(?:track|sight)\b|\b(?:i|we)\s+keep\s+(?:forgetting|missing|losing|dropping)\b|\b(?:is|are|'s|'re)\s+(?:(?:a|an|such a|a total|a complete|a real)\s+)?(?:[\w-]+\s+)?(?:mess|nightmare|pain|headache|chore|hassle|disaster|bottleneck|time sink)\b|\b(?:gets?|got|are|is)\s+(?:buried|lost|forgotten|missed|ignored|overlooked)\b|\b(?:tired|sick)\s+of\b|\bwast(?:e|es|ing)\s+(?:hours|so much time|time|ages)\b|\bnobody\s+(?:acts|reads|notices|sees|checks|looks|follows)\b|^\s*(?:i|we)\s+(?:want|need|would like|'d like)\s+to\s+(?:know|be told|hear|find out|be notified|get notified)\s+(?:when|whenever|if|as soon as)\b/i;

/**
 * The start said after a first sentence of trouble or goal ("… and I lose track of them. I want a simple form where
 * staff enter …", "I want to know when a competitor changes their pricing. Every morning fetch …"): when what was found
 * came from that sentence (or from nowhere in particular) and the rest says a start of its own, the rest's is the
 * workflow's.
 */
function afterProblem(tokens: Token[], found: FoundTrigger, original: string): FoundTrigger {
  const first = /^[^.!?\n]{10,300}[.!?\n]/.exec(original);
  if (!first || !PROBLEM.test(first[0])) return found;
  const end = first[0].length;
  const shift = tokens.findIndex((t) => t.start >= end);
  if (shift <= 0 || [...found.used].some((k) => k >= shift)) return found;
  const rest = ' '.repeat(end) + original.slice(end);
  const restTokens = tokenize(rest);
  if (restTokens.length + shift !== tokens.length) return found;
  const other = findTrigger(restTokens, findMentions(restTokens), rest);
  if (other.trigger.kind === 'manual' || (other.trigger.kind === found.trigger.kind && !other.used.size)) return found;
  return {
    ...other,
    used: new Set([...other.used].map((k) => k + shift)),
    ...(other.app ? { app: { ...other.app, from: other.app.from + shift, to: other.app.to + shift } } : {}),
  };
}

const CALLER_POST =
  /\b[a-z]\w*\s+(POST)\s+(?:[\w(),'-]+\s+){0,10}?(?:to|at|into)\s+(?:an?|our|my|the)\s+(?:n8n\s+)?(?:webhook|endpoint)\b/i;

function capitalPost(original: string): RegExpExecArray | null {
  const m = CALLER_POST.exec(original);
  return m?.[1] === 'POST' ? m : null;
}

/**
 * A caller, by a verb in its own person ("calls", "sends … to", "POSTs", a capital "POST to"), and a path of ours
 * ("/scan", "POST /offboarding"), in the request's first sentence: the workflow's own URL is called. A step's call
 * ("pull new signups from GET /v1/signups", "post to /api/x") has no such caller.
 */
function calledPath(original: string): RegExpExecArray | null {
  const first = /^[^.!?\n]{0,300}/.exec(original)![0];
  return /\b(?:calls|hits|pings|(?:sends|posts)(?:\s+[\w-]+){0,3}?\s+to|POSTs?(?:\s+[\w-]+){0,3}?\s+to|POSTs)\s+(?:(POST|GET|PUT|PATCH)\s+)?[`'"]?\/(?!\/)([\w-]+(?:\/[\w-]+)*)/.exec(
    first,
  );
}

/** "Webhook GET /rates", "webhook (POST /orders)": the method and path said right after the webhook. */
const METHOD_PATH = /\bwebhook\s*[(:]?\s*(GET|POST|PUT|PATCH|DELETE)\s+[`'"]?\/(?!\/)([\w-]+(?:\/[\w-]+)*)/i;

/** "our webhook /sync-now", "the endpoint at /orders/new": a path said right after the webhook. */
const SAID_PATH = /\b(?:webhook|endpoint)\s+(?:at\s+|path\s+|url\s+|on\s+)?[`'"‘“]?\/(?!\/)([\w-]+(?:\/[\w-]+)*)/i;

/**
 * "Global error handler → Telegram alert", "one error-handling workflow for all of our pipelines: whenever any of them
 * fails, …": a workflow other workflows hand their failures to, which starts from n8n's Error Trigger.
 */
const ERROR_HANDLER =
  /\b(?:(?:global|central|shared|one|an?)\s+)?error[- ](?:handler|handling workflow|workflow|catcher)\b|\bwhenever any (?:of them|of (?:our|my|the) (?:workflows|pipelines|automations|flows)|(?:workflow|pipeline|automation|flow)) (?:fails|errors|breaks|crashes)\b|\b(?:any|a) (?:n8n )?(?:workflow|execution|automation) (?:fails|errors out|breaks|crashes)\b|\b(?:any|one) of (?:my|our|the) (?:n8n )?(?:workflows|automations|executions|flows|zaps|scenarios) (?:(?:is|are) (?:failing|erroring|broken|crashing)|fails?|errors?(?: out)?|breaks?|crash(?:es)?|goes wrong)\b|\b(?:failures|errors) (?:of|in) (?:my|our|the|any) (?:[\w-]+\s+){0,3}?(?:n8n )?(?:workflows|automations|flows)\b/i;

/** "Manual run.", "Manual run: read …", "I'll start it by hand:", "I'll run this at month end:": a sentence that says only how the workflow starts. */
const STATED_MANUAL =
  /(?:^|[.!?\n]\s*)(?:manual(?:ly)?(?:\s+(?:run|trigger|start|execution|only))?|(?:run|start|trigger)(?:\s+(?:it|this|the workflow))?\s+(?:manually|by hand|on demand)|(?:i|we)(?:'ll|\s+will)?\s+(?:start|run|trigger|kick off)\s+(?:it|this|the workflow|this workflow)\s+(?:myself|by hand|manually|as needed|when needed|(?:at|when|whenever|before|after)\s+(?![^:.\n]*\b(?:every|each)\b)[^:.\n]{1,30}))\s*(?:[:.]|\s[-–—]\s)/i;

function statedManual(tokens: Token[], original: string): FoundTrigger | null {
  const said = STATED_MANUAL.exec(original);
  if (!said) return null;
  const used = new Set<number>();
  tokens.forEach((t, k) => t.start >= said.index && t.end <= said.index + said[0].length && used.add(k));
  // Said as plainly as a "Trigger:" line: the audits that guess a start from the steps stay out.
  return { trigger: { kind: 'manual' }, used, choices: [], notes: [], headed: true };
}

/** A CI system's workflows and pipelines fail too: "failed workflow" there is theirs, unless n8n is named. */
function ciWorkflow(said: string, original: string): boolean {
  return (
    !/\bn8n\b|\berror ?trigger\b|\berror[- ]handl/i.test(said) &&
    /\b(?:circle ?ci|github|gitlab|jenkins|bitbucket|travis|buildkite|github actions|ci|cd|pipelines?|on main|on master)\b/i.test(
      original,
    )
  );
}

/**
 * "If the nightly BambooHR to Google Contacts sync workflow fails, open a PagerDuty incident": a request that opens
 * with another workflow's failure is an error workflow.
 */
const OTHER_FAILS =
  /^\s*(?:if|when|whenever)\s+(?:the|our|my)\s+(?:[\w.'’-]+\s+){0,8}?(?:workflow|automation|n8n flow)\s+(?:ever\s+)?(?:fails|errors(?: out)?|breaks|crashes|stops working)\b/i;

function errorHandler(tokens: Token[], original: string): FoundTrigger | null {
  const said = ERROR_HANDLER.exec(original) ?? OTHER_FAILS.exec(original);
  if (!said || ciWorkflow(said[0], original)) return null;
  // "… append them to the sheet. If the API call errors out, post the error to Slack via an error workflow": the
  // error path of a workflow with its own start (read as a part of it).
  if (/\b(?:via|through|using|with|in)\s+$/i.test(original.slice(0, said.index)) && findSchedule(original)) return null;
  // "Every night at 1am, SSH into … . Also set up an error workflow so that if this backup workflow itself crashes, I
  // get an email": an error path added to a workflow whose start was said before.
  const before = original.slice(0, said.index);
  const sentence = before.slice(before.search(/[^.!?\n]*$/));
  if (
    /^\s*(?:and\s+)?(?:also|plus|additionally|then|and)\b/i.test(sentence) &&
    (findSchedule(before) || /^\s*(?:when|whenever|every time|each time|once|as soon as)\b/i.test(original))
  )
    return null;
  const used = new Set<number>();
  tokens.forEach((t, k) => t.start >= said.index && t.end <= said.index + said[0].length && used.add(k));
  return { trigger: { kind: 'error' }, used, choices: [], notes: [] };
}

/** "Trigger: new appointment scheduled in Acuity", "**When:** a Typeform response arrives": a spec's trigger line. */
const TRIGGER_LINE =
  /(?:^|(?<=[.!?]\s))[ \t]*(?:[-*•]\s*)?(?:\*\*|__)?(?:trigger(?:ed by)?|when|starts? when|start point|kick-?off|entry point)(?:\*\*|__)?\s*(?::|–|—|-\s)(?:\*\*|__)?[ \t]*(\S[^\n]*?)(?=\.(?:\s|$)|\n|$)/im;

/**
 * A spec that gives its trigger a line of its own: the trigger is read from that line alone (an app a later step
 * names is no event), and the whole line is the trigger's, fields and all.
 */
function headedTrigger(tokens: Token[], original: string): FoundTrigger | null {
  const heading = TRIGGER_LINE.exec(original);
  if (!heading?.[1] || !original.slice(heading.index + heading[0].length).trim()) return null;
  const line = heading[1];
  const offset = heading.index + heading[0].length - line.length;
  const read = (text: string) => {
    const own = tokenize(text);
    const m = findMentions(own);
    return { own, found: namedForm(coreTrigger(findAnyTrigger(own, m, text)), own, m) };
  };
  let { own, found } = read(line);
  let shift = 0;
  // "trigger: shopify order created", "Trigger: Pipedrive deal updated": a line that names an event of an app is
  // that app's event, said without "when".
  if (found.trigger.kind === 'manual' && !/\b(?:manual\w*|button|click\w*|on demand|run it)\b/i.test(line)) {
    const again = read(`when ${line}`);
    if (again.found.trigger.kind === 'app') {
      // The tokens read lie "when " further on than the line's own.
      ({ own, found } = again);
      shift = -'when '.length;
    }
  }
  if (found.trigger.kind === 'manual' && !/\b(?:manual\w*|button|click\w*|on demand|run it)\b/i.test(line)) return null;
  const index = new Map(own.map((t, k) => [k, tokens.findIndex((x) => x.start === t.start + offset + shift)]));
  // "Trigger: daily at 06:00, poll BambooHR for employees …": a schedule's line may name what it reads; an event's
  // line is all the event's.
  const used =
    found.trigger.kind === 'schedule' || found.trigger.kind === 'manual'
      ? new Set([...found.used].map((k) => index.get(k) ?? -1).filter((k) => k >= 0))
      : new Set(
          tokens.flatMap((t, k) => (t.start >= heading.index && t.end <= heading.index + heading[0].length ? [k] : [])),
        );
  // The "Trigger:" label itself is no step either.
  tokens.forEach((t, k) => t.end <= offset && t.start >= heading.index && used.add(k));
  const app = found.app
    ? { ...found.app, from: index.get(found.app.from) ?? -1, to: (index.get(found.app.to - 1) ?? -2) + 1 }
    : undefined;
  return { ...found, used, headed: true, ...(app && app.from >= 0 ? { app } : { app: undefined }) };
}

/** Form apps whose trigger reports a submission. */
const FORM_APP = /^(?:typeform|jotform|formstack|wufoo|surveyMonkey|cognitoForms|formIo|koBoToolbox|tally|paperform)$/i;
/** Site builders whose forms start a workflow when the request puts the form on their site ("the form on our Webflow site"). */
const SITE_FORM_APP = /^webflow$/i;

/** "Lead form is Typeform", "signups coming from Jotform": a form the request names is that app's, not n8n's own. */
function namedForm(found: FoundTrigger, tokens: Token[], m: Mentions): FoundTrigger {
  if (found.trigger.kind !== 'form') return found;
  const app = m.apps.find(
    (a) =>
      (FORM_APP.test(a.app.key) ||
        (SITE_FORM_APP.test(a.app.key) &&
          tokens.slice(Math.max(0, a.from - 6), a.from).some((t) => /^forms?$/.test(t.lower)) &&
          /^(?:site|website|page|landing)$/.test(tokens[a.to]?.lower ?? ''))) &&
      triggerable(a),
  );
  if (!app) return found;
  const item = itemAfter(app, tokens);
  return {
    ...found,
    // (A site builder's form is one of its events: Webflow's "form submission".)
    trigger: { kind: 'app', app: app.app.key, event: 'response', ...(item ? { item } : {}) },
    used: new Set([...found.used, ...range(app.from, app.to)]),
    app,
  };
}

/**
 * "i need simple form for clients: car plate, model, what is the problem", "build a form asking for name, email and
 * budget": an n8n form the request asks for, with the fields it lists.
 */
function askedForm(tokens: Token[], original: string): FoundTrigger | null {
  const said =
    /\b(?:needs?|wants?|make|create|build|set up|setup|add|have)\s+(?:me\s+)?(?:an?\s+)?(?:(?:simple|small|short|quick|online|web|little|basic|new|public|registration|sign-?up|intake|booking|order|request|feedback|contact|application|enquiry|inquiry)\s+)*(?:(?!sure\b|it\b|them\b|the\b|this\b)[a-z][\w-]*\s+){0,2}?(?:(?:simple|small|short|quick|online|web|little|basic|new|public|registration|sign-?up|intake|booking|order|request|feedback|contact|application|enquiry|inquiry)\s+)*form\b(?:\s+(?:for|where|so|that|which|they|we|i|people|staff|employees|users|customers|clients|to)\s+[^:.!?\n(]{1,40}?)?\s*(?::|\(|\bwith\b|\basking(?: for)?\b|\bthat asks(?: for)?\b|\bcollecting\b|\bwith fields?\b)\s*([^.!?\n()]{3,200})/i.exec(
      original,
    ) ??
    // "n8n form: title, body, author_email -> …", "Form (name, email, budget) →": a form and its fields, said first.
    /(?:^|[.!?\n]\s*)(?:(?:an?|the|our|my)\s+)?(?:n8n\s+|web\s+|online\s+)?form(?:\s+trigger)?\s*(?::|\()\s*([^.!?\n()]{3,200})/i.exec(
      original,
    ) ??
    // "Supers submit a daily log through an n8n form: project, weather, crew count, …": people fill in a form.
    /\b(?:submit|submits|fill in|fills in|fill out|fills out|enter|enters|send|sends|log|logs|report|reports)\s+(?:[\w-]+\s+){0,4}?(?:through|via|using|in|on|with)\s+(?:an?|the|our)\s+(?:[\w-]+\s+)?form\s*(?::|\(|\bwith\b|\basking(?: for)?\b)\s*([^.!?\n()]{3,200})/i.exec(
      original,
    ) ??
    // "When an applicant submits our application form (name, email, role, CV upload)": the form and its fields.
    /\b(?:submits?|submitted|fills? (?:in|out)|filled (?:in|out)|completes?|completed)\s+(?:our|the|an?|my)\s+(?:[\w-]+\s+){0,2}?form\s*(?::|\()\s*([^.!?\n()]{3,200})/i.exec(
      original,
    );
  if (!said?.[1]) return uploadForm(tokens, original);
  // "with fields name, email and message; on submit …", "n8n form: title, body -> …": the list ends where the steps
  // begin.
  const list = said[1]
    .replace(/^(?:the\s+)?fields?\s*:?\s+/i, '')
    .replace(/\s*(?:->|→|=>|;|\bthen\b|\bon submit\w*|\bwhen\b|\bonce\b|\bafter\b).*$/i, '');
  const fields = list
    .split(/\s*,\s*|\s+and\s+|\s*\/\s*/)
    .map((f) => f.trim().replace(/^(?:the|their|a|an|his|her)\s+/i, ''))
    .filter((f) => f && f.split(/\s+/).length <= 6);
  // "a form for GDPR deletion requests (email address)": one field, in brackets, is a field list too.
  const bracketed =
    /\(\s*[^()]*$/.test(said[0]) &&
    fields.length === 1 &&
    /^[a-z][a-z ]{1,30}$/i.test(fields[0]!) &&
    !/\bforms?\b/i.test(fields[0]!) &&
    fields[0]!.split(/\s+/).length <= 3;
  if (fields.length < 2 && !bracketed) return null;
  const end = said.index + said[0].length;
  // "When an applicant submits …": the words that said when are the trigger's too.
  const sentence = original.slice(0, said.index).search(/[^.!?\n]*$/);
  const start = /^\s*(?:when(?:ever)?|once|as soon as|each time|every time|after)\b/i.test(
    original.slice(sentence, said.index),
  )
    ? sentence
    : said.index;
  const used = new Set(tokens.flatMap((t, i) => (t.start >= start && t.end <= end ? [i] : [])));
  // "… When submitted, look the email up …": the words that say the form was sent start nothing else.
  const sent =
    /\b(?:when(?:ever)?|once|after|on)\s+(?:(?:it|the form|a form|the request|someone)\s+(?:is\s+|gets\s+|has been\s+)?|it's\s+)?(?:submitted|submits it|submission)\b/i.exec(
      original.slice(end),
    );
  if (sent)
    tokens.forEach((t, i) => {
      if (t.start >= end + sent.index && t.end <= end + sent.index + sent[0].length) used.add(i);
    });
  return {
    trigger: {
      kind: 'form',
      title: 'Form',
      fields: fields.slice(0, 12).map((f) => f.replace(/^./, (c) => c.toUpperCase()).slice(0, 60)),
    },
    used,
    choices: [],
    notes: [],
  };
}

/** "I upload a CSV of event attendees through an n8n form": a form with one file field, the file what it carries. */
function uploadForm(tokens: Token[], original: string): FoundTrigger | null {
  const m =
    /\b(?:upload|uploads|uploading|drop|drops|submit|submits|send|sends)\s+(?:an?\s+|the\s+|our\s+|my\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:csv|excel|xlsx|spreadsheet|pdf|file|document|image|photo|receipt|invoice|cv|resume)s?\b[^.!?\n]{0,80}?\b(?:through|via|using|with|in)\s+(?:an?|the|our)\s+(?:n8n\s+)?(?:upload\s+)?form\b/i.exec(
      original,
    );
  if (!m) return null;
  const used = new Set(tokens.flatMap((t, i) => (t.start >= m.index && t.end <= m.index + m[0].length ? [i] : [])));
  return { trigger: { kind: 'form', title: 'Upload', fields: ['File'] }, used, choices: [], notes: [] };
}

/**
 * "… and say clearly when the answer isn't in the documents": "when" after a verb of saying is what is said, not an
 * event the workflow waits for (a Webhook stood in for it before).
 */
function saidWhen(event: FoundTrigger | null, tokens: Token[]): FoundTrigger | null {
  if (!event || event.trigger.kind !== 'webhook' || !event.used.size) return event;
  const first = Math.min(...event.used);
  const when = [first, first - 1].find((k) => tokens[k]?.lower === 'when');
  const verb = when === undefined ? '' : (tokens[when - 1]?.lower ?? '');
  // ("members keep asking in DMs when classes are": what is asked.)
  const asked =
    when !== undefined &&
    tokens
      .slice(Math.max(0, when - 4), when)
      .some((t) =>
        /^(?:ask|asks|asking|asked|wonder|wonders|wondering|know|knows|remember|unsure|sure)$/.test(t.lower),
      );
  return asked ||
    /^(?:say|says|tell|tells|note|notes|explain|explains|mention|mentions|clearly|admit|admits|state|states|indicate|indicates)$/.test(
      verb,
    )
    ? null
    : event;
}

/** The path a request gives its webhook ("…/webhook/backup" → "backup"), cut at its query. */
function hookPath(said: string): string | null {
  const path = /\/webhook(?:-test)?\/([\w/-]{1,80})/.exec(said)?.[1]?.replace(/\/+$/, '');
  return path || null;
}

/** Message brokers whose trigger subscribes to a topic or a queue. */
const BROKER = /^(?:mqtt|kafka|rabbitmq|amqp)$/;

/**
 * "Subscribe to the MQTT topic factory/line1/alerts", "MQTT topic factory/+/temp publishes {sensor, value}",
 * "messages on the RabbitMQ queue orders": the broker's trigger, unless the workflow publishes to it.
 */
/** Words an event key is made of that say what happened ("payment_failed", "taskCompleted", "orders/create"). */
const KEY_EVENT =
  /^(?:create|created|update|updated|delete|deleted|complete|completed|fail|failed|failure|succeed|succeeded|upload|uploaded|paid|open|opened|close|closed|merge|merged|add|added|remove|removed|change|changed|submit|submitted|cancel|cancell?ed|refund|refunded|start|started|finish|finished|assign|assigned|publish|published|fulfill|fulfilled|sign|signed|push|receive|received|move|moved|approve|approved|reject|rejected|expire|expired|renew|renewed|archive|archived|register|registered|book|booked|schedule|scheduled|arrive|arrived|deliver|delivered|ship|shipped|dispatch|dispatched|post|posted|won|lost|trash|trashed|new)$/;

/** Places an app's trigger watches. */
const WATCHED =
  /^(?:folders?|boards?|projects?|repos?|repository|repositories|channels?|lists?|pipelines?|workspaces?|accounts?|stores?|shops?|forms?|tables?|bases?|sheets?|calendars?|teams?|spaces?|inbox|queues?|org|organi[sz]ation)$/;

/** The past tense eventOf reads ("orders/create" is an order created). */
const KEY_PAST: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  complete: 'completed',
  fail: 'failed',
  upload: 'uploaded',
  close: 'closed',
  cancel: 'cancelled',
  submit: 'submitted',
  finish: 'finished',
  publish: 'published',
  change: 'changed',
  remove: 'removed',
};

/** An event key written as one word ("invoice.payment_failed", "taskCompleted", "issue_created"): its parts. */
function keyParts(text: string): string[] | null {
  if (!/^[A-Za-z][A-Za-z0-9]*(?:(?:[._:/]|(?<=[a-z0-9])(?=[A-Z]))[A-Za-z0-9_]+)+$/.test(text)) return null;
  const parts = text.split(/[._:/]|_|(?<=[a-z0-9])(?=[A-Z])/).map((p) => p.toLowerCase());
  // "orders/create", "taskCompleted": the item first; "add/update" names two actions, no event.
  if (KEY_EVENT.test(parts[0]!)) return null;
  return parts.length > 1 && parts.some((p) => KEY_EVENT.test(p)) ? parts : null;
}

/**
 * "Stripe invoice.payment_failed webhook", "Onfleet taskCompleted → …", "Shopify orders/create trigger", "the Box
 * webhook for file.uploaded": an app's own event, named by its key right after the app; the app's trigger with that
 * event, the key kept so the option of that value is chosen.
 */
function eventKeyTrigger(tokens: Token[], m: Mentions): FoundTrigger | null {
  for (const ref of m.apps) {
    if (!triggerable(ref)) continue;
    let at = ref.to;
    while (
      at < tokens.length &&
      at - ref.to < 3 &&
      /^(?:webhooks?|triggers?|events?|on|for|the|\(|:|-)$/.test(tokens[at]!.lower)
    )
      at++;
    const first = tokens[at];
    if (!first || (first.kind !== 'word' && first.kind !== 'quote')) continue;
    // "orders/create", "jira:issue_created": a key the tokens split at its slash or colon.
    let end = at + 1;
    let key = first.text;
    while (
      first.kind === 'word' &&
      /^[/:]$/.test(tokens[end]?.text ?? '') &&
      tokens[end]!.joined &&
      tokens[end + 1]?.kind === 'word' &&
      tokens[end + 1]!.joined
    ) {
      key += tokens[end]!.text + tokens[end + 1]!.text;
      end += 2;
    }
    const parts = keyParts(key);
    if (!parts) continue;
    const named = end;
    while (end < tokens.length && /^(?:webhooks?|triggers?|events?|hook|\))$/.test(tokens[end]!.lower)) end++;
    // An event key names the start: said with the first app, or called a webhook, trigger or event.
    if (ref !== m.apps[0] && end === named && at === ref.to) continue;
    // "Box file.uploaded in folder 'Contracts'": where the app watches is the trigger's too, not a step.
    if (/^(?:in|on|for|from)$/.test(tokens[end]?.lower ?? '')) {
      let j = end + 1;
      while (
        j < tokens.length &&
        j - end < 7 &&
        !/^[,.;:!?>→()-]$/.test(tokens[j]!.text) &&
        !(tokens[j]!.kind === 'word' && /^(?:then|and)$/.test(tokens[j]!.lower))
      )
        j++;
      if (tokens.slice(end + 1, j).some((t) => WATCHED.test(t.lower))) end = j;
    }
    const words = parts.map((p) => KEY_PAST[p] ?? p);
    const noun = words.find((w) => !KEY_EVENT.test(w) && ITEMS.test(w) && w !== 'on');
    const item = noun && singular(noun);
    const used = new Set(Array.from({ length: end - ref.from }, (_, i) => ref.from + i));
    return {
      trigger: { kind: 'app', app: ref.app.key, event: eventOf(words.join(' ')), key, ...(item ? { item } : {}) },
      used,
      app: ref,
      choices: [],
      notes: [],
    };
  }
  return null;
}

function brokerTrigger(tokens: Token[], m: Mentions): FoundTrigger | null {
  const ref = m.apps.find((a) => BROKER.test(a.app.key) && a.app.trigger);
  if (!ref) return null;
  const near = tokens
    .slice(Math.max(0, ref.from - 4), ref.to + 10)
    .map((t) => t.lower)
    .join(' ');
  if (
    !/\b(?:subscrib\w*|listen\w*|consum\w*|publish(?:es|ed)|arriv\w*|comes? in|receiv\w*|messages? (?:on|from|in)|on (?:the |our |a )?\w+ (?:topic|queue))\b/.test(
      near,
    )
  )
    return null;
  // "… publish the result to the MQTT topic …": a step that sends there.
  const before = tokens
    .slice(Math.max(0, ref.from - 8), ref.from)
    .map((t) => t.lower)
    .join(' ');
  if (
    /\b(?:publish|send|push|post|write|produce)\w*\b[^.]*\b(?:to|on|into)\s+(?:the\s+|our\s+|a\s+|an\s+)?$/.test(
      `${before} `,
    )
  )
    return null;
  // The subscription's words: from "subscribe"/"listen" before the app up to the topic's name after it.
  let from = ref.from;
  while (from > 0 && ref.from - from < 4 && !/^[.!?,;:\n]$/.test(tokens[from - 1]!.text)) from--;
  let to = ref.to;
  while (
    to < tokens.length &&
    to - ref.to < 3 &&
    /^(?:topic|topics|queue|queues|broker|channel)$/.test(tokens[to]!.lower)
  )
    to++;
  if (to > ref.to)
    while (
      to < tokens.length &&
      (tokens[to]!.joined || tokens[to]!.kind === 'punct') &&
      tokens[to]!.text !== ',' &&
      tokens[to]!.text !== '.'
    )
      to++;
  if (to > ref.to && tokens[to]?.kind === 'word' && !verbClass(tokens[to]!.lower)) to++;
  const used = new Set(Array.from({ length: to - from }, (_, i) => from + i));
  return { trigger: { kind: 'app', app: ref.app.key, event: 'created' }, used, app: ref, choices: [], notes: [] };
}

function findAnyTrigger(tokens: Token[], m: Mentions, original: string): FoundTrigger {
  // "an Error Trigger workflow that sends the failed workflow's name …": n8n's Error Trigger.
  const failed =
    /\berror ?trigger\b|\b(?:when(?:ever)?|if) (?:a|any|one) (?:of (?:my|our|the) )?(?:n8n |(?!(?:github|gitlab|circleci|ci|actions|bitbucket|jenkins|azure|travis|buildkite|deploy\w*|build|pipeline)\b)[a-z-]+ )?(?:workflow|execution)s?(?: (?:in|on|of) (?:this|our|my|the) (?:n8n )?(?:instance|server|account|workspace|setup))? (?:fails?|errors?(?: out)?|crash\w*)\b|\b(?:n8n )?workflow (?:failures?|errors)\b|\bfailed (?:n8n )?(?:workflows?|executions?|runs?)\b|\bon (?:any |an |every )?(?:error|failure) in (?:my|our|the|a|any) (?:\w+ ){0,2}workflows?\b/i.exec(
      original,
    );
  // "any failed workflow on main" in CircleCI or GitHub Actions: a CI system's workflow, not n8n's.
  if (failed && !ciWorkflow(failed[0], original)) {
    const used = new Set(
      tokens.flatMap((t, i) => (t.start >= failed.index && t.end <= failed.index + failed[0].length ? [i] : [])),
    );
    return { trigger: { kind: 'error' }, used, choices: [], notes: [] };
  }
  const broker = brokerTrigger(tokens, m);
  if (broker) return broker;
  const keyed = eventKeyTrigger(tokens, m);
  if (keyed) return keyed;
  // "a chat bot in n8n's own chat window", "a chat widget on our site": n8n's Chat Trigger ("webhook from our website
  // chat widget": the widget calls a webhook).
  if (
    /\bn8n['’]?s? (?:own |built-in |builtin |hosted )?chat\b|\bchat (?:window|widget|interface|ui|bubble|embed)\b|\bchat trigger\b/i.test(
      original,
    ) &&
    !/^\W*(?:(?:trigger|start)\s*:\s*)?(?:an?\s+|the\s+)?webhook\b/i.test(original)
  )
    return { trigger: { kind: 'chat' }, used: new Set(), choices: [], notes: [] };
  const asked = askedForm(tokens, original);
  if (asked) return asked;
  // "curl -X POST https://n8n.home.lan/webhook/backup", "GET https://n8n.example.com/webhook/stock?sku=…", "our HR
  // tool posts to an n8n webhook", "Home Assistant automations call n8n with {…}": a call to the workflow's URL.
  const hook =
    /\b(GET|POST|PUT|DELETE)?\s*https?:\/\/\S+\/webhook(?:-test)?\/\S*|\b(?:posts?|sends?|calls?|hits?|pings?|curls?|fires?|triggers?)\s+(?:to\s+)?(?:an?\s+|our\s+|my\s+|the\s+)?n8n(?:'s)?(?:\s+(?:webhook|endpoint|url))?\b(?:\s+with\b)?|\b(?:posts|sends|calls|hits|pings|fires|triggers)\s+(?:[\w-]+\s+){0,3}?(?:(?:to|at|into)\s+)?(?:an?|our|my|the)\s+(?:n8n\s+)?(?:webhook|endpoint)\b/i.exec(
      original,
    ) ??
    // "Sensors POST readings (sensor id, temperature) to a webhook every minute": the method, in capitals, of a caller.
    capitalPost(original);
  if (hook) {
    // "… posts to an n8n webhook when an employee is terminated (email, manager_email)": when it calls is the event.
    const when = /^\s*(?:when(?:ever)?|every time|each time|as soon as|once)\b[^.;\n]*/i.exec(
      original.slice(hook.index + hook[0].length),
    );
    const end = hook.index + hook[0].length + (when ? when[0].length : 0);
    const lead = original.slice(0, hook.index);
    const start = /[.!?\n:]\s*[^.!?\n:]{0,60}$/.test(lead)
      ? lead.search(/[^.!?\n:]{0,60}$/)
      : lead.length <= 60
        ? 0
        : hook.index;
    const n8n = m.apps.find(
      (a) => a.app.key === 'n8n' && tokens[a.from]!.start >= hook.index && tokens[a.from]!.end <= end,
    );
    return {
      trigger: {
        kind: 'webhook',
        path: hookPath(hook[0]) ?? slug(tokens.map((t) => t.lower).join(' ')),
        method: hook[1]?.toUpperCase() === 'GET' ? 'GET' : 'POST',
      },
      // The caller said before it ("Home Assistant automations call n8n …") is the trigger's too.
      used: new Set(tokens.flatMap((t, i) => (t.start >= start && t.end <= end ? [i] : []))),
      ...(n8n ? { app: n8n } : {}),
      choices: [],
      notes: [],
    };
  }
  // "Make a sub-workflow that other workflows can call with a phone number": n8n's Execute Workflow Trigger.
  const subworkflow =
    /\b(?:sub-?workflow|workflow|one)\s+(?:(?:that|which)\s+)?(?:other|another|any|my|our|the main|a parent)\s+(?:\w+\s+)?(?:work)?flows?\s+(?:can\s+|will\s+)?(?:call|calls|run|runs|execute|executes|trigger|triggers)\b|\bcalled\s+(?:by|from)\s+(?:other|another|any|a parent|the main|my|our)\s+(?:\w+\s+)?workflows?\b|\bsub-?workflows?\s+(?:that|which)\s+(?:receives|takes|gets|accepts|is given)\b|(?:^|[.!?\n]\s*)(?:a\s+|the\s+)?sub-?workflow\s*:|\bexecute ?workflow ?trigger\b|\bwhen (?:called|executed) by another workflow\b/i.exec(
      original,
    );
  if (subworkflow) {
    const at = subworkflow.index;
    const end = at + subworkflow[0].length;
    const used = new Set(tokens.flatMap((t, i) => (t.start >= at && t.end <= end ? [i] : [])));
    return { trigger: { kind: 'called' }, used, choices: [], notes: [] };
  }
  // "A Schedule Trigger kicks off the workflow at regular intervals": a schedule whose times the user sets (daily).
  const named =
    /\bschedule ?trigger\b|\bat regular intervals\b|\bon a (?:regular |recurring )?schedule\b|\bcron job\b/i.exec(
      original,
    );
  const schedule =
    findSchedule(original) ??
    (named
      ? {
          rule: { field: 'days', daysInterval: 1, triggerAtHour: 9 } as ScheduleRule,
          start: named.index,
          end: named.index + named[0].length,
        }
      : null);
  const event = saidWhen(eventTrigger(tokens, m, original), tokens);
  // "I'm using the Jira Trigger on issue created", "Slack Trigger works but …": n8n's trigger node named outright.
  const namedApp = m.apps.find(
    (a) =>
      triggerable(a) &&
      (tokens[a.to]?.lower === 'trigger' || (tokens[a.to - 1]?.lower === 'trigger' && a.to - a.from > 1)),
  );
  if (namedApp && !named && !schedule && !(event?.trigger.kind === 'app' && event.trigger.app === namedApp.app.key)) {
    return triggerOfApp(namedApp, namedApp.to + (tokens[namedApp.to]?.lower === 'trigger' ? 1 : 0), tokens);
  }
  if (/\b(?:email|imap) trigger\b/i.test(original) && !named)
    return { trigger: { kind: 'email', provider: 'imap' }, used: new Set(), choices: [], notes: [] };
  const arrived = schedule ? null : arrival(tokens, m);
  if (arrived && (!event || [...arrived.used].every((k) => k < Math.min(...event.used)))) return arrived;
  const scheduleAt = schedule ? tokens.findIndex((t) => t.start >= schedule.start) : -1;
  // "bills monthly subscriptions through Chargebee. When a subscription is cancelled, …": how often something is
  // billed or paid sets no schedule when an event is said.
  const billed =
    schedule &&
    (event || /\b(?:through|via|in|with|using) (?:a|an|our|the) (?:[\w-]+ )?form\b/i.test(original)) &&
    /^(?:monthly|weekly|yearly|annual|annually|quarterly)$/i.test(
      original.slice(schedule.start, schedule.end).trim(),
    ) &&
    /^\s*(?:[\w-]+\s+){0,2}?(?:subscriptions?|statements?|plans?|fees?|payments?|bills?|billing|invoices?|memberships?|retainers?|rent|salar(?:y|ies)|dues|instal?lments?|charges?|donations?|contributions?|packages?|tiers?|pricing|prices?)\b/i.test(
      original.slice(schedule.end),
    );
  // "My clients fill out a weekly check-in (an n8n form is fine)", "students hand in a reflection every Friday through
  // a form": how often people fill in the form, which starts the workflow.
  if (schedule && !billed && submittedForm(original, schedule, m))
    return { trigger: { kind: 'form', title: 'Form', fields: [] }, used: new Set(), choices: [], notes: [] };
  // "our nightly Jenkins build fails silently. Could Jenkins hit a webhook in n8n when the job finishes": another
  // system calls the workflow's webhook; the time is the system's.
  if (
    schedule &&
    !billed &&
    /\b(?:hit|hits|call|calls|ping|pings|post|posts|send|sends|notify|notifies|trigger|triggers|fire|fires)\s+(?:to\s+)?(?:a|an|the|our)\s+(?:n8n\s+webhook|webhook\s+(?:in|on|of)\s+n8n)\b/i.test(
      original,
    ) &&
    !/\bwebhook\b/i.test(sentenceAround(original, schedule))
  )
    return {
      trigger: { kind: 'webhook', path: slug(tokens.map((t) => t.lower).join(' ')), method: 'POST' },
      used: new Set(),
      choices: [],
      notes: [],
    };
  const formApp = schedule && !billed ? submittedApp(original, schedule, m) : undefined;
  if (formApp)
    return { trigger: appTrigger(formApp, 'new', tokens), used: new Set(), app: formApp, choices: [], notes: [] };
  // "Trucks send GPS position to our webhook every 10 minutes": how often others call the webhook, which starts it.
  if (schedule && !billed && sentToHook(original, schedule)) {
    const from = sentenceStart(original, schedule.start);
    return {
      trigger: { kind: 'webhook', path: slug(tokens.map((t) => t.lower).join(' ')), method: 'POST' },
      used: new Set(tokens.flatMap((t, i) => (t.start >= from && t.end <= schedule.end ? [i] : []))),
      choices: [],
      notes: [],
    };
  }
  if (schedule && !billed && (!event || scheduleAt < Math.min(...event.used))) {
    const used = new Set(tokens.flatMap((t, i) => (t.start >= schedule.start && t.end <= schedule.end ? [i] : [])));
    return { trigger: { kind: 'schedule', rule: schedule.rule }, used, choices: [], notes: [] };
  }
  const lower = tokens.map((t) => t.lower);
  // "an API endpoint that takes a customer's email …": an endpoint others call is a webhook.
  const endpoint = lower.findIndex(
    (w, i) =>
      /^(?:endpoint|endpoints)$/.test(w) &&
      // "Need small API endpoint: GET with customer id …": what it does after a colon.
      /^(?:that|which|to|where|for|:)$/.test(lower[i + 1] ?? '') &&
      /^(?:an?|api|http|rest|own|our)$/.test(lower[i - 1] ?? ''),
  );
  // "Offboarding endpoint: POST {email, github_login}", "POST /orders with {…}": a method and a body or path said
  // where the request starts.
  const method =
    /(?:^|[.:\n]\s*)(?:(?:an?\s+)?(?:[\w-]+\s+){0,2}endpoint\s*[:,-]?\s*)?(POST|GET|PUT|PATCH|DELETE)\s+(?:\/|\{|request\b)/.exec(
      original,
    );
  // "our app calls POST /gdpr/delete with {…}", "Warehouse scanners POST to /scan", "Our mobile app sends feedback to
  // POST /feedback {…}": something else calls a path of ours, in the request's first sentence.
  const caller = calledPath(original);
  if (caller && !event) {
    const close = original.indexOf('}', caller.index);
    const end = close > 0 && close - caller.index < 160 ? close + 1 : caller.index + caller[0].length;
    return {
      trigger: { kind: 'webhook', path: slug(lower.join(' ')), method: caller[1] === 'GET' ? 'GET' : 'POST' },
      used: new Set(tokens.flatMap((t, i) => (t.start >= caller.index && t.end <= end ? [i] : []))),
      choices: [],
      notes: [],
    };
  }
  if (method && !event && !/\b(?:to|at|against)\s+(?:POST|GET|PUT|PATCH|DELETE)\b/.test(original)) {
    const at = method.index + method[0].indexOf(method[1]!);
    const close = original.indexOf('}', at);
    const end = close > 0 && close - at < 120 ? close + 1 : at + method[1]!.length;
    return {
      trigger: { kind: 'webhook', path: slug(lower.join(' ')), method: method[1] === 'GET' ? 'GET' : 'POST' },
      used: new Set(tokens.flatMap((t, i) => (t.start >= method.index && t.end <= end ? [i] : []))),
      choices: [],
      notes: [],
    };
  }
  if (endpoint >= 0 && !event)
    return {
      trigger: {
        kind: 'webhook',
        path: slug(lower.join(' ')),
        method: lower[endpoint + 1] === ':' && lower[endpoint + 2] === 'get' ? 'GET' : 'POST',
      },
      // The endpoint and what it takes ("an API endpoint that takes a customer's email"), up to the next comma.
      used: range(
        lower[endpoint - 1] === 'api' || lower[endpoint - 1] === 'http' ? endpoint - 1 : endpoint,
        Math.max(
          endpoint + 1,
          tokens.findIndex((t, i) => i > endpoint && t.kind === 'punct' && /^[,;.]$/.test(t.text)),
        ),
      ),
      choices: [],
      notes: [],
    };
  // "receives a POST with a YouTube URL", "a Slack slash command": a call to the workflow's own URL.
  const called = lower.findIndex(
    (w, i) =>
      (/^(?:receives?|receiving|accepts?|gets?)$/.test(w) &&
        /^(?:a|an)$/.test(lower[i + 1] ?? '') &&
        /^(?:post|get|put|http|json|payload|request)$/.test(lower[i + 2] ?? '')) ||
      (w === 'slash' && /^commands?$/.test(lower[i + 1] ?? '')),
  );
  const webhookAt =
    called >= 0 && !lower.includes('webhook') ? called : lower.findIndex((w) => w === 'webhook' || w === 'webhooks');
  if (event && !(webhookAt >= 0 && event.trigger.kind === 'app' && webhookAt < Math.min(...event.used))) return event;
  // "We get Stripe webhooks for invoice.payment_failed": the app's own trigger registers that webhook.
  const sender =
    webhookAt >= 0 && lower[webhookAt] !== 'slash'
      ? m.apps.find((a) => a.to === webhookAt && triggerable(a) && a.app.key !== 'n8n')
      : undefined;
  if (sender) return triggerOfApp(sender, webhookAt + 1, tokens);
  if (webhookAt >= 0) {
    const used = new Set(called === webhookAt ? [] : [webhookAt]);
    // "Slack slash command …": the app that calls is part of the trigger, not a step.
    const caller = m.apps.find((a) => a.to === called && lower[called] === 'slash');
    if (caller) for (let k = caller.from; k < caller.to + 2; k++) used.add(k);
    if (/^(?:via|from|on|through|with|by|using)$/.test(lower[webhookAt - 1] ?? '')) used.add(webhookAt - 1);
    // "When Sentry sends us a new error via webhook": the app that calls is the trigger's, not a step.
    // "Grafana alert webhook": so is the app whose items name the webhook.
    const calling = m.apps.find(
      (a) =>
        a.to <= webhookAt &&
        webhookAt - a.to <= 7 &&
        !a.app.trigger &&
        ((!/^(?:to|into|onto|an?|the|via|through)$/.test(lower[a.from - 1] ?? '') &&
          lower
            .slice(a.to, webhookAt)
            .every((w) =>
              /^(?:alerts?|events?|notifications?|incoming|error|errors|status|monitor|uptime)$/.test(w),
            )) ||
          (lower
            .slice(a.to, webhookAt)
            .some((w) => /^(?:sends?|calls?|posts?|hits?|pings?|fires?|notifies)$/.test(w)) &&
            !tokens.slice(a.to, webhookAt).some((t) => /^[.!?;]$/.test(t.text)))),
    );
    if (calling && !caller) for (let k = calling.from; k < calling.to; k++) used.add(k);
    if (/^(?:a|an|the)$/.test(lower[webhookAt - 1] ?? '')) used.add(webhookAt - 1);
    return {
      trigger: { kind: 'webhook', path: slug(lower.join(' ')), method: 'POST' },
      used,
      ...(caller ? { app: caller } : {}),
      choices: [],
      notes: [],
    };
  }
  const bot = botApp(tokens, m);
  if (bot) return { trigger: appTrigger(bot, 'new message'), used: new Set(), app: bot, choices: [], notes: [] };
  // "internal chat where the team asks about sales numbers": a chat people ask in is the workflow's own, and who asks
  // there is the start's, no test.
  const askedIn = lower.findIndex(
    (w, i) =>
      w === 'chat' &&
      !m.apps.some((a) => a.to === i) &&
      /^(?:where|that|for)$/.test(lower[i + 1] ?? '') &&
      lower.slice(i + 2, i + 6).some((x) => /^(?:asks?|asking|types?|questions?)$/.test(x)),
  );
  if (askedIn >= 0) {
    const end = tokens.findIndex((t, k) => k > askedIn && t.kind === 'punct');
    const used = new Set(lower.flatMap((_, k) => (k >= askedIn && (end < 0 || k < end) ? [k] : [])));
    return { trigger: { kind: 'chat' }, used, choices: [], notes: [] };
  }
  if (
    // "a chat", "chat with our docs" — not "a Telegram chat" or "the team chat", which are places to post.
    lower.some(
      (w, i) =>
        w === 'chatbot' ||
        (w === 'chat' &&
          !m.apps.some((a) => a.to === i) &&
          !/^(?:team|group|company|internal|our|dev|work|office|slack|teams|telegram|discord|whatsapp|google)$/.test(
            lower[i - 1] ?? '',
          )),
    ) ||
    m.aiNouns.some(
      (n) =>
        n.task === 'agent' &&
        /^(?:chatbot|chat bot|bot|assistant|q&a|copilot)$/.test(lower.slice(n.from, n.to).join(' ')),
    )
  )
    return { trigger: { kind: 'chat' }, used: new Set(), choices: [], notes: [] };
  // "Wufoo form entries": the form app's own, not n8n's form.
  const formAt = lower.findIndex(
    (w, i) =>
      /^forms?$/.test(w) &&
      // "free-form emails", "free form text": the way something is written, not a form.
      !/^(?:free|-)$/.test(lower[i - 1] ?? '') &&
      // "add the subscriber to form 'Buyers'": an app's form, named, where a step puts things ("paste it into a
      // form" is the user's own).
      !(lower[i - 1] === 'to' && tokens[i + 1]?.kind === 'quote') &&
      // "facebook lead ads (form 'Spring Promo')": the app's own form, named right after it.
      !m.apps.some(
        (a) =>
          (i >= a.from && i < a.to) ||
          ((a.to === i || (a.to === i - 1 && lower[i - 1] === '(')) && a.app.trigger && a.app.key !== 'n8n'),
      ),
  );
  if (formAt >= 0)
    return { trigger: { kind: 'form', title: 'Form', fields: [] }, used: new Set(), choices: [], notes: [] };
  // "pull the new contacts from the last day", "last week's closed deals": a window of time read on a schedule.
  const window =
    /\b(?:from|in|over|during|of) the (?:last|past) (day|24 hours|week|7 days|month)\b|\b(yesterday|last week|last month|tomorrow|today)'s\b/.exec(
      lower.join(' '),
    );
  if (window) {
    const span = window[1] ?? window[2]!;
    const rule: ScheduleRule = /week|7 days/.test(span)
      ? { field: 'weeks', weeksInterval: 1, triggerAtDay: [1], triggerAtHour: 9 }
      : /month/.test(span)
        ? { field: 'months', monthsInterval: 1, triggerAtDayOfMonth: 1, triggerAtHour: 9 }
        : { field: 'days', daysInterval: 1, triggerAtHour: 9 };
    return {
      trigger: { kind: 'schedule', rule },
      used: new Set(),
      choices: [
        {
          said: window[0],
          chose: `a schedule (${span === 'day' || span === '24 hours' || span === 'yesterday' || span === 'tomorrow' || span === 'today' ? 'every day' : span.includes('week') ? 'every Monday' : 'every month'} at 09:00)`,
          change: "say 'every hour' or another time",
        },
      ],
      notes: [],
    };
  }
  // "the invoices sent to invoices@ourcompany.com", "they come by email": a mailbox the workflow reads.
  const address = tokens.findIndex(
    (t, i) =>
      t.kind === 'email' &&
      /^(?:to|at)$/.test(lower[i - 1] ?? '') &&
      /^(?:sent|emailed|forwarded|arrive|arrives|arriving|coming|come|comes|received|land|lands|in)$/.test(
        lower[i - 2] ?? '',
      ) &&
      // "facilities requests should be emailed to facilities@…": where the workflow sends them.
      !(lower[i - 3] === 'be' && /^(?:should|must|will|can|could|to|would)$/.test(lower[i - 4] ?? '')),
  );
  const byMail = lower.findIndex(
    (w, i) =>
      /^e-?mail$/.test(w) &&
      /^(?:by|via|through)$/.test(lower[i - 1] ?? '') &&
      (/^(?:come|comes|arrive|arrives|sent|get|gets|in)$/.test(lower[i - 2] ?? '') ||
        // "We get e-filing notices from the court by email": what we get by email arrives.
        lower
          .slice(Math.max(0, i - 10), i)
          .join(' ')
          .split(/[.!?,;:]/)
          .at(-1)!
          .match(/\b(?:we|i)\s+(?:always\s+|usually\s+|often\s+)?(?:get|receive)\b/) !== null),
  );
  // "Contractors email photos of receipts to receipts@ourco.com": others write to the mailbox the workflow reads.
  const mailer = lower.findIndex(
    (w, i) =>
      /^(?:e-?mails?|e-?mail|sends?|forwards?|submits?)$/.test(w) &&
      /^(?:customers|clients|contractors|vendors|suppliers|people|users|partners|employees|staff|students|applicants|candidates|members|someone|somebody|anyone|freelancers|drivers|tenants|guests|agents|reps|colleagues)$/.test(
        lower[i - 1] ?? '',
      ),
  );
  const inbound =
    mailer >= 0
      ? tokens.findIndex((t, i) => i > mailer && i <= mailer + 8 && t.kind === 'email' && lower[i - 1] === 'to')
      : -1;
  if (inbound >= 0 && !schedule)
    return {
      trigger: { kind: 'email', provider: m.apps.some((a) => a.app.key === 'gmail') ? 'gmail' : 'imap' },
      used: new Set([mailer, inbound - 1, inbound]),
      choices: [],
      notes: [],
    };
  if ((address >= 0 || byMail >= 0) && !schedule)
    return {
      trigger: { kind: 'email', provider: m.apps.some((a) => a.app.key === 'gmail') ? 'gmail' : 'imap' },
      // The mailbox is the trigger's, not an address to write to.
      used: address >= 0 ? range(address - 2, address + 1) : range(byMail - 1, byMail + 1),
      choices: [],
      notes: [],
    };
  // "Extract invoice data from email attachments", "Attachments from supplier emails in Gmail should be saved …":
  // each new e-mail's attachments.
  const attached =
    /\b(?:e-?mail|mail|inbox|gmail|outlook) attachments?\b|\battachments? (?:from|of|in) (?:\w+ ){0,2}(?:e-?mails?|inbox|mailbox)\b/.exec(
      lower.join(' '),
    );
  if (attached && !schedule) {
    const provider = m.apps.some((a) => a.app.key === 'gmail')
      ? 'gmail'
      : m.apps.some((a) => a.app.key === 'microsoftOutlook')
        ? 'outlook'
        : 'imap';
    const app = m.apps.find((a) => a.app.key === (provider === 'outlook' ? 'microsoftOutlook' : provider));
    return {
      trigger: { kind: 'email', provider },
      used: new Set(),
      ...(app ? { app } : {}),
      choices: [],
      notes: [],
    };
  }
  const source = sourceApp(tokens, m);
  if (source)
    return {
      trigger: appTrigger(source.ref, 'new', tokens),
      // "new emails in gmail": the words that named the event are the trigger's, not a step's.
      used: source.from === undefined ? new Set() : range(source.from, source.ref.to),
      app: source.ref,
      choices: [],
      notes: [],
    };
  // "watch our Google Drive folder 'Invoices' and post new files …", "monitor our Trello board": what arrives in the
  // app watched is its trigger's event.
  const watch = lower.findIndex((w) => /^(?:watch|watches|watching|monitor|monitors|monitoring)$/.test(w));
  const watched =
    watch >= 0
      ? m.apps.find(
          (a) =>
            a.from > watch &&
            a.from <= watch + 4 &&
            a.app.trigger &&
            !a.app.community &&
            a.app.key !== 'emailSend' &&
            lower.slice(watch + 1, a.from).every((w) => /^(?:our|my|the|a|an|shared|team|company|support)$/.test(w)),
        )
      : undefined;
  if (watched && !/\b(?:price|prices|stock|uptime|downtime|status|changes?|stale|overdue)\b/.test(lower.join(' '))) {
    // "… our Google Drive folder 'Invoices'": the place in the app, with its name.
    let end = watched.to;
    while (
      end < tokens.length &&
      (tokens[end]!.kind === 'quote' ||
        /^(?:folder|board|inbox|mailbox|channel|list|table|base|sheet|project|repo|repository|calendar|drive|bucket|database|page|space|workspace|account|store|shop|pipeline|form|called|named)$/.test(
          lower[end] ?? '',
        ))
    )
      end++;
    return {
      // "monitor my Gmail inbox": new mail.
      trigger: MAIL.test(watched.app.key)
        ? { kind: 'email', provider: watched.app.key === 'gmail' ? 'gmail' : 'outlook' }
        : appTrigger(watched, 'new', tokens),
      used: range(watch, end),
      app: watched,
      choices: [],
      notes: [],
    };
  }
  // "Auto-close stale GitHub issues", "Website downtime alerts": a state found by looking regularly. (Not a word
  // quoted as a value: "a message starting with 'OUTAGE'".)
  if (
    /\b(?:monitor\w*|watch\w*|track\w*|check\w* for new|stale|inactive|dormant|overdue|expir\w*|downtime|uptime|outages?)\b/i.test(
      original.replace(/(['"‘“])[^'"’”\n]{1,40}['"’”]/g, ' '),
    )
  )
    return {
      trigger: { kind: 'schedule', rule: { field: 'days', daysInterval: 1, triggerAtHour: 9 } },
      used: new Set(),
      choices: [
        { said: 'monitoring', chose: 'a schedule, every day at 09:00', change: "say 'every hour' or another time" },
      ],
      notes: [],
    };
  const manual = lower.findIndex((w, i) => w === 'manually' || (w === 'click' && lower[i - 1] === 'i'));
  return { trigger: { kind: 'manual' }, used: manual >= 0 ? new Set([manual]) : new Set(), choices: [], notes: [] };
}
