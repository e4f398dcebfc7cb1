// Kinds of step a request asks for in a few words that no clause rule may have turned into a step: a file whose
// content is read ("the warehouse CSV that lands on our SFTP", "PDF invoices emailed to us"), a file made for
// someone ("send a CSV of the bad rows"), a time relative to an event ("24 hours before", "the next morning",
// "still not completed after 3 days"), two sources compared or combined (`compare.ts`) and a page
// fetched or an API called that n8n has no node for ("call our fulfilment API").
// Each is checked after the clauses are read and added where the request's sentence puts it, when it is missing.
import { isRead, walkSteps, type Step } from '../spec.ts';
import { FILE_STORES, MAIL } from './appGroups.ts';
import { joinSources } from './compare.ts';
import { findMentions } from './mentions.ts';
import { numberWord } from './spoken.ts';
import { tokenize } from './text.ts';

type Format = 'csv' | 'pdf' | 'xlsx';

const FORMAT: Record<string, Format> = { csv: 'csv', pdf: 'pdf', excel: 'xlsx', xlsx: 'xlsx', xls: 'xlsx' };

/** A file of a format the workflow makes: "as a CSV", "a CSV of the bad rows", "export … to Excel". */
const MADE =
  /\b(?:export|save|send|convert|attach|generate|create|write|turn|output|deliver|share|e-?mail|mail|post|upload it|put)\w* (?:[\w'@#.-]+ ){0,6}?(?:as|into|to|in) (?:a |an )?(csv|excel|xlsx)\b(?! (?:sheet|spreadsheet|workbook|table|online|365|file in|tab)\b)|\b(?:a|an) (csv|excel|xlsx)(?: file| export| report| attachment| breakdown| summary| list| spreadsheet)? (?:of|with|listing|containing|per|by|for)\b|\bexport\w* (?:[\w']+ ){0,4}(?:to|as) (?:a |an )?(csv|excel|xlsx)\b|\b(?:generate|create|make|build|produce|attach) (?:a |an )?(?:[\w-]+ ){0,3}?(csv|excel|xlsx)\b(?! (?:sheet|spreadsheet|workbook|table|online|365)\b)/i;

/** A file the workflow makes; not one someone else puts somewhere ("uploads a CSV of stock levels to their SFTP"). */
function madeFile(text: string): RegExpExecArray | null {
  const made = MADE.exec(text);
  if (!made) return null;
  const before = text.slice(Math.max(0, made.index - 40), made.index);
  if (
    /^(?:a|an)\b/i.test(made[0]) &&
    /\b(?:uploads?|uploaded|drops?|dropped|puts?|places?|lands?|delivers?|shares?|sends us|emails us|gives us|provides?)\s*$/i.test(
      before,
    )
  )
    return null;
  return made;
}

/**
 * A file whose content the workflow reads: "the bank export (a CSV …)", "PDF invoices", "an Excel file". Excel is a
 * file only as one ("an Excel file", "the .xlsx"); "an Excel sheet" is the app.
 */
const READ =
  /\b(csv|pdf|xlsx|xls)s?\b|\b(excel)(?= (?:files?|attachments?|exports?|documents?|workbooks? (?:uploaded|attached|dropped)))/i;

/** Words that say a file's content is used. */
const CONTENT =
  /\b(?:list of|each|every (?:row|line|lead|entry|item|one)|read|reads|reading|pars\w*|extract\w*|go(?:es)? through|process\w*|analy[sz]\w*|summari[sz]\w*|import\w*|load\w*|ingest\w*|index\w*|grade\w*|compar\w*|match\w*|reconcil\w*|rows?|lines?|entries|transactions?|columns?|fields?|contents?|text|data|words|values|numbers|totals?|amounts?|each (?:row|line|lead|entry|item)|quiz|questions)\b/i;

/** Where a file read comes from: a store, or a mail's attachment. */
const fileSource = (app: string) => FILE_STORES.test(app) || MAIL.test(app);

