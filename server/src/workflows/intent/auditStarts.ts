// Starts read from the apps a request names: an app n8n has only a trigger for, an app event read from an app with
// no trigger node, and an app whose items the request says arrive ("Gmail -> Google Drive: save every invoice
// attachment") where the reader stood in with a manual start.
import { defaultVerb } from '../catalog/appKinds.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { isRead, type Step, type Trigger } from '../spec.ts';
import { stoodInWebhook } from './auditTriggers.ts';

/** An app the request names: its key, its first token and where it starts in the text. */
type Mention = { key: string; from: number; at?: number; item?: string };

/**
 * "Our Facebook Lead Ads leads sit there for hours. I want every new lead pushed into HubSpot", "We run meetups
 * through Eventbrite. When someone registers, add them to a Google Sheet": an app n8n has only a trigger for can only
 * be where the workflow starts. It replaces a start the reader stood in with, or an app event read from an app named
 * after it ("… added as a row to our Excel tracker on OneDrive"), unless it is only a link the workflow sends ("send
 * them our Typeform link").
 */
export function triggerOnlyApp(trigger: Trigger, mentions: Mention[], original: string): Trigger | null {
  const catalog = nodeCatalog();
  const isOnly = (key: string) => {
    const app = catalog.app(key);
    return Boolean(app && !app.action && app.trigger && !app.community && key !== 'n8n');
  };
  const only = mentions.find((m) => isOnly(m.key));
  if (!only) return null;
  const stoodIn = trigger.kind === 'manual' || stoodInWebhook(trigger, original);
  const appStart =
    trigger.kind === 'app' &&
    trigger.app !== only.key &&
    !isOnly(trigger.app) &&
    mentions.some((m) => m.key === trigger.app && m.from > only.from);
  if (!stoodIn && !appStart) return null;
  const name = catalog.app(only.key)!.name.split(/\s+/)[0]!;
  // ("books an interview slot through our Cal.com link": the link people book with, where the event happens.)
  const link = new RegExp(String.raw`\b${name}\S*\s+(?:\w+\s+)?(?:link|url|survey link|form link|page)\b`, 'i').exec(
    original,
  );
  if (link && !/\b(?:through|via|using|with|from|on)\s+(?:our|the|my|their|a)\s+$/i.test(original.slice(0, link.index)))
    return null;
  return { kind: 'app', app: only.key, event: 'created' };
}

/**
 * "Reviews on our Google Business Profile come in … Want each new review translated with DeepL": an app event read
 * from an app n8n has no trigger for starts instead from the app named as the items' source that has one; the first
 * app is a step.
 */
/** Publishing apps n8n has no trigger for, whose new posts come out in an RSS feed ("every new Medium article"). */
const FEEDS = /^(?:medium|ghost|wordpress|blogger)$/;

export function triggerWithoutNode(trigger: Trigger, steps: Step[], mentions: Mention[]): Trigger | null {
  if (trigger.kind !== 'app') return null;
  const catalog = nodeCatalog();
  const app = catalog.app(trigger.app);
  if (!app || app.trigger) return null;
  // "tweet every new Medium article I publish": the blog's RSS feed reports each new post.
  // (One n8n can list, WordPress or Ghost, is polled by the planner instead.)
  if (
    FEEDS.test(trigger.app) &&
    trigger.event === 'created' &&
    !app.operations.some(
      (o) => /^(?:posts?|articles?)$/i.test(o.resource ?? '') && /^(?:getAll|getMany|list|search)$/.test(o.operation),
    )
  )
    return { kind: 'app', app: 'rssFeedRead', event: 'created', ...(trigger.item ? { item: trigger.item } : {}) };
  const source = mentions.find(
    (m) => m.key !== trigger.app && catalog.app(m.key)?.trigger && !catalog.app(m.key)?.community,
  );
  if (!source) return null;
  // Only an app the items are read from: "… add it to Notion" is where they go, not where they come from.
  const read = steps.findIndex((s) => s.kind === 'app' && s.app === source.key && isRead(s));
  if (read < 0) return null;
  steps.splice(read, 1);
  if (app.action && !steps.some((s) => s.kind === 'app' && s.app === app.key))
    steps.unshift({ kind: 'app', app: app.key, verb: defaultVerb(app), hints: {}, phrase: app.name });
  return { kind: 'app', app: source.key, event: 'created' };
}

