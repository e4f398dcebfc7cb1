// The parts of a request that list routes value by value: "Springfield goes to Tom", "Shelbyville to Ana",
// "everything else to me", "Detractors (0–6) → …", "severity=critical -> …". A part is a value, a pivot (an arrow, a
// colon, a verb) and what happens; a run of two or more such parts is a list of routes.
import type { Condition } from '../spec.ts';
import { lemma, verbClass } from './lexicon.ts';
import { findMentions } from './mentions.ts';
import { tokenize } from './text.ts';
import { conditionOf } from './words.ts';

export interface Segment {
  start: number;
  end: number;
  name: string;
  /** The part says what happens itself (an arrow, a colon or a verb), not only where ("France to Amélie"). */
  full: boolean;
  fallback: boolean;
  condition?: Condition;
  field?: string;
  action: string;
  /** Which pivot the part used (arrow, colon, verb): routes of one list say theirs alike. */
  kind: number;
}

const BOUND_WORDS: Record<string, string> = {
  under: '<',
  below: '<',
  'less than': '<',
  'fewer than': '<',
  'lower than': '<',
  over: '>',
  above: '>',
  'more than': '>',
  'greater than': '>',
  'higher than': '>',
};

/** Words that make the words before an arrow a test of the items. */
const TEST_WORDS =
  /\b(?:outside|inside|mismatch\w*|missing|no|not|without|with|over|under|above|below|more|less|contains?|starts?|ends?|equals?|any|same|different|failed|succeeded|late|overdue|expired|older|newer|than)\b|[<>=]/i;

/** Where a part's value ends and what happens to it begins: an arrow, else a colon, else a verb. */
const PIVOTS = [
  /\s*(?:→|->|=>|⇒)\s*/,
  /\s*:\s+/,
  /\s+(?:(?:should|must|will|need to|needs to|can)\s+)?(?:just\s+|only\s+|simply\s+|also\s+)?(?:go(?:es)?|get|gets|(?<!\b(?:webhooks?|endpoints?|inbox|mailbox|servers?|bots?|forms?|api|apps?|workflows?|systems?|n8n)\s+)receives?|become|becomes|turn into|(?:are|is|be|get|gets) (?=(?:sent|forwarded|routed|assigned|posted|escalated|moved|added|tagged|archived|ignored|skipped|deleted|closed|given|emailed|e-mailed|texted|messaged|saved|stored|logged|created|filed|copied|uploaded|shared|notified|pinged|flagged|labell?ed|marked|pushed|synced|written|appended|inserted|recorded|published|upserted)\b))\s*(?=\S)/,
  // "valid = add to the campaign, invalid = tag it": a value, an equals sign with spaces, what happens.
  /\s+=\s+(?=\S)/,
  // "Critical ones should page the on-call person": the items of a value, then whatever they should have done.
  /(?<=\b(?:ones|alerts|errors|tickets|leads|messages|e-?mails|requests|orders|issues|reviews|posts|items|readings|events|records|rows|entries|payments))\s+(?:should|must|will|need to|can)\s+(?:just\s+|only\s+|simply\s+|also\s+)?(?=[a-z]+\b)/,
  // "scores 0-6 should create a ticket, 7-8 need nothing": a range of numbers, then what its items should have.
  /(?<=\b\d+(?:\s*(?:-|–|to)\s*\d+)?\+?)\s+(?:(?:should|must|will|need to|needs to|can)\s+(?:just\s+|only\s+|simply\s+|also\s+)?(?=[a-z]+\b)|(?=(?:need|needs|get|gets)\s+nothing\b))/,
  // "humidity readings appended to a Google Sheet": the items of a value, then what is done with them.
  /(?<=\b(?:ones|alerts|errors|tickets|leads|messages|e-?mails|requests|orders|issues|readings|events|records|rows|entries|payments))\s+(?=(?:appended|written|added|inserted|sent|posted|saved|stored|logged|forwarded|routed|pushed|uploaded)\s+(?:to|into|in|on)\b)/,
  // "detractors (0-6) create a HubSpot ticket": a value with its range, then what it does.
  /(?<=\))\s+(?=(?:create|creates|open|opens|post|posts|send|sends|get|gets|go|goes|add|adds|trigger|triggers|receive|receives)\b)/,
  // "production creates a Jira bug and posts to #prod-errors, staging only posts to #staging": a one-word value,
  // then what it does.
  /(?<=^\s*(?:(?:and|but)\s+)?[\w-]+(?:\s+(?:ones|alerts|errors|tickets|issues|events))?)\s+(?:only\s+|just\s+|also\s+)?(?=(?:creates|posts|sends|opens|pages|emails|notifies|adds|updates|files|logs|alerts|texts|calls|messages|pings|triggers)\b)/,
];