function has(steps: Step[], test: (s: Step) => boolean): boolean {
  let found = false;
  walkSteps(steps, (s) => (found ||= test(s)));
  return found;
}

/** The file the request reads is extracted once it is fetched: after a store's read, else as the items arrive. */
function extractFiles(steps: Step[], original: string, mail: boolean, triggerApp?: string): void {
  if (has(steps, (s) => s.kind === 'extract' || (s.kind === 'app' && Boolean(s.files)))) return;
  if (has(steps, (s) => s.kind === 'ai' && Boolean(s.binary))) return;
  const made = madeFile(original);
  const text = made ? original.replace(made[0], ' ') : original;
  // "add a row to the Excel workbook "Order Intake.xlsx"": the workbook's name, not a file read.
  const said = [...text.matchAll(new RegExp(READ.source, 'gi'))].find(
    (m) =>
      !/\b(?:workbooks?|spreadsheets?|excel|sheets?)\b[^.\n]{0,30}["'“‘][^"'”’\n]*$/i.test(
        text.slice(Math.max(0, m.index - 60), m.index),
      ),
  );
  if (!said) return;
  // Only a file whose content is used: "go through it", "parse", "the rows"; not one saved or moved as it is.
  const start = text.slice(0, said.index).search(/[^.!?\n]*$/);
  const window = text.slice(start).match(/^[^.!?\n]*[.!?\n]?[^.!?\n]*/)?.[0] ?? '';
  if (!CONTENT.test(window)) return;
  // "we send PDF invoices to customers": a PDF the workflow sends or makes is not read.
  const before = text.slice(Math.max(0, said.index - 40), said.index).toLowerCase();
  if (/\b(?:generate|create|make|send|attach|produce|build|render|print)s? (?:a |an |the )?(?:\w+ )?$/.test(before))
    return;
  const format = FORMAT[(said[1] ?? said[2])!.toLowerCase()]!;
  // "back up our Airtable bases to Google Drive as CSV files": the file the workflow makes, where nothing reads one.
  if (
    has(steps, (s) => s.kind === 'convert' && s.format === format) &&
    !has(steps, (s) => s.kind === 'app' && fileSource(s.app) && isRead(s)) &&
    !mail
  )
    return;
  // "compare the CSV on their FTP with Shopify": the file is extracted in its own branch, before the comparison.
  for (const s of steps)
    if (s.kind === 'parallel')
      for (const branch of s.branches)
        if (branch[0]?.kind === 'app' && fileSource(branch[0].app) && isRead(branch[0])) {
          branch[0].hints = { ...branch[0].hints, download: true };
          branch.splice(1, 0, { kind: 'extract', format });
          return;
        }
  // "When a CSV file is uploaded to our S3 bucket, import each row": the store's trigger reports the file's details,
  // so the file it reported is downloaded first.
  if (
    triggerApp &&
    FILE_STORES.test(triggerApp) &&
    !mail &&
    !has(steps, (s) => s.kind === 'app' && fileSource(s.app) && isRead(s))
  ) {
    const lead = steps[0]?.kind === 'filter' ? 1 : 0;
    steps.splice(
      lead,
      0,
      {
        kind: 'app',
        app: triggerApp,
        verb: 'read',
        noun: 'file',
        hints: { download: true, itemFile: true },
        phrase: '',
      },
      { kind: 'extract', format },
    );
    return;
  }
  const stored = steps.findIndex((s) => s.kind === 'app' && fileSource(s.app) && isRead(s));
  const at = stored >= 0 ? stored : steps.findIndex(isRead);
  const store = steps[at];
  if (store?.kind === 'app') store.hints = { ...store.hints, download: true };
  // Mail triggers download attachments as attachment_0, attachment_1, ….
  const step: Step = { kind: 'extract', format, ...(mail && at < 0 ? { binary: 'attachment_0' } : {}) };
  const lead = steps[0]?.kind === 'filter' ? 1 : 0;
  steps.splice(at >= 0 ? at + 1 : lead, 0, step);
}

