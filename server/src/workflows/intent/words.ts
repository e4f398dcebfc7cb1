// Small readers shared by the request parser: numbers, conditions, verbs and the text hints of an app step.
import type { AppHints, Condition } from '../spec.ts';
import type { Token } from './text.ts';
import { fieldOfValue, opposite, OPPOSITES } from './lexicon.ts';
import { numberWord } from './spoken.ts';
import { timeWindow } from './timeWindow.ts';

const SMALL: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, seven: 7, thirty: 30 };

/** "48 hours" ago as an n8n expression (Luxon's `$now`); the amount a number or a word ("a", "seven"). */
export function ago(amount: number | string, unit: string): string {
  const n = typeof amount === 'number' ? amount : (SMALL[amount] ?? Number(amount));
  return `={{ $now.minus({ ${spanUnit(unit) ?? unit.replace(/s?$/, 's')}: ${n} }).toISO() }}`;
}

/** How long ago a date is tested to be: at least `n` units (at most `hi`, when a range), or less when `less`. */
export interface SpanTest {
  n: number;
  hi?: number;
  unit: string;
  less: boolean;
  strict: boolean;
}

/**
 * A span as a date test on `field`: longer ago than "over 10 days" is a date before now minus 10 days; "under 3 days"
 * a date after it; "5 to 10 days" both.
 */
export function spanTest(field: string, s: SpanTest): Condition {
  const at = (operator: Condition['operator'], n: number): Condition => ({ field, operator, value: ago(n, s.unit) });
  if (s.hi !== undefined) return { ...at('lte', s.n), more: [at('gte', s.hi)], join: 'and' };
  return s.less ? at(s.strict ? 'gt' : 'gte', s.n) : at(s.strict ? 'lt' : 'lte', s.n);
}

function numberOf(raw: string): number | null {
  // "-15" (a temperature below zero) keeps its sign.
  const m = /^(-)?\s?[$€£¥₹]?\s*([\d,]*\.?\d+)\s*(k|m|thousand|million)?$/i.exec(raw.trim());
  if (!m?.[2]) return null;
  const base = (m[1] ? -1 : 1) * Number(m[2].replace(/,/g, ''));
  const unit = m[3]?.toLowerCase();
  return unit === 'k' || unit === 'thousand' ? base * 1000 : unit === 'm' || unit === 'million' ? base * 1e6 : base;
}

const FIELD = '\\b(?:the |its |their |his |her |a |an )?([a-z][a-z _-]{0,40}?)';
// A number, then its unit if any ("3kW", "5 %", "10 GB"): the unit is not part of the value.
const NUMBER =
  '((?:-\\s?(?=\\d))?[$€£¥₹]?\\s*[\\d,]*\\.?\\d+(?:\\s*(?:k|m|thousand|million)\\b)?)(?:\\s*(?:%|°[cf]?|€|£|(?:kwh|kw|w|mw|gb|mb|kb|tb|ms|secs?|mins?|hrs?|usd|eur|euros?|gbp|chf|inr|aud|cad|kg|lbs?|km|mi|stars?|points?|pts)\\b))?';
/** "drops below", "goes above", "rises over": a value moving past a bound is compared with it. */
const MOVES = '(?:is |are |was |drops? |dropped |falls? |fell |goes |went |gets |rises? |rose |climbs? |jumps? )?';
// "amount bigger 10000": a comparative right before a number needs no "than".
const ABOVE =
  '(?:over|above|greater than|more than|higher than|longer than|bigger than|larger than|exceeds|exceeding|>|(?:bigger|greater|larger|higher)(?=\\s*[$€£¥₹]?\\s*\\d))';
const BELOW =
  '(?:under|below|less than|fewer than|lower than|shorter than|smaller than|worse than(?=\\s*-\\s?\\d)|<|(?:smaller|lower)(?=\\s*[$€£¥₹]?\\s*\\d))';
/** Words between "is" and its value that do not change it ("is still unpaid", "is fully paid"). */
/** "is the Pro bundle", "is in the EU", "isn't in our mapping": the article or place word before a value. */
const PLACE = '(?:in\\s+(?=(?:the|our|a|an|my)\\s))?(?:(?:the|a|an|our|my)\\s+)?';
/** A value of two words where they end the test ("the Pro bundle,"), else of one. */
const VALUE =
  '((?!(?:true|false|yes|no|null|empty|not)\\b|\\d)[\\w-]{1,30}\\s+(?!(?:then|and|or|so|also|please|we|i|it|they|you|do|send|post|create|add|email|notify|text|call|mark|move|skip|ignore)\\b)[\\w-]{1,30}(?=\\s*(?:[,.;:!?)]|$|\\s+(?:then|and|or|also|we|i|please|do|send|post|create|add|email)\\b))|[\\w-]{1,30})';
// "is now paid" (but "the date is now and …": now is the value).
const ADVERB =
  '(?:(?:still|fully|already|actually|really|currently|later|eventually|subsequently|now(?!\\s+(?:and|or|then|but)\\b)|also|completely|marked(?: as)?)\\s+){0,2}';
const COMPARISONS: Array<[RegExp, Condition['operator']]> = [
  // "stock hits 0", "qty reaches zero", "inventory drops to 5": a count running down to a bound, which includes it.
  [
    new RegExp(
      `${FIELD}\\s+(?:hits?|reach(?:es|ed)?|(?:drops?|dropped|falls?|fell|goes|gets|is|runs?)\\s+(?:down\\s+)?to)\\s+(0|zero)\\b(?!\\s*%)`,
    ),
    'lte',
  ],
  [
    new RegExp(`${FIELD}\\s+(?:(?:drops?|dropped|falls?|fell)\\s+to|(?:goes|gets|is)\\s+down\\s+to)\\s+${NUMBER}`),
    'lte',
  ],
  [new RegExp(`${FIELD}\\s+(?:hits?|reach(?:es|ed)?|(?:rises?|rose|climbs?|goes up|gets)\\s+to)\\s+${NUMBER}`), 'gte'],
  [new RegExp(`${FIELD}\\s+${MOVES}${ABOVE}\\s*${NUMBER}`), 'gt'],
  [new RegExp(`${FIELD}\\s+${MOVES}${BELOW}\\s*${NUMBER}`), 'lt'],
  // "scoring 8 or higher", "a rating of 4 and above", "7+": the bound is included.
  [
    new RegExp(
      `${FIELD}\\s+(?:is |are |of |at )?${NUMBER}\\s*(?:or|and|&)\\s+(?:higher|more|above|over|greater|better|up)\\b`,
    ),
    'gte',
  ],
  [
    new RegExp(
      `${FIELD}\\s+(?:is |are |of |at )?${NUMBER}\\s*(?:or|and|&)\\s+(?:lower|less|below|under|fewer|worse|down)\\b`,
    ),
    'lte',
  ],
  [new RegExp(`${FIELD}\\s+(?:of |at )?(\\d+(?:\\.\\d+)?)\\s*\\+`), 'gte'],
  [new RegExp(`${FIELD}\\s+(?:is |are )?(?:at least|>=)\\s*${NUMBER}`), 'gte'],
  [new RegExp(`${FIELD}\\s+(?:is |are )?(?:at most|<=)\\s*${NUMBER}`), 'lte'],
];

/** The item field a condition reads: the noun it names, without articles and adjectives ("an incoming email" → text). */
/** Words that end the items of "there are no open orders" ("… the bot replies"). */
const THERE_STOP =
  /^(?:the|a|an|we|i|it|they|then|and|in|on|for|from|left|yet|to|send|post|reply|notify|at|with|so|of)$/;

const SUBJECTS =
  /^(?:anyone|anybody|everyone|everybody|those|people|users|customers|leads|candidates|applicants|items|orders|rows|records|tickets|deals|contacts|products|invoices|payments|ones|who|that|with|whose|any|all)$/;
const MEASURES: Record<string, string> = {
  scoring: 'score',
  scored: 'score',
  rated: 'rating',
  costing: 'price',
  priced: 'price',
  valued: 'value',
  worth: 'value',
  aged: 'age',
};

