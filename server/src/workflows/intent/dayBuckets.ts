// Reminders, chasers and escalations keyed to a number of days: "1-14 days overdue: a polite reminder; 15-30 days: a
// firmer one; over 30 days: post it in #collections", "30 days before the next billing date, email the CSM; 7 days
// before, email the customer", "at 20 days old email the DPO, at 27 days email both", "expiring in 60-90 days: …;
// already expired: …". Each part is a route of one Switch on the whole days between today and the date the request
// names (until it, or since it), a number the Switch works out from the item's date.
import { rangeEnds, walkSteps, type Condition, type Route, type Step } from '../spec.ts';
import { contextAt, routeSteps, type Context } from './auditRoutes.ts';

type Direction = 'until' | 'since';

interface Bucket {
  start: number;
  end: number;
  name: string;
  test: Pick<Condition, 'operator' | 'value'>;
  direction: Direction | null;
  date: string | null;
  action: string;
}

/** What may open a bucket's part: a list mark, "when there are", "for events", "at", "and". */
const LEAD = String.raw`[ \t]*(?:[-*•][ \t]*|\d+[.)][ \t]+)?(?:(?:any|anything|all|every|each)\s+(?:[a-z]+\s+)?(?=expir|due|ending|renewing)|(?:when|if|once)\s+(?:there(?:'s|\s+are|\s+is)\s+(?:only\s+)?|it(?:'s|\s+is)\s+|they(?:'re|\s+are)\s+)?|for\s+(?:[a-z]+\s+){1,2}?(?=(?:exactly\s+)?\d)|at\s+|(?:and|then)\s+(?:at\s+)?|with\s+)?`;
const DUE = String.raw`(?:(expiring|expires|due|ending|renewing)\s+(?:in\s+)?)?`;
const SPAN = String.raw`(?:(\d+)\s*(?:-|–|to)\s*(\d+)|(over|more than|after|beyond|under|less than|fewer than|within|exactly)\s+(\d+)|(\d+))\s+days?(?:\s+or\s+(fewer|less|more|over|under|sooner|later))?`;
const QUALIFIER = String.raw`(?:\s+(before|after|until|since)\b(?:\s+(?:the\s+|their\s+|its\s+)?((?!(?:and|or|still|if|the|a|an)\b)[a-z][a-z_]*(?:\s+(?!(?:and|or|still|if|is|are)\b)[a-z_]+){0,2}))?|\s+(overdue|past due|late|old|ahead|to go|left|away|out|ago|in advance)\b)?`;
const HEAD = new RegExp(`${LEAD}${DUE}${SPAN}${QUALIFIER}`, 'iy');
/** "already expired", "deadline passed": the date is behind today. */
const PASSED = new RegExp(
  String.raw`${LEAD}(?:already\s+(?:expired|passed|past|overdue|late)|(?:the\s+)?(?:deadline|date|due date|expiry)\s+(?:has\s+|is\s+)?(?:passed|past|gone))`,
  'iy',
);

const SINCE = /^(?:overdue|past due|late|old|after|since|ago)$/i;

/** "the next billing date" → next_billing_date, "lease end" → lease_end, "the show" → show_date. */
function dateField(words: string): string {
  const name = words.trim().toLowerCase().replace(/\s+/g, '_');
  return /(?:date|deadline|_end|_at|expiry|day)$/.test(name) ? name : `${name}_date`;
}

/** The date the request keys the days to, from its words when no part names it. */
function dateOf(original: string, direction: Direction): string {
  if (direction === 'since')
    return /\boverdue|past due|late\b/i.test(original)
      ? 'due_date'
      : /\bsent|reminder\b/i.test(original)
        ? 'sent_at'
        : 'created_at';
  return /\bexpir/i.test(original)
    ? 'expiry_date'
    : /\bdeadline\b/i.test(original)
      ? 'deadline'
      : /\brenew/i.test(original)
        ? 'renewal_date'
        : /\bdue\b/i.test(original)
          ? 'due_date'
          : 'date';
}

