// Cuts a sentence into clauses: at a comma, "and", "then" or "&" that a new action follows, before a condition
// ("if …", "otherwise …") and before a route ("low ones are archived"). A comma inside a list of apps stays.
import { fieldOfValue, lemma, openingVerbClass, opposite, verbClass, type VerbClass } from './lexicon.ts';
import type { Token } from './text.ts';
import { spanUnit } from './words.ts';

export type Lead = 'if' | 'unless' | 'otherwise' | 'loop' | 'purpose' | null;

export interface Clause {
  /** Token indexes [from, to) in the request. */
  from: number;
  to: number;
  lead: Lead;
}

const CONNECTIVE = /^(?:then|finally|afterwards|afterward|next|also|lastly|subsequently)$/;
const SKIP =
  /^(?:also|then|please|just|automatically|auto|immediately|and|finally|should|will|must|can|to|it|we|i|you|the|workflow|automation|bot|system|n8n|this)$/;

function isVerbAt(tokens: Token[], j: number): boolean {
  const t = tokens[j];
  if (!t || t.kind !== 'word') return false;
  const cls = verbClass(t.lower);
  if (!cls) return false;
  const next = tokens[j + 1];
  // "alerts to Slack", "updates in Notion": a plural noun, not a verb.
  if (
    /s$/.test(t.lower) &&
    lemma(t.lower) !== t.lower &&
    (!next || /^(?:to|in|on|for|via|from|and|with|,)$/.test(next.lower))
  )
    return false;
  return true;
}

/** The action after a capitalised app name ("Zendesk Find Ticket", "Google Sheets Append Row"): its verb. */
export function appThenAction(
  tokens: Token[],
  i: number,
  to: number,
  /** Where an app mention starting at `i` ends: "hubspot get all deals" in lower case names the app too. */
  appEnd?: number,
): { index: number; word: string; cls: VerbClass } | null {
  if (!/^[A-Z]/.test(tokens[i]!.text) && appEnd === undefined) return null;
  /** The word at j is an action, in its plain form, with a word after it ("get all deals"). */
  const action = (j: number) => {
    const t = tokens[j];
    const cls = t?.kind === 'word' ? verbClass(t.lower) : undefined;
    return t &&
      cls &&
      /^(?:send|create|update|delete|read|search)$/.test(cls) &&
      lemma(t.lower) === t.lower &&
      tokens[j + 1]?.kind === 'word'
      ? { index: j, word: t.lower, cls }
      : null;
  };
  // A lower-case app: its action comes right after its name.
  if (appEnd !== undefined && !/^[A-Z]/.test(tokens[i]!.text)) return action(appEnd);
  for (let j = i + 1; j < Math.min(to, i + 4); j++) {
    const t = tokens[j]!;
    if (t.kind !== 'word') return null;
    const found = action(j);
    // "Zendesk find ticket by ID" too; not "HubSpot contact", "WordPress post": nouns that are verbs as well.
    if (
      found &&
      (/^[A-Z]/.test(t.text) ||
        !/^(?:contact|record|file|log|post|book|list|track|order|copy|update|message|text|mail|email|tag|label|note|page)$/.test(
          t.lower,
        ))
    )
      return found;
    if (!/^[A-Z]/.test(t.text)) return null;
  }
  return null;
}