/**
 * Words that say items arrive one by one: the workflow reacts to an event. ("send our RFQ to every supplier",
 * "email each parent": the people a message goes to, not items arriving.)
 */
const EVENT =
  /\b(?:when|whenever|every time|each time|as soon as|on (?:every|each|new)|for (?:every|each) new|every new|each new|new (?!year|month|week|day)\w+|incoming|arriv(?:e|es|ing)|comes? in|listen(?:s|ing)? on|consum(?:e|es|er)|subscribe|(?<!\b(?:to|email|e-mail|mail|text|message|notify|remind|ping|invite) )(?:every|each|any) (?!(?:one|a|an|of|day|week|month|hour|minute|morning|evening|night|time|weekday)\b)[a-z]+)\b|->|→|^\s*(?:[\w-]+\s+){1,3}?[a-z]+s\b[^.!?\n]{0,60}?\bshould (?:automatically |also |just )?(?:be|get|go|turn|ping|post|land|end up|create|trigger|show up|appear|become|notify|sync|alert|send)\b/i;
/**
 * "The head teacher posts a message starting with 'CLOSURE' in #announcements on Slack": someone else posting is the
 * event the workflow starts from (the workflow itself, a bot or an agent posting is a step).
 */
const SOMEONE_POSTS =
  /(?:^|[.!?:]\s+|\n\s*(?:\d{1,2}[.)]\s*)?)(?:the|a|an|our|my|any|some)\s+(?!(?:workflow|automation|bot|system|flow|script|agent|zap|n8n|app|integration|ai|model|assistant)\b)(?:[\w-]+\s+){0,2}?(?:posts|sends|uploads|drops|submits|shares|writes)\s+(?:(?:a|an|the|their|his|her|new)\s+)?(?:[\w-]+\s+){0,2}?(?:message|post|note|file|photo|update|announcement|request)s?\b[^.!?\n]{0,80}/i;
/** Words that say the run works through what is there already, once. */
const ONCE =
  /\b(?:one-?off|once|backfill|re-?sync|re-?index|migrat\w*|bulk|import all|all (?:existing|past|old)|historical|export all|clean ?up|when i (?:click|run|press|hit|start|trigger)|manually|on demand|one by one|one (?:[a-z]+ )?at a time|\d+ at a time|with (?:about |around |over |~)?[\d,]+ (?:prospects|rows|contacts|records|leads|customers|items|entries|companies|domains|urls|people|products)|in (?:batches|chunks)|loop (?:over|through)|go(?:es)? through them|(?:all|every one of) (?:the |my |our )?(?:[\w-]+ )?(?:rows|contacts|records|items|entries|files|customers|users|leads|e-?mails|products|orders|urls|domains|companies|members|subscribers|deals|tickets))\b/i;

/**
 * "Gmail -> Google Drive: save every invoice attachment", "Kafka `device.status` -> DynamoDB", "new github PR: …":
 * a request that says its items arrive starts from the first app it names that n8n has a trigger for, instead of a
 * manual start; that app's read is the trigger's job.
 */
/** "New approved leave in the Leave spreadsheet", "someone changes a salary in the HR Salaries spreadsheet". */
const SHEET_EVENT =
  /\b(?:(new)\s+(?:[\w-]+\s+){0,3}?(?:row\s+|entry\s+|line\s+)?(?:in|on|to|added to)|(?:changes?|changed|updates?|updated|edits?|edited)\s+(?:a|an|the|their|someone's)?\s*(?:[\w-]+\s+){0,2}?in)\s+(?:the|our|my|a)\s+(?:['"“‘]?[\w -]{1,30}?['"”’]?\s+)?(?:spreadsheet|google sheet|sheet|tracker)\b/i;