function testOf(m: RegExpExecArray): Bucket['test'] {
  const [lo, hi, word, n, single, or] = [m[2], m[3], m[4]?.toLowerCase(), m[5], m[6], m[7]?.toLowerCase()];
  if (lo && hi) return { operator: 'between', value: `${Math.min(+lo, +hi)}..${Math.max(+lo, +hi)}` };
  if (word && n) {
    if (/^(?:over|more than|after|beyond)$/.test(word)) return { operator: 'gt', value: Number(n) };
    if (word === 'within') return { operator: 'between', value: `0..${n}` };
    if (word === 'exactly') return { operator: 'equals', value: Number(n) };
    return { operator: 'lt', value: Number(n) };
  }
  if (or && /^(?:fewer|less|under|sooner)$/.test(or)) return { operator: 'lte', value: Number(single) };
  if (or) return { operator: 'gte', value: Number(single) };
  return { operator: 'equals', value: Number(single) };
}

/** The days a test lets through, as [lowest, highest]. */
function span(c: Condition): [number, number] {
  const n = Number(c.value);
  switch (c.operator) {
    case 'between':
      return rangeEnds(c.value);
    case 'gt':
      return [n + 1, Infinity];
    case 'gte':
      return [n, Infinity];
    case 'lt':
      return [-Infinity, n - 1];
    case 'lte':
      return [-Infinity, n];
    default:
      return [n, n];
  }
}

/** Where a bucket's part may start: a line, a list item, a clause after ";" or ":", a sentence, a comma's clause. */
function starts(original: string): number[] {
  const out = [0];
  for (const m of original.matchAll(/\n|;\s*|:\s+|[.!?]\s+|,\s+/g)) out.push(m.index + m[0].length);
  return out;
}

/** Where a part's action ends: its line, sentence or ";" clause. */
function hardEnd(original: string, from: number): number {
  const m = /\n|;|[.!?](?=\s|$)/.exec(original.slice(from));
  return m ? from + m.index : original.length;
}

function findBuckets(original: string): Bucket[] {
  const found: Bucket[] = [];
  for (const at of starts(original)) {
    HEAD.lastIndex = at;
    PASSED.lastIndex = at;
    const head = HEAD.exec(original);
    const passed = head ? null : PASSED.exec(original);
    const m = head ?? passed;
    if (!m) continue;
    const qualifier = (head?.[8] ?? head?.[10])?.toLowerCase();
    const due = head?.[1]?.toLowerCase();
    const direction: Direction | null = passed
      ? 'until'
      : qualifier
        ? SINCE.test(qualifier)
          ? 'since'
          : 'until'
        : due
          ? 'until'
          : null;
    found.push({
      start: at,
      end: m.index + m[0].length,
      name: m[0]
        .trim()
        .replace(/^[-*•]\s*|^\d+[.)]\s+/, '')
        .replace(
          /^(?:when|if|once|for|at|and|then|with|any|anything|all|every|each)\b.*?(?=\b(?:over|more than|after|beyond|under|less than|fewer than|within|exactly|expiring|expires|due|ending|renewing|already|the deadline|deadline)\b|\d)/i,
          '',
        ),
      test: passed ? { operator: 'lt', value: 0 } : testOf(head!),
      direction,
      // "before the next billing date", "after the survey": the date named after the direction.
      date: head?.[9] ? dateField(head[9]) : null,
      action: '',
    });
  }
  // A head inside another's words (a comma within "1-14 days overdue") is no part of its own.
  const kept = found.filter((b, i) => !found.some((o, j) => j !== i && b.start > o.start && b.start < o.end));
  kept.forEach((b, i) => {
    const next = kept[i + 1]?.start ?? original.length;
    const to = Math.min(next, hardEnd(original, b.end));
    b.action = original
      .slice(b.end, Math.max(b.end, to))
      .replace(/^\s*(?:\([^)]*\))?\s*[:,–—-]?\s*/, '')
      .replace(/[\s,;]+$/, '');
    b.end = Math.max(b.end, to);
  });
  return kept;
}

/**
 * Makes a Switch of two or more day-count parts, in place of what the clause rules read from them. Returns the text
 * of the parts (to drop it from the unmapped parts), or null.
 */
