// What starts a workflow when the request says it in passing, after the clauses are read: mail people send in
// ("Clients email me their receipts"), sign-ups "on our website", and how often to check ("checking once an hour is
// OK"). Each replaces only a start the reader stood in with (a manual start, a webhook no one named, an app's event
// the request says to poll).
import { GENERIC_DEFAULTS } from '../catalog/generics.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { isRead, type Condition, type ScheduleRule, type Step, type Trigger } from '../spec.ts';
import { MAIL, MESSAGING } from './appGroups.ts';
import { findMentions } from './mentions.ts';
import { findSchedule } from './schedule.ts';
import { numberWord } from './spoken.ts';
import { tokenize } from './text.ts';
import { oneItem } from './trigger.ts';

/** A webhook the reader stood in with: the request names no webhook, endpoint or HTTP call of its own. */
export const stoodInWebhook = (trigger: Trigger, original: string): boolean =>
  trigger.kind === 'webhook' && !/\b(?:webhooks?|endpoint|post request|http request)\b/i.test(original);

/** Where the sentence around an offset of the request starts and ends (its full stop included). */
function sentenceAround(original: string, at: number): { start: number; end: number } {
  const start = original.slice(0, at).search(/[^.!?\n]*$/);
  const end = at + (original.slice(at).search(/[.!?\n]/) + 1 || original.length - at);
  return { start, end };
}

/**
 * Mail that arrives ("Clients email me their receipts", "PDF invoices emailed to our invoices inbox", "send bills to
 * our bills@ inbox", "from our IMAP inbox"): the workflow starts from new mail, and no clause sends it.
 */
/** Who mails the workflow's items in: "Clients email me …", "a vendor emails us …" (not "email me the report"). */
const SENDERS =
  'clients?|customers?|vendors?|suppliers?|people|they|partners?|users?|someone|somebody|candidates?|applicants?|students?|parents?|tenants?|patients?|members?|contractors?|freelancers?|employees?|staff|agents?|landlords?|guests?|buyers?|sellers?|teachers?|colleagues?|leads?|prospects?|folks|companies|agencies|venues|brands|retailers|carriers?|banks?|accountants?|recruiters?|reps?';