/**
 * "… pings the on-call person on Telegram", "go to the #support channel in Slack": where a message goes, not where
 * items come from ("post every published release in the GitHub repo" names the items there).
 */
function destination(m: Mention, original: string): boolean {
  if (!/^(?:slack|telegram|discord|microsoftTeams|whatsApp|mattermost|googleChat|rocketchat|zulip|matrix)$/.test(m.key))
    return false;
  const said =
    /\b(?:send|sends|post|posts|ping|pings|notify|notifies|alert|alerts|text|texts|message|messages|dm|dms|tell|tells|go|goes|land|lands)\b[^.,;!?\n]{0,40}?\b([\w#-]+)\s+(?:on|in|via|through|over|using)\s+(?:the\s+|our\s+|my\s+)?$/i.exec(
      original.slice(Math.max(0, (m.at ?? 0) - 60), m.at ?? 0),
    );
  if (!said) return false;
  const posted = SOMEONE_POSTS.exec(original);
  if (posted && posted.index < (m.at ?? 0) && posted.index + posted[0].length >= (m.at ?? 0)) return false;
  const word = said[1]!.toLowerCase();
  if (/^(?:channel|group|chat|room|thread|person|team|me|us)$/.test(word)) return true;
  return (
    !nodeCatalog().keeps(m.key, word.replace(/s$/, '')) &&
    !/^(?:releases?|issues?|orders?|tickets?|posts?|rows?|files?|deals?|leads?|commits?|events?)$/.test(word)
  );
}

/** "one branch gets invoices from Xero, the other gets incoming payments from Wise": one side's read, no event. */
const SIDE_READ =
  /\b(?:branch|branches|other|side)\s+(?:gets|fetches|reads|pulls|loads|lists)\s+(?:all\s+|the\s+)?(?:new|incoming)\b/gi;

export function eventApp(trigger: Trigger, steps: Step[], mentions: Mention[], original: string): Trigger | null {
  const said = original.replace(SIDE_READ, ' ');
  if (trigger.kind !== 'manual' || !(EVENT.test(said) || SOMEONE_POSTS.test(said)) || ONCE.test(original)) return null;
  // A spreadsheet the request names no app for starts from Google Sheets' own trigger (the default sheet app), when
  // no other sheet app is named.
  const sheet = SHEET_EVENT.exec(original);
  if (sheet && !mentions.some((m) => /^(?:microsoftExcel|airtable|baserow|nocoDb|smartsheet|seaTable)$/.test(m.key))) {
    const own = steps.findIndex(
      (s) =>
        s.kind === 'app' && s.app === 'googleSheets' && original.indexOf(s.phrase) <= sheet.index + sheet[0].length,
    );
    if (own >= 0) steps.splice(own, 1);
    return { kind: 'app', app: 'googleSheets', event: sheet[1] ? 'created' : 'updated' };
  }
  const catalog = nodeCatalog();
  const first =
    [...mentions]
      .sort((a, b) => a.from - b.from)
      .find((m) => {
        const app = catalog.app(m.key);
        return (
          app?.trigger &&
          !app.community &&
          m.key !== 'n8n' &&
          !/^vectorStore|^lm/.test(m.key) &&
          // ("… pings the on-call person on Telegram": where a message goes, not where items come from.)
          !destination(m, original)
        );
      }) ??
    // "urgent Freshdesk tickets keep sitting … a new ticket marked Urgent pings …": an app with no trigger of its
    // own is polled for the items it keeps.
    [...mentions]
      .sort((a, b) => a.from - b.from)
      .find(
        (m) => m.item && !catalog.app(m.key)?.trigger && catalog.app(m.key)?.action && catalog.keeps(m.key, m.item),
      );
  if (!first) return null;
  // The app is where items go ("… post it to Slack", "into Google Sheets"): not where they come from.
  if (
    /\b(?:to|into|onto)\s+(?:the\s+|our\s+|my\s+|a\s+|an\s+)?$/i.test(
      original.slice(Math.max(0, (first.at ?? 0) - 12), first.at ?? 0),
    )
  )
    return null;
  // "new lead -> send a Slack message to #sales": a message the workflow sends there.
  if (
    /\b(?:send|sends|post|posts|write|writes|drop|drops)\s+(?:(?:me|us|them|him|her)\s+)?(?:a|an|one)\s+$/i.test(
      original.slice(Math.max(0, (first.at ?? 0) - 24), first.at ?? 0),
    )
  )
    return null;
  // "create a Jira issue for each bug report", "open a Zendesk ticket when …": an item the workflow makes there.
  if (
    /(?:^|[.!?\n,;:]\s*|\b(?:then|and|please|also|just)\s+)(?:create|open|add|make|file|raise|log|start)\s+(?:a|an|one)\s+(?:new\s+)?$/i.test(
      original.slice(Math.max(0, (first.at ?? 0) - 40), first.at ?? 0),
    )
  )
    return null;
  // "when a class is cancelled, look in the google sheet waiting list": a place looked things up in.
  if (
    /\b(?:look(?:s|ing)?\s+(?:in|at|up|through|into)|check(?:s|ing)?(?:\s+in)?|search(?:es|ing)?(?:\s+in)?|find\s+(?:\w+\s+){0,2}in)\s+(?:the\s+|our\s+|my\s+|a\s+|an\s+)?$/i.test(
      original.slice(Math.max(0, (first.at ?? 0) - 24), first.at ?? 0),
    )
  )
    return null;
  // Its first step in the flow was the reader's guess at what the trigger does.
  // ("shopify orders from canada should get tagged": a change made there stays a step.)
  const own = steps.findIndex((s) => s.kind === 'app' && s.app === first.key);
  const guess = steps[own];
  if (guess?.kind === 'app' && guess.verb !== 'update' && guess.verb !== 'delete') steps.splice(own, 1);
  // "shopify order over $500 -> …": the item named after the app is the one its trigger reports.
  return { kind: 'app', app: first.key, event: 'created', ...(first.item ? { item: first.item } : {}) };
}

/**
 * "Post Grafana alerts to our Webex room", "forward Alertmanager alerts to Teams": alerts of a system n8n has no
 * trigger for reach the workflow through a Webhook that system calls; the system itself is no step.
 */
export function alertHook(trigger: Trigger, steps: Step[], mentions: Mention[], original: string): Trigger | null {
  if (trigger.kind !== 'manual') return null;
  const catalog = nodeCatalog();
  for (const m of mentions) {
    const app = catalog.app(m.key);
    if (!app || app.trigger || m.at === undefined) continue;
    // The app's name, then the alerts ("Grafana alerts"), plural: what it sends, not one message of its own.
    const said = /^([\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?:alerts|alarms|incidents|notifications)\b/i.exec(
      original.slice(m.at),
    );
    if (!said || said[1]!.length > app.name.length + 2) continue;
    const before = original.slice(Math.max(0, m.at - 40), m.at);
    // "send me a Pushbullet notification": a message of that app the workflow sends.
    if (/\b(?:an?|one)\s+$/i.test(before)) continue;
    if (
      !/\b(?:post|posts|send|sends|forward|forwards|push|pushes|relay|relays|route|routes|pipe|pipes|mirror|mirrors|get|receive|when|whenever|every|each|new|incoming)\b[\w\s]*$/i.test(
        before,
      )
    )
      continue;
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.kind === 'app' && s.app === m.key) steps.splice(i, 1);
    }
    return { kind: 'webhook', path: `${m.key.toLowerCase()}-alerts`, method: 'POST' };
  }
  return null;
}
