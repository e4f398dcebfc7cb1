// A test the request states that no clause rule turned into a branch still becomes one. People state tests in
// endless ways ("only …", "skip …", "over $150", "unless …", "… can be ignored", "isn't already in the sheet"),
// and a rule per phrasing does not generalise; the words that mark a test are few. So after the clauses are read,
// a request that marks a test but got no If, Switch, Filter or routed classifier gets a Filter where its sentence
// says, with the comparison its words give, else a yes/no flag named by them (listed for the user to point at
// their field, as any stated test the reader cannot compare).
import { isRead, walkSteps, type Condition, type Step } from '../spec.ts';
import { STOP, verbClass } from './lexicon.ts';
import { sentences, type Token } from './text.ts';
import { conditionOf, invert, LABEL_FIRST, ordersLabel } from './words.ts';
import { statedTests } from './testCues.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';

/** Keep the items the words name, or drop them ("skip …", "… can be ignored"). */
type Polarity = 'keep' | 'drop';

interface Cue {
  /** Where the marker starts and ends in the request. */
  start: number;
  end: number;
  polarity: Polarity;
  /** The test is named by the words after the marker ("only orders over …"), else by those before it. */
  after: boolean;
  /** "isn't already in the sheet": the test is whether the item exists already. */
  exists?: boolean;
  /** The test the marker itself states ("status = Interview", "mentioning refund"). */
  condition?: Condition;
}