const ARRIVES = new RegExp(
  [
    // (Not "add up the hours per client and email me a table": a step that sends.)
    `(?<!\\b(?:per|each|every|by)\\s)\\b(?:${SENDERS})\\s+(?:(?!(?:and|or|then|also|to|so)\\b)\\w+\\s+)?e-?mails? (?:me|us)\\b`,
    // "Brokers email us submission packs", "our 14 branch managers email me a spreadsheet": people who mail theirs in.
    String.raw`\b(?:our|the|all|some|most)?\s*(?:\d+\s+)?(?:[a-z]+\s+)?[a-z]{3,}s\s+e-?mail\s+(?:me|us)\s+(?:an?\s+|their\s+|the\s+)?(?!about\b|to\b|if\b|when\b)[a-z]`,
    // "PDF invoices emailed to our invoices inbox", "receipts emailed in" (not "gets emailed to the front counter").
    String.raw`\be-?mailed (?:in|over)\b|\be-?mailed to (?:our|my|the|an?) (?:[\w@.-]+ ){0,2}(?:inbox|mailbox|e-?mail address)\b|\be-?mailed to [\w.-]+@(?![\w-]+\.)`,
    `\\b(?:${SENDERS})\\s+(?:\\w+\\s+)?(?:send|sends|forward|forwards) (?:\\w+ ){0,4}to (?:our|my|the) (?:[\\w@.-]+ ){0,2}(?:inbox|mailbox|e-?mail address)\\b`,
    String.raw`\b(?:(?:come|comes|coming|arrive|arrives|arriving|land|lands|landing|show up|shows up|end up|ends up|drop|drops|we get|we receive|received) (?:\w+ ){0,3}?(?:into|in|at)|reach(?:es)?|hits?) (?:our|my|the) (?:[\w@.-]+ ){0,2}(?:inbox|mailbox)\b`,
    String.raw`\b(?:from|watch|watches|monitor|monitors|checks?|reads?) (?:our|my|the) (?:[\w@.-]+ ){0,2}(?:imap |shared )?(?:inbox|mailbox)\b`,
    String.raw`\b(?:come|comes|arrive|arrives) (?:in )?by e-?mail\b`,
    // "Clients email photos of receipts to a receipts@ mailbox", "our supplier sends the price list by email".
    `\\b(?:${SENDERS})\\s+(?:\\w+\\s+)?e-?mails?\\s+[^.!?\\n]{0,40}?\\bto\\s+(?:an?|our|my|the)\\s+(?:[\\w.-]+@?\\s+)?(?:mailbox|inbox|address)\\b`,
    // "Customers send purchase orders as PDFs to orders@", "Receipts get forwarded to expenses@".
    // ("The vendor emails a daily XLSX (sales_YYYYMMDD.xlsx) to reports@acme.com": whoever mails it in writes to us.)
    `\\b(?:${SENDERS})\\s+(?:\\w+\\s+)?(?:send|sends|forward|forwards|e-?mail|e-?mails)\\s+(?:[^.!?\\n]|\\.(?=\\S)){0,60}?\\bto\\s+(?:our\\s+)?[\\w.-]+@`,
    String.raw`\b(?:get|gets|are|is|being) (?:forwarded|sent|e-?mailed) to (?:our\s+)?[\w.-]+@(?![\w-]+\.)`,
    // "We get ~200 support emails a day into an Outlook shared mailbox", "… into support@ which is …".
    String.raw`\b(?:i|we) (?:get|receive) [^.!?\n]{0,40}?\be-?mails?\b[^.!?\n]{0,30}?\b(?:in|into|at|to) (?:(?:our|my|the|an?) (?:[\w@.-]+ ){0,3}(?:gmail|outlook|inbox|mailbox)\b|[\w.-]+@(?![\w-]+\.))`,
    `\\b(?:${SENDERS})\\s+(?:\\w+\\s+)?(?:sends?|forwards?)\\s+(?:[\\w-]+\\s+){0,6}?by e-?mail\\b`,
    // "if a customer writes an email to support@", "emails sent to contact@": a mailbox of ours.
    String.raw`\b(?:writes?|write|sends?|send)\s+(?:an?\s+|us\s+an?\s+)?e-?mails?\s+to\s+(?:our\s+)?[\w.-]+@(?![\w-]+\.)|\be-?mails?\s+(?:sent|that (?:come|arrive)s?|coming|arriving)\s+(?:in\s+)?(?:to|at)\s+(?:our\s+)?[\w.-]+@(?![\w-]+\.)`,
    // "Our info@ Gmail gets all sorts", "my support inbox gets 200 emails a day".
    String.raw`\b(?:our|my|the) (?:[\w@.-]+ ){0,3}(?:gmail|outlook|inbox|mailbox) (?:account )?(?:gets|receives)\b`,
    // "I get so many parent emails in my school Outlook", "we receive orders by email".
    String.raw`\b(?:i|we) (?:get|receive) (?:so many |lots of |a lot of |tons of |dozens of |hundreds of )?(?:[\w-]+ ){0,2}e-?mails (?:in|into|at|to) (?:our|my|the) (?:[\w@.-]+ ){0,2}(?:gmail|outlook|inbox|mailbox)\b`,
    // "when an invoice arrives in our accounts email", "auto reply to customer emails asking …": mail that arrives.
    String.raw`\b(?:come|comes|coming|arrive|arrives|arriving|land|lands) (?:\w+ ){0,2}?(?:into|in|at) (?:our|my|the) (?:[\w@.-]+ ){0,2}e-?mail(?: account| address| inbox)?\b`,
    String.raw`\b(?:auto[- ]?)?(?:reply|replies|respond|responds|answer|answers) to (?:(?:customer|customers'|incoming|new|support|client|clients'|all|our|every|each|the)\s+){1,2}e-?mails?\b`,
    // "emails to clinic inbox pls ai sort …", "mail from leasing companys (@leaseplan.nl) -> make a trello card": mail
    // named first, where it arrives or who sends it, then what happens.
    String.raw`(?:^|[.!?\n]\s*)(?:new |incoming |all |every |any )?(?:e-?mails?|mails?) (?:to|into|in|at) (?:our |my |the )?(?:[\w@.-]+ ){0,2}(?:inbox|mailbox|address)\b`,
    String.raw`(?:^|[.!?\n]\s*)(?:new |incoming |all |every |any )?(?:e-?mails?|mails?) from (?:[^.!?\n]|\.(?=\S)){1,80}?(?:->|→|=>)`,
    // "When the email from reports@ourcompany.de arrives", "when an e-mail with an invoice comes in".
    String.raw`\bwhen(?:ever)? (?:an?|the|new|any) (?:new )?e-?mail\b[^.!?\n]{0,60}?\b(?:arrives?|comes? in|lands?|is received|gets? received)\b`,
    // "any email that comes in w/ a pdf invoice attached -> …", "every email we get from the bank".
    String.raw`(?:^|[.!?\n]\s*)(?:any|every|each|all|new|incoming) (?:new )?e-?mails? (?:that|which) (?:comes? in|arrives?|lands?|(?:i|we) (?:get|receive))\b`,
    // "Leave requests come as free-text emails", "notes arrive as emails", "come in as a PDF attached to an email".
    String.raw`\b(?:come|comes|coming|arrive|arrives|arriving)\s+(?:in\s+)?(?:as|by|via)\s+(?:an?\s+)?(?:[\w-]+\s+){0,4}?(?:e-?mails?|attached to (?:an?|the) e-?mails?)\b`,
    // "Forward any email from my boss to my Telegram", "send every new email about invoices to Slack": mail that
    // arrives, passed on.
    String.raw`(?:^|[.!?\n]\s*)(?:(?:please|just|auto(?:matically)?)\s+)?(?:forward|send|copy|push|post|relay)\s+(?:me\s+)?(?:any|all|every|each|new|incoming)\s+(?:new\s+|incoming\s+|unread\s+)?e-?mails?\s+(?:(?:i|we)\s+(?:get|receive)\s+)?(?:from|sent by|that|which|with|about|containing|mentioning)\b|(?:^|[.!?\n]\s*)(?:(?:please|just|auto(?:matically)?)\s+)?forward\s+(?:new\s+|incoming\s+)?e-?mails?\s+(?:from|sent by|that|which|with|about)\b`,
    // "Turn emails I forward to tasks@ into Asana tasks".
    String.raw`\be-?mails? (?:i|we) (?:forward|send) (?:\w+ )?to\b`,
    // "invoices arrive as pdf to invoices@ mail", "requests come into my Gmail".
    String.raw`\b(?:come|comes|coming|arrive|arrives|arriving|land|lands) (?:in )?(?:as \w+ )?(?:into|in|at|to) (?:our|my|the )?(?:[\w@.-]+ ){0,2}(?:gmail|outlook|mail)\b`,
  ].join('|'),
  'i',
);

/** Whether the request says mail arrives ("when an invoice arrives in our accounts email"): read before the steps. */
export function mailArrives(original: string): { start: number; end: number } | null {
  const cue = ARRIVES.exec(original);
  return cue ? { start: cue.index, end: cue.index + cue[0].length } : null;
}

/** An Excel file that comes attached to mail: "Excel order forms as attachments", "an attached Excel sheet". */
const EXCEL_ATTACHED =
  /\bexcel\s+(?:[\w-]+\s+){0,2}?(?:files?|forms?|sheets?|spreadsheets?|workbooks?)\s+(?:as\s+(?:an?\s+)?(?:e-?mail\s+)?attachments?|attached)\b|\battached\s+excel\b/i;