/** The first meaningful word after j starts an action, a condition or a route. */
function startsClause(tokens: Token[], j: number, end: number): boolean {
  let k = j;
  while (k < end && tokens[k]!.kind === 'word' && SKIP.test(tokens[k]!.lower) && !isVerbAt(tokens, k)) k++;
  const t = tokens[k];
  if (!t || k >= end) return false;
  // "…, and the security team is alerted in Microsoft Teams": a new subject and its verb in the passive.
  const d = tokens[j]?.lower === 'and' ? j + 1 : j;
  if (
    tokens[j - 1]?.text === ',' &&
    /^(?:the|a|an|our|their|its)$/.test(tokens[d]?.lower ?? '') &&
    [1, 2, 3].some((n) => {
      const aux = tokens[d + n];
      const done = tokens[d + n + 1];
      return (
        Boolean(aux && done) &&
        tokens.slice(d + 1, d + n).every((x) => x.kind === 'word') &&
        /^(?:is|are|gets|get)$/.test(aux!.lower) &&
        done!.kind === 'word' &&
        /ed$/.test(done!.lower) &&
        Boolean(verbClass(done!.lower))
      );
    })
  )
    return true;
  // ", or create a new one if it doesn't": the other action, after a comma.
  if (t.lower === 'or' && tokens[j - 1]?.text === ',' && isVerbAt(tokens, k + 1)) return true;
  // "everyone else …" is one subject, not "everyone" and an "else".
  if (
    t.lower === 'else' &&
    /^(?:everyone|everybody|anyone|anybody|everything|anything|someone|something|nobody|nothing)$/.test(
      tokens[k - 1]?.lower ?? '',
    )
  )
    return false;
  if (/^(?:if|unless|otherwise|else|when|whenever|only|for|each|both|but)$/.test(t.lower)) return true;
  // ", have GPT summarise them", "and let Claude draft a reply": someone else does the next action.
  const doer = tokens[k + 1]?.lower === 'the' || tokens[k + 1]?.lower === 'an' ? tokens[k + 2] : tokens[k + 1];
  if (
    /^(?:have|let|ask)$/.test(t.lower) &&
    doer?.kind === 'word' &&
    (/^[A-Z]/.test(doer.text) || /^(?:ai|llm|model|agent|bot|assistant|gpt\S*)$/.test(doer.lower))
  )
    return true;
  // ", everyone else gets …", ", the rest go to …": the other items' outcome.
  const two = `${t.lower} ${tokens[k + 1]?.lower ?? ''}`;
  if (/^(?:(?:everyone|everybody|anyone|everything|anything) else|the (?:rest|others)|all others?)$/.test(two))
    return true;
  if (/^(?:rest|others)$/.test(t.lower) && tokens[k - 1]?.lower === 'the') return true;
  // ", anything under that just log it …": the items on the other side of the amount said before.
  if (
    tokens[j - 1]?.text === ',' &&
    /^(?:anything|everything|anyone|everyone|all|those) (?:under|below|over|above|(?:less|more|lower|higher|smaller|bigger|greater) than) (?:that|this)\b/.test(
      tokens
        .slice(k, k + 4)
        .map((x) => x.lower)
        .join(' '),
    )
  )
    return true;
  // ", smaller orders just get appended …", ", cheaper ones go …": the items on a comparison's other side.
  if (
    tokens[j - 1]?.text === ',' &&
    /^(?:bigger|larger|higher|greater|smaller|lower|cheaper|pricier|older|newer|longer|shorter)$/.test(t.lower) &&
    /^(?:ones|items|[a-z]+s)$/.test(tokens[k + 1]?.lower ?? '') &&
    !verbClass(tokens[k + 1]!.lower)
  )
    return true;
  // "Store name, score and summary in Notion": a verb-like word in a list of nouns is one of them.
  if (
    isVerbAt(tokens, k) &&
    /^(?:and|or|,)$/.test(tokens[k + 1]?.lower ?? '') &&
    tokens[k + 2]?.kind === 'word' &&
    !isVerbAt(tokens, k + 2) &&
    !/^(?:then|also|finally|if|when|only|and|or)$/.test(tokens[k + 2]!.lower)
  )
    return false;
  // "extract the supplier, date and total from each invoice": the last of a list of nouns, before a preposition.
  if (
    isVerbAt(tokens, k) &&
    /^(?:and|or|&)$/.test(tokens[k - 1]?.lower ?? '') &&
    tokens[k - 2]?.kind === 'word' &&
    !isVerbAt(tokens, k - 2) &&
    tokens[k - 3]?.text === ',' &&
    tokens[k - 4]?.kind === 'word' &&
    (!tokens[k + 1] ||
      tokens[k + 1]!.kind !== 'word' ||
      /^(?:from|with|out|of|into|in|to|for|on|onto|fields?|columns?)$/.test(tokens[k + 1]!.lower))
  )
    return false;
  if (isVerbAt(tokens, k)) return true;
  // "… should go onto our calendar and be announced in Teams", "and get posted to #ops": a change of its own, said in
  // the passive.
  const done = tokens[k + 1];
  if (
    /^(?:be|get)$/.test(t.lower) &&
    /^(?:and|,)$/.test(tokens[k - 1]?.lower ?? '') &&
    done?.kind === 'word' &&
    /(?:ed|en|wn|nt|ne)$/.test(done.lower) &&
    verbClass(done.lower)
  )
    return true;
  // "… -> QuickBooks Create Invoice for the amount": after an arrow, a Zap's step names its app, then its action.
  if (/^(?:>|→)$/.test(tokens[j - 1]?.text ?? '') && appThenAction(tokens, k, end)) return true;
  return routeStart(tokens, k);
}

/** "under $10k nothing happens", "below 75 ignore it": a route whose items nothing is done to. */
const NOTHING = /^(?:nothing|ignore|skip|drop|discard)$/;

/** Words that carry a route's items to what happens to them ("go to", "get", "are archived", "should be"). */
const ROUTE_VERB = /^(?:go|goes|get|gets|are|is|should|must|will|to|means|mean|stay|stays|remain|remains|->|→)$/;

/**
 * "low ones are archived", "'update' events go to …", "low priority tickets get …": a value, at most two words
 * naming its items, then what happens to them. Returns where the route's words after the value end (the verb), or -1.
 */
/** "9 or 10", "4 and 5 star", "1 to 3", "6 or below", "above 80": a range of numbers a route takes. */
export interface NumberRange {
  lo: number;
  hi: number;
  /** The token after the range's words. */
  end: number;
  /** "over 50", "under 10": the bound itself, which the range leaves out. */
  strict?: number;
}

/** A number at i, written as an amount too ("$50k", "€1,200", "2.5m", "90%"): its value and the token after it. */
function amountAt(tokens: Token[], i: number): { n: number; next: number } | null {
  let at = i;
  if (/^[$€£¥₹]$/.test(tokens[at]?.text ?? '') && tokens[at + 1]?.joined) at++;
  // ("20kg", "4h", "90%": a unit written against the number; "2nd" is an ordinal and "9am" a time, no amount.)
  const m = /^(\d+(?:\.\d+)?)(k|m|(?!(?:st|nd|rd|th|am|pm)$)[a-z%]{1,5})?$/i.exec(tokens[at]?.text ?? '');
  if (!m) return null;
  let digits = m[1]!;
  let next = at + 1;
  // "$1,200": thousands written with a comma.
  while (
    !m[2] &&
    tokens[next]?.text === ',' &&
    tokens[next]!.joined &&
    tokens[next + 1]?.joined &&
    /^\d{3}(?:\.\d+)?$/.test(tokens[next + 1]!.text)
  ) {
    digits += tokens[next + 1]!.text;
    next += 2;
  }
  const unit =
    (m[2] ? (/^[km]$/i.test(m[2]) ? m[2].toLowerCase() : '') : undefined) ??
    (/^(?:k|m)$/i.test(tokens[next]?.text ?? '') && tokens[next]!.joined ? tokens[next++]!.lower : '');
  const n = Number(digits) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1);
  // "90%", "90 percent", "$50k USD": the unit is not part of the value.
  if (
    /^(?:%|percent|usd|eur|gbp|dollars|euros|pounds|bucks|kg|kgs|lbs?|g|gb|mb|tb|km|miles|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|pts|points)$/i.test(
      tokens[next]?.text ?? '',
    )
  )
    next++;
  return { n, next };
}