/** The past form a flag is named by ("reply" → "replied", "open" → "opened", "pay" → "paid"). */
const pastOf = (verb: string): string =>
  ({
    pay: 'paid',
    buy: 'bought',
    read: 'read',
    see: 'seen',
    sign: 'signed',
    do: 'done',
    paid: 'paid',
    sent: 'sent',
    bought: 'bought',
    seen: 'seen',
    done: 'done',
    made: 'made',
    got: 'got',
    left: 'left',
    met: 'met',
    won: 'won',
    lost: 'lost',
    sold: 'sold',
  })[verb] ??
  (/ed$/.test(verb) ? verb : undefined) ??
  (/[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : /e$/.test(verb) ? `${verb}d` : `${verb}ed`);

const fieldName = (raw: string) => {
  // ("if they picked 'Urgent'": the field is the word, whatever its case.)
  const words = raw
    .trim()
    .toLowerCase()
    .replace(/\s+(?:with|of|in|on|for|at|by|has|have|had)$/, '')
    // "pays with Stripe and the amount …": the field is the last thing named before the test.
    .replace(/^.*\b(?:and|where|whose|when|if)\s+(?=\S)/, '')
    // "any product with stock below 5": the field is what the items have.
    // "the order has a total over 2000": what the item has.
    .replace(/^.*\b(?:with|having|that have|which have|has|have)\s+(?=\S)/, '')
    // "the deal is worth more than 500": the measure is the field.
    .replace(/^.*\b(?:is|are|was|were)\s+(?=worth$)/, '')
    // "an NPS response from our Typeform survey": the field is named before where the items come from.
    .replace(/^(\S+(?:\s+\S+)*?)\s+(?:from|in|on|via)\s+.*$/, '$1')
    .split(/\s+/)
    .filter(
      (w) => !/^(?:a|an|the|its|their|his|her|my|our|your|this|that|incoming|new|each|every|any|current|s)$/.test(w),
    );
  // "anyone scoring above 7", "items costing over 50": the measure the items are compared by.
  while (words.length > 1 && SUBJECTS.test(words[0]!)) words.shift();
  const measure = MEASURES[words.at(-1) ?? ''];
  if (measure) words.splice(-1, 1, measure);
  const last = words.at(-1) ?? '';
  if (!last || /^(?:it|they|item|items|one|ones)$/.test(last)) return 'value';
  if (/^(?:e-?mails?|messages?|mails?|posts?|tweets?|comments?|reviews?|tickets?|requests?)$/.test(last)) return 'text';
  return words.join('_').replace(/[^a-z0-9_]/g, '') || 'value';
};

/** Records a test names by their kind ("the ticket is resolved"), not by a field of theirs. */
const RECORD =
  /^(?:tickets?|requests?|invoices?|tasks?|orders?|deals?|issues?|cards?|projects?|payments?|jobs?|applications?|bookings?|appointments?|subscriptions?|builds?|deploy(?:ment)?s?|shipments?|packages?|parcels?|claims?|cases?|contracts?|quotes?|estimates?|bills?|expenses?|refunds?)$/;

/** "the ticket is not resolved": a record's state is its status, not the record itself. */
function subjectField(raw: string, value: string): string {
  const state = RECORD.test(raw.trim().split(/\s+/).at(-1) ?? '') ? fieldOfValue(value) : null;
  const field = state ?? fieldName(raw);
  // "the review is negative", "the email is urgent": a message is judged by what it says, not equal to the word.
  return field === 'text' ? (fieldOfValue(value) ?? field) : field;
}

/** "the budget is over 10k" → budget > 10000, with where the condition's words end; null when none is said. */
/** "is today", "is tomorrow": the day as n8n's date expression, compared with the item's date (YYYY-MM-DD). */
const DAYS: Record<string, string> = {
  today: '={{ $today.toISODate() }}',
  tomorrow: '={{ $today.plus({ days: 1 }).toISODate() }}',
  yesterday: '={{ $today.minus({ days: 1 }).toISODate() }}',
};

/** "gets the 'bug' label", "with the customer label", "that carry the vip tag": the label's value, then its kind. */
export const LABEL_FIRST =
  /\b(?:has|have|having|with|carries|carry|carrying|bearing|gets|get|got|is given)\s+(?:the\s+|a\s+|an\s+)["'‘“]?([\w-]+)["'’”]?\s+(label|tag)\b/;

/** Words before "tagged"/"the … label" that order the label put on, not test it: "… should get tagged 'intl'". */
export function ordersLabel(before: string): boolean {
  return /\b(?:should|will|must|to|then|please|can|could|also|and)\s+(?:get\s+|be\s+)?$/i.test(before);
}

/** "`invited` is empty", "'restartCount' > 5": a field named in code quotes is the field (same length, so ends hold). */
const QUOTED_FIELD =
  /(?:\b(?:column|field|property|key|attribute)\s+)?[`'‘"“]([A-Za-z_$][\w.$-]{0,60})[`'’"”](?=\s*(?:[<>=!]|is\b|are\b|isn't\b|equals?\b|contains?\b|has\b|was\b|starts?\b|ends?\b|matches\b|exceeds?\b|over\b|under\b|above\b|below\b|not\b|includes?\b))/g;

const STILL =
  /\b(?:(?<=\b(?:is|are|was|were|isn't|aren't)\s{1,3})still|still(?=\s{1,3}(?:not|un[a-z]{2,20}|isn't|aren't|has|hasn't|haven't|open|pending|missing|empty|blank)\b))\s{1,3}/gi;

/** What a valid value of a kind looks like: the pattern n8n's regex test checks. */
const SHAPES: Record<string, { field: string; pattern: string }> = {
  email: { field: 'email', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
  phone: { field: 'phone', pattern: '^\\+?[0-9 ()./-]{7,20}$' },
  url: { field: 'url', pattern: '^https?://[^\\s/$.?#][^\\s]*$' },
};

/**
 * "the email is valid", "if the phone number isn't valid", "has an invalid email address": the value's shape tested
 * (an e-mail address, a phone number, a URL), not a "valid" field the item does not have.
 */
function validShape(said: string): (Condition & { end: number }) | null {
  const m =
    /\b(e-?mail(?:\s+address)?|phone(?:\s+number)?|url|website|link)s?\s+(?:is|are|looks|seems)\s+(not\s+|n't\s+)?(?:a\s+)?(valid|invalid|correct|incorrect|well-formed|malformed)\b|\b(?:has|have|with)\s+(?:an?\s+)?(valid|invalid|correct|incorrect)\s+(e-?mail(?:\s+address)?|phone(?:\s+number)?|url|website|link)\b/i.exec(
      said.replace(/\bisn['’]t\b/gi, 'is not').replace(/\baren['’]t\b/gi, 'are not'),
    );
  if (!m) return null;
  const kind = (m[1] ?? m[5])!.toLowerCase();
  const word = (m[3] ?? m[4])!.toLowerCase();
  const bad = /^(?:invalid|incorrect|malformed)$/.test(word) !== Boolean(m[2]);
  const shape = SHAPES[/mail/.test(kind) ? 'email' : /phone/.test(kind) ? 'phone' : 'url']!;
  return {
    field: shape.field,
    operator: bad ? 'notMatches' : 'matches',
    value: shape.pattern,
    end: m.index + m[0].length,
  };
}

export function conditionOf(said: string): (Condition & { end: number }) | null {
  const shaped = validShape(said);
  if (shaped) return shaped;
  // "with a product from the 'Wholesale' category", "in the 'VIP' segment": the group the item is in, by its name.
  const group =
    /\b(?:from|in)\s+(?:the\s+|our\s+)?["'‘“]([^"'’”\n]{1,30})["'’”]\s+(category|collection|department|segment|plan|tier|brand|type)\b/i.exec(
      said,
    );
  if (group)
    return { field: group[2]!.toLowerCase(), operator: 'equals', value: group[1]!, end: group.index + group[0].length };
  // "if they've submitted it", "if it's 'doorbell'": the contraction said out ("they have", "it is"); ends found after
  // it are put back where the words were said.
  const grown: Array<{ at: number; by: number }> = [];
  let shift = 0;
  const text0 = said.replace(
    /\b(?:(they|we|you|i)'ve|(it|that)['’]s(?=\s+["'‘“]))\b/gi,
    (whole: string, who: string | undefined, it: string | undefined, at: number) => {
      const out = who ? `${who} have` : `${it} is`;
      grown.push({ at: at + shift + (who ?? it)!.length, by: out.length - whole.length });
      shift += out.length - whole.length;
      return out;
    },
  );
  // "if it is still not paid", "still unpaid": "still" says nothing of the test.
  for (const m of text0.matchAll(STILL)) {
    const at = m.index - grown.filter((g) => g.at <= m.index).reduce((n, g) => n + g.by, 0);
    grown.push({ at: at + shift, by: -m[0].length });
    shift -= m[0].length;
  }
  const found = conditionIn(text0.replace(STILL, ''));
  if (!found || !grown.length) return found;
  return { ...found, end: found.end - grown.filter((g) => g.at < found.end).reduce((n, g) => n + g.by, 0) };
}

function conditionIn(text: string): (Condition & { end: number }) | null {
  text = text.replace(QUOTED_FIELD, (whole: string, name: string) => ` ${name} `.padEnd(whole.length));
  // "if the email looks valid", "seems to be spam": the state it is in (same length, so ends hold).
  // (A judgement, "seems toxic", "sounds rude", is an AI step's flag, read below.)
  text = text.replace(
    /\b(?:looks|seems|appears)(?:\s+to\s+be)?(?=\s+(?:valid|invalid|correct|incorrect|complete|incomplete|empty|wrong|ok|okay|fine|real|duplicated?|missing|blank)\b)/g,
    (said: string) => 'is'.padEnd(said.length),
  );
  const first = oneCondition(text);
  if (!first) return null;
  // "the ones with more than 100 upvotes", "accounts with over 1000 followers": the count the items have.
  const counted =
    /\b(?:with|having|has|have|had|got|gets|get)\s+(?:more than|less than|fewer than|over|under|above|below|at least|at most|>=?|<=?)\s*[\d,.]+\s+([a-z][a-z_]+s)\b/.exec(
      text,
    );
  if (
    counted &&
    /^(?:gt|gte|lt|lte)$/.test(first.operator) &&
    typeof first.value === 'number' &&
    !/^(?:days|hours|minutes|mins|hrs|weeks|months|years|seconds|secs|dollars|euros|pounds|percent|times|bucks|cents)$/.test(
      counted[1]!,
    ) &&
    counted.index < first.end
  )
    first.field = counted[1]!;
  // "if they have more than 5 years of experience": the measure with what it measures.
  const measured = counted && /^\s+of\s+([a-z][a-z_]{2,30})\b/.exec(text.slice(counted.index + counted[0].length));
  if (
    measured &&
    first.field === 'value' &&
    /^(?:days|hours|weeks|months|years)$/.test(counted[1]!) &&
    !/^(?:the|a|an|their|its|his|her|our|my)$/.test(measured[1]!)
  )
    first.field = `${counted[1]}_of_${measured[1]}`;
  // The counted noun belongs to the test ("… more than 5 years | mark them as Senior").
  if (counted && counted.index < first.end && /^(?:gt|gte|lt|lte)$/.test(first.operator))
    first.end = Math.max(first.end, counted.index + counted[0].length + (measured?.[0].length ?? 0));
  return joined(text, first);
}

/** Words that start an action, not a second test ("… and send it to Slack"). */
const ACTION_START =
  /^(?:then\s+)?(?:send|sends|post|create|add|notify|email|e-mail|text|call|mark|move|skip|ignore|alert|ping|tell|update|log|save|put|assign|escalate|forward|reply|open|close|archive|delete|remove|flag|tag|label|route|page|message|dm|wait|schedule|start|stop|run|trigger|generate|draft|write|summari[sz]e|translate|classify|use|let|make|set|i|we|you|please|also|do|just|only|otherwise|else)\b/i;
/** A second test's own words: a comparison, a state or a value of a field. */
const TEST_CUE =
  /[<>=]|\b(?:is|are|isn't|aren't|was|were|has|have|hasn't|haven't|equals?|contains?|over|under|above|below|more than|less than|greater than|fewer than|starts? with|ends? with|exceeds?|older than|newer than|at least|at most|in)\b/i;

/**
 * "the amount is over 500 and the customer is new", "status is failed or retries > 3": a test followed by more tests
 * of the same item, joined by "and" or "or". A joiner the first reading took into its field is read again as a joiner;
 * what follows counts as a test only when it reads as one whole, up to its end, with no action in it.
 */
function joined(text: string, first: Condition & { end: number }): Condition & { end: number } {
  let head = first;
  // Only a first reading whose field or value holds the joiner ("status_is_failed_or_retries") is read again: "7 or
  // higher" is one test.
  const swallowed = /(?:^|_)(?:and|or)(?:_|$)/.test(first.field) || /\b(?:and|or)\b/.test(String(first.value));
  if (!swallowed) return nextTests(text, first);
  const lead = /^.*?\b(?:if|when|whenever|unless|whether|where|in case|once)\b\s*/.exec(text)?.[0].length ?? 0;
  for (const m of text.slice(lead, first.end).matchAll(/\s+(and|or)\s+/g)) {
    const at = lead + m.index;
    if (/['"‘“][^'"’”]*$/.test(text.slice(lead, at))) continue;
    const left = oneCondition(text.slice(0, at));
    if (left && left.end >= at - 1) {
      const tail = nextTests(text, { ...left, end: at });
      if (tail.more?.length) head = tail;
      break;
    }
  }
  return head === first ? nextTests(text, first) : head;
}

function nextTests(text: string, first: Condition & { end: number }): Condition & { end: number } {
  const more: Condition[] = [];
  let join: 'and' | 'or' | undefined;
  let end = first.end;
  for (;;) {
    const m = /^\s*,?\s*(and|or|but)\s+(?:(?:if|when|whether)\s+)?(?:also\s+)?/i.exec(text.slice(end));
    // "has 0 inventory but is still active": "but" joins like "and".
    const joiner: 'and' | 'or' = m?.[1]!.toLowerCase() === 'or' ? 'or' : 'and';
    if (!m || (join && joiner !== join)) break;
    const from = end + m[0].length;
    // "… but is still active": the same item is the subject.
    const rest = text.slice(from).replace(/^(?=(?:is|are|has|have|was|were)\b)/i, 'it ');
    const shift = text.slice(from).length - rest.length;
    if (ACTION_START.test(rest)) break;
    // "the order is pending or processing": another value the same field may hold.
    const value = /^['"‘“]?([\w-]{1,30})['"’”]?(?=\s*(?:[,.;:!?]|$|->|→|\s+then\b))/i.exec(rest);
    if (value && !join && !more.length && joiner === 'or' && /^(?:equals|oneOf)$/.test(first.operator)) {
      const { end: _end, ...base } = first;
      const values = `${String(first.value)}, ${value[1]!}`;
      return { ...base, operator: 'oneOf', value: values, end: from + value[0].length };
    }
    const next = oneCondition(`if ${rest}`);
    const said = next ? rest.slice(0, next.end - 3) : '';
    if (!next || !said.trim() || /[,;:.!?→]|->|\bthen\b/.test(said) || said.length > 80 || !TEST_CUE.test(said)) break;
    const { end: nextEnd, ...test } = next;
    more.push(test);
    join = joiner;
    end = from + nextEnd - 3 + shift;
  }
  const { end: _end, ...base } = first;
  return more.length ? { ...base, more, join, end } : { ...base, end: first.end };
}

function oneCondition(text: string): (Condition & { end: number }) | null {
  const found = readCondition(text);
  if (!found) return null;
  const c = found.condition;
  const day = typeof c.value === 'string' && /^(?:equals|notEquals)$/.test(c.operator) ? DAYS[c.value] : undefined;
  // "whose close date is already in the past", "the due date is in the future": a date compared with now.
  if (c.operator === 'equals' && /^(?:past|future)$/.test(String(c.value)) && /date|_at$|deadline|due/.test(c.field))
    return { ...c, operator: c.value === 'past' ? 'lt' : 'gt', value: '={{ $now.toISO() }}', end: found.end };
  return { ...c, ...(day ? { value: day } : {}), end: found.end };
}

function readCondition(whole: string): { condition: Condition; end: number } | null {
  // The condition starts after its keyword ("… and if the amount is over 1000"): offsets stay in the whole text.
  const lead = /^.*?\b(?:if|when|whenever|unless|whether|where|in case|once)\b\s*/.exec(whole);
  const offset = lead ? lead[0].length : 0;
  // "if column 'consent' is yes", "the 'paid' field is true": the quoted name is the field (same length, so the end
  // found stays an offset in the whole text).
  const text = whole
    .slice(offset)
    .replace(
      /\b(?:column|field|property)\s+['"‘“`]([\w-]{1,30})['"’”`]|['"‘“`]([\w-]{1,30})['"’”`]\s+(?:column|field|property)\b/g,
      (m, a?: string, b?: string) => (a ?? b ?? '').padStart(m.length, ' '),
    );
  const found = clock(text) ?? recent(text) ?? span(text) ?? readBody(text) ?? outcome(`if ${text}`);
  if (!found) return null;
  return { condition: found.condition, end: offset + found.end };
}

/**
 * "only Monday to Thursday between 9am and 4pm", "if it's a weekday", "during 9-5 on weekdays": when the steps may
 * run, said where the test starts.
 */
function clock(text: string): { condition: Condition; end: number } | null {
  const window = timeWindow(text);
  if (
    !window ||
    !/^(?:\s*\b(?:but|and|only|just|if|when|it'?s|it\s+is|we'?re|we\s+are|the\s+time\s+is|now\s+is|today\s+is|during|on|a|an)\b)*\s*$/i.test(
      text.slice(0, window.start),
    )
  )
    return null;
  return { condition: window.condition, end: window.end };
}

/** "published in the last 7 days", "created within the past 24 hours": a date after now minus that long. */
function recent(text: string): { condition: Condition; end: number } | null {
  const m =
    /\b(?:(published|posted|created|added|updated|modified|sent|received|made|opened|closed|liked|saved|submitted)\s+)?(?:in|within|from|during|over)\s+the\s+(?:last|past|previous)\s+(\d+|a|an|one|two|three|seven|thirty)?\s*(minutes?|hours?|days?|weeks?|months?)\b/.exec(
      text,
    );
  // "posts from the last 7 days", "articles in the past 24 hours": the items said right before.
  const items = m && !m[1] ? /\b([a-z]+s)\s+$/.exec(text.slice(0, m.index))?.[1] : undefined;
  const dated =
    items &&
    !/^(?:is|was|has|does|this|its|his|status|address|less|unless|always|ours|yours|days|hours|weeks|months|minutes)$/.test(
      items,
    );
  if (
    !m?.[1] &&
    !dated &&
    !/^\s*(?:it|they|he|she|the\s+\w+)\s+(?:was|were|is|are)\b/.test(text.slice(0, m?.index ?? 0))
  )
    return null;
  const verb = m![1]?.toLowerCase() ?? '';
  const field =
    /^(?:published|posted)$/.test(verb) ||
    /^(?:posts|articles|stories|episodes|videos|items|entries)$/.test(items ?? '')
      ? 'pubDate'
      : /^(?:updated|modified)$/.test(verb)
        ? 'updated_at'
        : 'created_at';
  return {
    condition: { field, operator: 'gt', value: ago(m![2] ?? '1', m![3]!) },
    end: m!.index + m![0].length,
  };
}

const SPAN_N =
  '(\\d{1,4}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|sixty|ninety)';
const SPAN_UNIT = '((?:business |working )?days?|minutes?|mins?|hours?|hrs?|weeks?|months?)';
/** What a date is said as ("ago", "old", "overdue"). */
const SPAN_TAIL = '(ago|old|overdue|late|past due)';
const MORE = 'more than|over|longer than|at least|less than|under|fewer than|within|no more than|up to';
/** "more than 4 hours ago", "for more than 5 days", "less than 3 days overdue". */
const SPAN_SAID = new RegExp(`\\b(for\\s+|in\\s+)?(${MORE})\\s+${SPAN_N}\\s+${SPAN_UNIT}(?:\\s+${SPAN_TAIL})?\\b`);
/** "3 or more days overdue", "30 days overdue", "2+ hours old". */
const SPAN_BEFORE = new RegExp(
  `\\b${SPAN_N}\\s*(or more|or longer|or less|or fewer|\\+)?\\s+${SPAN_UNIT}\\s+${SPAN_TAIL}\\b`,
);
/** "the Last Modified time is within the last hour", "the created date is in the past 7 days". */
const SPAN_RECENT = new RegExp(
  `\\b(?:the |its |their )?([a-z][a-z _-]{0,40}?)\\s+(?:is|was|are|were)\\s+(?:within|in)\\s+the\\s+(?:last|past)\\s+(?:${SPAN_N}\\s+)?${SPAN_UNIT}\\b`,
);
/** "the start date is within the next 7 days", "the event date is in the next 2 weeks". */
const SPAN_AHEAD = new RegExp(
  `\\b(?:the |its |their )?([a-z][a-z _-]{0,40}?)\\s+(?:is|was|are|were|falls)\\s+(?:within|in)\\s+the\\s+(?:next|coming)\\s+(?:${SPAN_N}\\s+)?${SPAN_UNIT}\\b`,
);
/** A date said to lie in a window before or after now: its field, the window's length and unit, where it ends. */
function spanWindow(re: RegExp, text: string): { field: string; n: number; unit: string; end: number } | null {
  const m = re.exec(text);
  const n = m && (!m[2] || /^an?$/.test(m[2]) ? 1 : numberWord(m[2]));
  if (!m || n === null || /^(?:it|they|this|that|he|she)$/.test(m[1]!.trim())) return null;
  return { field: fieldName(m[1]!), n, unit: spanUnit(m[3]!) ?? 'days', end: m.index + m[0].length };
}

/** "hasn't been updated in 3 days", "haven't moved for 3 hours", "has not replied in the last 2 weeks". */
const SPAN_IDLE = new RegExp(
  `\\b(?:hasn't|haven't|has not|have not|hasnt|havent)\\s+(?:been\\s+)?([a-z]{3,20}ed)\\s+(?:in|for|within)\\s+(?:the\\s+(?:last|past)\\s+)?(?:(?:more than|over)\\s+)?${SPAN_N}\\s+${SPAN_UNIT}\\b`,
);
/** "overdue by 3 or more days", "late by more than 2 hours". */
const SPAN_AFTER = new RegExp(
  `\\b(overdue|late|past due)\\s+by\\s+(?:(${MORE})\\s+)?${SPAN_N}\\s+(or more\\s+|or longer\\s+)?${SPAN_UNIT}\\b`,
);

/** Luxon's name for a unit of time said after a number ("days", "hrs", "h", "business days"), or null. */
export function spanUnit(word: string): string | null {
  const w = word.toLowerCase().replace(/^(?:business|working)\s+(?=days?$)/, '');
  if (/^(?:minutes?|mins?)$/.test(w)) return 'minutes';
  if (/^(?:hours?|hrs?|h)$/.test(w)) return 'hours';
  if (/^(?:days?|d)$/.test(w)) return 'days';
  if (/^weeks?$/.test(w)) return 'weeks';
  if (/^months?$/.test(w)) return 'months';
  return null;
}

const HOURS: Record<string, number> = { minutes: 1 / 60, hours: 1, days: 24, weeks: 168, months: 720 };
/**
 * How long ago a route's date must be at least, in hours ("over 10 days" → 240); a date said to be more recent than a
 * span starts at none. Null when the route tests no date.
 */
export function spanHours(c: Condition): number | null {
  const m = /^=\{\{ \$now\.minus\(\{ (\w+): (\d+(?:\.\d+)?) \}\)/.exec(String(c.value));
  if (!m) return null;
  return c.operator === 'lt' || c.operator === 'lte' ? Number(m[2]) * (HOURS[m[1]!] ?? 1) : -Infinity;
}

/** The date a span is counted from, by the words around it: a due date when late, the creation when old. */
export function spanField(words: string): string {
  return /\b(?:overdue|late|past due)\b/.test(words)
    ? 'due_date'
    : /\b(?:old|older|age|aged)\b/.test(words)
      ? 'created_at'
      : 'updated_at';
}

/**
 * "'Escalated at' is more than 4 hours ago", "sitting in the list for more than 5 days", "less than 3 days overdue",
 * "overdue by 3 or more days": how long ago a date was, not a number. More than that long is a date before now minus
 * it; less than that long, a date after it. The date is the one its words name: a due date when it is overdue or late,
 * the field named before "is … ago", the creation when it is old, the last change when the items have been somewhere
 * "for" that long. A span said with none of these ("if it takes more than 5 days") is no date.
 */
function span(text: string): { condition: Condition; end: number } | null {
  // "if a ticket hasn't been updated in 3 days", "any truck that hasn't moved in 3 hours": the last time it did is
  // longer ago than that (`updated_at`, else `last_moved_at`).
  const idle = SPAN_IDLE.exec(text);
  const idleN = idle && (/^an?$/.test(idle[2]!) ? 1 : numberWord(idle[2]!));
  if (idle && idleN !== null) {
    const verb = idle[1]!;
    const field = /^(?:updated|modified|changed|touched|edited)$/.test(verb) ? 'updated_at' : `last_${verb}_at`;
    return {
      condition: spanTest(field, { n: idleN, unit: spanUnit(idle[3]!) ?? 'days', less: false, strict: true }),
      end: idle.index + idle[0].length,
    };
  }
  // "rows whose Last Modified time is within the last hour": that date is more recent than the span.
  const recent = spanWindow(SPAN_RECENT, text);
  if (recent)
    return {
      condition: spanTest(recent.field, { n: recent.n, unit: recent.unit, less: true, strict: false }),
      end: recent.end,
    };
  type Found = { index: number; end: number; less: boolean; strict: boolean; n: string; unit: string; tail: string };
  const found: Found[] = [];
  const said = SPAN_SAID.exec(text);
  // ("the truck is stopped more than 2 hours": how long it has been in that state, said without "for".)
  const inState =
    said &&
    /\b(?:is|are|was|were|been|stays?|stayed|remains?|remained)\s+(?:still\s+)?[a-z]{3,}\s+$/.test(
      text.slice(0, said.index),
    );
  if (said && (said[5] || said[1] || inState))
    found.push({
      index: said.index + (said[1]?.length ?? 0),
      end: said.index + said[0].length,
      less: /^(?:less|under|fewer|within|no more|up to)/.test(said[2]!),
      strict: !/^(?:at least|within|no more than|up to)$/.test(said[2]!),
      n: said[3]!,
      unit: said[4]!,
      tail: said[5] ?? '',
    });
  const before = SPAN_BEFORE.exec(text);
  if (before)
    found.push({
      index: before.index,
      end: before.index + before[0].length,
      less: /^or (?:less|fewer)$/.test(before[2] ?? ''),
      strict: false,
      n: before[1]!,
      unit: before[3]!,
      tail: before[4]!,
    });
  const after = SPAN_AFTER.exec(text);
  if (after)
    found.push({
      index: after.index,
      end: after.index + after[0].length,
      less: /^(?:less|under|fewer|within|no more|up to)/.test(after[2] ?? ''),
      strict: Boolean(after[2]) && !/^(?:at least|within|no more than|up to)$/.test(after[2]!),
      n: after[3]!,
      unit: after[5]!,
      tail: after[1]!,
    });
  const m = found.sort((a, b) => a.index - b.index)[0];
  if (!m) return null;
  // "came in more than an hour after the scheduled finish time": a span from another date of the item, not from now.
  if (
    !m.tail &&
    /^\s+(?:after|before|later than|earlier than|past)\s+(?:the|its|their|his|her)\b/.test(text.slice(m.end))
  )
    return null;
  const n = /^an?$/.test(m.n) ? 1 : numberWord(m.n);
  if (n === null) return null;
  const unit = spanUnit(m.unit) ?? 'days';
  const lead = text.slice(0, m.index);
  // "'Escalated at' is more than 4 hours ago", "the last reply was over 2 days ago": the date named before.
  const named = m.tail === 'ago' ? /([a-z][a-z_ ]{0,30}?)['"’”]?\s+(?:is|was|are|were)\s+$/.exec(lead)?.[1] : undefined;
  const field = /^(?:overdue|late|past due)$/.test(m.tail)
    ? 'due_date'
    : m.tail === 'old'
      ? 'created_at'
      : named && !/^(?:it|they|that|this|he|she|which|who)$/.test(named.trim())
        ? fieldName(named)
        : /\b(?:updated|modified|changed|touched|moved)\b/.test(lead)
          ? 'updated_at'
          : m.tail === 'ago'
            ? 'created_at'
            : 'updated_at';
  return { condition: spanTest(field, { n, unit, less: m.less, strict: m.strict }), end: m.end };
}

/** "expires within 30 days", "is due in the next 7 days", "renews in under 2 weeks": a date before a time ahead. */
const DUE_WITHIN =
  /\b(?:(?:the\s+|its\s+|their\s+)?([a-z]+(?:\s+[a-z]+)?)\s+)?(expires?|expiring|renews?|renewing|(?:is|are)\s+due|due|ends?|ending|lapses?)\s+(?:with)?in\s+(?:the\s+next\s+|less than\s+|under\s+|fewer than\s+)?(\d+|a|one|two|three|four|six|seven|ten|fourteen|thirty|sixty|ninety)\s+(days?|weeks?|months?)\b/;

/** "now+21d", "now - 2h": a time from now, as n8n's expression. */
const FROM_NOW = /^now\s*([+-])\s*(\d+)\s*(d|days?|h|hrs?|hours?|m|mins?|minutes?|w|wks?|weeks?)$/;
const UNITS: Record<string, string> = { d: 'days', h: 'hours', m: 'minutes', w: 'weeks' };
const CODE_OPERATORS: Record<string, Condition['operator']> = {
  '=': 'equals',
  '==': 'equals',
  '!=': 'notEquals',
  '<': 'lt',
  '>': 'gt',
  '<=': 'lte',
  '>=': 'gte',
};

/**
 * "exit_code != 0", "NotAfter < now+21d", "env == 'prod'", "anything with lag > 300s": a comparison written as code,
 * at the test's start or after "with" / "where" / "whose".
 */
export function codeComparison(text: string): { condition: Condition; end: number } | null {
  const m =
    /(?:\b(?:with|where|whose|having)\s+|^)(?:the\s+)?([a-z_][\w.]*(?:\s+[a-z_][\w.]*)?)\s*(==|!=|<=|>=|=|<|>)\s*(['"‘“][^'"’”\n]{1,40}['"’”]|now\s*[+-]\s*\d+\s*[a-z]+\b|-?\d+(?:\.\d+)?(?:\s*(?:s|secs?|ms|%|gb|mb|kb|days?|d|h|hours?))?\b|[\w.@:/-]{1,40})/i.exec(
      text,
    );
  if (!m || /^(?:and|or|then|it|they)$/.test(m[3]!)) return null;
  const operator = CODE_OPERATORS[m[2]!]!;
  const raw = m[3]!.trim();
  const field = m[1]!.trim().replace(/\s+/g, '_');
  // "marketing_opt_in = true": a yes/no field.
  if (/^(?:true|false)$/i.test(raw) && /^(?:equals|notEquals)$/.test(operator)) {
    const yes = /^true$/i.test(raw) === (operator === 'equals');
    return { condition: { field, operator: yes ? 'isTrue' : 'isFalse', value: yes }, end: m.index + m[0].length };
  }
  const fromNow = FROM_NOW.exec(raw.toLowerCase());
  const number = /^-?\d+(?:\.\d+)?/.exec(raw);
  const value: string | number = DAYS[raw.toLowerCase()]
    ? DAYS[raw.toLowerCase()]!
    : fromNow
      ? `={{ $now.${fromNow[1] === '+' ? 'plus' : 'minus'}({ ${UNITS[fromNow[3]![0]!]}: ${fromNow[2]} }).toISO() }}`
      : number && number[0].length < raw.length && /^[\d.\s]*[a-z%]+$/i.test(raw)
        ? Number(number[0])
        : number && number[0] === raw && !/^(?:equals|notEquals)$/.test(operator)
          ? Number(raw)
          : number && number[0] === raw
            ? raw
            : raw.replace(/^['"‘“]|['"’”]$/g, '');
  return {
    condition: { field, operator, value },
    end: m.index + m[0].length,
  };
}

function readBody(text: string): { condition: Condition; end: number } | null {
  const written = codeComparison(text);
  if (written) return written;
  // "'needs-qa' in mr.labels", "'error' not in output": a value the field holds, said as Python.
  const held = /^(['"‘“])([^'"’”\n]{1,40})['"’”]\s+(not\s+)?in\s+([a-z_][\w.]*)/i.exec(text);
  if (held)
    return {
      condition: { field: held[4]!, operator: held[3] ? 'notContains' : 'contains', value: held[2]! },
      end: held.index + held[0].length,
    };
  // "if there's already a Linear issue with that Sentry ID …", "if there is already an Airtable record for it": whether
  // the item was made before (a lookup's test); what it is matched on follows.
  const already =
    /\bthere(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s+already\s+(?:an?\s+|one\s+|some\s+|any\s+)?(?:(?:open|existing|matching)\s+)?(?:[a-z0-9-]+\s+){0,2}?[a-z0-9-]+(?=\s+(?:with|for|in|on|matching|that|which|under|by|about)\b|\s*[,.;]|\s*$)/.exec(
      text,
    );
  if (already)
    return { condition: { field: 'id', operator: 'exists', value: '' }, end: already.index + already[0].length };
  // "employees whose start date is within the next 7 days": a date before that time ahead.
  const ahead = spanWindow(SPAN_AHEAD, text);
  if (ahead)
    return {
      condition: {
        field: ahead.field,
        operator: 'lte',
        value: `={{ $now.plus({ ${ahead.unit}: ${ahead.n} }).toISO() }}`,
      },
      end: ahead.end,
    };
  const due = DUE_WITHIN.exec(text);
  if (due) {
    const n = /^an?$/.test(due[3]!) ? 1 : (numberWord(due[3]!) ?? 1);
    const verb = due[2]!.replace(/^(?:is|are)\s+/, '');
    const field = /^renew/.test(verb)
      ? 'renewal_date'
      : /^due/.test(verb)
        ? 'due_date'
        : /^end/.test(verb)
          ? 'end_date'
          : 'expiry_date';
    return {
      condition: {
        field,
        operator: 'lte',
        value: `={{ $now.plus({ ${due[4]!.replace(/s?$/, 's')}: ${n} }).toISO() }}`,
      },
      end: due.index + due[0].length,
    };
  }
  // "when a transfer reaches 'outgoing_payment_sent'", "if it ends up 'funds_refunded' or 'bounced_back'": the
  // status the item comes to, said by its quoted value.
  const reached =
    /^(?:the\s+|a\s+|an\s+|it\s+|they\s+|its\s+)?(?:[a-z_]+\s+){0,2}?(?:reaches|reached|ends up(?: as| in)?|becomes|became|moves to|moved to|changes to|changed to|goes to|turns|is set to)\s+((?:['"‘“][^'"’”\n]{1,40}['"’”])(?:\s*(?:,|or|,\s*or)\s*['"‘“][^'"’”\n]{1,40}['"’”])*)/i.exec(
      text,
    );
  if (reached) {
    const values = [...reached[1]!.matchAll(/['"‘“]([^'"’”\n]{1,40})['"’”]/g)].map((m) => m[1]!);
    return {
      condition:
        values.length > 1
          ? { field: 'status', operator: 'oneOf', value: values.join(', ') }
          : { field: 'status', operator: 'equals', value: values[0]! },
      end: reached.index + reached[0].length,
    };
  }
  // "a high-priority incident is opened", "any critical-severity alert": the value said before the item.
  const before =
    /^\s*(?:(?:if|when|whenever|once|as soon as)\s+)?(?:a|an|the|any|new|every|each)\s+(?:new\s+)?(high|low|medium|normal|urgent|critical|top)(?:\s*-\s*|\s+)(priority|severity|urgency)\s+[a-z]+\b/i.exec(
      text,
    );
  if (before)
    return {
      condition: { field: before[2]!.toLowerCase(), operator: 'equals', value: before[1]!.toLowerCase() },
      end: before.index + before[0].length,
    };
  // "the ones with negative sentiment", "tickets with high priority": a value of the field named after it.
  const valued =
    /\bwith\s+(?:an?\s+)?(?!(?:no|any|the|some|more|less|its|their|our|a|an)\b)([a-z][\w-]*)\s+(sentiment|priority|severity|status|urgency|tone|plan|tier)\b/i.exec(
      text,
    );
  if (valued)
    return {
      condition: { field: valued[2]!.toLowerCase(), operator: 'equals', value: valued[1]!.toLowerCase() },
      end: valued.index + valued[0].length,
    };
  // "tasks in the 'Backlog' list", "deals in the 'Enterprise' pipeline": the named place the item is in.
  const inPlace =
    /^(?:any\s+|all\s+|the\s+)?(?:[a-z]+\s+){0,2}?(?:in|on|from|under)\s+(?:the\s+|our\s+)?['"‘“]([^'"’”\n]{1,40})['"’”]\s+(list|board|column|stage|folder|project|space|status|pipeline|group|category|queue|section|tab)\b/i.exec(
      text,
    );
  if (inPlace)
    return {
      condition: { field: inPlace[2]!.toLowerCase(), operator: 'equals', value: inPlace[1]! },
      end: inPlace.index + inPlace[0].length,
    };
  // "if the delays field isn't empty", "the phone number is blank", "email is missing": a value given or not.
  const empty =
    /^(?:the\s+|its\s+|their\s+|his\s+|her\s+)?((?:(?!(?:is|are|and|or|if|when)\b)[a-z_]+\s+){0,2}(?!(?:is|are|and|or)\b)[a-z_]+)(?:\s+(?:field|column|value|box|cell))?\s+(?:(is|are)\s+(not\s+)?|(isn't|aren't|is not|are not)\s+)(?:empty|blank|missing)\b/.exec(
      text,
    );
  if (empty && !/^(?:it|they|this|that|there)$/.test(empty[1]!))
    return {
      condition: {
        field: empty[1]!
          .trim()
          .replace(/\s+(?:field|column|value|box|cell)$/, '')
          .replace(/\s+/g, '_'),
        operator: empty[3] || empty[4] ? 'exists' : 'notExists',
        value: '',
      },
      end: empty.index + empty[0].length,
    };
  // "the shipping country is one of DE, FR, NL", "plan is any of pro, team or enterprise": a value in a list.
  const listed =
    /^(?:the\s+|its\s+|their\s+)?([a-z][a-z_ -]{0,30}?)\s+(?:is|are)\s+(not\s+)?(?:one of|any of|among|in|either)\s+(?:the\s+(?:list\s+)?)?\(?\s*(['"‘“]?[\w.-]+['"’”]?(?:(?:\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)(?!(?:it|its|they|then|the|this|that|we|i|you|send|post|create|add|notify|email)\b)['"‘“]?[\w.-]+['"’”]?)+)\s*\)?/i.exec(
      text,
    );
  if (listed)
    return {
      condition: {
        field: listed[1]!.trim().replace(/\s+/g, '_'),
        operator: listed[2] ? 'notOneOf' : 'oneOf',
        value: listed[3]!
          .split(/\s*(?:,|\bor\b|\band\b)\s*/)
          .map((v) => v.replace(/^['"‘“]|['"’”]$/g, '').trim())
          .filter(Boolean)
          .join(', '),
      },
      end: listed.index + listed[0].length,
    };
  // "if it has been disarmed", "if they have been approved": the state the item is in.
  // ("the invoice has been paid": a participle of its own.)
  const been =
    /^(?:it|they|this|that|the \w+)\s+(?:has|have|had)\s+(?:already\s+)?been\s+([a-z]+ed|paid|sent|sold|done|seen|read|won|lost|written|signed|given|taken|shown)\b/.exec(
      text,
    );
  if (been)
    return { condition: { field: 'status', operator: 'equals', value: been[1]! }, end: been.index + been[0].length };
  // "when the label 'bug' is added", "when the 'bug' tag is applied": the label the item gets.
  const labelAdded =
    /\b(?:the\s+|a\s+)?(?:(label|tag)s?\s+["'“‘]?([\w.-]{1,40})["'”’]?|["'“‘]([\w .-]{1,40})["'”’]\s+(label|tag)s?)\s+(?:is\s+|are\s+|gets?\s+|was\s+)?(?:added|applied|set|put on|attached)\b/.exec(
      text,
    );
  if (labelAdded)
    return {
      condition: {
        field: (labelAdded[1] ?? labelAdded[4]) === 'tag' ? 'tags' : 'labels',
        operator: 'contains',
        value: (labelAdded[2] ?? labelAdded[3])!.trim(),
      },
      end: labelAdded.index + labelAdded[0].length,
    };
  // "outside our opening hours (9am to 5pm)", "during business hours": the hour now against the hours said (9 to 17
  // when none are).
  const hours =
    /\b(outside(?: of)?|during|within|in|inside)\s+(?:our |the |your |my |normal |regular |usual )*(?:business|office|working|opening|shop|store|support)\s+hours\b(?:\s*\(?\s*(\d{1,2})(?::\d\d)?\s*(am|pm)?\s*(?:-|–|to|until|till)\s*(\d{1,2})(?::\d\d)?\s*(am|pm)?\s*\)?)?/i.exec(
      text,
    );
  if (hours) {
    const hour = (h: string | undefined, half: string | undefined, fallback: number) => {
      if (!h) return fallback;
      const n = Number(h) % 12;
      return half?.toLowerCase() === 'pm' || (!half && n < 7) ? n + 12 : n;
    };
    const open = hours[2] ? hour(hours[2], hours[3] ?? 'am', 9) : 9;
    const close = hour(hours[4], hours[5], 17);
    const outside = /^outside/i.test(hours[1]!);
    return {
      condition: outside
        ? {
            field: '$now.hour',
            operator: 'lt',
            value: open,
            more: [{ field: '$now.hour', operator: 'gte', value: close }],
            join: 'or',
          }
        : {
            field: '$now.hour',
            operator: 'gte',
            value: open,
            more: [{ field: '$now.hour', operator: 'lt', value: close }],
            join: 'and',
          },
      end: hours.index + hours[0].length,
    };
  }
  // "any product that has 0 inventory", "customers with zero orders": a count the item has.
  const counted = /\b(?:has|have|with)\s+(\d+(?:\.\d+)?|zero)\s+([a-z][a-z_]*)\b/.exec(text);
  if (
    counted &&
    !/^(?:days?|hours?|weeks?|months?|years?|minutes?|times?|stars?|items?|people|of|or|and|to|more|less|percent)$/.test(
      counted[2]!,
    )
  )
    return {
      condition: {
        field: counted[2]!,
        operator: 'equals',
        value: counted[1] === 'zero' ? 0 : Number(counted[1]),
      },
      end: counted.index + counted[0].length,
    };
  // "an issue with 'Urgent' priority", "deals with a 'Hot' rating": the quoted value before the field it is of.
  const valueFirst =
    /\bwith (?:a |an |the )?['"‘“]([^'"’”\n]{1,30})['"’”] (priority|status|stage|severity|rating|type|category|tier|plan|label|tag)\b/i.exec(
      text,
    );
  if (valueFirst)
    return {
      condition: /^(?:label|tag)$/i.test(valueFirst[2]!)
        ? { field: `${valueFirst[2]!.toLowerCase()}s`, operator: 'contains', value: valueFirst[1]! }
        : { field: valueFirst[2]!.toLowerCase(), operator: 'equals', value: valueFirst[1]! },
      end: valueFirst.index + valueFirst[0].length,
    };
  // "a ticket with 'password reset' in the subject": a text the field holds.
  const inField =
    /\bwith\s+['"‘“]?([^'"’”\n,;]{1,40}?)['"’”]?\s+in\s+(?:the|its|their)\s+(subject|title|name|body|description|summary|message|text|comments?|notes?)\b/i.exec(
      text,
    );
  if (inField)
    return {
      condition: { field: inField[2]!.toLowerCase(), operator: 'contains', value: inField[1]!.trim() },
      end: inField.index + inField[0].length,
    };
  // "requests of type 'New laptop'": a quoted value of a field, words and all.
  const ofType =
    /\b(?:of|with)\s+(?:a\s+|the\s+)?(type|category|kind|priority|status|stage|request type)\s+(?:['"‘“]([^'"’”\n]{1,40})['"’”]|((?:(?!(?:should|must|will|can|is|are|get|gets|go|goes|to|in|on|and|or|that|which|create|send|post|add)\b)[\w-]+\s*){1,3}))/i.exec(
      text,
    );
  if (ofType)
    return {
      condition: {
        field: ofType[1]!.toLowerCase().replace(/\s+/g, '_'),
        operator: 'equals',
        value: (ofType[2] ?? ofType[3]!).trim(),
      },
      end: ofType.index + ofType[0].length,
    };
  // "when ServiceNow gets a P1", "a Sev-1 incident": a priority said by its code.
  const code =
    /\b(?:gets?|is|are|has|have|with|receives?|opens?|raises?|an?)\s+(?:an?\s+)?(p[0-4]|sev(?:erity)?[- ]?[0-4])\b/i.exec(
      text,
    );
  if (code)
    return {
      condition: { field: 'priority', operator: 'equals', value: code[1]!.toUpperCase().replace(/^SEVERITY/, 'SEV') },
      end: code.index + code[0].length,
    };
  // "a new employee in the London office": where the item is, by the place's name.
  const place =
    /\b(?:in|at|from|for)\s+(?:the|our)\s+(?!(?:main|head|home|new|same|other|local|whole|entire|right|wrong|first|next|last)\b)([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(office|branch|store|site|location|warehouse|clinic|campus)\b/i.exec(
      text,
    );
  if (place)
    return {
      condition: {
        field: place[2]!.toLowerCase(),
        operator: 'equals',
        value: place[1]!.replace(/\b\w/g, (c) => c.toUpperCase()),
      },
      end: place.index + place[0].length,
    };
  // "messages with severity 'critical'", "tickets whose priority is urgent", "rows where env = prod": a field said
  // with its value after the items.
  // "with payment method 'Pay by invoice'": any field, with its value in quotes.
  const quoted =
    /\b(?:with|where|whose|having|that have|which have)\s+(?:a\s+|the\s+|an\s+)?([a-z][a-z_]{1,20}(?:\s+[a-z][a-z_]{1,20}){0,2}?)\s+(?:of\s+|=\s*|==\s*|is\s+|:\s*|set to\s+)?["“‘']([^"”’'\n]{1,40})["”’']/.exec(
      text,
    );
  if (
    quoted?.[2] &&
    !/\b(?:and|or|then|to|in|from|subject|text|title|name|body|message|word|words|phrase|keyword)$/.test(quoted[1]!)
  )
    return {
      condition: { field: quoted[1]!.replace(/\s+/g, '_'), operator: 'equals', value: quoted[2] },
      end: quoted.index + quoted[0].length,
    };
  const keyed =
    /\b(?:with|where|whose|having|that have|which have)\s+(?:a\s+|the\s+|an\s+)?((?:(?:shipping|billing|payment|order|ticket|deal|lead|customer|account|delivery|fulfil?lment)[ _])?(?:method|currency|language|branch|role|team|channel|status|severity|priority|level|type|category|stage|state|tier|plan|source|label|tag|country|region|environment|env|kind|plan_type|ticket_type|event_type|topic|department|rating|grade|segment|industry|lead_source))\s+(?:of\s+|=\s*|==\s*|is\s+|:\s*|set to\s+)?["'“‘]?([\w.-]{1,40})["'”’]?/.exec(
      text,
    );
  if (keyed?.[2] && !/^(?:is|are|of|the|a|an|and|or|field|column|set|not)$/.test(keyed[2]))
    return {
      condition: { field: keyed[1]!.replace(' ', '_'), operator: 'equals', value: keyed[2] },
      end: keyed.index + keyed[0].length,
    };
  // "if it's 4 or 5 stars", "if the review is 1 to 3 stars", "rated 4-5 stars": a rating in a range.
  const stars =
    /^(?:(?:it|its|it's|it is|they are|they're|the (?:[a-z]+ )?(?:review|rating|score)s? (?:is|are)|the review has|it has|they have|rated|has|have|with|gets?)\s+)?(\d{1,2})\s*(?:or|-|–|to|and)\s*(\d{1,2})\s*(?:stars?|\*|points?)\b/.exec(
      text.trim(),
    );
  // "if it's 3 stars or below", "5 stars or more".
  const bound =
    /^(?:(?:it|its|it's|it is|they are|they're|rated|has|have|with|gets?)\s+)?(\d{1,2})\s*(?:stars?|\*)\s+or\s+(below|less|lower|under|fewer|worse|above|more|higher|better|over)\b/.exec(
      text.trim(),
    );
  // "if it's 5 stars", "rated 1 star": one rating.
  const one = bound
    ? null
    : /^(?:(?:it|its|it's|it is|they are|they're|the (?:[a-z]+ )?(?:review|rating)s? (?:is|are)|rated|it has|has|gets?)\s+)(\d{1,2})\s*(?:stars?\b|\*)(?!\s*(?:or|-|–|to|and|\+)(?:\s|$))/.exec(
        text.trim(),
      );
  if (one)
    return {
      condition: { field: 'rating', operator: 'equals', value: Number(one[1]) },
      end: text.indexOf(one[0]) + one[0].length,
    };
  if (bound)
    return {
      condition: {
        field: 'rating',
        operator: /^(?:below|less|lower|under|fewer|worse)$/.test(bound[2]!) ? 'lte' : 'gte',
        value: Number(bound[1]),
      },
      end: text.indexOf(bound[0]) + bound[0].length,
    };
  if (stars) {
    const lo = Number(stars[1]);
    const hi = Number(stars[2]);
    // "4 or 5 stars" reaches the top of the scale; "1 to 3 stars" starts at its bottom.
    const top = hi === 5 || hi === 10;
    return {
      condition: top
        ? { field: 'rating', operator: 'gte', value: Math.min(lo, hi) }
        : { field: 'rating', operator: 'lte', value: Math.max(lo, hi) },
      end: text.indexOf(stars[0]) + stars[0].length,
    };
  }
  // "If found → …", "if not found", "if no match", "if there's a match": whether the lookup before found the item.
  const lookup =
    /^(?:(not\s+)?found|(?:a\s+|any\s+)?(?:match(?:es)?\s+(?:is\s+|are\s+)?found|(no\s+)?match(?:es|ed)?)|there(?:'s| is| are)\s+(?:(no)\s+|an?\s+|any\s+)?match(?:es|ing \w+)?|nothing (?:is\s+)?found|(?:we|it)\s+(?:(can't|cannot|don't|doesn't)\s+)?finds?\s+(?:it|one|them|a match|the \w+)|none (?:is\s+)?found)\b/.exec(
      text.trim(),
    );
  // "if the SKU isn't found in Shopify", "any email that wasn't matched": the lookup before found no item.
  const unfound =
    /^(?:(?:the|a|an|any|each|its|their)\s+)?(?:[\w-]+\s+){0,2}?(?:(?:that|which|who)\s+)?(?:(is|was|were|are|gets?|got)\s+(not\s+)?|(isn't|wasn't|aren't|weren't|can't be|cannot be|couldn't be|could not be)\s+)(?:found|matched)\b/.exec(
      text.trim(),
    );
  if (unfound && (unfound[2] || unfound[3] || unfound[1]))
    return {
      // ("if no email is found": none was.)
      condition: {
        field: 'id',
        operator: unfound[2] || unfound[3] || /^no\s/.test(text.trim()) ? 'notExists' : 'exists',
        value: '',
      },
      end: text.indexOf(unfound[0]) + unfound[0].length,
    };
  // "Look in Redis for the key; if it's there, …", "if it's cached", "if it isn't there": the lookup found it.
  const cached =
    /^(?:it|that|the (?:key|value|entry|record|item|row|result))\s*(?:'s|’s|\s+is|\s+exists)\s+(not\s+)?(?:there|present|cached|in (?:the )?cache)\b|^(?:it|that|the (?:key|value|entry|record|item|row|result))\s+(isn't|is not|doesn't exist|does not exist|exists)\b(?!\s+(?!(?:then|and|or|yet)\b)[a-z])|^(?:a )?cache (hit|miss)\b/.exec(
      text.trim(),
    );
  if (cached)
    return {
      condition: {
        field: 'id',
        operator:
          cached[1] || /^(?:isn't|is not|doesn't|does not)/.test(cached[2] ?? '') || cached[3] === 'miss'
            ? 'notExists'
            : 'exists',
        value: '',
      },
      end: text.indexOf(cached[0]) + cached[0].length,
    };
  if (lookup) {
    const missing = Boolean(lookup[1] || lookup[2] || lookup[3] || lookup[4]) || /^(?:nothing|none)\b/.test(lookup[0]);
    return {
      condition: { field: 'id', operator: missing ? 'notExists' : 'exists', value: '' },
      end: text.indexOf(lookup[0]) + lookup[0].length,
    };
  }
  // "if the comment comes across as negative", "if it sounds angry": the sentiment a model reads.
  const feels =
    /\b(?:comes? across|sounds?|seems?|reads?|feels?|is)\s+(?:as\s+|like\s+)?(?:very\s+|really\s+|quite\s+)?(negative|positive|neutral|angry|upset|unhappy|happy|frustrated)\b/.exec(
      text,
    );
  if (feels && !/^is$/.test(feels[0].split(/\s/)[0]!))
    return {
      condition: {
        field: 'sentiment',
        operator: 'equals',
        value: /^(?:angry|upset|unhappy|frustrated)$/.test(feels[1]!)
          ? 'negative'
          : feels[1] === 'happy'
            ? 'positive'
            : feels[1]!,
      },
      end: feels.index + feels[0].length,
    };
  // "if the reply sounds rude", "whether the comment seems toxic": a judgement (an AI step's yes/no flag).
  const judged =
    /\b(?:comes? across as|sounds?|seems?|looks?|reads? as|feels?)\s+(?:very\s+|really\s+|quite\s+|a bit\s+|too\s+)?(rude|toxic|offensive|abusive|spammy|sarcastic|aggressive|hostile|inappropriate|unprofessional|suspicious|fake|fraudulent|urgent|legit|legitimate|professional|polite|off-topic)\b/.exec(
      text,
    );
  if (judged)
    return {
      condition: { field: judged[1]!.replace(/-/g, '_'), operator: 'isTrue', value: true },
      end: judged.index + judged[0].length,
    };
  // "If I approve …, if I reject …": the answer to a message that waited for it (n8n's send-and-wait).
  const answer =
    /^(?:i|we|he|she|they|someone|the (?:manager|approver|owner|reviewer|boss|lead|admin)|my (?:manager|boss))\s+(?:(approves?|approved|accepts?|accepted|says yes|clicks? approve)|(rejects?|rejected|declines?|declined|denies|denied|says no|clicks? reject))\b(?!\s+(?:the\s+|our\s+)?(?:marketing|terms|cookies|e-?mails?|newsletters?|offers?|invit\w+|notifications?|sms|texts?|tracking|consent|privacy|policy))/.exec(
      text,
    );
  if (answer)
    return {
      condition: { field: 'data.approved', operator: answer[1] ? 'isTrue' : 'isFalse', value: Boolean(answer[1]) },
      end: answer.index + answer[0].length,
    };
  // "if the score is between 0 and 6", "if it's 0-6", "a rating from 3 to 5": a number in a range, both ends in.
  const range = new RegExp(
    `${FIELD}\\s+(?:is |are |was |of |at )?(?:between\\s+${NUMBER}\\s+and\\s+${NUMBER}|(?:from\\s+)?(\\d+(?:\\.\\d+)?)\\s*(?:-|–|to|through|thru)\\s*(\\d+(?:\\.\\d+)?)(?![\\w:/.-]))`,
  ).exec(text);
  const ends = range ? [range[2] ?? range[4], range[3] ?? range[5]].map((n) => numberOf(n ?? '')) : [];
  if (
    range?.[1] &&
    ends[0] !== undefined &&
    ends[1] !== undefined &&
    ends[0] !== null &&
    ends[1] !== null &&
    ends[0] < ends[1]
  )
    return {
      condition: { field: fieldName(range[1]), operator: 'between', value: `${ends[0]}..${ends[1]}` },
      end: range.index + range[0].length,
    };
  for (const [re, operator] of COMPARISONS) {
    const m = re.exec(text);
    if (m?.[1] && m[2])
      return {
        condition: {
          // "a time entry longer than 8 hours": how long it lasts.
          field: /\b(?:longer|shorter) than\b/.test(m[0])
            ? 'duration'
            : // "a Stripe payment over $500", "orders above 1000": what a payment or an order is worth.
              /\b(?:payments?|orders?|invoices?|deals?|charges?|transactions?|sales?|purchases?|refunds?)$/.test(
                  m[1].trim(),
                )
              ? 'amount'
              : fieldName(m[1]),
          operator,
          value: numberOf(m[2]) ?? 0,
        },
        end: m.index + m[0].length,
      };
  }
  // "if the price drops below my target price": compared with another of the item's fields.
  const against =
    new RegExp(
      `${FIELD}\\s+${MOVES}(${ABOVE}|${BELOW})\\s+(?:my|our|the|its|their|your|a|an)\\s+([a-z][a-z]*(?: [a-z]+)?)\\b`,
    ).exec(text) ??
    // "cost more than budget", "spend is over budget": a field's name said bare, where the test ends.
    new RegExp(
      `${FIELD}\\s+${MOVES}((?:more|less|fewer|greater|higher|lower|bigger|smaller|larger) than|exceeds|exceeding|(?:over|above|under|below)(?=\\s+(?:budget|limit|quota|threshold|target|cap|allowance|estimate|forecast|plan)\\b))\\s+(?!(?:once|twice|usual|normal|expected|before|ever|average|yesterday|last|that|this|it|them|one|needed|allowed|planned|anything|nothing|everything|zero|none|ever|items?|records?|rows?|entries)\\b)([a-z][a-z_]*)(?=\\s*(?:$|[,.;:()]|->|→|=>|\\s+(?:then|and|so)\\b))`,
    ).exec(text);
  // "exceeds a threshold": an indefinite bound is the user's to set (read below), not another field.
  const indefinite = against ? /\s(?:a|an)\s+\S+$/.test(against[0]) : false;
  if (against?.[1] && against[2] && against[3] && !indefinite && !/^(?:it|they|there)$/.test(against[1].trim())) {
    const other = fieldName(against[3].replace(/ (?:send|then|and|email|notify|alert|post|tell|text|ping)$/, ''));
    return {
      condition: {
        field: fieldName(against[1]),
        operator: new RegExp(`^(?:${BELOW}|less than|fewer than)$`).test(against[2]) ? 'lt' : 'gt',
        value: `={{ $json.${other} }}`,
      },
      end: against.index + against[0].length,
    };
  }
  const has =
    /\b(?:has|have|with|carries|gets|got)\s+(?:the\s+|a\s+)?(label|tag|keyword|word|status|priority)\s+["']?([\w-]+)["']?/.exec(
      text,
    ) ??
    // ("candidate get status 'Interview'": the plain form, with the value quoted.)
    /\bget\s+(?:the\s+|a\s+)?(label|tag|status|priority)\s+["'‘“]([\w-]+)["'’”]/.exec(text);
  if (has?.[1] && has[2])
    return {
      condition: {
        field: has[1] === 'label' || has[1] === 'tag' ? `${has[1]}s` : has[1],
        operator: 'contains',
        value: has[2],
      },
      end: has.index + has[0].length,
    };
  // "gets the 'bug' label", "has a priority tag": the value before the kind.
  const tagged = LABEL_FIRST.exec(text);
  if (tagged?.[1] && tagged[2] && !ordersLabel(text.slice(0, tagged.index)))
    return {
      condition: { field: `${tagged[2]}s`, operator: 'contains', value: tagged[1] },
      end: tagged.index + tagged[0].length,
    };
  // "Events named login_failure should …", "tasks titled 'Weekly review'": the items of that name or title.
  const named =
    /\b(?:[a-z]+s|ones|any [a-z]+|each [a-z]+|every [a-z]+)\s+(named|called|titled)\s+(?:["'“‘`]([^"'”’`\n]{2,60})["'”’`]|([\w.:@-]{2,60}))/i.exec(
      text,
    );
  if (named?.[2] ?? named?.[3])
    return {
      condition: {
        field: named[1]!.toLowerCase() === 'titled' ? 'title' : 'name',
        operator: 'equals',
        value: (named[2] ?? named[3])!,
      },
      end: named.index + named[0].length,
    };
  // "If any P1 incidents were opened", "if there are any SEV1 alerts": the items of that priority or severity.
  const ranked =
    /\b(?:there (?:are|is|were|was) )?any (?:new )?(p[0-5]|sev-?[0-5]|s[0-5]|critical|urgent|blocker|high-priority)\s+([a-z]+s)\b(?:\s+(?:were|was|are|is|got|have been|has been|came)(?:\s+(?:opened|created|raised|reported|filed|logged|in|added|received))?\b)?/i.exec(
      text,
    );
  if (ranked?.[1]) {
    const value = ranked[1];
    const field = /^p\d$/i.test(value)
      ? 'priority'
      : /^(?:sev-?\d|s\d)$/i.test(value)
        ? 'severity'
        : (fieldOfValue(value.toLowerCase()) ?? 'priority');
    return {
      condition: { field, operator: 'equals', value: /\d/.test(value) ? value.toUpperCase() : value.toLowerCase() },
      end: ranked.index + ranked[0].length,
    };
  }
  // "if there are no open orders", "if there is a new reply": whether the items exist at all.
  const there = /\bthere (?:are|is|were|was) (?:(no|any|new|some|an?)\s+)?([a-z]+)(?:\s([a-z]+))?/.exec(text);
  if (there?.[2] && there[3] && !THERE_STOP.test(there[3])) there[2] = `${there[2]} ${there[3]}`;
  if (there?.[2])
    return {
      condition: { field: fieldName(there[2]), operator: there[1] === 'no' ? 'notExists' : 'exists', value: '' },
      end: there.index + there[0].length - (there[3] && THERE_STOP.test(there[3]) ? there[3].length + 1 : 0),
    };
  // "if anything changed", "when the price has changed": a change since the last run.
  const changed =
    /\b(?:anything|something|it|they|the (?:[a-z]+ ){0,2}[a-z]+|its [a-z]+)\s+(?:has\s+|have\s+)?(not\s+|n't\s+|hasn't\s+|haven't\s+|has not\s+|have not\s+|didn't\s+|did not\s+)?changed\b/.exec(
      text,
    );
  if (changed)
    return {
      condition: { field: 'changed', operator: changed[1] ? 'isFalse' : 'isTrue', value: !changed[1] },
      end: changed.index + changed[0].length,
    };
  // "if it's a refund", "if this is an upgrade": the item's kind; "if it's their first order": a yes/no flag.
  const kindOf =
    /^(?:it|this|that|it'?s|its)\s+(?:is\s+|was\s+)?(?:(a|an)|their|his|her|the)\s+(first\s+|new\s+|returning\s+|existing\s+|repeat\s+)?([a-z][a-z-]{1,30})\b/.exec(
      text,
    );
  if (kindOf?.[3] && (kindOf[1] || kindOf[2]) && !/^(?:new|good|bad|real|valid|big|small|test)$/.test(kindOf[3]))
    return {
      condition: kindOf[2]
        ? { field: `${kindOf[2].trim()}_${kindOf[3]}`, operator: 'isTrue', value: true }
        : { field: fieldOfValue(kindOf[3]) ?? 'type', operator: 'equals', value: kindOf[3] },
      end: kindOf.index + kindOf[0].length,
    };
  // "if it fails", "if any failed", "if the deploy breaks": the run's outcome.
  const failed =
    /^(?:it|one|any|anything|something|any of them|one of them|(?:the|a|an|any)\s+[a-z]+)\s+(?:(fails?|failed|errors?|errored|breaks?|broke|crashe?s|crashed)|(succeeds?|succeeded|passes|passed|works|worked))\b/.exec(
      text,
    );
  if (failed)
    return {
      condition: { field: 'status', operator: 'equals', value: failed[1] ? 'failed' : 'success' },
      end: failed.index + failed[0].length,
    };
  // "if subscribers crossed a milestone", "when revenue hits the target": a bound only the user can set.
  const crossed = new RegExp(
    `${FIELD}\\s+(?:crossed|crosses|passed|passes|hit|hits|reached|reaches|exceeded|exceeds)\\s+(?:a |the |our |my )?(milestone|threshold|goal|target|limit|quota)s?\\b`,
  ).exec(text);
  if (crossed?.[1] && crossed[2])
    return {
      condition: {
        field: fieldName(crossed[1]),
        operator: 'gte',
        value: `<__PLACEHOLDER_VALUE__${crossed[2].replace(/^./, (c) => c.toUpperCase())}__>`,
      },
      end: crossed.index + crossed[0].length,
    };
  // "if the amounts don't match": whether two values agree.
  const match = new RegExp(`${FIELD}\\s+(?:(don't|do not|doesn't|does not|didn't|did not)\\s+)?match\\b`).exec(text);
  if (match?.[1] && !/^(?:it|they|this|that)$/.test(match[1].trim()))
    return {
      condition: {
        field: `${fieldName(match[1])}_match`,
        operator: match[2] ? 'isFalse' : 'isTrue',
        value: !match[2],
      },
      end: match.index + match[0].length,
    };
  // "if they answered 'yes' to the consent question", "if they said no": the answer the item holds.
  const answered =
    /\b(?:they|he|she|the [a-z]+)\s+(?:answered|answers|said|says|replied|responded|chose|selected|picked|ticked)\s+["']?(yes|no|[a-z]+)["']?(?:\s+(?:to|for|on)\s+(?:the\s+)?([a-z]+(?: [a-z]+)?)(?:\s+question)?)?/.exec(
      text,
    );
  if (answered?.[1] && (/^(?:yes|no)$/.test(answered[1]) || answered[2]))
    return {
      condition: {
        field: answered[2] ? fieldName(answered[2].replace(/\s+question$/, '')) : 'answer',
        operator: 'equals',
        value: answered[1],
      },
      end: answered.index + answered[0].length,
    };
  // "… whether they opened it, and if they didn't": the check said before, answered no.
  const bare =
    /^(?:they|he|she|it)\s+(didn't|did not|don't|do not|haven't|have not|hasn't|has not|weren't|wasn't|aren't|isn't)\s*$/.exec(
      text.trim(),
    );
  if (bare) return { condition: { field: 'result', operator: 'isFalse', value: false }, end: text.length };
  // "if they didn't reply", "if the customer hasn't paid": something the item did or did not do, said in its base form.
  const didBase =
    /\b(?:they|he|she|it|the [a-z]+)\s+(haven't|hasn't|didn't|have not|has not|did not|never|does not|doesn't|don't|do not)\s+(?:(?<=(?:haven't|hasn't|have not|has not|never)\s+)been\s+)?([a-z]+)\b/.exec(
      text,
    );
  if (
    didBase?.[2] &&
    !/ed$/.test(didBase[2]) &&
    !/^(?:have|has|had|be|get|exist|find|want|need|match)$/.test(didBase[2])
  )
    return {
      condition: { field: pastOf(didBase[2]), operator: 'isFalse', value: false },
      end: didBase.index + didBase[0].length,
    };
  // "if they haven't clicked anything", "if the customer has not replied": something the item did or did not do.
  const did =
    /\b(?:they|he|she|it|the [a-z]+)\s+(?:(haven't|hasn't|didn't|have not|has not|did not|never)|(?:have|has|did))\s+(?:(?<=(?:haven't|hasn't|have not|has not|never|have|has)\s+)been\s+)?([a-z]+ed)\b/.exec(
      text,
    );
  if (did?.[2])
    return {
      condition: { field: did[2], operator: did[1] ? 'isFalse' : 'isTrue', value: !did[1] },
      end: did.index + did[0].length,
    };
  // "if they ticked 'volunteer'", "when the customer selected express shipping": an option the item has.
  const ticked =
    /\b(?:they|he|she|it|the [a-z]+)\s+(?:ticked|checked|selected|chose|picked|opted (?:in|into|for))\s+(?:the\s+)?["']?([\w-]+)["']?/.exec(
      text,
    );
  if (ticked?.[1])
    return {
      condition: { field: fieldName(ticked[1]), operator: 'isTrue', value: true },
      end: ticked.index + ticked[0].length,
    };
  // "if it can't find it", "when nothing is found", "if there is no match": the lookup found nothing.
  const none =
    /\b(?:can't|cannot|can not|couldn't|could not|doesn't|does not|didn't|did not)\s+find\b|\bnothing (?:is |was )?found\b|\bno (?:match|matches|results?)\b|\breturns? nothing\b/.exec(
      text,
    );
  if (none) return { condition: { field: 'id', operator: 'notExists', value: '' }, end: none.index + none[0].length };
  // "tickets older than 48 hours", "deals not updated in 14 days": a date before now minus that long.
  const age =
    /\b(?:older than|more than|over)\s+(\d+|a|an|one|two|three|seven|thirty)\s+(minutes?|hours?|days?|weeks?|months?)(?:\s+old)?\b/.exec(
      text,
    );
  if (age && /\bolder\b|\bold\b/.test(age[0]))
    return {
      condition: { field: 'created_at', operator: 'lt', value: ago(age[1]!, age[2]!) },
      end: age.index + age[0].length,
    };
  // "if it's not returning OK", "when something returns non-200", "if the API returns 500": the HTTP status.
  const notStatus =
    /\b(?:returns?|returning|responds? with|responding with|gives?|answers? with)\s+(?:an?\s+)?(?:non|not|anything but|anything other than)[- ]?(\d{3}|ok)\b|\b(?:not|n't|isn't|is not|doesn't|does not)\s+(?:returning|return|respond(?:ing)? with)\s+(?:an?\s+)?(\d{3}|ok)\b/.exec(
      text,
    );
  if (notStatus) {
    const code = notStatus[1] ?? notStatus[2]!;
    return {
      condition: { field: 'statusCode', operator: 'notEquals', value: code === 'ok' ? 200 : Number(code) },
      end: notStatus.index + notStatus[0].length,
    };
  }
  const status =
    /\b(?:returns?|returning|responds? with|answers? with)\s+(?:an?\s+)?(?:status\s+(?:code\s+)?)?(\d{3})\b/.exec(text);
  if (status)
    return {
      condition: { field: 'statusCode', operator: 'equals', value: Number(status[1]) },
      end: status.index + status[0].length,
    };
  // "is labelled 'security'", "tagged urgent": the item's labels hold the value.
  const labelled = new RegExp(
    // ("labelled 'good first issue'": a quoted label keeps all its words.)
    `${FIELD}\\s+(?:is\\s+|are\\s+|was\\s+|gets\\s+|got\\s+)?(?:labell?ed|tagged)\\s+(?:as\\s+|with\\s+)?(?:["'“‘]([\\w-]{1,40}(?: [\\w-]{1,40}){1,3})["'”’]|["'“]?([\\w-]{1,40})["'”]?)`,
  ).exec(text);
  const ordered = labelled && ordersLabel(text.slice(0, labelled.index) + labelled[1] + ' ');
  const label = labelled?.[2] ?? labelled?.[3];
  if (labelled?.[1] && label && !ordered)
    return {
      condition: { field: 'labels', operator: 'contains', value: label },
      end: labelled.index + labelled[0].length,
    };
  // "only on the main branch", "pushes to the release branch": the branch the event is on.
  const branch = /\b(?:on|to|in|into)\s+(?:the\s+)?["'“]?([\w./-]{1,40})["'”]?\s+branch\b/.exec(text);
  if (branch?.[1] && !/^(?:a|any|every|each|that|this|another|other|feature)$/.test(branch[1]))
    return {
      condition: { field: 'branch', operator: 'equals', value: branch[1] },
      end: branch.index + branch[0].length,
    };
  // "set its status to Ready": the field the user sets holds the value.
  const setTo = /\bsets?\s+(?:its|the|their|his|her)\s+([a-z_]+)\s+to\s+["'“]?([\w-]{1,40})["'”]?/.exec(text);
  if (setTo?.[1] && setTo[2])
    return {
      condition: { field: setTo[1], operator: 'equals', value: setTo[2] },
      end: setTo.index + setTo[0].length,
    };
  // "when a customer replies STOP or CANCEL": the keyword the message holds.
  // "if they write 'menu'", "sends /status": any quoted word or bot command is the keyword.
  const keyword =
    /\b(?:replies|reply|replied|says|say|texts|writes|write|wrote|sends|send|answers|types|type|typed)\s+(?:back\s+)?(?:with\s+)?(?:["'“‘]([^"'“”‘’]{1,40})["'”’]|(\/[a-z][\w-]{0,30})|["'“]?(stop|cancel|unsubscribe|start|help|yes|no|confirm)["'”]?\b)/.exec(
      text,
    );
  const said = keyword?.[1] ?? keyword?.[2] ?? keyword?.[3];
  if (keyword && said)
    return {
      condition: { field: 'text', operator: 'contains', value: said.trim() },
      end: keyword.index + keyword[0].length,
    };
  // "the status changes to 'done'", "the deal moves to Won": the field now holds the value.
  const becomes = new RegExp(
    `${FIELD}\\s+(?:changes?|changed|(?:is|gets|got|was) changed|moves?|moved|(?:is|gets|got|was) moved|is set|gets set|becomes|became|switches|switched|goes)\\s+to\\s+(?:the\\s+|a\\s+|our\\s+)?(?:["'“]([^"'”\\n]{1,40})["'”]|(in progress|on hold|in review|closed[ -](?:won|lost)|[\\w-]{1,40}))`,
  ).exec(text);
  // "moved to "Needs info"": a quoted value is taken whole.
  const became = becomes?.[2] ?? becomes?.[3];
  if (becomes?.[1] && became)
    return {
      // "an issue labelled 'x' gets moved to Done": an item moved is in that status.
      condition: {
        field:
          /\bmov/.test(becomes[0]) && !/\b(?:status|stage|state|column|list)\b/.test(becomes[1])
            ? 'status'
            : fieldName(becomes[1]),
        operator: 'equals',
        value: became,
      },
      end: becomes.index + becomes[0].length,
    };
  // "if the contact already exists", "if the row does not exist yet": whether a lookup found the item.
  // ("if no owner is listed", "if no assignee is set": the field is missing.)
  const exists = new RegExp(
    `${FIELD}\\s+(?:(does not|doesn't|do not|don't|is not|isn't)\\s+)?(?:already\\s+|yet\\s+)?(?:exists?|is found|found|is present|present|is there|is missing|is not found|isn't found|is new|(?:(?:is|are)\\s+)?(?:listed|registered|on file)|(?:is|are)\\s+(?:set|assigned|given|provided|filled in)(?=\\s*(?:$|[,.;:]|(?:then|and|or)\\b)))\\b`,
  ).exec(text);
  // "the owner has no email on file", "they don't have a phone number listed": the field they lack is missing.
  const lacked =
    exists?.[1] &&
    !exists[2] &&
    /\b(?:(?:has|have|had)\s+no|(?:doesn't|does not|don't|do not)\s+have\s+(?:an?\s+|any\s+)?)\s*([a-z]+)(?:\s+(?:number|address))?$/.exec(
      `${text.slice(Math.max(0, exists.index - 12), exists.index)}${exists[0].slice(0, exists[0].indexOf(exists[1]) + exists[1].length)}`.trim(),
    );
  if (exists && lacked)
    return {
      condition: { field: lacked[1]!, operator: 'notExists', value: '' },
      end: exists.index + exists[0].length,
    };
  if (exists?.[1] && !/^(?:there)$/.test(exists[1].trim())) {
    const none = /^no\s+/.test(exists[1].trim());
    const missing = none !== (Boolean(exists[2]) || /\b(?:missing|not found|isn't found|is new)\b/.test(exists[0]));
    // "if it doesn't exist": whether the lookup before found it.
    const field = /^(?:it|this|that)$/.test(exists[1].trim())
      ? 'id'
      : fieldName(exists[1].trim().replace(/^no\s+/, ''));
    return {
      condition: { field, operator: missing ? 'notExists' : 'exists', value: '' },
      end: exists.index + exists[0].length,
    };
  }
  // "if the name starts with 'PROD -'", "files ending in .csv": the start or the end of the text.
  const edge = new RegExp(
    `${FIELD}\\s+(?:(starts?|begins?|starting|beginning)|(ends?|ending))\\s+(?:with|in)\\s+["'“]?([\\w.-]{1,40}(?: [\\w.-]{1,20})?)["'”]?`,
  ).exec(text);
  if (edge?.[1] && edge[4])
    return {
      condition: {
        // "a message in our channel that starts with POST:": what starts so is the text, not the word before "that".
        field: /\s(?:that|which|who)$/.test(edge[1]) ? 'text' : fieldName(edge[1]),
        operator: edge[2] ? 'startsWith' : 'endsWith',
        value: edge[4].trim(),
      },
      end: edge.index + edge[0].length,
    };
  // "if it has no address", "submissions without an email": the field is missing.
  const lacks = /\b(?:has|have|had|with)\s+no\s+([a-z]+)\b|\bwithout\s+(?:an?\s+|any\s+)?([a-z]+)\b/.exec(text);
  if (lacks && !/^(?:a|an|the|any|one|further|more|errors?)$/.test(lacks[1] ?? lacks[2] ?? ''))
    return {
      condition: { field: lacks[1] ?? lacks[2]!, operator: 'notExists', value: '' },
      end: lacks.index + lacks[0].length,
    };
  // "if it is about billing", "whether the ticket is regarding a refund": the item's topic.
  const about =
    /^(?:it|they|this|that|(?:the|each|every|a|an)\s+(?:[a-z]+\s+){0,2}?[a-z]+)\s+(?:is|are|was|were)\s+(?:about|regarding|related to|concerning)\s+(?:an?\s+|the\s+|their\s+|some\s+)?([a-z][a-z-]{1,30})\b/.exec(
      text,
    );
  if (about?.[1])
    return {
      condition: { field: fieldOfValue(about[1]) ?? 'category', operator: 'equals', value: about[1] },
      end: about.index + about[0].length,
    };
  const contains = new RegExp(
    // "includes a 'Veg Box' item": the quoted name, however many words.
    `${FIELD}\\s+(?:contains|contain|includes|include|mentions|has|have(?=\\s+["'“‘]))\\s+(?:the\\s+)?(?:an?\\s+(?=[\\w-]{3}|["'“‘]))?(?:(?:word|phrase|keyword|text|term)s?\\s+)?(?:["'“‘]([^"'”’\\n]{1,40})["'”’]|([\\w-]{1,40}))`,
  ).exec(text);
  const containedValue = contains?.[2] ?? contains?.[3];
  // "the post mentions our brand": the user's own name for it, which only they can give.
  const own =
    contains && !contains[2] && /^(?:our|my)$/i.test(containedValue ?? '')
      ? /^\s+([a-z][\w-]*(?:\s+name)?)/i.exec(text.slice(contains.index + contains[0].length))
      : null;
  if (contains?.[1] && own?.[1])
    return {
      condition: {
        field: fieldName(contains[1]),
        operator: 'contains',
        value: `<__PLACEHOLDER_VALUE__Your ${own[1].toLowerCase().replace(/\s+name$/, '')} name__>`,
      },
      end: contains.index + contains[0].length + own[0].length,
    };
  // "if the customer has a phone number", "if the slug already has a Notion page": whether the item has one.
  const having = new RegExp(
    `${FIELD}\\s+(?:already\\s+)?(?:has|have)\\s+(?:an?|any)\\s+([a-z][\\w-]{1,30}(?:\\s+(?!(?:above|over|below|under|of|greater|less|more|than|with|in|on|at|that|which|who|and|or|then|from|for|to)\\b)[a-z][\\w-]{1,30})?)(?=\\s*(?:$|[,.;:)]|(?:then|and|or|in|on|yet|already)\\b))`,
  ).exec(text);
  if (contains && !contains[2] && having?.[1] && having[2] && having.index === contains.index)
    return {
      condition: { field: having[2].trim().replace(/[\s-]+/g, '_'), operator: 'exists', value: '' },
      end: having.index + having[0].length,
    };
  if (contains?.[1] && containedValue)
    return {
      condition: { field: fieldName(contains[1]), operator: 'contains', value: containedValue.trim() },
      end: contains.index + contains[0].length,
    };
  // "if the ticket is a bug report", "whether the email is an invoice": the item's kind (what an AI step decides).
  const isA = new RegExp(
    `${FIELD}\\s+(?:is|was)\\s+(not\\s+)?(?:an?|some)\\s+(?:kind of\\s+|sort of\\s+|type of\\s+)?([a-z][a-z-]{1,30})\\b`,
  ).exec(text);
  if (
    isA?.[1] &&
    isA[3] &&
    !/^(?:new|good|bad|real|valid|big|small|test|lot|few|bit|little|number|couple)$/.test(isA[3])
  )
    return {
      condition: {
        field: fieldOfValue(isA[3]) ?? 'category',
        operator: isA[2] ? 'notEquals' : 'equals',
        value: isA[3],
      },
      end: isA.index + isA[0].length,
    };
  const isNot = new RegExp(
    `${FIELD}\\s+(?:is not|isn't|is no longer)\\s+${ADVERB}${PLACE}(?:["'“‘]([^"'”’\\n]{1,30})["'”’]|${VALUE})`,
  ).exec(text);
  if (isNot) isNot[2] = isNot[2] ?? isNot[3]!;
  if (isNot?.[1] && isNot[2])
    return {
      condition: { field: subjectField(isNot[1], isNot[2]), operator: 'notEquals', value: isNot[2] },
      end: isNot.index + isNot[0].length,
    };
  const is = new RegExp(
    `${FIELD}\\s+(?:is|equals|=|==)\\s+${ADVERB}${PLACE}(?:["'“‘]([^"'”’\\n]{1,30})["'”’]|${VALUE})`,
  ).exec(text);
  // "the status is "Needs info"": a quoted value is taken whole.
  if (is) is[2] = is[2] ?? is[3]!;
  if (is?.[1] && is[2]) {
    const num = numberOf(is[2]);
    const end = is.index + is[0].length;
    // "marketing_opt_in = true", "is_vip is false", "consent is yes": a yes/no field.
    if (/^(?:true|false|yes|no)$/.test(is[2]) && !/^(?:it|they|this|that)$/.test(is[1].trim())) {
      const yes = /^(?:true|yes)$/.test(is[2]);
      return { condition: { field: fieldName(is[1]), operator: yes ? 'isTrue' : 'isFalse', value: yes }, end };
    }
    if (!num && !/\s/.test(is[2]) && opposite(is[2]) && !fieldOfValue(is[2])) return null;
    if (/^(?:it|they)$/.test(is[1].trim()))
      return { condition: { field: fieldOfValue(is[2]) ?? 'status', operator: 'equals', value: is[2] }, end };
    return { condition: { field: subjectField(is[1], is[2]), operator: 'equals', value: num ?? is[2] }, end };
  }
  // "whether they opened the welcome email", "if the customer clicked the link": something the item did.
  // "if the person opted in", "if the customer paid": a particle belongs to the verb, and a few pasts are irregular.
  const past =
    /^(?:they|he|she|we|i|you|the [a-z]+)\s+(?:already\s+)?([a-z]{3,}ed|paid|bought)(?:\s+(in|out|up|back))?\b/.exec(
      text.trim(),
    );
  if (past?.[1] && !/^(?:need|used|based|called|named)$/.test(past[1]))
    return {
      condition: { field: past[2] ? `${past[1]}_${past[2]}` : past[1], operator: 'isTrue', value: true },
      end: text.indexOf(past[1]) + past[1].length + (past[2] ? past[2].length + 1 : 0),
    };
  return null;
}

const OUTCOME =
  /\b(?:if|when|unless|whether)\s+(?:(?:it|they|this|that|the result|the response|the check|the data|the payload|the item)\s+(?:is|are|was|were)\s+|(?:it'?s|its|they'?re)\s+|(?:(?:the|my|our|your|their|its|a|an)\s+)?([a-z_]+(?:\s+[a-z_]+){0,2}?)\s+(?:is|are|was|were)\s+)?(not\s+|n't\s+)?(?:still\s+|already\s+|fully\s+|now\s+|marked\s+(?:as\s+)?)?([a-z][a-z-]{1,30})\b/;

/** "if valid", "if it is unpaid", "if the site is down": an outcome word, read against its opposite. */
function outcome(text: string): { condition: Condition; end: number } | null {
  const m = OUTCOME.exec(text);
  const word = m?.[3];
  if (
    !m ||
    !word ||
    /^(?:the|a|an|there|you|we|i|it|they|so|any|all|some|no|new|needed|necessary|possible|available)$/.test(word)
  )
    return null;
  const negated = Boolean(m[2]);
  const known = fieldOfValue(word);
  let condition: Condition;
  const subjectless = !m[1] || /^(?:it|they)$/.test(m[1]);
  if (!known && !opposite(word) && subjectless && /[a-z]{3}ed$/.test(word) && !/^(?:need|used|based)$/.test(word))
    // "if it's flagged", "if they're approved": a state the item is in.
    condition = { field: word, operator: negated ? 'isFalse' : 'isTrue', value: !negated };
  else if (known) {
    const field = m[1] && !/^(?:it|they)$/.test(m[1]) ? m[1] : known;
    condition = { field, operator: negated ? 'notEquals' : 'equals', value: word };
  } else {
    const other = opposite(word);
    if (!other) return null;
    // "valid"/"invalid", "up"/"down": one yes/no flag named by the positive word.
    const stripped = word.replace(/^(?:un|in|non-?)/, '');
    const negative = (stripped !== word && other === stripped) || OPPOSITES.some(([, b]) => b === word);
    const positive = negative ? other : word;
    condition = {
      field: positive.replace(/[\s-]+/g, '_'),
      operator: negative !== negated ? 'isFalse' : 'isTrue',
      value: negative === negated,
    };
  }
  // The text was read with "if " in front: its end is in the text without it.
  return { condition, end: Math.max(0, m.index + m[0].length - 3) };
}

const INVERSE: Record<Condition['operator'], Condition['operator']> = {
  gt: 'lte',
  lte: 'gt',
  lt: 'gte',
  gte: 'lt',
  equals: 'notEquals',
  notEquals: 'equals',
  isTrue: 'isFalse',
  isFalse: 'isTrue',
  matches: 'notMatches',
  notMatches: 'matches',
  exists: 'notExists',
  notExists: 'exists',
  contains: 'notContains',
  notContains: 'contains',
  startsWith: 'notStartsWith',
  notStartsWith: 'startsWith',
  endsWith: 'notEndsWith',
  notEndsWith: 'endsWith',
  oneOf: 'notOneOf',
  notOneOf: 'oneOf',
  between: 'notBetween',
  notBetween: 'between',
};

/** The operator the other items pass ("over 10" → "10 or less", "contains" → "does not contain"). */
export const invert = (op: Condition['operator']): Condition['operator'] => INVERSE[op];

/** The test that holds where `c` does not ("exists" → "notExists", "is true" → "is false"). */
export const inverse = (c: Condition): Condition => ({
  ...c,
  operator: invert(c.operator),
  value: typeof c.value === 'boolean' ? !c.value : c.value,
});

/** Whether b is the other outcome of a ("if valid … if invalid …", "if paid … if unpaid …", "over 10 … 10 or less"). */
export function isComplement(a: Condition, b: Condition): boolean {
  // "outside opening hours" (before 9 or from 17) and "during opening hours" (from 9 and before 17): each test the
  // other side of one of the other's, joined the other way.
  if (a.more?.length || b.more?.length) {
    const one = ({ more: _more, join: _join, ...c }: Condition): Condition => c;
    const [as, bs] = [
      [a, ...(a.more ?? [])],
      [b, ...(b.more ?? [])],
    ].map((l) => l.map(one));
    if (as!.length !== bs!.length || (a.join ?? 'and') === (b.join ?? 'and')) return false;
    return as!.every((x) => bs!.some((y) => isComplement(x, y)));
  }
  if (a.field !== b.field) return false;
  // "4 or 5 stars … 3 stars or below": whole numbers on either side of one bound.
  if (typeof a.value === 'number' && typeof b.value === 'number') {
    const [x, y] = [a.value, b.value];
    if (
      (a.operator === 'gte' && b.operator === 'lte' && y === x - 1) ||
      (a.operator === 'lte' && b.operator === 'gte' && y === x + 1) ||
      (a.operator === 'gt' && b.operator === 'lte' && y === x) ||
      (a.operator === 'lt' && b.operator === 'gte' && y === x) ||
      (a.operator === 'gte' && b.operator === 'lt' && y === x) ||
      (a.operator === 'lte' && b.operator === 'gt' && y === x)
    )
      return true;
  }
  if (INVERSE[a.operator] === b.operator && (a.value === b.value || typeof a.value === 'boolean')) return true;
  return (
    a.operator === 'equals' && b.operator === 'equals' && typeof a.value === 'string' && opposite(a.value) === b.value
  );
}

/** Channel, address, subject, table, URL and container the request names for an app step (case kept). */
/** A message that waits for its reader's answer: "with approve/reject buttons", "and wait for my approval". */
const APPROVAL =
  /\bapprove\s*(?:\/|or|and)\s*(?:reject|decline|deny)\b|\b(?:approval|yes\/no|approve|reject)\s+buttons?\b|\bwait(?:s|ing)?\s+for\s+(?:my|their|his|her|an?|the|your|our)\s+(?:\w+\s+)?(?:answer|reply|response|approval|ok|okay|decision|go-ahead|confirmation|sign-?off)\b|\b(?:for|asking for|ask for|get|request)\s+(?:my\s+|their\s+|his\s+|her\s+|an?\s+|manager\s+|manager's\s+)?approval\b|\b(?:must|should|has to|have to|needs? to|can)\s+approve\s+(?:(?:it|them|this|that)\s+)?(?:by|via|over|per|through|in)\s+(?:e-?mail|mail|slack|teams|telegram|whatsapp|discord)\b/i;

/** A message to the user who asks: "email me", "send me a text", "text us", "forward it to me", "an SMS to me". */
const TO_ME =
  /\b(?:email|e-mail|mail|text|sms)\s+(?:it\s+|them\s+|this\s+|that\s+)?(?:to\s+)?(?:me|myself|us)\b|\bsend\s+(?:me|us|myself)\s+(?:an?\s+)?(?:\w+\s+)?(?:email|e-mail|mail|sms|text)\b|\bsend\s+(?:me|myself)\s+(?:an?|the|my|a\s+daily|a\s+weekly)\s+(?:[\w-]+\s+)?(?:summary|digest|list|report|recap|overview|roundup)\b|\b(?:send|forward)\s+an?\s+(?:sms|email|text)\s+to\s+(?:me|us|myself)\b|\b(?:to|send\s+(?:it|them|this))\s+(?:to\s+)?(?:me|us|myself)\s+(?:by|via)\s+(?:email|e-mail|mail|sms|text)\b|\b(?:notify|alert|tell|ping|remind|warn|inform|let)\s+(?:me|us)\s+(?:know\s+)?(?:by|via|over|through|with\s+an?)\s+(?:email|e-mail|mail|sms|text)\b/i;

/** "start the Jenkins job", "kick off a build", "trigger the DAG", "run the pipeline": an existing job is run. */
const RUN_JOB =
  /\b(?:start|starts|run|runs|trigger|triggers|kick(?:s)? off|launch|launches|execute|executes|fire|fires)\s+(?:(?:the|a|our|its|their|an?)\s+)?(?:[\w-]+\s+){0,2}?(?:job|build|pipeline|dag|workflow run|deploy(?:ment)?)\b/i;

/** "remove them from all Entra ID groups", "add the user to the 'Sales' group": a membership. */
const MEMBERSHIP =
  /\b(?:(?:remove|delete|kick|take|drop)\w*\s+(?:[\w'-]+\s+){0,3}?from|(?:add|put|invite|assign)\w*\s+(?:[\w'-]+\s+){0,3}?(?:to|into))\s+(?:all\s+|the\s+|our\s+|their\s+|any\s+|every\s+)?(?:(?:[\w'-]+|["'“‘][^"'”’]{1,40}["'”’])\s+){0,3}?(?:groups?|teams?|segments?|audiences?|distribution lists?|security groups?|roles?)\b(?=\s*(?:$|[,.;:!?)'"’”]|(?:in|on|at|for|and|then|via|with|so|as|of|named|called)\b|["'“‘]|[a-z0-9]+[-_][\w-]+))/i;

/** People of the user's own a message may go to ("the accountant", "our dispatcher"). */
const STAFF =
  '(?:manager|owner|boss|accountant|bookkeeper|team|admin|administrator|supervisor|director|ceo|cfo|cto|coo|hr|finance|receptionist|reception|dispatcher|office|department|lawyer|landlord|on-call|coordinator|president|principal|secretary)';

export function hintsOf(phrase: string, tokens: Token[]): AppHints {
  const hints: AppHints = {};
  if (APPROVAL.test(phrase)) hints.approval = true;
  const channel = tokens.find((t) => t.kind === 'channel');
  if (channel) hints.channel = channel.text;
  // "the Microsoft Teams channel 'Major Incidents'": a channel named in quotes.
  else {
    const named = /\bchannel\s+(?:called\s+|named\s+)?["'“‘]([^"'”’\n]{1,60})["'”’]/i.exec(phrase);
    if (named?.[1]) hints.channel = named[1];
  }
  const email = tokens.find((t) => t.kind === 'email');
  if (email) hints.email = email.text;
  // "email me the new orders", "text me when …": the user's own address and number, not the item's.
  else if (TO_ME.test(phrase)) {
    hints.email = '<__PLACEHOLDER_VALUE__Your email address__>';
    hints.phone = '<__PLACEHOLDER_VALUE__Your phone number__>';
  }
  // "forward the message to our shop manager by email", "email the accountant": someone of the user's own whose
  // address only the user can give (the item's email is the customer's).
  const staff =
    hints.email || !/\b(?:e-?mail\w*|mail\w*|sms|text\w*|forward\w*)\b/i.test(phrase)
      ? null
      : (new RegExp(
          `\\b(?:to|email|e-mail|mail|notify|alert|ping|cc|text|sms)\\s+(?:our|my|the)\\s+((?:[a-z]+\\s+){0,2}?${STAFF})\\b`,
          'i',
        ).exec(phrase) ??
        // "to director", "manager must approve by email": the role said without its article.
        new RegExp(
          `\\bto\\s+(${STAFF})\\b(?!\\s+(?:of|at|in)\\b)|^\\s*(?:(?:the|our|my)\\s+)?(${STAFF})\\s+(?:must|should|has to|needs to|will|can)\\b`,
          'i',
        ).exec(phrase));
  if (staff) {
    const who = (staff[1] ?? staff[2])!.replace(/\s+/g, ' ').replace(/^./, (c) => c.toUpperCase());
    hints.email = `<__PLACEHOLDER_VALUE__${who} email address__>`;
    hints.phone = `<__PLACEHOLDER_VALUE__${who} phone number__>`;
  }
  const url = tokens.find((t) => t.kind === 'url');
  if (url) hints.url = url.text;
  if (RUN_JOB.test(phrase)) hints.run = true;
  const folder =
    /\bfolder\s+(?:called\s+|named\s+)?["'“‘]([^"'”’\n]{1,60})["'”’]/i.exec(phrase) ??
    /["'“‘]([^"'”’\n]{1,60})["'”’]\s+folder\b/i.exec(phrase);
  if (folder?.[1]) hints.folder = folder[1];
  const member = MEMBERSHIP.exec(phrase);
  if (member) hints.member = /^(?:remove|delete|kick|take|drop)/i.test(member[0]) ? 'remove' : 'add';
  if (/^(?:(?:and|then|first)\s+)*(?:clear|empty|wipe)\b/i.test(phrase)) hints.clear = true;
  if (/\b(?:upsert\w*|(?:create|add|insert) or update|update or (?:create|add|insert))\b/i.test(phrase))
    hints.upsert = true;
  const table =
    // "the Postgres table 'products'", "the Airtable base "Leads"": a quoted name right after the kind.
    /\b(?:table|sheet|tab|database|board|base|spreadsheet|collection)\s+(?:called\s+|named\s+)?["'“‘]([\w .&-]{1,40}?)["'”’]/i.exec(
      phrase,
    ) ??
    /\b(?:table|sheet|tab|database|list|board|project|base|spreadsheet|collection)\s+(?:called|named)\s+["'“]?([\w -]{1,40}?)["'”]?(?=$|[,.;]|\s(?:and|then|with|in|on)\s)/i.exec(
      phrase,
    ) ??
    // "read the Postgres table orders", "the collection `events`": a name written right after the kind.
    /\b(?:table|collection)\s+`?((?!(?:of|in|on|for|with|and|to|from|where|that|which|is|are|as|by|at|into|or|but|so|if|exports?|backups?|dumps?|data|rows|records|items|entries|documents|changes|updates|schema|size|name)\b)[a-z_][\w.]{1,40})`?(?=$|[\s,.;:)])/i.exec(
      phrase,
    ) ??
    /\bthe\s+["'“]?([\w-]{1,30})["'”]?\s+(?:table|sheet|tab|database|board|list|collection)\b/i.exec(phrase);
  if (
    table?.[1] &&
    !/^(?:same|main|right|google|new|a|an|my|our)$/i.test(table[1]) &&
    // "the Postgres table": the app, not the table's name.
    !/^(?:postgres|postgresql|mysql|mssql|airtable|supabase|notion|baserow|nocodb|mongodb|sqlite|snowflake|bigquery|excel|sheets|seatable|grist|coda)$/i.test(
      table[1],
    )
  )
    hints.table = table[1].trim();
  const container =
    /\bthe\s+((?:[A-Z][\w.-]*\s+){0,3}[A-Z][\w.-]*)\s+(?:repo|repository|project|board|channel|workspace|page|folder)\b/.exec(
      phrase,
    );
  if (container?.[1]) hints.container = container[1];
  const place = /\b(?:in|for|at|near)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b/.exec(phrase);
  if (place?.[1] && !/^(?:Slack|Gmail|Google|Notion|The|My|Our)$/.test(place[1].split(' ')[0]!))
    hints.location = place[1];
  // "the S3 bucket 'finance-backups'", "Google Cloud Storage bucket `acme-log-archive/<year>/`": the bucket named.
  const bucket =
    /\bbucket\s+(?:called\s+|named\s+)?[`'"‘“]([a-z0-9][a-z0-9.-]{1,62})(?:\/[^`'"’”\s]*)?[`'"’”]/i.exec(phrase) ??
    /\bbucket\s+(?:called\s+|named\s+)?([a-z0-9][a-z0-9-]{1,62}[a-z0-9])(?=$|[\s,.;])/.exec(phrase) ??
    /[`'"‘“]([a-z0-9][a-z0-9.-]{1,62})[`'"’”]\s+bucket\b/i.exec(phrase);
  if (bucket?.[1] && !/^(?:and|or|then|to|in|on|for|with|the|a|an|our|my)$/.test(bucket[1])) hints.bucket = bucket[1];
  const subject = /\bsubject\s+(?:line\s+)?["'“]([^"'”]{1,100})["'”]/.exec(phrase);
  if (subject?.[1]) hints.subject = subject[1];
  // "SELECT * FROM tenants WHERE id = … in MySQL": the query the request writes out is the one the node runs.
  const sql =
    /`((?:SELECT|INSERT|UPDATE|DELETE|WITH)\b[^`]{4,400})`|\b((?:SELECT\s[^;\n]{1,200}?\sFROM|INSERT INTO|DELETE FROM|UPDATE\s+\w+\s+SET)\s[^;\n]{1,300}?)(?=\s+(?:in|on|against|from)\s+(?:MySQL|Postgres|PostgreSQL|Snowflake|SQL Server|Microsoft SQL|MariaDB|the database|our database|the db)\b|\s*[;\n]|\s*$)/.exec(
      phrase,
    );
  if (sql) hints.text = (sql[1] ?? sql[2])!.trim();
  return hints;
}