export function mailTrigger(trigger: Trigger, steps: Step[], original: string, apps: string[]): Trigger | null {
  // A webhook the reader stood in with ("when an invoice arrives") when the request names no webhook.
  const stoodIn =
    trigger.kind === 'webhook' && !/\b(?:webhooks?|endpoint|post request|http request|api)\b/i.test(original);
  // A form no one named ("Leave requests come as free-text emails"): the mail is what arrives.
  // "Clients email us Excel order forms as attachments": the forms are what the mail carries.
  const mailedForm =
    /\be-?mails?\s+(?:me|us)\s+(?:[\w-]+\s+){0,4}?forms?\b|\bforms?\s+(?:as|in)\s+(?:an?\s+)?(?:e-?mail\s+)?attachments?\b|\bforms?\s+(?:attached|by e-?mail)\b/i.test(
      original,
    );
  const unnamedForm =
    trigger.kind === 'form' &&
    (mailedForm ||
      !/\b(?:fills?|filled|submit\w*)\b[^.!?\n]{0,40}\bform\b|\bform (?:on|in|at) (?:our|my|the)\b|\b(?:web|online|contact|sign-?up|registration|booking|n8n|google|intake|request|order|application|feedback|enquiry|inquiry) ?form\b|\bforms?\b(?! attached)/i.test(
        original,
      ));
  if (trigger.kind !== 'manual' && trigger.kind !== 'schedule' && !stoodIn && !unnamedForm) return null;
  const cue = ARRIVES.exec(original);
  if (!cue) return null;
  const { start, end } = sentenceAround(original, cue.index);
  // "A vendor emails us a CSV every Monday": the time says when mail comes, not a schedule of the workflow's own;
  // "every Monday collect the emails from my inbox" reads the mailbox on a schedule.
  if (
    trigger.kind === 'schedule' &&
    !(
      new RegExp(`\\b(?:${SENDERS})\\b`, 'i').test(cue[0]) &&
      /\b(?:every|each|daily|weekly|monthly|nightly|hourly)\b/i.test(original.slice(start, end))
    )
  )
    return null;
  const provider = apps.includes('gmail') ? 'gmail' : apps.includes('microsoftOutlook') ? 'outlook' : 'imap';
  // The sentence that says mail arrives sent nothing: the mail steps read from it go.
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    const at = s.kind === 'app' ? original.indexOf(s.phrase) : -1;
    if (s.kind === 'app' && MAIL.test(s.app) && at >= start && at < end) steps.splice(i, 1);
    // "Clients email us Excel order forms as attachments": the Excel file is what arrives, read from the mail.
    else if (s.kind === 'app' && s.app === 'microsoftExcel' && at >= start && at < end && EXCEL_ATTACHED.test(s.phrase))
      steps.splice(i, 1);
  }
  const attachments = /\b(?:attach\w*|pdfs?|csvs?|xlsx|invoices? as|receipts?|scans?)\b/i.test(original);
  return { kind: 'email', provider, ...(attachments ? { attachments: true } : {}) };
}

/**
 * "One-time migration I'll run by hand", "run manually", "I'll trigger it myself", "when I hit run", "when I click
 * execute": the user starts it.
 */
const BY_HAND =
  /\b(?:(?:i'll|i will|we'll|we will|to)\s+)?(?:run|start|trigger|kick off|execute)\s+(?:it\s+|this\s+|the (?:workflow|flow|job)\s+)?(?:by hand|manually|myself|ourselves|on demand)\b|\bone-?(?:time|off)\s+(?:migration|import|backfill|clean-?up|export|job|run|sync)\b|\bmanual(?:ly)?[- ]triggered\b|\b(?:when|whenever|once|after)\s+(?:i|we)\s+(?:hit|click|press|push|tap)\s+(?:the\s+)?['"‘“]?(?:run|execute|start|go|test workflow|execute workflow)\b/i;

/** "when I hit run": the manual start's own "when" is no event. */
const EVENT_WHEN =
  /\b(?:whenever|each time|every time|as soon as)\b|\bwhen\s+(?!(?:i|we)\s+(?:hit|click|press|push|tap|run|start|trigger|execute)\b|(?:it|it's|its|they|they're|that|this|done|finished|complete)\b)/i;

/** A start the reader found in a store or an app that the request says the user runs by hand instead. */
export function manualRun(trigger: Trigger, original: string): Trigger | null {
  if (trigger.kind !== 'app' && trigger.kind !== 'schedule' && trigger.kind !== 'webhook') return null;
  if (!BY_HAND.test(original)) return null;
  // "every night at 2am, or when I run it by hand": a schedule said as well stays; "I'll start it manually each
  // week" says how often the user starts it.
  const byHandEach = new RegExp(
    `${BY_HAND.source}\\s+(?:each|every|once a|once per|on)\\s+(?:week|month|day|morning|evening|night|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)`,
    'i',
  ).test(original);
  if (trigger.kind === 'schedule' && findSchedule(original) && !byHandEach) return null;
  if (EVENT_WHEN.test(original)) return null;
  return { kind: 'manual' };
}

/** Chat apps people message the business through, by the word they are said with. */
const CHAT_APPS: Record<string, string> = {
  whatsapp: 'whatsApp',
  telegram: 'telegram',
  slack: 'slack',
  discord: 'discord',
  teams: 'microsoftTeams',
};

/** "Tenants send maintenance requests to our WhatsApp Business number", "customers message our Telegram bot". */
const CHAT_ARRIVES =
  /\b(?:[a-z]{3,}s|people|someone|anyone|everyone|they)\s+(?:send|sends|message|messages|text|texts|write|writes|post|posts|dm|dms|drop|drops)\s+(?:(?:us|in)\s+)?(?:[\w-]+\s+){0,4}?(?:to|on|in|via|into|through)\s+(?:our|my|the)\s+(?:[\w-]+\s+){0,2}?(whatsapp|telegram|slack|discord|teams)\b/i;

/**
 * Messages people send the business on a chat app start the workflow from that app's trigger, and the sentence that
 * says so is no step the workflow takes ("Our housekeepers post notes in the Slack channel #hk-notas").
 */
export function chatArrival(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  const cue = CHAT_ARRIVES.exec(original);
  const app = cue ? CHAT_APPS[cue[1]!.toLowerCase()] : undefined;
  if (!cue || !app) return null;
  const stoodIn = trigger.kind === 'manual' || stoodInWebhook(trigger, original);
  if (!stoodIn && !(trigger.kind === 'app' && trigger.app === app)) return null;
  const { start, end } = sentenceAround(original, cue.index);
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    const at = s.kind === 'app' ? original.indexOf(s.phrase) : -1;
    if (s.kind === 'app' && s.app === app && s.verb !== 'read' && at >= start && at < end) steps.splice(i, 1);
  }
  return trigger.kind === 'app' ? trigger : { kind: 'app', app, event: 'message' };
}

/** People who sign up, register or book "on our website": an n8n form (or the site's webhook) starts the workflow. */
const SIGN_UP =
  /\b(?:sign(?:s|ed)? ?up|sign-?ups|registrations|submissions|enquiries|inquiries|applications|bookings|leads|register(?:s|ed)?|submit(?:s|ted)?|fill(?:s|ed)? (?:in|out)|enquir(?:e|es|ed)|inquir(?:e|es|ed)|appl(?:y|ies|ied)|book(?:s|ed)?|request(?:s|ed)? (?:a |an )?(?:quote|demo|callback))\b[^.!?\n]{0,60}?\b(?:on|through|via|from|using|in) (?:our|the|my) (?:web ?site|site|landing page|web ?form|website form|contact form|sign-?up form|form)\b/i;