export function numberRange(tokens: Token[], k: number): NumberRange | null {
  const num = (i: number) => amountAt(tokens, i)?.n ?? null;
  const after = (i: number) => amountAt(tokens, i)!.next;
  let i = k;
  let lo: number | null;
  let hi: number | null;
  const lead = tokens[i]?.lower ?? '';
  const two = `${lead} ${tokens[i + 1]?.lower ?? ''}`;
  // "over $50k", "more than 100", "at least 3": one end of the range.
  const above = /^(?:above|over|exceeding)$/.test(lead) ? 1 : /^(?:more|greater|higher) than$/.test(two) ? 2 : 0;
  const below = /^(?:below|under)$/.test(lead) ? 1 : /^(?:less|fewer|lower) than$/.test(two) ? 2 : 0;
  const least = /^at least$/.test(two) ? 2 : 0;
  const most = /^at most$/.test(two) ? 2 : 0;
  const skip = above || below || least || most;
  if (skip && num(i + skip) !== null) {
    const n = num(i + skip)!;
    const end = after(i + skip);
    if (above) return { lo: n + Number.EPSILON, hi: Infinity, end, strict: n };
    if (below) return { lo: -Infinity, hi: n - Number.EPSILON, end, strict: n };
    return least ? { lo: n, hi: Infinity, end } : { lo: -Infinity, hi: n, end };
  }
  // "between $10k and $50k", "from 1 to 3": both ends.
  if (/^(?:between|from)$/.test(lead) && num(i + 1) !== null) {
    const j = after(i + 1);
    if (/^(?:and|to|-|–)$/.test(tokens[j]?.lower ?? '') && num(j + 1) !== null) {
      const [a, b] = [num(i + 1)!, num(j + 1)!];
      return { lo: Math.min(a, b), hi: Math.max(a, b), end: after(j + 1) };
    }
    return null;
  }
  // "8+": a number and its "or more" written as one.
  const plus = /^(\d+(?:\.\d+)?)\+$/.exec(tokens[i]?.text ?? '');
  if (plus) return { lo: Number(plus[1]), hi: Infinity, end: i + 1 };
  lo = num(i);
  if (lo === null) return null;
  hi = lo;
  i = after(i);
  const link = tokens[i]?.lower ?? '';
  if (/^(?:or|and|to|through|-|–)$/.test(link) && num(i + 1) !== null) {
    hi = num(i + 1)!;
    i = after(i + 1);
  } else if (/^(?:or|and)$/.test(link) && /^(?:below|less|lower|under|fewer)$/.test(tokens[i + 1]?.lower ?? '')) {
    [lo, hi] = [-Infinity, lo];
    i += 2;
  } else if (/^(?:or|and)$/.test(link) && /^(?:above|more|higher|over|greater|up)$/.test(tokens[i + 1]?.lower ?? '')) {
    hi = Infinity;
    i += 2;
  } else if (link === '+') {
    hi = Infinity;
    i++;
  }
  return { lo: Math.min(lo, hi), hi: Math.max(lo, hi), end: i };
}

/** "→" or "->" at j: the arrow a route's value points along ("Engineering → #eng"). */
function arrowAt(tokens: Token[], j: number): number {
  const t = tokens[j];
  if (t?.text === '→') return j;
  if (t?.text === ':' && colonRoute(tokens, j)) return j;
  if (t?.text === '-' && tokens[j + 1]?.text === '>' && tokens[j + 1]!.joined) return j + 1;
  return -1;
}

/** Words that label a line ("AC:", "Budget:", "Note:") rather than name a value a route takes. */
const LABELS =
  /^(?:ac|acceptance|criteria|note|notes|nb|budget|context|goal|goals|requirements?|spec|specs|source|sources|trigger|output|input|example|steps?|ps|edit|update|bonus|deadline|timeline|stack|tools?|setup|problem|ideally|why|what|how|when|where|who|question|background|current|today|now|tldr|important|optional|nice|details|data|fields?|format|schedule|frequency|email|subject|body|message|title|flow|workflow|ask|task|result|results|outcome|then|step|phase|part|option|options|case|scenario|summary|status|done|acs|story|user|epic|feature|action|actions)$/;

/**
 * "high: Slack DM to the on-call agent", one line of a list: a value of one to three words opening its line, then a
 * colon and what happens to it.
 */
function colonRoute(tokens: Token[], j: number): boolean {
  let start = j;
  while (start > 0 && !/^[.!?:]$/.test(tokens[start - 1]!.text)) start--;
  // "- US: add a row …": a list's marker opens the line, not the value.
  while (start < j && /^[-*•]$/.test(tokens[start]!.text)) start++;
  const value = tokens.slice(start, j);
  if (!value.length || value.length > 3 || j + 1 >= tokens.length || /^[.!?]$/.test(tokens[j + 1]!.text)) return false;
  return value.every(
    (t) =>
      (t.kind === 'word' || t.kind === 'quote' || /^[<>+/]$/.test(t.text)) &&
      !LABELS.test(t.lower) &&
      (t.kind !== 'word' || !verbClass(t.lower) || /^(?:new|cancel+ed|paid|failed|won|lost)$/.test(t.lower)),
  );
}

const STOPS =
  /^(?:the|a|an|all|any|each|every|new|our|my|your|their|this|that|these|those|some|no|it|they|we|i|you|then|and|or|but|if|when|once|also|just|only|both|so)$/;