/** "put the positive ones in a sheet", "send negative ones to Slack", "ignore the neutral": the verb, then the value. */
const VERB_FIRST =
  /^(?:(?:and|then|but)\s+)?(?:just\s+|only\s+)?([a-z]+)\s+(?:the\s+|all\s+|any\s+)?([a-z][\w-]*)\s+ones\b\s*(.*)$/i;
/** "email the rows with invalid emails back to …": the items that have a value, after the verb. */
const VERB_WITH =
  /^(?:(?:and|then|but)\s+)?(?:just\s+|only\s+)?([a-z]+)\s+(?:the\s+|all\s+|any\s+)?(?:rows?|items?|records?|entries|leads?|contacts?|people|orders?)\s+(?:with|that have|having)\s+(?:an?\s+)?([a-z][\w-]*)\s+[a-z]+\b\s*(.*)$/i;
const IGNORED =
  /^(?:(?:and|then|but)\s+)?(?:just\s+|simply\s+)?(?:ignore|skip|drop|discard)\s+(?:the\s+)?([a-z][\w-]*)(?:\s+ones)?\s*[.!?]?$/i;

/** "for payment.succeeded set the order status to paid, for payment.refunded post a note …": a value, then the verb. */
const FOR_VALUE =
  /^(?:(?:and|but)\s+)?(?:for|on)\s+(?:an?\s+|the\s+)?['"`‘“]?([a-z][\w.-]*[._-][\w.-]*[a-z0-9]|[a-z][\w-]*)['"`’”]?(?:\s+(?:events?|ones|type|status))?\s*[,:]?\s+([a-z]+)\b(.*)$/i;

/** A part that names the verb before its value ("send negative ones to a Slack channel"), or null. */
function verbFirst(part: { start: number; text: string }): Segment | null {
  const text = part.text.trim();
  const forValue = FOR_VALUE.exec(text);
  if (
    forValue &&
    /^(?:send|create|update|delete|read|search)$/.test(verbClass(forValue[2]!.toLowerCase()) ?? '') &&
    !NOT_VALUE.test(forValue[1]!.toLowerCase()) &&
    !LEAD.test(forValue[1]!.toLowerCase()) &&
    !/^(?:each|every|all|any|example|instance|now|later|today|tomorrow|me|us|them|it)$/i.test(forValue[1]!) &&
    !findMentions(tokenize(forValue[1]!)).apps.length
  ) {
    const at = part.start + part.text.indexOf(text);
    return {
      start: at,
      end: at + text.length,
      name: forValue[1]!,
      full: true,
      fallback: false,
      action: `${forValue[2]}${forValue[3]}`.trim(),
      kind: 2,
    };
  }
  const ignored = IGNORED.exec(text);
  const m = ignored ? null : (VERB_FIRST.exec(text) ?? VERB_WITH.exec(text));
  const name = ignored?.[1] ?? m?.[2];
  if (!name || NOT_VALUE.test(name.toLowerCase()) || LEAD.test(name.toLowerCase())) return null;
  if (m && !/^(?:send|create|update|delete|read|search)$/.test(verbClass(m[1]!.toLowerCase()) ?? '')) return null;
  const action = ignored ? 'ignore' : `${m![1]} ${m![3]}`.trim();
  const at = part.start + part.text.indexOf(text);
  return { start: at, end: at + text.length, name, full: true, fallback: false, action, kind: 2 };
}
/** Words that make the words before a pivot a clause, not a value: subjects, times. */
const CLAUSE =
  /^(?:we|i|you|they|he|she|us|me|our|my|your|every|each|daily|weekly|hourly|at|noon|morning|night|tonight|when|once|after|before)$/i;
/** ("US", "ME": a country or a state in capitals is a value, not "us" or "me".) */
const clauseWord = (w: string): boolean => CLAUSE.test(w) && !/^[A-Z]{2,}$/.test(w);
const LEAD =
  /^(?:the|a|an|all|any|for|if|when|those|these|ones?|from|with|about|between|mentioning|mention|marked|tagged|labell?ed|in|on|of|at|that|who|which|are|is|where|whose|and|but|or|also|then|so|only|just|-|\*|•)$/;
const TRAIL =
  /^(?:ones?|tickets?|leads?|e-?mails?|messages?|items?|orders?|requests?|customers?|contacts?|users?|people|stuff|things?|conversations?|deals?|issues?|alerts?|errors?|incidents?|events?|readings?|questions?|sign-?ups?|submissions?|reviews?|should|will|can|must|always|just|also|directly|then|related)$/;
export const FALLBACK =
  /^(?:anything|everything|everyone|anyone|everybody|anybody|all|rest|remaining|others?|otherwise|else|unknown|default|any other \w+|other \w+|all other \w+|the rest)(?: else)?$/;
export const NOTHING =
  /^(?:(?:do |get |gets |receive |need |needs )?nothing|no action|stay (?:quiet|silent)|keep quiet|ignored?|skip(?:ped)?|(?:just )?leave (?:it|them)(?: as is| alone)?|stay as (?:is|they are)|dropped|discarded|no(?:thing)? (?:email|message))\b/;
/** Words a value is never: pronouns, labels of a request's own parts, times. */
const NOT_VALUE =
  /^(?:it|this|that|they|them|we|i|you|he|she|then|also|budget|note|notes|ac|acceptance criteria|step \d+|example|e\.g|i\.e|pls|please|goal|context|why|what i need|requirements?|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)$/;

const LISTED_LINE = /^\s*(?:[-*•]|\d+[.)])\s+[^\n:]{1,40}:\s/;
const AMOUNT_ROUTE =
  /(?:^\s*|:\s+)(?:[<>≤≥]=?|under|below|over|above|(?:less|fewer|lower|more|greater|higher) than)?\s*[$€£¥₹]?\d[\d,.]*[km]?(?:\s*(?:-|–|to)\s*[$€£¥₹]?\d[\d,.]*[km]?)?\s*:\s/i;