/** "Could one n8n form do all four at once?": a form asked to start the work. */
const FORM_DOES =
  /\b(?:one|a|an|single)\s+(?:n8n\s+)?(?:simple\s+|short\s+|internal\s+)?form\s+(?:(?:that|which)\s+)?(?:could\s+|can\s+|to\s+)?(?:do|does|kicks?\s+off|starts?|handles?|triggers?|runs?)\b/i;

export function formTrigger(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  if (trigger.kind !== 'manual' && !(FORM_DOES.test(original) && stoodInWebhook(trigger, original))) return null;
  const cue = SIGN_UP.exec(original) ?? FORM_DOES.exec(original);
  if (!cue) return null;
  // "sign up … on our website" read as fetching the web page: the page is where the form is, not a step.
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind === 'http' && s.method === 'GET' && !s.url && /\b(?:web ?page|web ?site|site)\b/i.test(s.api))
      steps.splice(i, 1);
  }
  return { kind: 'form', title: SIGN_UP.test(original) ? 'Sign-up form' : 'Form', fields: [] };
}

/**
 * A request that says how often to look ("checking once an hour is OK", "BambooHR is checked every hour", "the
 * verification every 6 hours is sufficient", "weekdays at 8:00", "periodically") runs on that schedule: an app
 * trigger it was read with becomes a read of that app at each run.
 */
const POLL =
  /\b(?:check(?:s|ed|ing)?|poll(?:s|ed|ing)?|verif\w*|look(?:s|ing)?|run(?:s|ning)?|sync(?:s|ed|ing)?|fetch(?:es|ed|ing)?|refresh\w*|re-?index\w*)\b[^.!?\n]{0,30}?\b(?:(?:every|each)(?=\s+(?:\d|a\b|an\b|few|other|couple|single|(?:second|sec|min|minute|hour|hr|day|week|month|year|morning|afternoon|evening|night|weekday|weekend|quarter|half|business|working|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)s?\b))|once an?|once a|twice a|hourly|daily|nightly|weekly|in the morning|per (?:hour|day))\b|\b(?:every|each) (?:quarter hour|half hour|\d+ ?(?:mins?|minutes?|hours?|h)\b)|\bweekdays (?:at )?\d|\bperiodically\b|\bevery (?:morning|evening|night|day|weekday|hour)\b|\beach (?:morning|evening|night|day|weekday)\b|\b(?:no|zero|fewer than \d+|less than \d+|under \d+)\s+(?:new\s+)?[\w-]+\s+(?:in|within|over|during)\s+the\s+(?:last|past)\s+(?:hour|\d+ ?(?:mins?|minutes?|hours?))\b/i;

export function scheduleTrigger(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  // A webhook the reader stood in with (the request names none) is no event the request asked for either.
  const stoodIn = stoodInWebhook(trigger, original);
  if (trigger.kind !== 'manual' && trigger.kind !== 'app' && !stoodIn) return null;
  // "I'll run this manually: for each row …": the user starts it, no schedule.
  if (trigger.kind === 'manual' && BY_HAND.test(original)) return null;
  const cue = POLL.exec(original);
  if (!cue) return null;
  // "… or should I check daily with a Schedule Trigger?": a question weighs a way, it does not ask for it.
  const rest = original.slice(cue.index);
  if (/^[^.!?\n]*\?/.test(rest)) return null;
  // "poll every 30s until the deploy is ready" paces a wait inside the run, it is no schedule.
  if (/^\s*(?:\d+\s*(?:s|secs?|seconds?)\b|[^.!?\n]{0,25}\buntil\b)/i.test(original.slice(cue.index + cue[0].length)))
    return null;
  // An app's own event is kept unless the request says to check it on a schedule; "no new orders in the last
  // hour" is a check whatever app the alert goes to.
  const quiet = /\b(?:in|within|over|during)\s+the\s+(?:last|past)\b/i.test(cue[0]);
  if (
    trigger.kind !== 'manual' &&
    !quiet &&
    !/\b(?:check|poll|verif|sync|fetch|refresh|look|periodically)/i.test(cue[0])
  )
    return null;
  const found = findSchedule(original);
  const said = original.slice(cue.index, cue.index + cue[0].length + 12);
  const rule: ScheduleRule =
    found?.rule ??
    (/\bhour/i.test(said)
      ? { field: 'hours', hoursInterval: 1 }
      : /\bquarter hour/i.test(said)
        ? { field: 'minutes', minutesInterval: 15 }
        : { field: 'days', daysInterval: 1, triggerAtHour: 9 });
  if (
    trigger.kind === 'app' &&
    !(
      quiet &&
      /^(?:telegram|slack|discord|microsoftTeams|whatsApp|twilio|pushover|mattermost|googleChat)$/.test(trigger.app)
    ) &&
    !steps.some((s) => s.kind === 'app' && s.app === trigger.app && isRead(s))
  )
    steps.unshift({ kind: 'app', app: trigger.app, verb: 'read', hints: {}, phrase: cue[0] });
  return { kind: 'schedule', rule };
}

/**
 * "I get so many customer emails in my Outlook": new mail starts the workflow from the mailbox the request names,
 * and reading that mailbox again is not a step of its own.
 */
export function namedMailbox(trigger: Trigger, steps: Step[], apps: string[]): Trigger {
  if (trigger.kind !== 'email' || trigger.provider !== 'imap') return trigger;
  const app = apps.includes('gmail') ? 'gmail' : apps.includes('microsoftOutlook') ? 'microsoftOutlook' : null;
  if (!app) return trigger;
  const first = steps[0];
  if (first?.kind === 'app' && first.app === app && isRead(first)) steps.shift();
  return { ...trigger, provider: app === 'gmail' ? 'gmail' : 'outlook' };
}