/** Where the route verb is in "US and Canada orders go …" (a plural noun right before it), or -1. */
function itemRouteVerb(tokens: Token[], k: number): number {
  for (let i = k + 1; i <= k + 4 && i < tokens.length; i++) {
    const w = tokens[i]!;
    if (w.kind !== 'word' && w.kind !== 'quote') return -1;
    if (/^(?:go|goes|get|gets|are|should|must|will)$/.test(w.lower))
      return /^[a-z]+s$/.test(tokens[i - 1]?.lower ?? '') && i - 1 > k ? i : -1;
    if (/^(?:if|when|then|but|the|to|in|on|at|for|with|from|by)$/.test(w.lower)) return -1;
  }
  return -1;
}

/** How many "<value> <items> go …" routes the sentence around k lists, each after a separator. */
function countItemRoutes(tokens: Token[], k: number): number {
  let from = k;
  while (from > 0 && !/^[.!?]$/.test(tokens[from - 1]!.text)) from--;
  let n = 0;
  for (let p = from; p < tokens.length && !/^[.!?]$/.test(tokens[p]!.text); p++) {
    const at = tokens[p]!.lower === 'and' && separates(tokens, p - 1) ? p + 1 : p;
    if ((separates(tokens, p - 1) || at !== p) && tokens[at]?.kind === 'word' && itemRouteVerb(tokens, at) >= 0) n++;
  }
  return n;
}

/** "How-to →", "Positive/neutral →": a value written with a hyphen or a slash ends after its last part. */
export function valueEnd(tokens: Token[], k: number): number {
  let e = k + 1;
  while (
    /^[-/]$/.test(tokens[e]?.text ?? '') &&
    tokens[e]!.joined &&
    tokens[e + 1]?.kind === 'word' &&
    tokens[e + 1]!.joined
  )
    e += 2;
  // "sales@ creates a lead": a mailbox written without its domain ends after its "@".
  if (tokens[e]?.text === '@' && tokens[e]!.joined && !tokens[e + 1]?.joined) e++;
  return e;
}