/** The parts of a request, with their offsets: lines, sentences, and the commas and semicolons inside them. */
function partsOf(text: string): Array<{ start: number; text: string }> {
  const parts: Array<{ start: number; text: string }> = [];
  const sep =
    /\s*(?:[,;\n]|(?<![\d.])\.(?=\s)|(?<=\b[A-Za-z][\w-]*\d)\.(?=\s)|[?!](?=\s)|(?<=:)\s+(?=[\w'-]{1,20}(?:\s*(?:,|\bor\b|\band\b|\/)\s*[\w'-]{1,20}){0,4}\s*:\s)|(?<=\S)(?<!\d)\s+(?:and|but|while|whereas)\s+(?=[^\s.;]+(?:\s+[^\s.;]+){0,3}\s*(?:→|->|=>|:)))\s*/g;
  let at = 0;
  for (const m of text.matchAll(sep)) {
    if (m.index < at) continue;
    // "Medium and low: …", "logo missing and deadline passed -> …": a value joined by "and" before its own pivot is
    // one part ("… but active_days over 5: …" still starts another).
    if (/^\s+and\s+$/.test(m[0]) && !/→|->|=>|:/.test(text.slice(at, m.index))) continue;
    // "- DE, FR or NL: email …": values listed before their colon are one part with it.
    if (
      m[0].includes(',') &&
      /^\s*(?:[-*•]\s*)?[\w'-]{1,20}$/.test(text.slice(at, m.index)) &&
      /^\s*(?:,|\bor\b|\band\b|\/)\s*[\w'-]{1,20}(?:\s*(?:,|\bor\b|\band\b|\/)\s*[\w'-]{1,20}){0,4}\s*(?::\s|→|->)/.test(
        text.slice(m.index),
      )
    )
      continue;
    // "- under $10k: self-serve team, post in #smb-deals": a listed line with its value and a colon is one route.
    // "under $10000: self-serve team, post in #smb-deals.": an amount's route, said with a colon, to its sentence's end.
    if (
      m[0].includes(',') &&
      (LISTED_LINE.test(text.slice(at, m.index)) || AMOUNT_ROUTE.test(text.slice(at, m.index)))
    ) {
      const rest = /(?<![\d.])\.(?=\s)|[\n;]/.exec(text.slice(m.index));
      const lineEnd = rest ? m.index + rest.index : text.length;
      parts.push({ start: at, text: text.slice(at, lineEnd) });
      at = lineEnd + (rest ? rest[0].length : 0);
      continue;
    }
    if (m.index > at) parts.push({ start: at, text: text.slice(at, m.index) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ start: at, text: text.slice(at) });
  return parts;
}