/** "Our backend can fire a webhook when …", "Jenkins posts build results to our webhook", "need an endpoint our site can call". */
const CALLED_IN = new RegExp(
  [
    String.raw`\b(?:fires?|sends?|posts?|calls?|hits?|pushes|push|triggers?)\s+(?:a\s+|an\s+|the\s+)?(?:webhook|web hook|post request)\b`,
    String.raw`\b(?:to|at|into)\s+(?:our|my|an?|the|your)\s+(?:n8n\s+)?(?:webhook|endpoint|webhook url)\b`,
    String.raw`\b(?:need|want|create|build|expose|give me|make)\s+(?:an?\s+|the\s+)?(?:n8n\s+)?(?:endpoint|url|webhook|api endpoint)\b[^.!?\n]{0,40}?\b(?:call|calls|post|posts|hit|hits|send|sends|can|that)\b`,
    String.raw`\b(?:endpoint|webhook url|url)\s+(?:that\s+)?(?:our|my|the|an?)\s+[\w.-]+(?:\s+[\w.-]+)?\s+(?:can|could|will)\s+(?:call|hit|post)\b`,
    // "our app will POST new signups to a url", "our ERP posts new purchase orders as JSON to a url".
    String.raw`\b(?:will|can|could|would|should|to)\s+(?:post|send|push)\s+(?:[\w'-]+\s+){0,5}?to\s+(?:a|an|some|any)\s+(?:url|endpoint|webhook(?:\s+url)?)\b`,
    // "Cold room sensors POST the temperature to an endpoint every 5 min".
    String.raw`\b(?:posts|pushes|POST)\s+(?:[\w'-]+\s+){0,5}?to\s+(?:a|an|some|any)\s+(?:url|endpoint|webhook(?:\s+url)?)\b`,
    // "I need a simple API endpoint in n8n: our app sends a postcode …".
    String.raw`\b(?:api|rest|http)\s+endpoints?\s+(?:in|with|on)\s+n8n\b`,
  ].join('|'),
  'i',
);

/** An HTTP method and a path of this workflow's own ("`POST /customers` endpoint", "for `POST /alerts`"). */
const OWN_ROUTE = /`(POST|GET|PUT|PATCH)\s+\/([\w{}/-]*)`/;

/** The caller gets an answer: "tells it whether …", "sends the reply back as json", "respond 201 with …". */
const ANSWERS =
  /\b(?:respond(?:s|ing)?|reply back|sends? (?:the |a )?(?:reply|answer|result|response) back|returns? (?:the |a |an )?\w+|tells? (?:it|them|the \w+) (?:whether|if)|answers? (?:it|them|back))\b/i;

/**
 * A request that says the workflow is called over HTTP starts from a Webhook (the method and path it names), in place
 * of a start the reader stood in with; when the caller is answered, the workflow responds.
 */