const KEEP_AFTER: RegExp[] = [
  // "only orders over …", "keep only meetings with …"; not "the only way", "only once", "not only".
  /(?<!\bnot )(?<!\b(?:answer|answers|answering|respond|responds|reply|replies|rely|relies|draw|draws) )\bonly\b(?! (?:one|once|thing|things|way|ways|need\w*|want\w*|takes?|took|have|has|had|been|be|do|does|did|use[sd]?|works?|problem|issue|difference|time|option|catch|a few|two|three|when needed|if needed|if necessary|if possible|allows|supports|accepts|returns|gives|lets|handles|runs|shows|happens|matters|exists|knows|sees|reads|needs|takes|uses|fires|triggers|changes|is|are|was|were|can|lasts|counts|applies|covers|includes|goes|comes|exposes|provides|offers|stores|holds|syncs|polls|seems|looks|sends|gets|keeps|makes)\b)/,
  // "if the total is over …"; not "if possible", "let me know if", "not sure if".
  /(?<!\b(?:know|wonder(?:ing)?|sure|see|ask|idea|tell me|unsure|curious|even|as) )\bif\b(?! (?:possible|needed|necessary|so|not|any|you|that's|there's a way|this|it's possible|anyone|someone)\b)/,
  // "a message saying whether it succeeded", "responds with whether …": what a message says, not a test.
  /(?<!\b(?:saying|says|say|with|showing|shows|indicating|telling|tell|report(?:ing|s)?|whether or) )\bwhether\b/,

  /\bwhere (?:the )?[`'"‘“]?[\w-]+[`'"’”]?(?: [\w-]+)? (?:is|are|=|equals|contains|has|have|was|were|isn't|aren't|>|<)(?=\W)/,
  /\bwhose\b/,
  // (Not "add them to ConvertKit with a tag for the product": the tag given, no value tested.)
  /\bwith (?:a |an )?(?:status|priority|score|stage|state|type|tag|label|rating|amount|total|value) (?:of |is |= ?|set to |as )?(?!(?:for|of|that|which|from|to|in|on|and|with|the|their|its)\b)['"‘“]?\w/,
  // "any product that has 0 inventory", "customers who have zero orders": a count the items have.
  /\b(?:that|which|who)\s+(?:has|have)\s+(?:\d+|zero)\s+[a-z]/,
  // "with 'Urgent' priority", "with a 'Hot' rating": the quoted value before its field.
  /\bwith (?:a |an |the )?['"‘“][^'"’”\n]{1,30}['"’”] (?:priority|status|stage|severity|rating|type|category|tier|plan|label|tag)\b/,
  /\b(?:over|above|under|below|more than|less than|fewer than|greater than|higher than|lower than|at least|at most|exceed(?:s|ing)?|older than|newer than|bigger than|larger than|smaller than|longer than)\s+[$€£¥₹]?\d/,
  /(?:^|\s)(?:>=?|<=?|≥|≤)\s*[$€£¥₹]?\d/,
  /\bflagged\b/,
];

/**
 * A state the item is put in, said with its value: "gets status = Interview", "when I move a candidate to
 * 'Interview'", "marked as 'Finished'", "set the page's Status to 'Approved'". The field is the noun named before
 * the value when there is one ("stage", "list"), else the status.
 */
const STATE =
  /\b(?:(?<!\b(?:high|low|medium|normal|urgent|critical|top)(?:\s?-\s?|\s))(status|stage|state|priority|phase)\b[\w' ]{0,12}?(?:\s*==?\s*| is | (?:changes?|changed|changing|set|setting|moves?|moved|moving|goes|gone|switch(?:es|ed|ing)?|turns?|turned|turning|updated|updating) to | becomes? )\s*['"‘“`]?(?!(?:my|our|the|a|an|it|this|that|their|his|her|your|done|not|set|changed|updated|being)\b)([\w][\w-]{0,24}(?: [\w-]+)?)['"’”`]?(?=[\s,.;:)`]|$)|(?:mov(?:e|es|ed|ing)|mark(?:s|ed|ing)?|set(?:s|ting)?|chang(?:e|es|ed|ing)|switch(?:es|ed)?|turn(?:s|ed)?|updat(?:e|es|ed)|drag(?:s|ged)?|becomes?|reach(?:es|ed)?)\b[\w' ]{0,30}?\b(?:to|as|into|in)\s+(?:the\s+)?(?:(?:status|stage|state|list|column)\s+)?['"‘“]([^'"’”]{1,30})['"’”])/;

/** "tickets that mention 'refund' or 'cancel'", "anything mentioning divorce": the text contains the word. */
const MENTIONS =
  /(?<![#@/-])\b(?:mention(?:s|ing)?|contain(?:s|ing)?|with the words?|that says?|saying|including the words?)\s+['"‘“]?(?!(?:we|our|us|you|your|they|their|them|it|its|he|she|his|her|my|i|that|the|an?|this|thanks|thank|hello|hi|sorry|every|each|all|any|new|daily|weekly|hourly|monthly|once|twice|and|or|to|in|on|of|from|for|with|by|at|into|as|are|is|get|gets|should|will)\b)([\w-]{2,30})/;

/** "tagged 'vip'", "labelled 'urgent'": a quoted label the items carry. */
const TAGGED = /\b(?:label(?:l?ed)?|tagged)(?: (?:as|with))? ['"‘“]([\w-]{2,24})['"’”]/;

const JUDGED =
  /\b(?:sounds?|seems?|feels?|comes? across as|reads? as) (?:very |really |quite |a bit |somewhat )?(angry|upset|frustrated|unhappy|annoyed|rude|toxic|abusive|urgent|negative|threatening)\b/;
const SHOWS =
  /\b(?:when|whenever|once|if|as soon as)\s+(?:one|it|they|any|the (?:shipment|order|status|package|parcel|item|task|job|build|run|ticket|payment|check|scan|deploy|deployment))\s+(?:shows?|says?|reads?|comes? back(?: as)?|returns?|turns|becomes?|is now|is marked(?: as)?)\s+['"‘“]?(?!(?:a|an|the|up|to|in|on|back|that|some|any|no|more|less)\b)([a-z][\w-]{2,24})/;
const REACHES =
  /\b(?:once|when|whenever|as soon as|and|if)\s+(?:they|it|he|she|the \w+|their \w+|its \w+)\s+(?:reach|reaches|hit|hits|get to|gets to|pass|passes|cross|crosses)\s+(\d+)(?:\s*\+|\s+or (?:more|higher|above|over))?\b/;
const MEASURED =
  /\b(points|score|scores|total|balance|followers|subscribers|signups|votes|stars|views|count|visits|orders)\b/g;

const DROP_AFTER: RegExp[] = [
  /\bleave out\b/,
  /\bunless\b/,
  /\bskip(?:s|ping)?\b(?! (?:it|this|that|the step|ahead)\b)/,
  /\bignor(?:e|es|ing)\b(?! (?:it|this|that|me|my|the error)\b)/,
  /\bexclud(?:e|es|ing)\b/,
  /\bexcept(?: for)?\b/,
  /\bfilter(?:s|ing)? out\b/,
];

/** "… can be ignored", "positive ones should be skipped": the dropped items are named before the marker. */
const DROP_BEFORE =
  /\b(?:should(?:n't| not)|must(?:n't| not)|do(?:n't| not)|does(?:n't| not)) (?:get|receive|be (?:sent|included|notified|processed))\b|\b(?:can|should|must|will|are|is|get|gets|to) (?:just |simply )?(?:be )?(?:ignored|skipped|excluded|dropped|discarded)\b|\b(?:ignored|skipped)\b(?= *(?:[,.;]|$))/;

/** "isn't already in the leads sheet", "doesn't exist yet", "skip the ones already there", "we get so many dupes". */
const EXISTS =
  /\b(?:already (?:exists?|in|there|on|been|sent|seen|processed|handled|imported|added|synced|left|has|have|had)|not (?:already|yet) (?:in|on|there)|(?:isn't|is not|aren't|are not) (?:already |yet )?(?:in|on|there)\b|(?:doesn't|does not|don't|do not) (?:already |yet )?exist|dupes?\b|duplicates?\b)/;

/**
 * "otherwise nothing", "Others: leave alone", "not on list: nothing", "Orders without a gift product: nothing": the
 * items the words before name are left alone, so the steps said for the rest are a test's outcome.
 */
const NOTHING =
  /(?:[:,]|->|→|=>|\s-|\s)\s*(?:nothing|do nothing|no action|nothing happens|leave (?:it |them |those )?alone|(?:just )?ignore(?: it| them| those)?|(?:just )?skip(?: it| them| those)?|do(?:n't| not) do anything)\s*(?=[.;,)]|$)|\b(?:is|are|get|gets|be|should be|can be|will be) left alone\b|\b(?:need|needs|get|gets|require|requires)\s+nothing(?:\s+(?:else|further|more))?\s*(?=[.;,)]|$)|\b(?:should(?:n't| not)|do(?:n't| not)|does(?:n't| not)|won't|will not|must(?:n't| not)) (?:send|trigger|get|do|create|post|notify|receive) (?:anything|a thing)\b/;

/** "otherwise", "Others", "everyone else", "any other status": the rest, whose test is the one said before. */
const REST =
  /^(?:and |but )?(?:otherwise|else|others|other ones|everyone else|everybody else|anyone else|anything else|everything else|the rest|all the rest|all others|any others?|any other [\w-]+(?: [\w-]+)?|if not|if no|not)$/;

/**
 * "for any hit", "for accounts rated high", "for any file shared as 'anyone with the link'": the items a "for"
 * names by what they are, not each item of a loop ("for each order, …").
 */
const FOR_SOME =
  /(?:^|[.;:,]\s*|\b(?:and|then)\s+)for (?:any|all|every|each|those|the ones)?(?= ?(?:(?:hits?|match(?:es)?)\b|[\w-]+(?: [\w-]+)? (?:rated|marked|flagged|tagged|labell?ed|assigned to|shared (?:as|with|publicly)|set to|older than|newer than|without|with(?: a| an)? (?:status|priority|score|rating|stage|tag|label))\b))/;

/** "Anyone marked as a no-show should …", "guests flagged as VIP get …": the items of a status, as the subject. */
const MARKED =
  /(?:^|[.;:!?]\s*)(?:anyone|anybody|everyone|everybody|those|the ones|any(?:one)? [a-z]+|[a-z]+s)\s+(?:who (?:is|are|was|were|got|get)\s+)?(?:marked|flagged|labell?ed)\s+as\s+(?:an?\s+|the\s+)?['"‘“]?([\w-]+(?: (?!(?:should|will|must|gets?|needs?|are|is|goes|go|receives?|have)\b)[\w-]+)?)['"’”]?(?=\s+(?:should|will|must|gets?|needs?|are|is|goes|go|receives?|have to)\b)/;

const NEGATION =
  /^(?:not|no|never|isn't|aren't|doesn't|don't|didn't|hasn't|haven't|wasn't|weren't|cannot|can't|without)$/;
const FILLER =
  /^(?:of|the|a|an|it|its|they|their|them|is|are|was|were|be|been|any|some|there|has|have|had|do|does|did|one|ones|just|who|which|that|those|these|anything|everything|anyone|everyone|items?|stuff)$/;

function cuesOf(text: string, base: number, whole: string): Cue[] {
  const lower = text.toLowerCase();
  const cues: Cue[] = [];
  /** The marker a match found, where it is in the request. */
  const at = (m: RegExpExecArray, cue: Omit<Cue, 'start' | 'end'>) =>
    cues.push({ start: base + m.index, end: base + m.index + m[0].length, ...cue });
  const add = (re: RegExp, polarity: Polarity, after: boolean) => {
    const m = re.exec(lower);
    if (m) at(m, { polarity, after });
  };
  const exists = EXISTS.exec(lower);
  // "remove duplicates" is a step of its own; "create it, or update it if it's already there" writes either way.
  const upsert =
    /\bor update\b|\bupsert\b|\bupdate (?:it|them|the \w+) if\b|\b(?:remove|drop|delete|dedupe|merge)s? (?:the |any |all )?(?:dupes?|duplicates?)\b|\b(?:remove|drop|delete|skip|filter out|ignore)\s+(?:the\s+|any\s+|all\s+)?(?:ones|rows|items|entries|records|contacts|leads|people|customers|orders|lines)\s+(?:with|that have|having|sharing)\s+(?:a\s+|the\s+)?(?:duplicate|duplicated|repeated)\b/.test(
      lower,
    );
  if (exists && upsert) return [];
  if (exists) at(exists, { polarity: 'drop', after: false, exists: true });
  /** A captured value as written (the match ran on the lower-case text). */
  const written = (m: RegExpExecArray, group: string) => {
    const at = m.index + m[0].lastIndexOf(group);
    return text.slice(at, at + group.length).trim();
  };
  /** A marker that states its test itself ("status = Interview", "other than 200"). */
  const states = (m: RegExpExecArray | null, condition: (m: RegExpExecArray) => Condition | null) => {
    const said = m && condition(m);
    if (m && said) at(m, { polarity: 'keep', after: true, condition: said });
  };
  states(STATE.exec(lower), (m) => {
    // "…, and set the status column to 'sent'": an order to write the value, not a test, unless the sentence
    // says when ("when a card is moved to 'Done'").
    if (
      m[3] &&
      /^(?:set|mark|change|update|move|switch|turn)\b/.test(m[0]) &&
      /(?:^|[,;:]\s*|\b(?:and|then|also)\s+)$/.test(lower.slice(0, m.index)) &&
      !/\b(?:if|when|whenever|once|after|as soon as)\b/.test(lower.slice(0, m.index))
    )
      return null;
    const value = m[2] ?? m[3];
    return value && !/^(?:the|a|an|it|them|their|true|false|\d+)$/.test(value.trim())
      ? { field: m[1] ?? 'status', operator: 'equals', value: written(m, value) }
      : null;
  });
  states(/\boutside (?:of )?(?:business|office|working|opening) hours\b/.exec(lower), () => ({
    field: 'outside_business_hours',
    operator: 'isTrue',
    value: true,
  }));
  // "returns something other than 200": the answer's status code.
  states(
    /\b(?:other than|not|isn't|is not|anything but|except) (?:a |an )?(?:http )?([1-5]\d\d)\b/.exec(lower),
    (m) => ({
      field: 'statusCode',
      operator: 'notEquals',
      value: Number(m[1]),
    }),
  );
  // "Once we hit 30 people, email me": a count reached.
  states(
    /\b(?:once|when|as soon as) (?:we|it|they|the \w+|there are) (?:hit|hits|reach|reaches|get to|gets to|exceed|exceeds|pass|passes|have|has) (\d+)\b/.exec(
      lower,
    ),
    (m) => ({ field: 'count', operator: 'gte', value: Number(m[1]) }),
  );
  states(MENTIONS.exec(lower), (m) => ({ field: 'text', operator: 'contains', value: written(m, m[1]!) }));
  // "replies … and sounds angry", "if the message seems upset": a judgement a model makes, as a yes/no flag.
  states(JUDGED.exec(lower), (m) => ({ field: m[1]!, operator: 'isTrue', value: true }));
  // "when one shows delivered", "once it comes back as failed": the state the item reports.
  states(SHOWS.exec(lower), (m) => ({ field: 'status', operator: 'equals', value: written(m, m[1]!) }));
  // "Anyone marked as a no-show should get a polite text": the status the items were given.
  states(MARKED.exec(lower), (m) => ({ field: 'status', operator: 'equals', value: written(m, m[1]!) }));
  // "… and they reach 50 or more": a count or score reached, named by the measure said before it.
  states(REACHES.exec(lower), (m) => {
    const measure = [...lower.slice(0, m.index).matchAll(MEASURED)].at(-1)?.[1];
    return { field: measure ?? 'count', operator: 'gte', value: Number(m[1]) };
  });
  // "issues that get the bug label", "with the customer label", "tagged 'vip'", "labelled urgent": a label they carry.
  const label = LABEL_FIRST.exec(lower) ?? TAGGED.exec(lower);
  if (label && !ordersLabel(lower.slice(0, label.index)))
    states(label, (m) => ({ field: m[2] ? `${m[2]}s` : 'labels', operator: 'contains', value: written(m, m[1]!) }));
  for (const test of statedTests(lower, whole)) states(test.match, () => test.condition);
  // "keep only name and email and add them …": fields kept, not items.
  const fields =
    /\b(?:keep|keeps|keeping) only (?:the )?(?:[\w-]+(?:,| and| &) ){0,4}[\w-]+(?: fields?| columns?| properties)?(?= and \w+|\s*[,.;]|$)/.exec(
      lower,
    );
  const nothing = NOTHING.exec(lower);
  if (nothing) {
    const rest = restTest(text, nothing.index, base, whole);
    if (rest) cues.push(rest);
    else if (!REST.test(clauseBefore(lower, nothing.index))) at(nothing, { polarity: 'drop', after: false });
  }
  add(FOR_SOME, 'keep', true);
  for (const re of KEEP_AFTER) if (!(fields && re === KEEP_AFTER[0])) add(re, 'keep', true);
  for (const re of DROP_AFTER) add(re, 'drop', true);
  add(DROP_BEFORE, 'drop', false);
  // A test of whether the item is there already is what the sentence is about, wherever it is said.
  return cues.sort((a, b) => Number(Boolean(b.exists)) - Number(Boolean(a.exists)) || a.start - b.start);
}

/** The words of the clause that ends at `at`, back to its start (a stop, a semicolon, an arrow or a line). */
const clauseBefore = (lower: string, at: number): string =>
  lower
    .slice(0, at)
    .split(/[.;\n]|->|→|=>/)
    .at(-1)!
    .replace(/^[\s,:]+|[\s,:]+$/g, '');

/**
 * "A -> do this; otherwise nothing", "A: do this. Others: leave alone", "on list: do this; not on list: nothing":
 * the test is the one said before the first outcome, as the items it keeps. Null when the marker names the items
 * left alone in words of their own ("Orders without a gift product: nothing"), or no outcome was said before it.
 */
function restTest(text: string, at: number, base: number, whole: string): Cue | null {
  const lower = text.toLowerCase();
  const rest = clauseBefore(lower, at);
  const negated = /^not\s+(.+)$/.exec(rest);
  if (!REST.test(rest) && !negated) return null;
  // The last "A ->" or "A:" before the marker, in this sentence or the one before it.
  const before = whole.slice(0, base + at - rest.length);
  const arrows = [
    ...before.matchAll(/(?:^|[.;](?=\s)|\n|->|→|=>)\s*((?:[^.;\n:>→]|[.:](?!\s)){2,80}?)\s*(?:->|→|=>|:(?=\s))/g),
  ];
  const said = arrows.at(-1);
  if (!said) return null;
  const words = said[1]!.trim();
  // A test is words about the items: no verb that does something, no "every 5 min".
  if (!words || /^(?:every|each|daily|weekly|monthly|at|on|when|whenever|if)\b/.test(words)) return null;
  if (
    negated &&
    negated[1]!.trim() !== words.replace(/^(?:on|in)\s+/, '').trim() &&
    !words.endsWith(negated[1]!.trim())
  )
    return null;
  const start = said.index! + said[0].indexOf(said[1]!);
  const condition = conditionOf(words);
  const flag = condition
    ? (({ end: _end, ...c }) => c)(condition)
    : {
        field: words
          .replace(/\([^)]*\)/g, ' ')
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_+|_+$/g, '')
          .slice(0, 40),
        operator: 'isTrue' as const,
        value: true,
      };
  if (!flag.field) return null;
  return { start, end: start + words.length, polarity: 'keep', after: true, condition: flag };
}

const hasBranch = (steps: Step[]): boolean => {
  let found = false;
  walkSteps(steps, (s) => {
    found ||=
      s.kind === 'if' ||
      s.kind === 'switch' ||
      s.kind === 'filter' ||
      (s.kind === 'ai' && (s.routes?.length ?? 0) > 1) ||
      // "any Workspace account whose email isn't in BambooHR": Compare Datasets makes that test.
      (s.kind === 'parallel' && Boolean(s.compare));
  });
  return found;
};

/** A yes/no flag named by up to four words of the test (negations flip it). */
function flagOf(words: Token[], polarity: Polarity): Condition | null {
  const named: string[] = [];
  let negated = false;
  for (const t of words) {
    if (t.kind === 'punct' && /^[,:;()]$/.test(t.text)) {
      if (named.length) break;
      continue;
    }
    if (t.kind !== 'word' && t.kind !== 'quote') continue;
    if (NEGATION.test(t.lower) || /n['’]t$/.test(t.lower)) {
      negated = !negated;
      continue;
    }
    // The action the test guards starts where a verb that does something follows the test's words.
    const cls = verbClass(t.lower);
    if (named.length && cls && cls !== 'transform' && cls !== 'umbrella') break;
    if (STOP.has(t.lower) || FILLER.test(t.lower)) continue;
    named.push(t.lower.replace(/['’]s$/, '').replace(/[^a-z0-9]+/g, '_'));
    if (named.length === 4) break;
  }
  if (!named.length) return null;
  const keep = (polarity === 'keep') !== negated;
  return {
    field: named
      .join('_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40),
    operator: keep ? 'isTrue' : 'isFalse',
    value: keep,
  };
}

/**
 * The test the words state, read in lower case too ("If a new review on Trustpilot is negative": a name's capital
 * is no end of the subject), with a value as it was written.
 */
function writtenCondition(text: string): ReturnType<typeof conditionOf> {
  const found = conditionOf(text);
  if (found) return found;
  const lower = conditionOf(text.toLowerCase());
  // (Only a reading a capital stood in the way of: "Create a Todoist task" is no test of "create".)
  const capital = /(?<=\s)[A-Z]/.exec(text)?.index ?? -1;
  if (!lower || capital < 0 || lower.end <= capital) return null;
  if (typeof lower.value !== 'string') return lower;
  const at = text.toLowerCase().lastIndexOf(lower.value, lower.end);
  return at >= 0 ? { ...lower, value: text.slice(at, at + lower.value.length) } : lower;
}

function conditionFor(cue: Cue, sentence: Token[], original: string): Condition | null {
  if (cue.exists) return { field: 'already_exists', operator: 'isFalse', value: false };
  if (cue.condition) return cue.condition;
  const end = sentence.at(-1)!.end;
  if (cue.after) {
    // "stripe refunds over $200 should go …": the compared field may be named before the marker, in its clause.
    const clause = sentence.filter((t) => t.end <= cue.start);
    let from = clause.length;
    while (from > 0 && !(clause[from - 1]!.kind === 'punct' && /^[,:;(]$/.test(clause[from - 1]!.text))) from--;
    const start = clause[from]?.start ?? cue.start;
    const compared = writtenCondition(original.slice(start, end)) ?? writtenCondition(original.slice(cue.start, end));
    if (compared && compared.field !== 'value') {
      const { end: _end, ...condition } = compared;
      if (cue.polarity === 'keep') return condition;
      const value = typeof condition.value === 'boolean' ? !condition.value : condition.value;
      return { ...condition, operator: invert(condition.operator), value };
    }
    return flagOf(
      sentence.filter((t) => t.start >= cue.end),
      cue.polarity,
    );
  }
  // The words before the marker, back to the start of their clause.
  const before = sentence.filter((t) => t.end <= cue.start);
  let from = before.length;
  while (from > 0 && !(before[from - 1]!.kind === 'punct' && /^[,:;]$/.test(before[from - 1]!.text))) from--;
  return flagOf(before.slice(from), cue.polarity);
}

/** The list a step sits in, and its place there (top level, loop bodies, branches). */
function placeOf(steps: Step[], target: Step): { list: Step[]; index: number } | null {
  const index = steps.indexOf(target);
  if (index >= 0) return { list: steps, index };
  for (const s of steps) {
    const inner =
      s.kind === 'loop'
        ? [s.body]
        : s.kind === 'poll'
          ? [s.check]
          : s.kind === 'parallel'
            ? s.branches
            : s.kind === 'if'
              ? [s.then, s.otherwise]
              : s.kind === 'switch'
                ? [...s.routes.map((r) => r.steps), ...(s.fallback ? [s.fallback] : [])]
                : [];
    for (const list of inner) {
      const found = placeOf(list, target);
      if (found) return found;
    }
  }
  return null;
}

const phraseOf = (s: Step): string => (s.kind === 'app' || s.kind === 'http' || s.kind === 'ai' ? s.phrase : '');

/** A model step that judges the items (its answer is what a test after it reads). */
const judges = (s: Step) =>
  s.kind === 'ai' && !s.routes?.length && /^(?:analyse|classify|extract|sentiment|score|moderate)$/.test(s.task);

/** Where the Filter goes: before the first step the sentence says after the test, else after the last before it. */
function insert(steps: Step[], filter: Step, cue: Cue, sentence: Token[], original: string): void {
  // (Past a model that judges only for a field such a model answers: "category", "sentiment".)
  const answered =
    filter.kind === 'filter' &&
    /^(?:category|type|topic|kind|intent|sentiment|priority|urgency|severity|score|label|language|spam)$/.test(
      filter.condition.field,
    );
  const from = sentence[0]!.start;
  const to = sentence.at(-1)!.end;
  const said: Array<{ step: Step; at: number }> = [];
  walkSteps(steps, (s) => {
    const phrase = phraseOf(s);
    if (!phrase) return;
    const at = original.indexOf(phrase, from);
    if (at >= 0 && at < to) said.push({ step: s, at });
  });
  // "… and sounds angry": the model step the test's own words made judges first, then the test reads its answer.
  const judge = said.find(
    (x) => x.step.kind === 'ai' && x.at <= cue.start && cue.start < x.at + phraseOf(x.step).length,
  );
  if (judge) {
    const place = placeOf(steps, judge.step);
    if (place) {
      place.list.splice(place.index + 1, 0, filter);
      return;
    }
  }
  // "creates invoices for all active clients listed in our Airtable base": a test said inside the clause that reads
  // the items keeps the items read.
  const readings = said.filter(
    (x) =>
      isRead(x.step) &&
      filter.kind === 'filter' &&
      /^(?:status|state)$/.test(filter.condition.field) &&
      !filter.condition.more &&
      steps.includes(x.step) &&
      x.at <= cue.start &&
      cue.start < x.at + phraseOf(x.step).length,
  );
  // (The read of the app named after the test: "for all active clients listed in our Baserow table".)
  const after = original.slice(cue.end, cue.end + 80).toLowerCase();
  const reading =
    readings.find(
      (x) =>
        x.step.kind === 'app' &&
        after.includes((nodeCatalog().app(x.step.app)?.name ?? x.step.app).toLowerCase().split(/\s+/)[0]!),
    ) ?? readings[0];
  const readPlace = reading ? placeOf(steps, reading.step) : null;
  if (readPlace) {
    readPlace.list.splice(readPlace.index + 1, 0, filter);
    return;
  }
  const next = said.filter((x) => x.at >= cue.start).sort((a, b) => a.at - b.at)[0];
  const prior = said.filter((x) => x.at < cue.start).sort((a, b) => b.at - a.at)[0];
  // "send alerts to Slack and create a ticket, but only if …": a test said after the sentence's actions guards
  // them; one said after a read ("look at today's events, keep only …") keeps the items read.
  const first = said
    .filter((x) => x.step.kind === 'ai' || (x.step.kind === 'app' && !isRead(x.step)))
    .sort((a, b) => a.at - b.at)[0];
  const guards = !next && prior !== undefined && !isRead(prior.step) && first !== undefined;
  const anchor = next ?? (guards ? first : prior);
  const place = anchor ? placeOf(steps, anchor.step) : null;
  if (place) {
    // ("AI check if it's billing related": a test said after a model that judges reads its answer, after it.)
    let at = place.index + ((anchor === prior && !guards) || (guards && answered && judges(anchor!.step)) ? 1 : 0);
    // "When an order is updated to 'completed', wait 7 days and then send …": the test holds back the wait too.
    if (next && anchor === next && /\b(?:wait|pause|delay|sleep)\w*\b/i.test(original.slice(cue.end, next.at)))
      while (at > 0 && place.list[at - 1]!.kind === 'wait') at--;
    place.list.splice(at, 0, filter);
    return;
  }
  // A sentence of its own ("Good ratings can be ignored"): the test applies to the items as they come in, after
  // the steps that fetch them.
  let at = 0;
  while (at < steps.length && (isRead(steps[at]!) || (answered && judges(steps[at]!)))) at++;
  const loop = steps[at];
  if (loop?.kind === 'loop') loop.body.unshift(filter);
  else steps.splice(at, 0, filter);
}

/**
 * Adds the test a request states when the reader made none. Returns the sentence the test came from (to drop it
 * from the unmapped parts), or null when nothing was added.
 */
/** A clause about a step failing, not about the items. */
const FAILURE =
  /^(?:if|when|whenever)\s+(?:(?:anything|something|any step|a step|any node|(?:the|this) workflow|(?:the|this|that|an?|any|our)\s+(?:[\w-]+\s+){0,2}?(?:call|request|query|sync|import|upload|job|run|export|fetch|lookup|download|api)|(?:the|our|my)\s+(?:[\w.'’-]+\s+){0,8}?(?:workflow|automation))\s+(?:ever\s+)?(?:fails?|errors?(?: out)?|breaks|goes wrong|times out)|(?:[\w'.-]+\s+){1,3}?(?:(?:can'?t|cannot|can not|couldn'?t)\s+be\s+reached|is\s+unreachable))\b/i;

export function auditConditions(steps: Step[], tokens: Token[], original: string): string | null {
  if (!steps.length || hasBranch(steps)) return null;
  let polls = false;
  walkSteps(steps, (s) => (polls ||= s.kind === 'poll'));
  for (const sentence of sentences(tokens)) {
    const from = sentence[0]!.start;
    const text = original.slice(from, sentence.at(-1)!.end);
    // A question about n8n itself ("is there a node …?", "how do I …?") states no test of the workflow; a request
    // asked as a question ("can new orders over $500 get posted in #big-orders?") does.
    if (
      /\?\s*$/.test(original.slice(from, sentence.at(-1)!.end + 1)) &&
      (/^(?:is there|are there|does|do|how|what|which|should|would)\b/i.test(text) ||
        (/^(?:is|are|can)\b/i.test(text) &&
          /\b(?:nodes?|integrations?|n8n (?:have|has|support|supports|do|does))\b/i.test(text)))
    )
      continue;
    // "run `SELECT … WHERE active = false` on Postgres": a query's own WHERE is the database's test, not a Filter's.
    // ("… one every minute so we don't get flagged": what the steps avoid, no test of the items.)
    const cues = cuesOf(
      text
        .replace(/`\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b[^`\n]*`/gi, (code) => ' '.repeat(code.length))
        .replace(
          /\bso(?: that)?\s+(?:we|i|it|they|you|[a-z]+)\s+(?:don'?t|doesn'?t|won'?t|can'?t|do not|does not|will not|never)\b[^,.;!?\n]*/gi,
          (purpose) => ' '.repeat(purpose.length),
        ),
      from,
      original.toLowerCase(),
    );
    for (const cue of cues) {
      // "If anything fails, post …", "if Unleashed can't be reached, …": the error path, no test of the items.
      if (FAILURE.test(original.slice(cue.start, cue.start + 80))) continue;
      // "poll every 30s until the deploy `state` is `ready`": what a poll or a wait waits for, not a test of the items.
      // ("… once a day and as soon as it shows delivered, …" after a poll.)
      if (
        /\b(?:wait\w*|poll\w*|check\w*)\b[^.!?\n]{0,60}\b(?:until|till)\b[^.!?\n]{0,60}$/i.test(
          original.slice(Math.max(0, cue.start - 140), cue.start),
        ) ||
        (polls && /\bas soon as\b/i.test(original.slice(Math.max(0, cue.start - 60), cue.start + 11)))
      )
        continue;
      // "only those with a Gmail address": a marker whose words are a test stated right after it is that test.
      const written = conditionFor(cue, sentence, original);
      const stated =
        cue.condition || (written && !/^is(?:True|False)$/.test(written.operator))
          ? undefined
          : cues.find(
              (c) =>
                c.condition &&
                !c.exists &&
                cue.after &&
                c.start >= cue.end &&
                c.start - cue.end <= 30 &&
                !/[.;:!?]/.test(original.slice(cue.end, c.start)),
            );
      const condition = stated?.condition ?? written;
      if (!condition) continue;
      // "deals in the stages 'Proposal Sent' or 'Negotiation' that haven't been updated in 14 days": every test the
      // sentence states of the items, one Filter that keeps those passing all.
      const more = cues
        .filter((c) => c !== cue && c.condition && c.condition.field !== condition.field && !c.exists)
        .map((c) => c.condition!)
        .filter((c, i, all) => all.findIndex((x) => x.field === c.field) === i);
      insert(
        steps,
        { kind: 'filter', condition: more.length ? { ...condition, more, join: 'and' } : condition },
        cue,
        sentence,
        original,
      );
      return text;
    }
  }
  return null;
}