const SPEC_HEADING =
  /^(?:trigger|triggers|steps?|notes?|expected|expectations?|context|edge cases?|output|input|goals?|requirements?|acceptance(?: criteria)?|outcome|result|details?|description|summary|actions?|background|why|client|owner|priority|deadline|frequency|schedule)$/i;

/** "Usage above 85% on any server": a measure, then the bound it passes. */
const MEASURED =
  /^(?:[-*•]\s*)?([a-z_]+)\s+(above|over|below|under|at least|at most|more than|less than)\s+[$€£]?(\d[\d,]*(?:\.\d+)?)/i;

/** Words that open what happens, though the lexicon keeps them for other uses ("Critical: trigger a PagerDuty …"). */
const ACTS = /^(?:trigger|page|raise|escalate|ping|alert|dm|sms|call|just|also|only|then)$/;

/** "High: TheHive alert only", "Complaint: a Zendesk ticket": what happens said as the app's thing, with no verb. */
function opensWithApp(action: string): boolean {
  const tokens = tokenize(action.replace(/^(?:(?:just|only|also|simply)\s+)?(?:an?\s+|the\s+)?/i, ''));
  return !/:\s/.test(action) && findMentions(tokens).apps.some((a) => a.from === 0);
}

function segmentOf(part: { start: number; text: string }, after: boolean): Segment | null {
  let pivot: RegExpExecArray | null = null;
  let kind = 0;
  for (const [i, re] of PIVOTS.entries()) {
    // The verb pivots are one kind: "Critical ones should page …, warnings just go to …" is one list.
    kind = i >= 4 ? 2 : i;
    if ((pivot = re.exec(part.text)) && pivot.index > 0) {
      // ("validate emails with a loop": a verb and its object, not a value and what it does.)
      const word = /^\s*(?:(?:and|but)\s+)?([\w-]+)/.exec(part.text)?.[1]?.toLowerCase() ?? '';
      if (i === PIVOTS.length - 1 && verbClass(word) && lemma(word) === word) return null;
      break;
    }
  }
  // "… based on the town: Springfield goes to Tom": the routes start after the colon that introduces them.
  let intro = pivot ? part.text.slice(0, pivot.index).lastIndexOf(': ') : -1;
  // "Emails to our intake address: anything mentioning …": a colon after more words than a value introduces.
  if (
    pivot &&
    intro < 0 &&
    /^\s*:/.test(pivot[0]) &&
    // (Words only: "- Late checkout / early check-in" names two values in four.)
    part.text
      .slice(0, pivot.index)
      .split(/\s+/)
      .filter((w) => /\w/.test(w)).length > 4 &&
    !MEASURED.test(part.text.slice(0, pivot.index))
  )
    intro = pivot.index + pivot[0].length - 2;
  if (pivot && intro > 0) return segmentOf({ start: part.start + intro + 2, text: part.text.slice(intro + 2) }, after);
  let full = true;
  // "the ones from France to Amélie": only where, after a part that said what.
  if ((!pivot || pivot.index === 0) && after) {
    pivot = /\s+(?:to|into)\s+/.exec(part.text);
    full = false;
  }
  if (!pivot || pivot.index === 0) return null;
  let left = part.text.slice(0, pivot.index).trim();
  let how = '';
  // "the rest by email to support@", "everything else via Slack": the other items, and how theirs goes.
  const by =
    /^((?:(?:and|but)\s+)?(?:the rest|everything else|anything else|all (?:the )?others?|everyone else|others))\s+((?:by|via|over|through)\s+.+)$/i.exec(
      left,
    );
  if (by) [left, how] = [by[1]!, by[2]!.replace(/^(?:by|via|over|through)\s+/i, '') + pivot[0]];
  // "Trigger: schedule 01:30", "Steps: download …", "Notes: …": a spec's headings, no values to route by.
  if (SPEC_HEADING.test(left)) return null;
  // "Sunday 02:00: read …", "Nightly 01:30: run …", "every 15 min: …": when the workflow runs, no value to route by.
  if (
    /^(?:(?:every|each)\s+.{1,20}|(?:nightly|daily|hourly|weekly|monthly|weekdays?|weekends?|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?(?:\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?|\d{1,2}:\d\d)$/i.test(
      left.trim(),
    )
  )
    return null;
  const action = (how + part.text.slice(pivot.index + pivot[0].length)).trim();
  if (!action || action.length > 200) return null;
  // "Trigger: Telegram Trigger receives …" is a label; "billing: forward it to …" says what happens.
  const first = action.split(/\s+/)[0]!.toLowerCase();
  // "$10k", "1.5M", "25,000": amounts as people write them.
  let plain = left
    .replace(/^(\s*(?:[-*•]\s*)?)zero$/i, '$10')
    .replace(/(?<=\d),(?=\d{3}\b)/g, '')
    .replace(/(\d+(?:\.\d+)?)\s*([km])\b/gi, (_, n: string, u: string) =>
      String(Math.round(Number(n) * (u.toLowerCase() === 'k' ? 1000 : 1e6))),
    );
  // "fewer than 7 days:", "7 to 30 days:": the unit a bound is counted in says nothing of where the items go.
  plain = plain.replace(
    /(\d)\s*(?:days?|hours?|weeks?|months?|minutes?|years?|points?|pts|units?|items?|orders?|stars?)\b/gi,
    '$1',
  );
  // "$400k to $1M: the senior agents group": a range or a bound names only where its items go.
  const numeric =
    /^(?:[-*•]\s*)?(?:[<>≤≥]=?|under|below|over|above|(?:less|fewer|lower|more|greater|higher) than|between)?\s*[$€£¥₹]?\d[\d,]*(?:\s*(?:-|–|to|and)\s*[$€£¥₹]?\d[\d,]*)?\s*$/i.test(
      plain,
    );
  if (full && kind === 1 && numeric && !verbClass(first) && !NOTHING.test(action.toLowerCase()))
    full = action
      .toLowerCase()
      .split(/[^a-z-]+/)
      .some((w, i) => i > 0 && /^(?:send|create|update|delete)$/.test(verbClass(w) ?? '') && lemma(w) === w);
  else if (
    full &&
    kind === 1 &&
    !verbClass(first) &&
    !NOTHING.test(action.toLowerCase()) &&
    !/^(?:to|into)$/.test(first) &&
    !ACTS.test(first) &&
    // "Question: AI answers from the FAQ": the model does it.
    !/^(?:(?:the|an?)\s+)?(?:ai|llm|gpt[\w.-]*|chatgpt|claude|gemini|model|agent|bot|assistant)\s+[a-z]+s\b/i.test(
      action,
    ) &&
    !opensWithApp(action)
  )
    // "Route them by environment: production creates a Jira bug …": the colon introduces the first route.
    return segmentOf({ start: part.start + pivot.index + pivot[0].length, text: action }, after);
  let field: string | undefined;
  let condition: Condition | undefined;
  // "score 9 or 10 ->", "rating 4+ :", "amount > 500 →": the field, then the number it is tested by.
  const keyed = /^(\s*(?:[-*•]\s*)?)(?:the\s+)?([a-z][a-z_]{1,20})\s+(?=(?:[<>≤≥]=?\s*)?[$€£¥₹]?\d)/i.exec(plain);
  if (
    keyed &&
    !/^(?:under|below|over|above|between|than|to|and|or|in|at|on|by|every|each|from|for|of|with|after|before|within|last|next|top|first|only)$/i.test(
      keyed[2]!,
    )
  ) {
    field = keyed[2]!.toLowerCase();
    plain = keyed[1]! + plain.slice(keyed[0].length);
  }
  // "severity=critical", "status is resolved": the field is said with its value.
  const pair = /^([a-z_][\w.]*)\s*(?:=|==)\s*['"‘“]?([\w -]+?)['"’”]?$/i.exec(left);
  const range = /\(?\s*[$€£¥₹]?(\d+)\s*(?:-|–|to|and|or)\s*[$€£¥₹]?(\d+)\s*\)?/.exec(plain);
  // "< 50 → …", "> 500 → …", "under $10000: …", "over 75000 →": a bound.
  const boundSaid =
    /^(?:[-*•]\s*)?(<=?|>=?|≤|≥|under|below|less than|fewer than|lower than|over|above|more than|greater than|higher than)\s*[$€£¥₹]?(\d[\d,]*)/i.exec(
      plain,
    );
  const bound = boundSaid
    ? [boundSaid[0], BOUND_WORDS[boundSaid[1]!.toLowerCase()] ?? boundSaid[1]!, boundSaid[2]!.replace(/,/g, '')]
    : null;
  const words = (pair ? pair[2]! : left.replace(/\([^)]*\)/g, ' '))
    .replace(/['"‘’“”`]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  if (pair) field = pair[1]!.toLowerCase();
  // "When a candidate is moved in Workable": an event said with its verb, not a value and where it goes.
  if (kind === 2 && /^(?:[-*•]\s*)?(?:when|whenever|once|as soon as|every time)\b/i.test(left)) return null;
  while (words.length && /^(?:and|or|but|then|also|-|\*|•)$/i.test(words[0]!)) words.shift();
  const fallback = FALLBACK.test(words.join(' ').toLowerCase()) || /\belse\b/i.test(left);
  // "anything mentioning divorce or custody": the text contains the value.
  const contains = /\b(?:mentioning|mentions?|containing|contains?|about|with the words?)\b/i.test(left);
  while (
    words.length &&
    (LEAD.test(words[0]!.toLowerCase()) ||
      /^(?:anything|everything|something|stuff|mentioning|mentions?|containing|contains?)$/i.test(words[0]!))
  )
    words.shift();
  while (words.length > 1 && TRAIL.test(words.at(-1)!.toLowerCase())) words.pop();
  const name = words.join(' ') || (fallback ? 'other' : '');
  const lower = name.toLowerCase();
  // "Shipping outside the EU -> generate customs docs", "Quantity mismatch -> email the buyer": a test said in words
  // before an arrow is a rule of its own.
  // "Tasks with no assignee: assign them …. Tasks with an assignee: DM that person": a test before a colon too, when
  // it names the items and what they have.
  const itemsWith =
    kind === 1 &&
    (/^(?:[-*•]\s*)?[A-Z][a-z]+s\s+(?:with|without|that have|that are|which are|where)\b/.test(left) ||
      // "- supplier is Acme Supplies: email …": a field and its value before the colon.
      /^(?:[-*•]\s*)?[a-z_]+(?:\s+[a-z_]+)?\s+(?:is|is not|isn't|=|==)\s+\S/i.test(left) ||
      // "Usage above 85% on any server: post …": a measure and its bound.
      MEASURED.test(left));
  if (
    (kind === 0 || itemsWith) &&
    !fallback &&
    words.length > 3 &&
    words.length <= 9 &&
    !bound &&
    !range &&
    !pair &&
    !/^(?:[-*•]\s*)?(?:new|incoming|when|whenever|every|each|on|after|once|trigger|if|unless|whether|in case)\b/i.test(
      left,
    ) &&
    // A test, not a thing: "Shipping outside the EU", "Bill with no goods receipt" (not "the daily inventory report").
    (TEST_WORDS.test(left) || conditionOf(`if ${left}`) !== null) &&
    !findMentions(tokenize(left)).apps.length
  ) {
    // "Tasks with an assignee": the field is there.
    const has = /\bwith\s+(?:an?|any)\s+([a-z]+)$/i.exec(left);
    const measured = MEASURED.exec(left);
    const said: Condition | null = has
      ? { field: has[1]!.toLowerCase(), operator: 'exists', value: '' }
      : (conditionOf(`if ${left.replace(/^[-*•]\s*/, '')}`) ??
        (measured
          ? {
              field: measured[1]!.toLowerCase(),
              operator: /^(?:above|over|at least|more than)$/i.test(measured[2]!) ? 'gt' : 'lt',
              value: Number(measured[3]!.replace(/,/g, '')),
            }
          : null));
    const test: Condition = said
      ? {
          field: said.field,
          operator: said.operator,
          value: said.value,
          ...(said.more?.length ? { more: said.more, join: said.join ?? 'and' } : {}),
        }
      : {
          field: words
            .join('_')
            .toLowerCase()
            .replace(/[^a-z0-9_]+/g, '')
            .slice(0, 40),
          operator: 'isTrue',
          value: true,
        };
    return {
      start: part.start,
      end: part.start + part.text.length,
      name: name.slice(0, 40),
      full: true,
      fallback: false,
      condition: test,
      field: test.field,
      action,
      kind,
    };
  }
  // "'Recordable' or 'Lost Time' → page the director": a route that takes any of two or three values.
  const either = name.split(/\s*(?:,|\/|\bor\b|\band\b)\s*/).filter(Boolean);
  if (
    !fallback &&
    !bound &&
    !range &&
    !pair &&
    (/\bor\b|\//.test(name) || (kind <= 1 && /^\w+ and \w+$/.test(name))) &&
    either.length >= 2 &&
    either.length <= 4 &&
    either.every((v) => v.split(' ').length <= 3 && !NOT_VALUE.test(v.toLowerCase()) && !clauseWord(v)) &&
    // "Gmail or Outlook → …" names apps; "Low or Medium" only sounds like one.
    !either.every((v) => findMentions(tokenize(v)).apps.length)
  )
    return {
      start: part.start,
      end: part.start + part.text.length,
      name: either.join(' or ').slice(0, 40),
      full,
      fallback,
      condition: { field: field ?? 'category', operator: 'oneOf', value: either.join(', ') },
      field,
      action,
      kind,
    };
  // "IT requests should become a task": the department, written in capitals, not the pronoun.
  // "score 6 or lower": a field and its numbers are one value however many words they take.
  // "fewer than 7 days", "7 to 30 days": a bound or a range with its unit is one value too.
  const numbered =
    !pair && ((field !== undefined && /^\s*(?:[-*•]\s*)?\S*\d/.test(plain)) || ((bound || range) && /\d/.test(plain)));
  // "1 -> …" beside "2 to 9 -> …": a count before an arrow is a value, not a clock time.
  const count = kind === 0 && /^\s*(?:[-*•]\s*)?\d{1,4}\s*$/.test(plain);
  if (
    !name ||
    (words.length > 3 && !numbered) ||
    name.length > 32 ||
    (NOT_VALUE.test(lower) && name !== 'IT' && !count)
  )
    return null;
  if (count) condition = { field: field ?? 'score', operator: 'equals', value: Number(plain.replace(/\D/g, '')) };
  if (words.some((w) => clauseWord(w))) return null;
  if (bound) {
    const op = { '<': 'lt', '<=': 'lte', '≤': 'lte', '>': 'gt', '>=': 'gte', '≥': 'gte' } as const;
    condition = { field: field ?? 'score', operator: op[bound[1] as keyof typeof op], value: Number(bound[2]) };
  }
  if (!condition && contains && !fallback)
    condition = { field: field ?? 'text', operator: 'contains', value: words[0]!.toLowerCase() };
  else if (pair) condition = { field: field!, operator: 'equals', value: pair[2]!.trim() };
  // A value is no action and no app: "Gmail → Slack" is a chain, not a route.
  if (
    !fallback &&
    /^(?:send|create|update|delete|read)$/.test(verbClass(words[0]!) ?? '') &&
    lemma(words[0]!) === words[0]!.toLowerCase() &&
    // "- Unsubscribe: unsubscribe the lead in lemlist": a capitalised label before a colon and an action of its own.
    !(kind === 1 && /^[A-Z]/.test(name) && verbClass(first)) &&
    // "SMS → text them via Twilio", "email → send the same message by email": a channel chosen, before an arrow.
    !(
      kind === 0 &&
      words.length === 1 &&
      /^(?:sms|e-?mail|text|phone|call|mail|post|chat|letter|whatsapp)$/i.test(words[0]!)
    )
  )
    return null;
  // "Typeform NPS responses: score 0–6: open a ticket": the words before the first colon introduce the list.
  if (findMentions(tokenize(name)).apps.length)
    return kind === 1 && /:\s/.test(action)
      ? segmentOf({ start: part.start + pivot.index + pivot[0].length, text: action }, after)
      : null;
  // "9-10", "0 to 6", "9 or 10": both ends are the route's.
  if (range && !pair && !bound) {
    const [lo, hi] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b);
    condition = { field: field ?? 'score', operator: 'between', value: `${lo}..${hi}` };
  }
  // "60 or more", "9+", "3 or below": an open range.
  const open =
    !range && !bound
      ? /^(?:[-*•]\s*)?[$€£¥₹]?(\d[\d,.]*)\s*(?:(\+|or more|or above|or higher|and up|and above|or over)|(or less|or below|or lower|or fewer|or under))\s*$/i.exec(
          plain,
        )
      : null;
  if (open && !pair)
    condition = {
      field: field ?? 'score',
      operator: open[2] ? 'gte' : 'lte',
      value: Number(open[1]!.replace(/,/g, '')),
    };
  return {
    start: part.start,
    end: part.start + part.text.length,
    name,
    full,
    fallback,
    condition,
    field,
    action,
    kind,
  };
}

/** The longest run of adjacent route parts: two or more, at least one naming a value and one saying what. */
export function findRoutes(original: string): Segment[] | null {
  let best: Segment[] = [];
  let run: Segment[] = [];
  for (const part of partsOf(original)) {
    // "3a. undergraduate → …": an outline's marker is no part of its own.
    if (/^\s*(?:\d{1,2}[a-z]?|[a-z])\s*[.)]?\s*$/i.test(part.text)) continue;
    const seg =
      segmentOf(
        part,
        run.some((s) => s.full),
      ) ?? verbFirst(part);
    const last = run.at(-1);
    // "Billing ones should become a Freshdesk ticket, Technical ones a Jira issue": the verb said once for both.
    const gapped =
      !seg && last?.kind === 2 && last.full
        ? /^(\s*(?:and\s+)?)([A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+ones\s+((?:an?|the)\s+.+)$/.exec(part.text)
        : null;
    if (gapped && !/^(?:the|other|all|new|old)$/i.test(gapped[2]!)) {
      const start = part.start + gapped[1]!.length;
      run.push({
        start,
        end: part.start + part.text.length,
        name: gapped[2]!,
        full: true,
        fallback: false,
        action: gapped[3]!.trim(),
        kind: 2,
      });
    } else if (seg) run.push(seg);
    // "Any item with SKU starting HZ- -> don't dispatch, send to the hazmat team in Teams": what the route does goes on
    // past its comma.
    else if (
      last?.kind === 0 &&
      last.full &&
      verbClass(part.text.trim().split(/\s+/)[0]!.toLowerCase()) &&
      !/[→>]/.test(part.text) &&
      // Only past a comma: a new line or sentence ("… → email the CPD team\n4. Send the student …") is the next step.
      !/[\n.;]/.test(original.slice(last.end, part.start))
    ) {
      last.action = `${last.action}, ${part.text.trim()}`;
      last.end = part.start + part.text.length;
    } else run = [];
    if (run.length > best.length) best = [...run];
  }
  // "anything mentioning divorce …, contract or lease stuff to …": the parts after say theirs the same way.
  for (const [i, seg] of best.entries()) {
    const before = best[i - 1]?.condition;
    if (!seg.condition && !seg.fallback && before?.operator === 'contains')
      seg.condition = { ...before, value: seg.name.split(' ')[0]!.toLowerCase() };
  }
  const valued = best.filter((s) => !s.fallback);
  if (best.length < 2 || !valued.length || !best.some((s) => s.full)) return null;
  // "one branch gets invoices from Xero, the other gets payments from Wise": the sides of a join, not values.
  if (
    valued.length > 1 &&
    valued.every((s) =>
      /^(?:(?:one|the|first|second|other|another)\s+)*(?:branch|side|path|input|other|one)$/i.test(s.name),
    ) &&
    valued.some((s) => /\b(?:branch|side|path|input)$/i.test(s.name))
  )
    return null;
  const full = best.filter((s) => s.full);
  if (full.length > 1 && new Set(full.map((s) => s.kind)).size === full.length) return null;
  if (new Set(valued.map((s) => s.name.toLowerCase())).size < valued.length) return null;
  return best;
}

/** The field the request says routes go by ("depending on the status field", "based on the town", "by region"). */
export function fieldOf(text: string): string | null {
  const said = [
    ...text.matchAll(
      /\b(?:depending on|based on|according to|routed? (?:them |it )?(?:by|on)|switch on|split (?:them |it )?by|sorted by|by)\s+(?:the |their |its |his |her |which |what )?['"‘“`]?([a-z][\w]*(?: (?:country|status|type|region|level|priority|category|source|plan|stage|method|tier|language|code))?)['"’”`]?/gi,
    ),
    ...text.matchAll(/\b(?:the |their |its |an? )['"‘“`]?([a-z][\w]*)['"’”`]? (?:field|column|property|value)\b/gi),
    // "look at the customer's orders_count:", "which returns days_remaining": a field named as code.
    ...text.matchAll(
      /\b(?:look(?:s|ing)? at|check(?:s|ing)?|inspect|read|returns?|based on)\s+(?:(?:the|their|its|our|an?)\s+)?(?:[a-z]+['’]s\s+)?[`'"‘“]?([a-z]+(?:_[a-z0-9]+)+)\b/gi,
    ),
  ]
    .map((m) => m[1]!.toLowerCase().replace(/ /g, '_'))
    .filter(
      (w) =>
        !/^(?:ai|gpt|llm|email|e|mail|me|us|hand|default|name|itself|them|it|the|a|an|each|day|week|hour|minute|phone|sms|text|slack)$/.test(
          w,
        ),
    );
  return said.at(-1) ?? null;
}