const separates = (tokens: Token[], i: number): boolean => i < 0 || /^[(,.;:!?]$/.test(tokens[i]?.text ?? '');

/**
 * How many "value →" routes the request lists, each after a separator: in one sentence ("A → x, B → y"), or one per
 * line of a list ("- billing -> create a ticket", "- high: Slack DM …"). A chain ("A → B → C") counts once.
 */
function arrowRoutes(tokens: Token[]): number {
  let n = 0;
  for (let p = 0; p < tokens.length; p++)
    if (
      separates(tokens, p - 1) &&
      tokens[p]!.kind !== 'punct' &&
      (arrowAt(tokens, p + 1) >= 0 ||
        (tokens[p + 1]?.kind === 'word' && arrowAt(tokens, p + 2) >= 0) ||
        (valueEnd(tokens, p) > p + 1 && arrowAt(tokens, valueEnd(tokens, p)) >= 0))
    )
      n++;
  return n;
}

/** "a score of 6 or lower creates …", "ratings between 1 and 3 get …": where the range after its field starts, or -1. */
export function fieldRange(tokens: Token[], k: number): number {
  const lead = /^(?:a|an)$/.test(tokens[k]?.lower ?? '') ? k + 1 : k;
  return separates(tokens, k - 1) &&
    /^(?:scores?|ratings?|grades?|nps|csat|values?|amounts?|totals?)$/.test(tokens[lead]?.lower ?? '') &&
    /^(?:of|between|from)$/.test(tokens[lead + 1]?.lower ?? '') &&
    /^[\d$€£¥₹]/.test(tokens[lead + 2]?.text ?? '') &&
    numberRange(tokens, lead + 2)
    ? lead + 2
    : -1;
}

export function routeVerbAt(tokens: Token[], k: number): number {
  const t = tokens[k];
  if (!t) return -1;
  const fielded = fieldRange(tokens, k);
  if (fielded >= 0) return routeVerbAt(tokens, fielded);
  // "A 4 or 5 means they passed": a number after its article.
  if (/^(?:a|an)$/.test(t.lower) && separates(tokens, k - 1) && /^\d/.test(tokens[k + 1]?.text ?? ''))
    return numberRange(tokens, k + 1) ? routeVerbAt(tokens, k + 1) : -1;
  // "sales → create contact in HubSpot": what follows an arrow is the route's action, not another value.
  if (
    (tokens[k - 1]?.text === '→' || (tokens[k - 1]?.text === '>' && tokens[k - 2]?.text === '-')) &&
    verbClass(t.lower)
  )
    return -1;
  // "(Engineering → #eng, Sales → #sales, anything else → #general)": a value and where it goes.
  // "billing → forward to finance@, technical → …": a value right before its arrow, even one that reads as a verb.
  if ((t.kind === 'word' || t.kind === 'quote') && (!verbClass(t.lower) || arrowAt(tokens, k + 1) >= 0)) {
    const arrow =
      arrowAt(tokens, k + 1) >= 0
        ? k + 1
        : arrowAt(tokens, k + 2) >= 0 && tokens[k + 1]?.kind === 'word'
          ? k + 2
          : valueEnd(tokens, k) > k + 1 && arrowAt(tokens, valueEnd(tokens, k)) >= 0
            ? valueEnd(tokens, k)
            : -1;
    // A list of routes, not a chain of steps ("Schedule Trigger -> Reddit -> OpenAI"): in a parenthesis, first or
    // after a comma, with the field named before it.
    const listed = /^[(,]$/.test(tokens[k - 1]?.text ?? '') && tokens.slice(0, k).some((x) => x.text === '(');
    if (arrow >= 0 && listed && tokens.slice(0, k).some((x) => /^(?:on|by)$/.test(x.lower)))
      return arrowAt(tokens, arrow);
    // "subscription_created → add to Customer.io, subscription_cancelled → create a task …": two or more values,
    // each after a comma or the sentence's start, pointing at what happens; a chain ("A → B → C") has one.
    if (arrow >= 0 && separates(tokens, k - 1) && arrowRoutes(tokens) >= 2) return arrowAt(tokens, arrow);
  }
  // "9 or 10 go into …", "4 and 5 star reviews get …", "1 to 3 stars get …": ranges of a score or a rating.
  const range = numberRange(tokens, k);
  if (
    range &&
    (range.hi > range.lo ||
      /^(?:stars?|points?)$/.test(tokens[range.end]?.lower ?? '') ||
      // "A 3 means book a follow-up": one value that means something.
      /^(?:means?)$/.test(tokens[range.end]?.lower ?? ''))
  ) {
    for (let i = range.end; i <= range.end + 3 && i < tokens.length; i++) {
      const w = tokens[i]!;
      // "below 9, create …": the bound, a comma, then what happens.
      // ("€50 to €200, post it …": a range with both ends opening its sentence, too.)
      // "7 or above: notify the hiring manager …. Below 7: send …": a range as a label.
      // (A span with its unit, "7 to 30 days: …", is read by the ladder of spans.)
      if (i === range.end && w.text === ':' && separates(tokens, k - 1) && !spanUnit(tokens[i - 1]?.lower ?? ''))
        continue;
      // "Below 70 → put a 'Rest day' event in my Google Calendar": a range and its arrow.
      if (i === range.end && separates(tokens, k - 1) && arrowAt(tokens, i) >= 0) return arrowAt(tokens, i);
      if (
        i === range.end &&
        w.text === ',' &&
        ((range.lo === -Infinity) !== (range.hi === Infinity) ||
          (range.hi > range.lo &&
            (separates(tokens, k - 1) || (/^[$€£¥₹]$/.test(tokens[k - 1]?.text ?? '') && separates(tokens, k - 2)))))
      )
        continue;
      if (w.kind !== 'word') return -1;
      if (
        ROUTE_VERB.test(w.lower) ||
        /^(?:into|in)$/.test(w.lower) ||
        isVerbAt(tokens, i) ||
        NOTHING.test(w.lower) ||
        openingVerbClass(w.lower) !== undefined
      )
        return i;
      if (/^(?:if|when|and|or|but|then|the|a|an|of|for|with|from|on|at|by)$/.test(w.lower)) return -1;
    }
    return -1;
  }
  const value =
    t.kind === 'quote' ||
    // "decide category: billing, technical or other. … - technical make Jira issue": a value the request listed.
    (t.kind === 'word' && separates(tokens, k - 1) && listedValues(tokens).has(t.lower)) ||
    // "sales@ creates a lead in Pipedrive, jobs@ is forwarded …": the mailbox the items came to.
    (t.kind === 'word' && separates(tokens, k - 1) && tokens[k + 1]?.text === '@' && valueEnd(tokens, k) === k + 2) ||
    (t.kind === 'word' &&
      // "and insert store, date, revenue into the MySQL table": a verb that starts a step, not an "insert" event.
      // ("Fatal: create a Linear issue": the verb after a label's colon is what happens, not a "create" event.)
      !(verbClass(t.lower) && lemma(t.lower) === t.lower && /^(?:and|then|,|:)$/.test(tokens[k - 1]?.lower ?? '')) &&
      (fieldOfValue(t.lower) !== null ||
        /^(?:unknown|other|others|everything|anything|rest|remaining)$/.test(t.lower)));
  // "Hot leads should be created in HubSpot; everyone else …": with the other items named, any word may be the value.
  const named =
    !value &&
    t.kind === 'word' &&
    /^[a-z][a-z-]+$/.test(t.lower) &&
    !verbClass(t.lower) &&
    !/^(?:the|a|an|all|any|each|every|new|our|my|your|their|this|that|these|those|some|no|it|they|we|i|you|then|and|or|but|if|when|once|also|just|only|both|skip|ignore|exclude|disregard|discard|drop)$/.test(
      t.lower,
    ) &&
    // "Bad ratings go to …, and good ones get …": values said with their opposite.
    ((/^(?:[a-z]+s|ones|people)$/.test(tokens[k + 1]?.lower ?? '') &&
      tokens.some(
        (x, i) =>
          i !== k && x.lower === opposite(t.lower) && /^(?:[a-z]+s|ones|people)$/.test(tokens[i + 1]?.lower ?? ''),
      )) ||
      // "invoices go to Karen, … everything else to Tom": a plural noun alone before the route's verb is a value too.
      ((/^(?:[a-z]+s|ones|people)$/.test(tokens[k + 1]?.lower ?? '') ||
        (/^[a-z]+s$/.test(t.lower) && /^(?:go|should|must|get|are)$/.test(tokens[k + 1]?.lower ?? '')) ||
        // "…, warnings to Slack #ops, the rest by email": a plural value after a comma, and only where it goes.
        (/^[a-z]+s$/.test(t.lower) && tokens[k + 1]?.lower === 'to' && tokens[k - 1]?.text === ',')) &&
        hasOthers(tokens)));
  // "US and Canada orders go to Airtable, EU orders go to a Google Sheet": values before the items, twice or more.
  if (t.kind === 'word' && !verbClass(t.lower) && !STOPS.test(t.lower) && separates(tokens, k - 1)) {
    const verb = itemRouteVerb(tokens, k);
    if (verb >= 0 && countItemRoutes(tokens, k) >= 2) return verb;
  }
  const ranged = !value && separates(tokens, k - 1) && rangedItems(tokens, k) !== null;
  if (!value && !named && !ranged) return -1;
  // "New post in my RSS feed …", "New PayPal payments …": "new" opens an event, not a route, unless the others are named.
  if (t.lower === 'new' && !hasOthers(tokens) && !tokens.some((x) => /^(?:existing|returning|old)$/.test(x.lower)))
    return -1;
  // "anything 6 or below creates …": the fallback's own range is part of its value.
  const own = value || ranged ? numberRange(tokens, k + 1) : null;
  const first = own ? own.end : Math.max(k + 1, valueEnd(tokens, k));
  for (let i = first; i <= first + 2 && i < tokens.length; i++) {
    const w = tokens[i]!;
    // "Anything under 3, email HR": the range, a comma, then what happens.
    if (own && i === first && w.text === ',') continue;
    if (w.kind !== 'word') return -1;
    if (
      ROUTE_VERB.test(w.lower) ||
      (i > k + 1 ? isVerbAt(tokens, i) : Boolean(verbClass(w.lower))) ||
      (own && NOTHING.test(w.lower))
    )
      return i;
    // Items named between the value and the verb: nouns, never a condition or a linking word.
    if (/^(?:if|when|and|or|but|then|the|a|an|of|for|with|from|in|on|at|by)$/.test(w.lower)) return -1;
  }
  return -1;
}

const listed = new WeakMap<Token[], Set<string>>();

/**
 * The values a request lists for its items to take, three or more short words after a colon or "as"/"into"
 * ("category: billing, technical or other", "classify them as bug, feature or question").
 */
function listedValues(tokens: Token[]): Set<string> {
  let found = listed.get(tokens);
  if (!found) {
    found = new Set();
    for (let i = 0; i < tokens.length; i++) {
      if (!/^(?::|as|into)$/.test(tokens[i]!.lower)) continue;
      const words: string[] = [];
      let j = i + 1;
      while (j < tokens.length && tokens[j]!.kind === 'word' && !verbClass(tokens[j]!.lower)) {
        words.push(tokens[j]!.lower);
        const sep = tokens[j + 1]?.lower ?? '';
        if (sep === ',' && /^(?:or|and)$/.test(tokens[j + 2]?.lower ?? '')) j += 3;
        else if (/^(?:,|or|and|\/)$/.test(sep)) j += 2;
        else break;
      }
      if (words.length >= 3 && words.every((w) => /^[a-z][a-z-]{1,20}$/.test(w) && !STOPS.test(w)))
        for (const w of words) found.add(w);
    }
    listed.set(tokens, found);
  }
  return found;
}

const others = new WeakMap<Token[], boolean>();

/** The request names the items no route took ("everyone else", "the rest", "all other …"). */
function hasOthers(tokens: Token[]): boolean {
  let found = others.get(tokens);
  if (found === undefined) {
    const words = tokens.map((x) => x.lower).join(' ');
    found =
      /\b(?:everyone|everybody|anyone|everything|anything) else\b|\bthe (?:rest|others)\b|\ball (?:the )?others?\b/.test(
        words,
      );
    others.set(tokens, found);
  }
  return found;
}

/**
 * "deals between $10k and $50k just get …", "score below 7 create …": the items or the measure, then the range they
 * are in (the range, or null).
 */
export function rangedItems(tokens: Token[], k: number): NumberRange | null {
  const t = tokens[k];
  if (
    t?.kind !== 'word' ||
    !(
      // (A measure, though "score" and "total" are verbs too.)
      /^(?:ones|those|score|rating|amount|total|value|price|budget|count|temperature|usage|nps|csat|balance)$/.test(
        t.lower,
      ) ||
      (/^[a-z]+s$/.test(t.lower) && !STOPS.test(t.lower) && !verbClass(t.lower))
    )
  )
    return null;
  return numberRange(tokens, k + 1);
}

export function routeStart(tokens: Token[], k: number): boolean {
  return routeVerbAt(tokens, k) >= 0;
}

/** The index of the ")" or "}" that closes a list of short fields opened at `at` (no verbs, no arrows); -1 if none. */
function fieldList(tokens: Token[], at: number, to: number): number {
  const close = tokens[at]!.text === '(' ? ')' : '}';
  const end = tokens.findIndex((t, k) => k > at && k < Math.min(to, at + 40) && t.text === close);
  if (end < 0) return -1;
  const inside = tokens.slice(at + 1, end);
  if (!inside.some((t) => t.text === ',') || inside.some((t) => /^[→>;:]$/.test(t.text))) return -1;
  const items: Token[][] = [[]];
  for (const t of inside)
    if (t.text === ',') items.push([]);
    else items.at(-1)!.push(t);
  const short = items.every(
    (item) =>
      item.length > 0 &&
      item.length <= 4 &&
      !(
        item[0]!.kind === 'word' &&
        verbClass(item[0]!.lower) &&
        item.length > 1 &&
        !/^(?:and|or)$/.test(item[0]!.lower)
      ),
  );
  return short ? end : -1;
}

/** Fields an item carries, which are also verbs ("email", "text") or nouns of steps. */
const FIELD_NOUN =
  /^(?:email|e-mail|phone|name|address|total|amount|date|id|link|url|number|qty|quantity|sku|price|status|notes?)$/;

/**
 * "create a HubSpot contact with name and email", "w/ order # and total": the word after "and" ends a list of the
 * fields a step is given, not a clause of its own.
 */
function fieldAfterWith(tokens: Token[], start: number, j: number, to: number): boolean {
  const next = tokens[j + 1];
  if (!next || next.kind !== 'word' || !FIELD_NOUN.test(next.lower)) return false;
  const after = tokens[j + 2];
  if (j + 2 < to && after && after.kind === 'word' && !/^(?:address|addresses|number|id)$/.test(after.lower))
    return false;
  for (let k = j - 1, words = 0; k >= start && words < 6; k--) {
    const t = tokens[k]!;
    if (t.kind !== 'word') continue;
    if (t.lower === 'with') return true;
    if (verbClass(t.lower) && !FIELD_NOUN.test(t.lower)) return false;
    words++;
  }
  return false;
}

/** "If not, call the API": the words before the comma only say which outcome follows. */
function outcomeLead(tokens: Token[], from: number, to: number): boolean {
  const words = tokens
    .slice(from, to)
    .map((t) => t.lower)
    .join(' ');
  return /^(?:(?:and|but) )?(?:if not|if so|otherwise|else|if (?:it|that|this|there) (?:isn't|is not|fails|doesn't|does not))$/.test(
    words,
  );
}

export function splitClauses(tokens: Token[], from: number, to: number, used: Set<number>): Clause[] {
  const clauses: Clause[] = [];
  let start = from;
  const push = (end: number) => {
    let s = start;
    while (s < end && (used.has(s) || tokens[s]!.kind === 'punct')) s++;
    let e = end;
    while (e > s && (used.has(e - 1) || tokens[e - 1]!.kind === 'punct')) e--;
    if (e > s) clauses.push({ from: s, to: e, lead: leadOf(tokens, s, e) });
  };
  let quietUntil = -1;
  // "an AI agent that can search Wikipedia and calculate": the agent's abilities stay in its clause.
  let relative = false;
  for (let j = from; j < to; j++) {
    const t = tokens[j]!;
    if (
      /^(?:that|which|who)$/.test(t.lower) &&
      /^(?:agent|assistant|bot|chatbot|model|ai|llm|gpt)$/i.test(tokens[j - 1]?.lower ?? '')
    )
      relative = true;
    if (relative && ((t.kind === 'punct' && /^[,;:]$/.test(t.text)) || /^(?:then)$/.test(t.lower))) relative = false;
    if (relative && t.kind === 'word' && /^(?:and|&|or)$/.test(t.lower)) continue;
    if (used.has(j)) {
      // "Email me the [weekly] report", "Translate [incoming Zammad tickets] to English": a trigger's words inside an
      // action that goes on after them stay in its clause (the reader leaves them out).
      const prev = tokens[j - 1];
      let after = j;
      while (used.has(after)) after++;
      const open =
        j > start &&
        prev?.kind === 'word' &&
        !used.has(j - 1) &&
        (/^(?:the|a|an|my|our|your|their|its|me|us|him|her|them|all|every|each|to|of|for)$/.test(prev.lower) ||
          Boolean(verbClass(prev.lower))) &&
        tokens[after]?.kind === 'word';
      if (open) {
        j = after - 1;
        continue;
      }
      // A trigger phrase in the middle of a sentence ends the clause before it.
      if (j > start) push(j);
      start = j + 1;
      continue;
    }
    const lower = t.lower;
    // "(order number, email, total)", "{email, github_login}": a list of fields is no list of clauses.
    if ((t.text === '(' || t.text === '{') && j >= quietUntil) quietUntil = fieldList(tokens, j, to);
    const separator =
      (t.kind === 'punct' && /^[,;:–—|→>]$/.test(t.text) && !(t.text === ',' && j < quietUntil)) ||
      (t.kind === 'punct' && t.text === '-' && !t.joined) ||
      // "(Engineering → #eng, …)": a parenthesis opens a list of routes.
      (t.text === '(' && [1, 2, 3].some((d) => arrowAt(tokens, j + d) >= 0));
    const conjunction =
      (t.kind === 'word' && /^(?:and|&|plus|but)$/.test(lower)) || (t.kind === 'punct' && /^[&+]$/.test(t.text));
    // "4 and 5 star reviews", "1 to 3 stars": a range, not two clauses.
    const inRange = conjunction && /^\d/.test(tokens[j - 1]?.text ?? '') && /^\d/.test(tokens[j + 1]?.text ?? '');
    if (
      j > start &&
      (separator || conjunction) &&
      !inRange &&
      !(conjunction && fieldAfterWith(tokens, start, j, to)) &&
      (startsClause(tokens, j + 1, to) || (t.text === ',' && outcomeLead(tokens, start, j)))
    ) {
      push(j);
      start = j + 1;
      continue;
    }
    if (
      j > start &&
      t.kind === 'word' &&
      ((CONNECTIVE.test(lower) && lower !== 'also') || /^(?:otherwise|else|unless)$/.test(lower)) &&
      !(
        lower === 'else' &&
        /^(?:everyone|everybody|anyone|anybody|everything|anything|someone|something|nobody|nothing|or|what)$/.test(
          tokens[j - 1]?.lower ?? '',
        )
      )
    ) {
      push(j);
      start = j;
      continue;
    }
    // "… so our chatbot can answer questions": why the user wants it, not a step.
    if (
      j > start &&
      t.lower === 'so' &&
      /^(?:that|our|the|we|i|you|they|it|my|people|customers|users|team|everyone)$/.test(tokens[j + 1]?.lower ?? '')
    ) {
      push(j);
      start = j;
      continue;
    }
    // "… and if the budget is over 10k, …": a condition in the middle starts its own clause (not "check if").
    if (
      j > start &&
      /^(?:if|when|whenever)$/.test(lower) &&
      !/^(?:check|checks|checking|see|verify|verifies|test|tests|determine|determines|decide|decides|detect|detects|whether|only|even|as)$/.test(
        tokens[j - 1]?.lower ?? '',
      )
    ) {
      push(j);
      start = j;
    }
  }
  push(to);
  return clauses;
}

/** A negated auxiliary ("didn't", "isn't"): said alone after "if it", the other answer. */
const NEG_AUX =
  /^(?:didn'?t|don'?t|doesn'?t|isn'?t|aren'?t|wasn'?t|weren'?t|hasn'?t|haven'?t|can'?t|won'?t|wouldn'?t)$/;

function leadOf(tokens: Token[], from: number, to: number): Lead {
  const words = tokens
    .slice(from, Math.min(to, from + 4))
    .filter((t) => t.kind === 'word')
    .map((t) => t.lower);
  const first = words[0] === 'and' || words[0] === 'but' || words[0] === 'then' ? words[1] : words[0];
  const bare = words.join(' ');
  if (first === 'otherwise' || first === 'else' || (first === 'if' && words[1] === 'not' && words.length === 2))
    return 'otherwise';
  // "…, if not just put the order in the sheet", "if not add them to Sheets": the other outcome, said with no comma
  // (not "if not paid within 3 days", a test of its own).
  if (first === 'if' && words[words.indexOf('if') + 1] === 'not') {
    const next = words[words.indexOf('if') + 2] ?? '';
    const cls = verbClass(next);
    if (
      /^(?:just|simply|only|then|we|i)$/.test(next) ||
      (cls && cls !== 'umbrella' && lemma(next) === next && !/ed$/.test(next))
    )
      return 'otherwise';
  }
  // "and if they didn't they should only be added …", "or create a new user if it doesn't": the other answer, said
  // with the negated auxiliary alone.
  const at = words.indexOf(first ?? '');
  if (
    first === 'if' &&
    /^(?:it|they|he|she|that|this|there|so|not|the\s+\w+)$/.test(words[at + 1] ?? '') &&
    NEG_AUX.test(words[at + 2] ?? '') &&
    // "if it doesn't exist, create it" tests something else, and "if it doesn't create a lead" is ambiguous: the
    // auxiliary stands alone (a comma or a new subject after it).
    (words.length <= at + 3 ||
      /^[,;:]$/.test(
        tokens[tokens.findIndex((x, k) => k >= from && k < to && NEG_AUX.test(x.lower)) + 1]?.text ?? '',
      ) ||
      /^(?:they|it|he|she|then|just|only|we|i)$/.test(words[at + 3] ?? '') ||
      // ("check if the email exists in Salesforce and if it doesn't create a lead": after a test of whether the
      // item exists, the auxiliary is that test's answer.)
      (Boolean(verbClass(words[at + 3] ?? '')) &&
        tokens.slice(Math.max(0, from - 25), from).some((t) => /^(?:exists?|existing|found)$/.test(t.lower))))
  )
    return 'otherwise';
  // "if column 'consent' is yes put them in Newsletter, if no in Transactional": the other answer.
  if (
    first === 'if' &&
    words[1] === 'no' &&
    (words.length === 2 ||
      /^(?:in|into|to|then|just|add|put|send|move|skip|do|go|goes|leave)$/.test(words[2] ?? '') ||
      // "if no insert new patient" (not "if no update within 3 days", a test of its own).
      (/^(?:insert|create|update|delete|remove|make|open|log|save|store|write|record)$/.test(words[2] ?? '') &&
        !/^(?:in|within|after|for|by|since|yet|was|is|comes?|came|has|arrives?)$/.test(words[3] ?? '')))
  )
    return 'otherwise';
  // "all other new issues just get posted …", "everything else goes to …": the items the condition did not keep.
  if (
    /^(?:(?:and|but) )?(?:(?:all|any|the) )?others?\b|^(?:(?:and|but) )?(?:everything|anything|everyone|everybody|anyone) else\b|^(?:(?:and|but) )?the rest\b/.test(
      bare,
    )
  )
    return 'otherwise';
  // "orders over $500 -> Slack, anything under that just log it …": the items on the other side of the amount said.
  if (
    /^(?:(?:and|but) )?(?:(?:anything|everything|anyone|everyone|all|those|the ones|ones|any [a-z]+) )?(?:under|below|over|above|(?:less|more|lower|higher|smaller|bigger|greater) than) (?:that|this)\b/.test(
      tokens
        .slice(from, Math.min(to, from + 6))
        .filter((t) => t.kind === 'word')
        .map((t) => t.lower)
        .join(' '),
    )
  )
    return 'otherwise';
  // "… and log the shorter ones to a Google Sheet instead": a verb, then the items on the comparison's other side.
  if (
    /^(?:(?:and|but|then) )?[a-z]+ (?:the |all |any )?(?:bigger|larger|higher|greater|smaller|lower|cheaper|pricier|older|newer|longer|shorter|slower|faster|more expensive)\s+(?:ones|items|[a-z]+s)\b/.test(
      words.join(' ') +
        ' ' +
        tokens
          .slice(Math.min(to, from + 4), Math.min(to, from + 6))
          .filter((t) => t.kind === 'word')
          .map((t) => t.lower)
          .join(' '),
    )
  )
    return 'otherwise';
  // "Claims under 100 EUR are approved; bigger ones are emailed …": the items on the comparison's other side.
  if (
    /^(?:(?:and|but) )?(?:the )?(?:bigger|larger|higher|greater|smaller|lower|cheaper|pricier|older|newer|longer|shorter|more expensive)\s+(?:ones|items|[a-z]+s)\b/.test(
      bare,
    )
  )
    return 'otherwise';
  // "If it is not, …", "if that fails, …", "if it isn't": the other outcome of the condition before.
  if (
    /^(?:and |but )?if (?:it|that|this|they|so) (?:is|are|was|does|did|has)(?: not|n't)$|^(?:and |but )?if (?:it|that|this) (?:isn't|doesn't|wasn't|fails)$|^(?:and |but )?if not$/.test(
      bare,
    )
  )
    return 'otherwise';
  if (first === 'if' || first === 'when' || first === 'whenever' || (first === 'in' && words[1] === 'case'))
    return 'if';
  if (first === 'unless') return 'unless';
  if (first === 'for' && (words[1] === 'each' || words[1] === 'every')) return 'loop';
  if (words[0] === 'so' || (words[0] === 'in' && words[1] === 'order' && words[2] === 'to')) return 'purpose';
  return null;
}