export function webhookTrigger(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  const route = OWN_ROUTE.exec(original);
  // "Legacy ERP POSTs XML order documents to us": the method in capitals, sent to the workflow.
  const posted = /\bPOST(?:s|ed|ing)?\b[^.!?\n]{0,60}?\bto\s+(?:us|n8n|our\s+(?:workflow|endpoint|webhook|url))\b/.exec(
    original,
  );
  const cue = route ?? CALLED_IN.exec(original) ?? posted;
  if (!cue) return null;
  const stoodIn =
    trigger.kind === 'manual' ||
    (trigger.kind === 'form' && !/\bforms?\b/i.test(original)) ||
    (trigger.kind === 'schedule' && !findSchedule(original)) ||
    // "sensors POST the temperature to an endpoint every 5 min": how often the caller calls, no schedule of ours.
    (trigger.kind === 'schedule' &&
      !route &&
      /\b(?:POST|posts?|sends?|pushes|push)\b/.test(cue[0]) &&
      /\bevery\s+(?:\d+\s*)?(?:s|secs?|seconds?|mins?|minutes?|hours?|hrs?)\b/i.test(
        original.slice(sentenceStart(original, cue.index), sentenceEnd(original, cue.index)),
      )) ||
    // "The PLCs can POST faults to a url. Can every fault go into the 'Faults' airtable …": the call comes first, the
    // app named after it is where the items go.
    (trigger.kind === 'app' && !route && firstSaid(original, trigger.app) > sentenceEnd(original, cue.index)) ||
    // "Okta sends group.user_membership.add event hooks to our webhook": the app itself calls the webhook.
    (trigger.kind === 'app' && !route && callsTheHook(original, trigger.app, cue.index));
  if (!stoodIn) return null;
  // "POST new signups to a url": the items the caller sends name the path.
  const sent = /\b(?:post|posts|send|sends|push|pushes)\s+((?:[\w'-]+\s+){1,5}?)(?:as\s+json\s+)?to\s+(?:a|an|some)\s/i
    .exec(cue[0])?.[1]
    ?.toLowerCase()
    .match(/[a-z]+/g)
    ?.filter((w) => w.length > 2 && !/^(?:the|new|our|their|each|every|all|its)$/.test(w))
    .slice(0, 3)
    .join('-');
  const path =
    route?.[2]?.replace(/[{}]/g, '').replace(/\/+$/, '') ||
    sent ||
    (
      original
        .slice(cue.index + cue[0].length)
        .toLowerCase()
        .match(/[a-z]+/g) ?? []
    )
      .filter((w) => w.length > 2 && !/^(?:the|and|our|can|with|that|when|new)$/.test(w))
      .slice(0, 3)
      .join('-') ||
    'incoming';
  const method = route?.[1] === 'GET' ? 'GET' : 'POST';
  // A page-fetch the reader made of "the url my app can call" is the webhook itself, and so is a call to the system
  // that calls it ("our ERP posts … to a url").
  const said = original.slice(sentenceStart(original, cue.index), sentenceEnd(original, cue.index));
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind === 'http' && !s.url && s.phrase.length > 0 && said.includes(s.phrase)) steps.splice(i, 1);
  }
  const answers = ANSWERS.test(original);
  if (answers && !steps.some((s) => s.kind === 'respond')) steps.push({ kind: 'respond', status: 200, body: 'json' });
  return { kind: 'webhook', path: path.slice(0, 60), method, ...(answers ? { respond: true } : {}) };
}

function sentenceStart(text: string, at: number): number {
  return Math.max(...['.', '!', '?', '\n'].map((c) => text.lastIndexOf(c, at - 1))) + 1;
}

function sentenceEnd(text: string, at: number): number {
  const end = /[.!?\n](?:\s|$)/.exec(text.slice(at));
  return end ? at + end.index + 1 : text.length;
}

/** Where the request first names an app (by its key's words), or the end of the text when it does not. */
/** The trigger's app, in the cue's sentence, is what sends or posts to the webhook. */
function callsTheHook(original: string, key: string, at: number): boolean {
  // (The words before the cue, not its sentence: "group.user_membership.add" holds full stops.)
  const said = original.slice(Math.max(0, at - 120), at).replace(/^[^.!?\n]*?(?=\b)/, '');
  const tokens = tokenize(said);
  return findMentions(tokens)
    .apps.filter((a) => a.app.key === key)
    .some((app) =>
      tokens
        .slice(app.to, app.to + 3)
        .some((t) => /^(?:sends?|posts?|pushes|calls?|fires?|hits?|notifies|delivers?)$/.test(t.lower)),
    );
}

function firstSaid(original: string, key: string): number {
  const at = findMentions(tokenize(original)).apps.find((a) => a.app.key === key);
  if (!at) return original.length;
  const tokens = tokenize(original);
  return tokens[at.from]?.start ?? original.length;
}

/** "2 weeks before each deadline", "two days before each trip", "on each employee's work anniversary". */
const DATED =
  /\b(?:(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(days?|weeks?|hours?)\s+(before|after)\s+(?:(?:each|every|the|their|a|an|someone's|somebody's)\s+)+(?:[a-z]+['’]s\s+)?([a-z]+(?:\s+(?:date|day))?)|(?:on|when it's|when it is)\s+(?:each|every|their|the|someone's|somebody's|anyone's|an?)\s+(?:[a-z]+['’]s\s+)?(?:work\s+)?(birthday|anniversary|due date|renewal date|deadline|start date|expiry date)|(?:has|have|with|celebrating)\s+(?:a|an|their|his|her)\s+(?:work\s+)?(birthday|anniversary)\s+(?:that day|today|this day))\b(?!\s*(?:,\s*)?(?:and|or)\s+(?:another|again|\d+|one|two|three|five|seven|ten))/i;

/**
 * A reminder tied to dates kept somewhere ("we keep grant deadlines in a Notion database; remind me 2 weeks before each
 * deadline") runs every day: it reads the items, keeps those whose date is that far ahead, and reminds. A Wait would
 * only pause one run, and nothing would start it.
 */
/** "The evening before each appointment", "the day before every booking": one day ahead, at that time of day. */
const DAY_BEFORE =
  /\bthe\s+(day|evening|night|morning|afternoon)\s+before\s+(?:each|every|their|the|a|an)\s+([a-z]+)\b/i;
const CALENDARS = /^(?:googleCalendar|microsoftOutlook)$/;
/** Apps that keep records with dates: people, deadlines, renewals. */
const DATA =
  /^(?:googleSheets|microsoftExcel|airtable|notion|baserow|nocoDb|seaTable|grist|postgres|mySql|supabase|microsoftSql|bambooHr|hubspot|salesforce|pipedrive|zohoCrm|mondayCom|clickUp|coda)$/;
/** Words that say an event starts the workflow ("when a new hire is added"), not a date reached. */
const EVENT =
  /\b(?:when|whenever|once|as soon as|each time|every time)\s+(?:(?!it's|it is)\S+\s+){0,6}?(?:new|added|created|submitted|signs?|signed|books?|booked|joins?|joined|hired|comes? in|arrives?|fills?|uploaded|moved|changes?|changed|updated|replies|sends?)\b/i;
const HOUR_OF: Record<string, number> = { day: 9, evening: 18, night: 20, morning: 8, afternoon: 14 };

export function datedReminder(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  const before = DAY_BEFORE.exec(original);
  // "The evening before each appointment on the clinic Google Calendar": the calendar is read every day, not
  // watched for new events.
  // (Not "When a patient books, text them …, and the day before …": the booking is the event, and a Wait the way.)
  const calendar =
    trigger.kind === 'app' &&
    CALENDARS.test(trigger.app) &&
    !/\b(?:when|whenever|as soon as|once)\s+(?:\w+\s+){0,2}?(?:books?|booked|schedules?|scheduled|signs? up|registers?|makes? a booking)\b/i.test(
      original,
    );
  if (before && (trigger.kind === 'manual' || calendar)) {
    const app =
      trigger.kind === 'app'
        ? trigger.app
        : findMentions(tokenize(original)).apps.find((a) => CALENDARS.test(a.app.key))?.app.key;
    // Whatever verb a clause gave the calendar ("remind … in my Google Calendar"), its events are read first.
    const said = steps.findIndex((s) => s.kind === 'app' && s.app === app);
    if (said >= 0) steps.splice(said, 1);
    if (app) steps.unshift({ kind: 'app', app, verb: 'read', hints: {}, phrase: before[0] });
  } else if (
    trigger.kind !== 'manual' &&
    !(trigger.kind === 'schedule' && DATED.exec(original)?.[6]) &&
    !(
      trigger.kind === 'app' &&
      (MESSAGING.test(trigger.app) || DATA.test(trigger.app)) &&
      !/\bhours?\b/i.test(DATED.exec(original)?.[2] ?? '') &&
      DATED.test(original) &&
      !EVENT.test(original)
    )
  )
    return null;
  const m =
    DATED.exec(original) ??
    (before ? Object.assign([before[0], 'one', 'days', 'before', before[2]], { index: before.index }) : null);
  if (!m) return null;
  // "one hour after every interview ends": a Wait after the event, not a date kept somewhere.
  if (m[3]?.toLowerCase() === 'after' && /^hour/i.test(m[2] ?? '')) return null;
  const unit = (m[2] ?? 'day').toLowerCase().replace(/s$/, '');
  const n = m[1] ? (/^an?$/i.test(m[1]) ? 1 : (numberWord(m[1].toLowerCase()) ?? 1)) : 0;
  // "3 days after each hire date" is three days ago; "2 weeks before each deadline" two weeks ahead.
  const days = (unit === 'week' ? n * 7 : unit === 'hour' ? 0 : n) * (m[3]?.toLowerCase() === 'after' ? -1 : 1);
  const named = (m[4] ?? m[5] ?? m[6] ?? 'date').toLowerCase().replace(/\s+/g, '_');
  const field = /(?:date|day)$/.test(named) ? named : `${named}_date`;
  // The store the dates are kept in is read; the Wait said for "before" is the test instead.
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind === 'wait') steps.splice(i, 1);
  }
  // "… for anyone in BambooHR who has a work anniversary today": the app said with the date is where it is kept.
  const said = steps.findIndex(
    (s) => s.kind === 'app' && !MESSAGING.test(s.app) && s.phrase.toLowerCase().includes((m[0] ?? '').toLowerCase()),
  );
  let store = said >= 0 ? said : steps.findIndex((s) => s.kind === 'app' && (s.verb === 'create' || isRead(s)));
  // "when it's someone's birthday (names and dates in Notion)": the app read as the start keeps the dates.
  if (store < 0 && trigger.kind === 'app' && DATA.test(trigger.app)) {
    steps.unshift({ kind: 'app', app: trigger.app, verb: 'read', hints: {}, phrase: m[0] ?? '' });
    store = 0;
  }
  const first = steps[store];
  if (first?.kind !== 'app' || (trigger.kind === 'app' && !DATA.test(first.app) && !CALENDARS.test(first.app)))
    return null;
  // "Send each employee a WhatsApp message on their birthday": the app read as the start is where the message goes.
  if (
    trigger.kind === 'app' &&
    MESSAGING.test(trigger.app) &&
    !steps.some((s) => s.kind === 'app' && s.app === trigger.app)
  )
    steps.push({ kind: 'app', app: trigger.app, verb: 'send', hints: {}, phrase: m[0] ?? '' });
  if (!isRead(first)) steps[store] = { ...first, verb: 'read', noun: undefined };
  // "a Slack message … for anyone in BambooHR who has a work anniversary": the people are read first.
  let from = store;
  if (store > 0 && !steps.slice(0, store).some(isRead)) {
    steps.unshift(...steps.splice(store, 1));
    from = 0;
  }
  let at = from + 1;
  while (at < steps.length && (isRead(steps[at]!) || steps[at]!.kind === 'filter')) at++;
  // "24 hours before their Google Calendar appointment": every hour, the events that start in the hour 24 hours
  // ahead (each reminded once).
  if (unit === 'hour' && n > 0 && CALENDARS.test(first.app) && m[3]?.toLowerCase() === 'before') {
    steps.splice(
      at,
      0,
      {
        kind: 'filter',
        condition: { field: 'start.dateTime', operator: 'gte', value: `={{ $now.plus({ hours: ${n} }).toISO() }}` },
      },
      {
        kind: 'filter',
        condition: { field: 'start.dateTime', operator: 'lt', value: `={{ $now.plus({ hours: ${n + 1} }).toISO() }}` },
      },
    );
    return { kind: 'schedule', rule: { field: 'hours', hoursInterval: 1 } };
  }
  steps.splice(at, 0, {
    kind: 'filter',
    // A calendar's events start at a time on that day (Google Calendar and Outlook: `start.dateTime`).
    condition:
      first.kind === 'app' && CALENDARS.test(first.app) && days
        ? {
            field: 'start.dateTime',
            operator: 'contains',
            value: `={{ $today.plus(${days}, "days").toFormat("yyyy-MM-dd") }}`,
          }
        : days || !/^(?:birthday|anniversary)/.test(field)
          ? { field, operator: 'equals', value: `={{ $today.plus(${days}, "days").toFormat("yyyy-MM-dd") }}` }
          : // A birthday or anniversary is the day of the year: "2019-11-28" holds today's "11-28".
            { field, operator: 'contains', value: '={{ $today.toFormat("MM-dd") }}' },
  });
  return {
    kind: 'schedule',
    rule: findSchedule(original)?.rule ?? {
      field: 'days',
      daysInterval: 1,
      triggerAtHour: before ? HOUR_OF[before[1]!.toLowerCase()]! : 9,
    },
  };
}

/** "drops to zero", "falls below 10", "goes above 2k": the bound a level crosses, as a test of the level. */
function boundOf(tail: string): Condition | null {
  const m =
    /^\s*(\w+)\s+(?:(below|under|above|over|past|beyond|less than|more than|lower than|higher than|to)\s+)?[$€£¥₹]?(zero\b|\d[\d,]*(?:\.\d+)?)\s*(k\b)?/i.exec(
      tail,
    );
  if (!m) return null;
  const value = (m[3]!.toLowerCase() === 'zero' ? 0 : Number(m[3]!.replace(/,/g, ''))) * (m[4] ? 1000 : 1);
  const down = /^(?:drops?|falls?|dips?)$/i.test(m[1]!);
  const how = (m[2] ?? '').toLowerCase();
  const operator =
    /^(?:below|under|less than|lower than)$/.test(how) || (down && !how)
      ? 'lt'
      : /^(?:above|over|past|beyond|more than|higher than)$/.test(how)
        ? 'gt'
        : down
          ? 'lte'
          : /^(?:rises?|climbs?|jumps?|spikes?|exceeds|crosses|hits?|reaches)$/i.test(m[1]!)
            ? 'gte'
            : 'equals';
  return { field: 'value', operator, value };
}

/** What a watch measures: a level that changes on its own, never an item that arrives. */
const MEASURE =
  /\b(?:price|prices|cost|rate|exchange rate|balance|stock(?! market)|inventory|quantity|temperature|humidity|rain|wind|weather|usage|level|cpu|memory|ram|disk|latency|response time|uptime|traffic|queue|backlog|spend|spending|budget|followers|subscribers|rank|ranking|bitcoin|btc|eth|ethereum|crypto|gas price)\b/i;
/** "when Bitcoin drops below 50k", "if the temperature in Berlin goes above 30", "once our Stripe balance is under 1000". */
const WATCH =
  /\b(?:when(?:ever)?|once|if|as soon as)\s+((?:the |our |my |its |their |a |an )?[^,.;:!?\n]{1,60}?)\s+(?:drops?|falls?|goes|go|rises?|climbs?|dips?|gets|is|are|hits?|reaches|exceeds|crosses|jumps?|spikes?|moves?)\s+(?:(?:below|under|above|over|past|beyond|less than|more than|lower than|higher than|to)\s+)?(?:[$€£¥₹]?\d|zero\b)/i;
const WEATHER =
  /\b(?:weather|rain|snow|wind|forecast)\b|\b(?:temperature|humidity) (?:in|for|at|outside) (?!the\b|our\b|my\b)[A-Z]/i;

/**
 * A level that crosses a bound ("Telegram me when Bitcoin drops below 50k", "when our Stripe balance drops below
 * 1000, email finance") is no event anyone sends: the workflow reads it on a schedule (every 15 minutes unless the
 * request says how often) and the test keeps the readings past the bound.
 */
export function watchTrigger(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  const stoodIn = stoodInWebhook(trigger, original);
  // An app's own event reports its items' changes ("a product's stock in Shopify drops to 5"): it stays.
  if (trigger.kind !== 'manual' && !stoodIn) return null;
  // "alert me when our website goes down": the site is checked every few minutes; no one calls to say it is down.
  if (
    steps.some((s) => s.kind === 'filter' && s.condition.field === 'statusCode' && s.condition.operator === 'notEquals')
  )
    return { kind: 'schedule', rule: findSchedule(original)?.rule ?? { field: 'minutes', minutesInterval: 5 } };
  const cue = WATCH.exec(original);
  if (!cue) return null;
  const subject = cue[1]!.replace(/^(?:the|our|my|its|their|a|an)\s+/i, '');
  // "the stock of any product in our database": a level of each item is still a level; "any new order" is an event.
  if (!MEASURE.test(subject) || /\b(?:new|incoming|each|every)\b|^any\b/i.test(subject)) return null;
  let first = steps.find((s) => s.kind !== 'wait');
  // "when a customer's usage drops to zero for 7 days, …": the bound the clause rules made no test of.
  if (!first || (first.kind !== 'filter' && first.kind !== 'if')) {
    const bound = boundOf(original.slice(cue.index + cue[0].indexOf(cue[1]!) + cue[1]!.length));
    if (!bound || !steps.length) return null;
    first = { kind: 'filter', condition: bound };
    steps.unshift(first);
  }
  if (first.kind !== 'filter' && first.kind !== 'if') return null;
  const said = findMentions(tokenize(subject));
  // "a customer's usage in our database": the store the generic noun names, as its default app.
  const place = said.generics.find((g) => /^(?:database|sheet|crm)$/.test(g.kind));
  const apps = said.apps.length ? said.apps.map((m) => m.app.key) : place ? [GENERIC_DEFAULTS[place.kind].app] : [];
  // "the ETH price": the measure, not the coin it is the price of.
  const measures = [...subject.matchAll(new RegExp(MEASURE.source, 'gi'))].map((m) => m[0].toLowerCase());
  const measure = measures.findLast((m) => !/^(?:bitcoin|btc|eth|ethereum|crypto)$/.test(m)) ?? measures[0]!;
  const test = first.condition;
  if (!/^(?:lt|lte|gt|gte|equals)$/.test(test.operator)) return null;
  // The test reads the measure the request names ("price", "balance"), not the words around it.
  if (!/^(?:bitcoin|btc|eth|ethereum|crypto)$/.test(measure)) test.field = measure.replace(/\s+/g, '_');
  const phrase = cue[1]!.trim();
  const read: Step = apps.length
    ? { kind: 'app', app: apps[0]!, verb: 'read', noun: measure, hints: {}, phrase }
    : WEATHER.test(subject)
      ? { kind: 'app', app: 'openWeatherMap', verb: 'read', hints: {}, phrase }
      : {
          kind: 'http',
          url: null,
          method: 'GET',
          api: /^(?:price|cost) of /i.test(subject)
            ? `${subject.replace(/^(?:price|cost) of (?:the |a |an |our |my )?/i, '')} price`
            : `${subject.replace(/\s+(?:price|prices|rate|level)$/i, '')} API`,
          system: subject,
          phrase,
        };
  steps.splice(steps.indexOf(first), 0, read);
  // "… in our database": the store is read here, not written as a step of its own.
  if (place)
    steps.splice(
      0,
      steps.length,
      ...steps.filter(
        (s) =>
          !(s.kind === 'app' && read.kind === 'app' && s !== read && s.app === read.app && s.phrase === place.said),
      ),
    );
  const found = findSchedule(original);
  return { kind: 'schedule', rule: found?.rule ?? { field: 'minutes', minutesInterval: 15 } };
}

/**
 * "post the day's weather and my agenda in the family channel at 6:30": a time of day and nothing else to start
 * from is every day at that time.
 */
export function clockTrigger(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  if (trigger.kind !== 'manual' || steps.some((s) => s.kind === 'wait')) return null;
  const at =
    /(?<!\b(?:until|before|after|by|from|between|till|and|to|or)\s)\bat\s+(\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}:\d\d\b)(?!\s*(?:-|–|to|and)\s*\d)/i.exec(
      original,
    );
  if (!at) return null;
  const daily = findSchedule(`every day at ${at[1]}`);
  return daily ? { kind: 'schedule', rule: daily.rule } : null;
}

/**
 * "Get new tweets mentioning our brand, …", "pull the latest posts from our Ghost blog and …" with nothing else to start
 * from: the new items are the event. The app's own trigger reports them where it has one; otherwise the workflow
 * reads them every 15 minutes and passes on only the ones it has not seen.
 */
/** Places that hold items, not items: a trigger on "new folders" is not what "new images in a folder" asks for. */
const CONTAINER =
  /^(?:folders?|boards?|lists?|channels?|projects?|workspaces?|spaces?|bases?|tables?|sheets?|databases?|drives?|buckets?|repos?|inbox(?:es)?|accounts?)$/;

export function newItemsRead(trigger: Trigger, steps: Step[], original: string): Trigger | null {
  if (trigger.kind !== 'manual' || BY_HAND.test(original) || findSchedule(original)) return null;
  const first = steps[0];
  if (first?.kind !== 'app' || !isRead(first)) return null;
  const said =
    /^(?:(?:please|just|first|automatically)\s+)?(?:get|gets|fetch|fetches|pull|pulls|grab|grabs|take|takes|collect|collects|read|reads|watch|watches|monitor|monitors|track|tracks|find|finds|search|searches)\s+(?:(?:all|any|the|our|my)\s+)?(?:new|latest|incoming|fresh)\b(?:\s+([a-z-]+))?/i.exec(
      first.phrase.trim(),
    );
  if (!said) return null;
  // The items said after "new" ("take new images uploaded to a Drive folder": images, not the folder).
  const item =
    said[1] && !CONTAINER.test(said[1].toLowerCase())
      ? oneItem(said[1].toLowerCase())
      : first.noun && !CONTAINER.test(first.noun)
        ? first.noun
        : undefined;
  const app = nodeCatalog().app(first.app);
  if (!app?.action) return null;
  if (app.trigger) {
    steps.shift();
    return { kind: 'app', app: first.app, event: 'created', ...(item ? { item } : {}) };
  }
  if (steps[1]?.kind !== 'dedupe') steps.splice(1, 0, { kind: 'dedupe', seen: true });
  return { kind: 'schedule', rule: { field: 'minutes', minutesInterval: 15 } };
}