/** A file made for someone is converted before the step that sends or stores it. */
function convertFiles(steps: Step[], original: string): void {
  if (has(steps, (s) => s.kind === 'convert')) return;
  const made = madeFile(original);
  if (!made) return;
  const format = FORMAT[(made[1] ?? made[2] ?? made[3] ?? made[4])!.toLowerCase()]! as 'csv' | 'xlsx';
  let at = steps.length;
  while (at > 0) {
    const s = steps[at - 1]!;
    if (s.kind === 'app' && (s.verb === 'send' || s.verb === 'create' || s.verb === 'update')) at--;
    else break;
  }
  if (at === steps.length) return;
  steps.splice(at, 0, { kind: 'convert', format });
}

const UNITS = /^(minute|hour|day|week)s?$/;

interface RelativeTime {
  amount: number;
  unit: 'seconds' | 'minutes' | 'hours' | 'days';
  before: boolean;
  at: number;
  /** The moment said in words, when the wait resumes at a time the item gives. */
  until?: string;
}

/** "24 hours before", "the day before", "the next morning", "after 3 days", "a week later". */
function relativeTime(text: string): RelativeTime | null {
  const m =
    /\b(\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fourteen|thirty|forty-eight|48|24)\s+(minutes?|hours?|days?|weeks?)\s+(before|prior to|ahead of|after|later)\b/i.exec(
      text,
    ) ??
    /\bafter\s+(\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|hours?|days?|weeks?)\b/i.exec(
      text,
    ) ??
    // "wait like seven days and then …": a pause said inside the trigger's sentence.
    /\b(?:wait|pause|delay)\s+(?:for\s+)?(?:(?:like|about|around|roughly|approximately|maybe|some)\s+)?(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty)\s+(minutes?|hours?|days?|weeks?)\b/i.exec(
      text,
    );
  if (m) {
    const n = /^an?$/i.test(m[1]!) ? 1 : (numberWord(m[1]!.toLowerCase()) ?? Number(m[1]));
    const unit = UNITS.exec(m[2]!.toLowerCase())![1]!;
    const amount = unit === 'week' ? n * 7 : n;
    const units = unit === 'week' ? 'days' : (`${unit}s` as 'minutes' | 'hours' | 'days');
    return { amount: amount || 1, unit: units, before: /before|prior|ahead/i.test(m[3] ?? ''), at: m.index };
  }
  // "on the morning of their first day": a time the item says.
  const day =
    /\bon (?:the (?:morning|day|evening|afternoon) of )?(?:their|the|his|her) (?:first|start|last|final) day\b/i.exec(
      text,
    );
  if (day) return { amount: 1, unit: 'days', before: true, at: day.index, until: 'the morning of their first day' };
  // (Not "a Zoom meeting for the next day at 3pm": the day of the meeting made.)
  const d =
    /(?<!\bfor )(?:\bthe (day|night|morning|week) (before|after)\b|\bthe next (morning|day)\b|\bthe following (morning|day)\b)/i.exec(
      text,
    );
  if (!d) return null;
  const week = /week/i.test(d[0]);
  return { amount: week ? 7 : 1, unit: 'days', before: /before/i.test(d[0]), at: d.index };
}