export function dayBuckets(steps: Step[], original: string, context: Context): string | null {
  if (!/\bdays?\b/i.test(original)) return null;
  const buckets = findBuckets(original).filter((b) => b.action);
  if (buckets.length < 2) return null;
  // Parts said without their direction ("15-30 days:") take the one said before; the first from the request's words.
  let direction: Direction | null = buckets.find((b) => b.direction)?.direction ?? null;
  if (!direction) direction = /\b(?:overdue|past due|late|old|ago|since)\b/i.test(original) ? 'since' : null;
  if (!direction && /\b(?:before|to go|left|away|until|expir\w*|due|renew\w*|deadline)\b/i.test(original))
    direction = 'until';
  if (!direction) return null;
  let date: string | null = null;
  for (const b of buckets) {
    b.direction ??= direction;
    direction = b.direction;
    date ??= b.date;
  }
  // One Switch keys its routes to one date, one direction.
  if (buckets.some((b) => b.direction !== buckets[0]!.direction)) return null;
  const field = `days ${buckets[0]!.direction} ${date ?? dateOf(original, buckets[0]!.direction!)}`;
  const from = buckets[0]!.start;
  const to = buckets.at(-1)!.end;
  const ctx = contextAt(original, from, to, context);
  const routes: Route[] = [];
  let previous: Step[] = [];
  for (const b of buckets) {
    // "over 30 days: no email, post it in #collections": what it does not do first, then what it does.
    const action = b.action.replace(
      /^(?:no (?:email|e-mail|message|reminder|sms|text)s?|(?:do not|don't) (?:email|send|remind|text|message)\b[^,;]*)\s*,\s*(?:but\s+|instead\s+)?(?=\S)/i,
      '',
    );
    // "gets a Jira ticket", "gets a reminder email": what the item is given is made, or sent.
    const given = action.replace(
      /^(?:also\s+)?gets?\s+(?=(?:an?|one|its own|their own)\s+(?:[\w-]+\s+){0,3}?([a-z]+)\b)/i,
      (_, noun: string) =>
        /^(?:email|e-mail|mail|sms|text|message|reminder|notification|nudge|alert|dm|ping)s?$/i.test(noun)
          ? 'send '
          : 'create ',
    );
    const seg = { start: b.start, end: b.end, name: b.name, full: true, fallback: false, action: given, kind: 0 };
    const done = routeSteps(seg, previous, ctx, 'days');
    if (done?.length) previous = done;
    if (!done?.length) continue;
    routes.push({ name: b.name.slice(0, 40), steps: done, condition: { field, ...b.test } });
  }
  if (routes.length < 2) return null;
  // A step read from words that reach into the parts ("route them: 1-14 days overdue: polite reminder …").
  const inside = (s: Step) => {
    const phrase = s.kind === 'app' || s.kind === 'http' || s.kind === 'ai' ? s.phrase : '';
    const at = phrase ? original.indexOf(phrase) : -1;
    return at >= 0 && at < to && at + phrase.length > from;
  };
  const outside = original.slice(0, from) + original.slice(to);
  const word = (v: unknown) => new RegExp(`\\b${String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  // Branches and pauses the clause rules made of the parts ("wait 30 days", "If days until is true") give way too.
  const made = (s: Step) => {
    if (s.kind === 'wait') return /\bdays?\b/.test(s.until ?? '') || buckets.some((b) => b.test.value === s.amount);
    if (s.kind === 'app' || s.kind === 'http' || s.kind === 'ai') return inside(s);
    // "already expired: urgent email …": a test read from a part's words alone.
    if (s.kind === 'filter')
      return (
        /^days?_/.test(s.condition.field) ||
        (typeof s.condition.value === 'string' &&
          s.condition.value.length > 2 &&
          word(s.condition.value).test(original.slice(from, to)) &&
          !word(s.condition.value).test(outside))
      );
    if (s.kind !== 'if' && s.kind !== 'switch') return false;
    let all = true;
    let any = false;
    walkSteps([s], (x) => {
      if (x === s || x.kind === 'if' || x.kind === 'switch') return;
      if (inside(x)) any = true;
      else if (x.kind === 'app' || x.kind === 'http' || x.kind === 'ai') all = false;
    });
    return any && all;
  };
  let at = steps.findIndex(made);
  for (let i = steps.length - 1; i >= 0; i--) if (made(steps[i]!)) steps.splice(i, 1);
  if (at < 0) at = steps.length;
  // "within 30 days: a ticket; within 7 days also page on-call": ranges that overlap send an item down each.
  const ranges = routes.map((r) => span(r.condition!));
  const overlap = ranges.some((a, i) => ranges.some((b, j) => j > i && a[0] <= b[1] && b[0] <= a[1]));
  steps.splice(Math.min(at, steps.length), 0, {
    kind: 'switch',
    field,
    routes,
    fallback: null,
    ...(overlap ? { everyMatch: true } : {}),
  });
  return original.slice(from, to);
}