/** A time said relative to the item's event waits before the step its sentence says. */
function waitFor(steps: Step[], original: string, trigger: string): void {
  // (A poll waits between its checks already.)
  if (trigger === 'schedule' || has(steps, (s) => s.kind === 'wait' || s.kind === 'poll')) return;
  const time = relativeTime(original);
  if (!time) return;
  const step: Step = time.before
    ? {
        kind: 'wait',
        amount: time.amount,
        unit: time.unit,
        until: time.until ?? `${time.amount} ${time.unit} before the event`,
      }
    : { kind: 'wait', amount: time.amount, unit: time.unit };
  const start = original.slice(0, time.at).search(/[^.!?\n]*$/);
  const end = time.at + (original.slice(time.at).search(/[.!?\n]/) + 1 || original.length);
  const phraseAt = (s: Step) =>
    s.kind === 'app' || s.kind === 'http' || s.kind === 'ai' ? original.indexOf(s.phrase, Math.max(0, start)) : -1;
  // "The day before the session, check our Google Sheet …": a time the sentence opens with comes before all of it,
  // the check too.
  const opens = /^\s*$/.test(original.slice(start, time.at));
  const inSentence = steps.filter((s) => {
    const at = phraseAt(s);
    return at >= start && at < end && (opens || !isRead(s));
  });
  const target = inSentence.find((s) => phraseAt(s) > time.at) ?? inSentence.at(-1);
  let at = target ? steps.indexOf(target) : -1;
  if (at < 0) {
    at = steps.length;
    while (at > 0 && steps[at - 1]!.kind === 'app' && (steps[at - 1] as { verb: string }).verb === 'send') at--;
    if (at === steps.length) return;
  }
  steps.splice(at, 0, step);
}

/** A site checked for being up, a page fetched, an API called: an HTTP Request does it, where n8n has no app. */
const SITE_DOWN =
  /\b(?:uptime|downtime|outages?)\b|\b(?:site|website|server|endpoint|url|api|page|service)s? (?:is |goes |went |are |go )?(?:down|offline|unreachable)\b/i;
const PAGE =
  /\b(?:fetch|scrape|crawl|grab|download|pull|get|check|ping|monitor|watch|visit|load|open)\w* (?:(?!(?:forms?|leads?|sign-?ups?|submissions?|orders?|messages?|e-?mails?|notifications?|posts?)\b)[\w'’-]+ ){0,5}?(?:web ?pages?|pages?|web ?sites?|sites?|urls?|endpoints?|home ?pages?|html)\b/i;
const API =
  /\b(?:call|calls|calling|hit|hits|query|queries|post(?:s)? (?:it|them|this|that|the \w+) to|send(?:s)? (?:it|them|this|that|the \w+) to|notify) (?:our|their|the|a|an|its|this|that) (?:[\w'’-]+ ){0,3}?(?:api|endpoint|rest api|web ?service|service url|webhook url)\b/i;

function fetchWeb(steps: Step[], original: string, trigger: string): void {
  if (has(steps, (s) => s.kind === 'http' || (s.kind === 'ai' && s.tools.some((t) => t.kind === 'http')))) return;
  // An app's own event ("a Jira issue about an outage") or a word quoted as a value is no site to check.
  const down = trigger === 'app' ? null : SITE_DOWN.exec(original.replace(/(['"‘“])[^'"’”\n]{1,40}['"’”]/g, ' '));
  const said = down ?? PAGE.exec(original) ?? API.exec(original);
  // "the Shopify API", "our Facebook page": an app's own API or page is that app's node.
  if (!said || findMentions(tokenize(said[0])).apps.length) return;
  // "sensors POST the temperature to an endpoint": the caller of the workflow's own webhook, no call it makes.
  if (trigger === 'webhook' && /^posts?\b[^.!?\n]*\bto (?:a|an|some|any) /i.test(said[0])) return;
  const api = API.test(said[0]) && !SITE_DOWN.test(said[0]);
  const step: Step = {
    kind: 'http',
    url: null,
    method: api && !/^quer/i.test(said[0]) ? 'POST' : 'GET',
    api: api ? 'the API' : 'the web page',
    phrase: said[0],
  };
  const loop = steps.find((s) => s.kind === 'loop');
  if (loop?.kind === 'loop') {
    loop.body.unshift(step);
    return;
  }
  let at = 0;
  while (at < steps.length && isRead(steps[at]!)) at++;
  steps.splice(at, 0, step);
}

export function auditKinds(steps: Step[], original: string, trigger: string, mail: boolean, triggerApp?: string): void {
  fetchWeb(steps, original, trigger);
  if (!steps.length) return;
  joinSources(steps, original);
  extractFiles(steps, original, mail, triggerApp);
  convertFiles(steps, original);
  waitFor(steps, original, trigger);
}
