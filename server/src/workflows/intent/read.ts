// Reads a plain-language automation request into a workflow spec: the trigger, then each sentence's clauses in order,
// with conditions (both outcomes), routes by value, loops, waits, merges and an error path. Every app, model and AI
// job the request names ends up in a step. Deterministic: the same text gives the same spec.
import { tagResource } from './tags.ts';
import { withoutFieldMaps } from './fieldMaps.ts';
import { migratedTerms } from './migrated.ts';
import { appKind } from '../catalog/appKinds.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import {
  firstStep,
  isRead,
  listHolding,
  rangeEnds,
  walkSteps,
  type AiStep,
  type Condition,
  type Step,
  type Trigger,
  type WorkflowSpec,
} from '../spec.ts';
import { aiStep, appKindOf, clauseSteps, dropEchoes, keptNoun, routesOf, SMS_APPS, type ReadContext } from './steps.ts';
import { findMentions, within, type AppRef } from './mentions.ts';
import {
  CURRENCY_CODES,
  fieldOfValue,
  lemma,
  opposite,
  SENTIMENTS,
  singular,
  verbClass,
  WHICH_ONES,
} from './lexicon.ts';
import {
  fieldRange,
  numberRange,
  rangedItems,
  routeStart,
  routeVerbAt,
  splitClauses,
  valueEnd,
  type Clause,
} from './split.ts';
import { FALLBACK } from './routeParts.ts';
import { timeWindow } from './timeWindow.ts';
import { findTrigger, STOOD_IN_WEBHOOK } from './trigger.ts';
import { sameStart, secondStart, withoutSecondStart } from './secondStart.ts';
import { laterPart, partSteps, withoutLaterPart } from './laterPart.ts';
import { listedStart } from './listedStart.ts';
import { askedAsRequest } from './asked.ts';
import { durationLadder } from './ladder.ts';
import { calendarDay, findSchedule } from './schedule.ts';
import { ruleLines } from './ruleLines.ts';
import { eventHeading } from './eventHeading.ts';
import { ifEvent } from './ifEvent.ts';
import { galleryDescription, listingDescription } from './gallery.ts';
import { whoOutcomes } from './whoOutcomes.ts';
import { userStory } from './story.ts';
import { withoutHabits } from './habits.ts';
import { englishSchedule } from './foreign.ts';
import { aiDecisions, modelRoutes } from './decisions.ts';
import { BOTH_DONE, parallelSaid } from './parallelSaid.ts';
import { modelWrites } from './modelWrites.ts';
import { mailArrives } from './auditTriggers.ts';
import { calendarCondition } from '../calendar.ts';
import { sentences, spanText, tokenize, type Token } from './text.ts';
import {
  conditionOf,
  invert,
  inverse,
  isComplement,
  ordersLabel,
  spanField,
  spanHours,
  spanTest,
  spanUnit,
} from './words.ts';
import { auditSpec } from './audits.ts';
import { codeCalls } from './codeStyle.ts';
import { callStatus, coverMentions, finishSteps, judgedFirst } from './cover.ts';
import { numberWord, writtenForm } from './spoken.ts';
import { MAIL_SENDERS, ROW_STORES } from './appGroups.ts';
import { forLabels, rangeLabels, routedList, valueRoutes } from './listRoutes.ts';

/** The kind of step a limit holds back ("No texts after 9pm", "No Slack messages on weekends"). */
const LIMITED =
  /\b(texts?|sms|calls?|e-?mails?|messages?|alerts?|notifications?|pings?|dms?|pages?|paging|updates?|posts?|tickets?|tasks?|reminders?|deploys?|deployments?)\b/;

const ERROR_WORDS =
  /\b(?:failures|errors|exceptions)\b(?!\s+(?:rate|count|code|message|status|email|page))|(?<!\b(?:is|was|equals?|=|of|status|state|result)\s+['"]?)\bfailure\b(?!\s+(?:rate|count|email|message))|\b(?:if|when|whenever)\s+(?:it|anything|something|a step|any step|a node|any node|the workflow|this workflow|this automation|a call|the request|the api|any of (?:my|the|our) workflows|a workflow|one of (?:my|the|our) workflows)\s+(?:ever\s+)?fails\b|\bon (?:failure|error)\b|\b(?:if|when)\s+(?:an?\s+)?error\s+(?:occurs|happens)\b|\bsomething goes wrong\b|\bworkflows?\s+(?:ever\s+|itself\s+)?(?:fails?|errors?|crash(?:es)?|breaks)\b|\b(?:if|when|whenever)\s+(?:the|a|an|any|our)\s+(?:[\w-]+\s+){0,2}?(?:query|call|request|sync|import|upload|step|job|run|node|export|fetch|lookup|download|integration|api)\s+(?:fails|errors(?: out)?|breaks|times out)\b|\b(?:if|when|whenever)\s+(?:the\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:(?:can'?t|cannot|can not|couldn'?t)\s+be\s+reached|is\s+(?:unreachable|not reachable))\b/;
/** The run as a whole failing, not one step: "if the workflow fails", "if anything fails during the run". */
const RUN_FAILS =
  /\b(?:via|through|using|with|in)\s+(?:an?|the|our)\s+error[- ]workflow\b|\b(?:if|when|whenever|should|in case)\s+(?:(?:the|this|any|a|my|our)\s+)?(?:(?:whole|nightly|daily|weekly|scheduled|[a-z]+)\s+)?(?:workflow|run|automation|flow|execution|job)s?(?:\s+of\s+(?:this|the)\s+(?:workflow|automation))?\s+(?:ever\s+|itself\s+)?(?:fails?|failed|errors?(?:\s+out)?|breaks?|crashes|stops)\b|\b(?:if|when|whenever)\s+(?:anything|something)\s+(?:fails|goes wrong|breaks|errors(?:\s+out)?)\s+(?:during|in|while)\s+(?:the|a|this)\s+(?:run|workflow|execution)\b/i;
const RATE_LIMIT =
  /\b(?:pause|pauses|pausing|delays?|wait|waits|waiting)\s+(?:\w+\s+){0,2}between\b|\brate[- ]?limit\w*|\bthrottl\w*|\b(?:not|avoid|without|never)\s+(?:to\s+)?(?:hit|hitting|exceed|exceeding|overload\w*)\b|\bapi limits?\b|\bquota\b|\b\d+\s*(?:s|secs?|seconds?|mins?|minutes?)\s+(?:between|apart)\b|\b\d+\s*(?:req|reqs|requests?|calls?)\s*(?:\/|per|an?|each)\s*(?:s|sec|second|min|minute|hour|hr|day)\b|\b(?:only\s+)?allows?\s+(?:\d+|one|a few)\s+(?:req|reqs|requests?|calls?)\b/;
const MANY = /\b(?:large|many|bulk|batch|batches|thousands|hundreds|lots|big|huge|each|every|all)\b/;

/** "EUR 2,000": the currency's sign ("€2,000"); CHF and the dollars without a sign of their own read as "$". */
const CURRENCY_SIGN: Record<string, string> = { EUR: '€', GBP: '£', INR: '₹', USD: '$', AUD: '$', CAD: '$' };

/** A clause that opens with the items a comparison picks ("anyone scoring above 7 …", "orders over $500 …"). */
const SUBJECT_CONDITION =
  /^(?:and\s+|but\s+)?(?:anyone|anybody|everyone|everybody|those|people|users|customers|leads|candidates|applicants|items|orders|rows|records|tickets|deals|contacts|products|invoices|payments|ones|claims|expenses|[a-z]+s|any\s+\w+|all\s+\w+)\s+(?:\w+\s+){0,3}?(?:scoring|scored|with|whose|who|that|rated|valued|over|above|under|below|more|less|at|costing|worth|>|<)\b/;

/** "Any card sitting in the 'Waiting' list for more than 5 days should get …": items held that long, then an action. */
const SUBJECT_SPAN =
  /^(?:and\s+|but\s+)?(?:(?:any|all|every|each)\s+)?(?:[\w'-]+\s+){1,8}?(?:for|in)\s+(?:more than|over|longer than|at least)\s+[\w]+\s+(?:minutes?|hours?|days?|weeks?|months?)\s+(?:should|must|will|gets?|are|is)\b/;

/** Where a route's range starts (routes without a range sort first, as they test their own value). */
const lowest = (r: { condition?: Condition }): number =>
  !r.condition
    ? Infinity
    : spanHours(r.condition) !== null
      ? spanHours(r.condition)!
      : r.condition.operator === 'lte' || r.condition.operator === 'lt'
        ? -Infinity
        : r.condition.operator === 'between'
          ? rangeEnds(r.condition.value)[0]
          : Number(r.condition.value);

/** A time after which something should have happened: "after 7 days", "within 3 days", "in 48 hours". */
const FOLLOW_UP_TIME =
  /\b(?:after|within|in)\s+(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|hours?|days?|weeks?)\b/;

/** The outcomes of a sentiment step. */

/** What did not happen by then: "they haven't paid" → paid is false; "no reply", "nothing has come back" → replied. */
function notHappened(text: string): (Condition & { end: number }) | null {
  const end = text.length;
  if (
    /\b(?:no (?:reply|replies|response|answer|word)|nothing (?:has )?(?:come|came) back|nothing back|(?:haven'?t|hasn'?t|have not|has not|didn'?t|did not) (?:heard|got|gotten) back|not (?:heard|got) back|(?:haven'?t|hasn'?t|have not|has not|didn'?t|did not|not yet|still not) (?:replied|responded|answered|written back))\b/.test(
      text,
    )
  )
    return { field: 'replied', operator: 'isFalse', value: false, end };
  const not =
    /\b(?:haven'?t|hasn'?t|have not|has not|didn'?t|did not|not yet|still not|still haven'?t|still hasn'?t|isn'?t|aren'?t|is not|are not|still)\s+(?:been\s+|yet\s+)?(paid|signed|booked|confirmed|completed|approved|returned|submitted|uploaded|opened|clicked|accepted|registered|delivered|shipped|resolved|closed|done|finished|sent|received|unpaid|open|pending)\b/.exec(
      text,
    );
  // "if it's still unsigned in 2 days", "unanswered after a week": the negated state.
  const un = not
    ? null
    : /\b(un(?:signed|answered|opened|read|replied|confirmed|approved|booked|resolved|submitted|returned|accepted|registered|delivered|shipped|claimed|used|completed|finished))\b/.exec(
        text,
      );
  if (un) return { field: un[1]!.slice(2), operator: 'isFalse', value: false, end };
  if (!not) return null;
  const word = not[1]!;
  // "is still unpaid", "still open", "still pending": the state it is still in.
  if (/^(?:unpaid|open|pending)$/.test(word)) return { field: 'status', operator: 'equals', value: word, end };
  return { field: word, operator: 'isFalse', value: false, end };
}

/** Tokens a clause's word string holds: words, quoted values, and comparison signs ("score > 70"). */
const counted = (t: Token): boolean =>
  t.kind === 'word' ||
  t.kind === 'quote' ||
  (t.kind === 'punct' && (/^[<>=]$/.test(t.text) || (t.text === '+' && t.joined)));

/** The pause a clause asks for: "wait 2 days", "a 20 s pause", "add a delay" (one minute, stated); null when none. */
/** The words of a clause that only say it waits ("wait for 3 days and then …"). */
const WAIT_WORDS =
  /^(?:wait|waits|waiting|pause|sleep|delay|delays|add|insert|short|small|little|bit|while|moment|node|nodes|step|of|for|\d+|a|an|one|two|three|five|ten|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|then|and|before|between)$/;

function waitOf(words: string): Extract<Step, { kind: 'wait' }> | null {
  const said =
    /\b(?:wait|paus|sleep|delay)\w*\s+(?:of\s+|for\s+|another\s+)?(?:(?:like|about|around|roughly|approximately|approx|maybe|some|exactly|at least)\s+)?(\d+|a few|a couple of|a couple|several|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:more\s+|additional\s+|extra\s+)?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?)\b/.exec(
      words,
    ) ??
    // "10 s between", "with a minute between each", "like a minute in between each one".
    /\b(\d+|a|an|one|two|three|five|ten|fifteen|thirty)\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?)\s+(?:wait|pause|delay|(?:in\s+)?between|apart|gap|break|breather)\b/.exec(
      words,
    ) ??
    // "slowly, like one every minute", "one email per 30 seconds": the pace of the items, one by one.
    // (Not "1 request per second": an API's limit, which a loop's pause keeps to.)
    /\b(?:one|1)\s+(?:(?!(?:req|reqs|requests?|calls?|hits?)\b)[a-z]+\s+)?(?:every|each|per)\s+(\d+|a|an)?\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/.exec(
      words,
    ) ??
    // "After giving the scans a minute to finish, …", "give it 30 seconds to process": time for something to finish.
    /\b(?:giv(?:e|es|ing)|allow(?:s|ing)?)\s+(?:the\s+|it\s+|them\s+|each\s+)?(?:[a-z]+\s+)?(\d+|a few|a couple of|a couple|a|an|one|two|three|five|ten|fifteen|thirty)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\s+to\s+(?:finish|complete|run|process|load|render|settle|propagate|be ready|come back)\b/.exec(
      words,
    ) ??
    // "send him a welcome email after 2 days", "7 days later, …", "an hour after that": the time passes first.
    /\bafter\s+(?:another\s+)?(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?)\b(?!\s+(?:before|of (?:the|each|every)))|\b(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?)\s+(?:later|after (?:that|this|it|the (?:first|email|message|reminder)))\b/.exec(
      words,
    );
  // "a reminder 24 hours before the call": the Wait resumes at a time the user points at; "two hours after signup",
  // "48 hours after each campaign is sent": the time passes after the event that started the run.
  const around = said
    ? null
    : /\b(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?)\s+(after|before)\s+(?!(?:that|this|it|then|they|he|she|being|its|their (?:own )?(?:creation|placement))\b)((?:(?:the|their|each|every|a|an|his|her|our|its)\s+)?[a-z][\w-]*(?:\s+(?:starts?|ends?|is sent|was sent|begins?))?)/.exec(
        words,
      );
  if (around) {
    const n = numberWord(around[1]!) ?? 1;
    const u = around[2]!.replace(/s$/, '');
    const wait: Extract<Step, { kind: 'wait' }> =
      u === 'week'
        ? { kind: 'wait', amount: n * 7, unit: 'days' }
        : { kind: 'wait', amount: n, unit: UNITS[u] ?? 'hours' };
    return around[3] === 'before' ? { ...wait, until: `${around[1]} ${around[2]} before ${around[4]}` } : wait;
  }
  const bare =
    !said &&
    !RATE_LIMIT.test(words) &&
    /\b(?:wait|delay)\s+(?:node|nodes|step|a (?:little|bit|while|moment))\b|\b(?:add|insert|with|adds|uses?)\s+(?:a\s+|an\s+)?(?:short\s+|small\s+)?(?:delay|pause|wait)\b/.test(
      words,
    );
  if (!said && !bare) return null;
  const count = said?.[1] ?? said?.[3];
  // ("pausing a few seconds between batches": three; "a couple of minutes": two.)
  const amount = !count
    ? 1
    : /^a couple/.test(count)
      ? 2
      : /^(?:a few|several)$/.test(count)
        ? 3
        : (numberWord(count) ?? 1);
  const unit = !said ? 'minute' : (said[2] ?? said[4])!.replace(/s$/, '');
  if (unit === 'week') return { kind: 'wait', amount: amount * 7, unit: 'days' };
  return { kind: 'wait', amount, unit: UNITS[unit] ?? 'seconds' };
}

const UNITS: Record<string, 'seconds' | 'minutes' | 'hours' | 'days'> = {
  second: 'seconds',
  sec: 'seconds',
  '': 'seconds',
  minute: 'minutes',
  min: 'minutes',
  m: 'minutes',
  hour: 'hours',
  hr: 'hours',
  h: 'hours',
  day: 'days',
  d: 'days',
};

/** A clause that writes a value: "set the status column to 'sent'", "and then mark the row as done". */
const SETS_VALUE =
  /^(?:(?:and|then|also|finally)\s+)*(?:set|sets|mark|marks|change|changes|update|updates|flip|switch)\s+(?!up\b)/;

/**
 * "Our TMS publishes shipment events to the Kafka topic shipment-events": the events arrive on that queue, which
 * starts the workflow (the system that sends them does nothing in it).
 */
function publishedTo(text: string): string {
  return text.replace(
    /(?:\b(?:our|the|their|my)\s+(?:[\w-]+\s+){0,2}?)?\b(?:publish(?:es|ed)?|sends|pushes|posts|writes|emits|produces|drops)\s+((?:[\w-]+\s+){0,3}?(?:events?|messages?|records?|updates?|notifications?|payloads?|jobs?|readings?|measurements?|telemetry|metrics?|data))\s+(?:to|into|onto|on)\s+((?:the|our|a|an)\s+(?:kafka|rabbitmq|mqtt|amqp|sqs|aws sqs)\b)/gi,
    '$1 arrive on $2',
  );
}

/** The quantity a request's readings measure ("temperature readings"), else "value". */
const MEASURED =
  /\b(temperature|humidity|pressure|score|speed|price|latency|cpu|memory|usage|load|level|voltage|weight|moisture)\b/i;
const LEVEL_WORD =
  '(?:a\\s+|an\\s+)?(?:critical|warning|urgent|high|low|normal|fine|ok|okay|bad|good|severe|minor|major|emergency|an? alert|an? alarm)';
const UNIT_SAID = '(?:\\s*(?:°\\s*[cf]?|%|degrees(?:\\s+[cf])?|ms|kg|psi))?';
/** "Anything above 85°C is critical: …", "Between 75 and 85 is a warning, so …": a level a range of values is. */
const LEVEL_ABOVE = new RegExp(
  `(^|[.!?;]\\s+)(?:anything|everything|any reading|readings?|values?|any value)\\s+(above|over|below|under|(?:more|less|greater|lower|higher) than)\\s+(-?\\d{1,7}(?:\\.\\d{1,3})?)${UNIT_SAID}\\s+(?:is|are)\\s+${LEVEL_WORD}\\s*(?:[:;]|,\\s*so|,)\\s*`,
  'gi',
);
const LEVEL_BETWEEN = new RegExp(
  `(^|[.!?;]\\s+)(?:anything\\s+)?between\\s+(-?\\d{1,7}(?:\\.\\d{1,3})?)${UNIT_SAID}\\s+and\\s+(-?\\d{1,7}(?:\\.\\d{1,3})?)${UNIT_SAID}\\s+(?:is|are)\\s+${LEVEL_WORD}\\s*(?:[:;]|,\\s*so|,)\\s*`,
  'gi',
);

/** "Promoters (9 or 10) get …. Passives (7 or 8) need nothing else. Detractors (0 to 6) should …": labels of ranges. */
const LABELLED_RANGE =
  /(^|[.!?;]\s+)([A-Z][a-z]{2,20}s)\s*\(\s*(\d{1,3})\s*(or|to|-|–|and)\s*(\d{1,3})\s*\)\s+(?=[a-z])/g;

function levelRanges(text: string): string {
  const field = MEASURED.exec(text)?.[1]?.toLowerCase() ?? 'value';
  if ((text.match(LABELLED_RANGE) ?? []).length >= 2)
    text = text.replace(
      LABELLED_RANGE,
      (_, lead: string, label: string, a: string, _join: string, b: string) =>
        `${lead}If the score is between ${a} and ${b}, the ${label.toLowerCase()} `,
    );
  return text
    .replace(LEVEL_ABOVE, (_, lead: string, side: string, n: string) => `${lead}If the ${field} is ${side} ${n}, `)
    .replace(
      LEVEL_BETWEEN,
      (_, lead: string, a: string, b: string) => `${lead}If the ${field} is between ${a} and ${b}, `,
    );
}

/** One line per step in lists: a line break ends a sentence the way a full stop does. */
function normalise(text: string): string {
  return (
    whoOutcomes(
      forLabels(
        rangeLabels(
          valueRoutes(
            routedList(
              englishSchedule(
                ruleLines(
                  userStory(
                    withoutHabits(
                      writtenForm(
                        migratedTerms(
                          withoutFieldMaps(
                            codeCalls(
                              eventHeading(
                                listedStart(
                                  askedAsRequest(
                                    durationLadder(
                                      galleryDescription(listingDescription(levelRanges(publishedTo(ifEvent(text))))),
                                    ),
                                  ),
                                ),
                              ),
                            ),
                          ),
                        ),
                      ),
                    ),
                  ),
                ),
              )
                // "isn’t", "doesn’t", "it’s": the typographic apostrophe inside a word is the plain one.
                .replace(/(\p{L})[’ʼ](\p{L})/gu, "$1'$2")
                // "set the opp field …": a CRM's opportunity, said short.
                .replace(/\b([Oo])pp(s?)\b(?![.'-]\w)/g, (_, o: string, s: string) => `${o}pportunit${s ? 'ies' : 'y'}`)
                // "reacts with :bug: to a Slack message": an emoji's short code, said as the emoji.
                .replace(/(^|[\s(]):([a-z0-9_+-]{1,30}):(?=[\s.,;!?)]|$)/g, '$1the $2 emoji'),
            ),
          ),
        ),
      ),
    )
      // "Only continue if it's a run over 10 km", "2. Proceed only if the total is over 500": a Filter's words.
      .replace(
        /(^|[.!?;:\n]\s*(?:\d{1,2}[.)]\s*|[-*•]\s*)?|,\s*|\b)((?:only\s+)?(?:continue|proceed|carry on|go on)\s+(?:only\s+)?if)\b/gi,
        (whole: string, lead: string, said: string) =>
          /\bonly\b/i.test(said) || /^(?:[.!?;:\n]|$)/.test(lead.trim() || '\n') ? `${lead}only if` : whole,
      )
      // "If found: delete …. If not found: email …": an outcome said with a colon, the way it is said with a comma.
      .replace(
        /(^|[.!?;\n]\s*)(if (?:(?:not|no|it(?:'s| is)(?: not)?|they(?:'re| are)(?: not)?|the \w+ (?:is|was)(?: not)?) )?(?:found|missing|valid|invalid|approved|rejected|declined|successful|success|failed|yes|no|true|false|empty|present|there|new|existing|paid|unpaid|available|unavailable|matched|unmatched|exists|does not exist|doesn't exist))\s*:(?=\s)/gi,
        '$1$2,',
      )
      // "For 4-5 stars, auto-reply …. For 3 stars or below, …": a rating a sentence starts with is its test.
      // "For 4- and 5-star reviews, post …; for 1- to 3-star reviews, …": the hyphens a range of ratings shares.
      .replace(
        /(^|[.!?;\n]\s*)for (\d{1,2}-?(?:\s*(?:-|–|to|or|and)\s*\d{1,2})?\s*-?\s*(?:stars?|\*)(?:\s+or\s+(?:below|above|less|more|lower|higher|fewer|better|worse))?)(?:\s+(?:reviews?|ratings?|ones|responses?|feedback))?\s*,/gi,
        (_, lead: string, rating: string) =>
          `${lead}if it's ${rating
            .replace(/(\d)-(?=\s)/, '$1')
            .replace(/(\d)\s*-\s*(?=stars?\b|\*)/, '$1 ')
            .replace(/\s*[-–]\s*/, ' to ')},`,
      )
      // "For any table of 8 or more, also post …", "for orders of 10+ items": the size the items' test reads.
      .replace(
        /(^|[.!?;:\n]\s*)for (?:any |every |each |an? |the )?([a-z]+) (?:of|with) (\d+)\s*(?:\+|or (?:more|larger|bigger|above|over|higher))(?: (?:people|guests|items|units|seats|persons|diners|products|lines))?\s*,/gi,
        (_, lead: string, noun: string, n: string) => `${lead}if the ${noun.toLowerCase()} size is at least ${n},`,
      )
      // "For orders over $100, post to #big; for orders under $100, …": the items' test a sentence starts with.
      .replace(
        /(^|[.!?;:\n]\s*(?:[-*•]\s*)?)for (?:the\s+)?((?:[a-z]+\s+){1,2}?(?:over|above|under|below|more than|less than|greater than|fewer than|older than|worth|with(?:out)?\s+(?:a|an|no)\s+)\s*[^,;.\n]{1,40}?)\s*,/gi,
        (whole: string, lead: string, test: string) =>
          /^(?:each|every|any|all|example|instance)\b/i.test(test) ? whole : `${lead}if the ${test},`,
      )
      // "…; after each send set `invited` to today's date": a step of the same loop, after the one before.
      .replace(
        /\s*[;,]\s*(?:and\s+)?(?:after|once|when)\s+each\s+(?:send|one|email|e-mail|message|sms|row|item|record|call|post|upload|request)(?:\s+(?:is|has been|was)\s+(?:sent|done|made|posted|uploaded|finished|gone))?\s*,?\s+(?=[a-z])/gi,
        ', and ',
      )
      // "through Mailgun (it must be Mailgun, our domain is set up there)": the app insisted on, named already.
      .replace(
        /\s*\((?:it|this|that|they|these)\s+(?:must|has to|have to|should|needs? to)\s+(?:be|go through|go via|use|come from)\s+([^,;)]{2,40}?)\s*(?:[,;][^)]*)?\)/gi,
        (whole: string, name: string, at: number, all: string) =>
          all.slice(0, at).toLowerCase().includes(name.trim().toLowerCase()) ? '' : whole,
      )
      // "write 'sent' in the status column": a value put in a field, not text a model writes.
      .replace(
        /\b(?:write|put|enter|type|fill in)\s+(['"‘“][^'"’”\n]{1,40}['"’”]|today's date|the date|the time|a timestamp|yes|no|done|sent)\s+(?:in|into|to)\s+(?:the\s+|its\s+|their\s+)?(['"‘“]?[\w -]{1,30}?['"’”]?)\s+(column|field|cell)\b/gi,
        (_, value: string, field: string, kind: string) => `set the ${field} ${kind} to ${value}`,
      )
      // "through an n8n form", "submits our n8n application form": n8n's own form starts the workflow.
      .replace(/\b(?:an?|our|the|my|one)\s+n8n\s+((?:[\w-]+\s+){0,2}?)forms?\b/gi, (_, kind: string) => `a ${kind}form`)
      // "In addition, route …", "Additionally, …": a word that only joins sentences.
      .replace(
        /(^|[.!?;]\s+)(?:in addition|additionally|on top of that|besides that|furthermore|moreover)\s*,\s*/gi,
        '$1',
      )
      // "… Must use Claude.", "It has to be Mailgun.": the app insisted on, named already, is no step of its own.
      .replace(
        /(^|[.!?]\s+)(?:it\s+|this\s+|we\s+|you\s+)?(?:must|has to|have to|should|needs? to)\s+(?:use|be|go through)\s+([A-Za-z][\w .-]{1,30}?)\s*[.!](?=\s|$)/gi,
        (whole: string, lead: string, name: string, at: number, all: string) =>
          all.slice(0, at).toLowerCase().includes(name.trim().toLowerCase()) ? lead : whole,
      )
      // "No message if none.", "Don't post anything if there are none": nothing to send is nothing sent, no step.
      .replace(
        /(^|[.;]\s+)(?:(?:send|post)\s+)?(?:no|don'?t send any|don'?t post any(?:thing)?)\s*(?:message|alert|notification|post|email)?s?\s+if\s+(?:there\s+(?:are|is)\s+)?(?:none|nothing|no\s+\w+)(?:\s+(?:found|match|matches))?\s*[.!]?(?=\s|$)/gi,
        '$1',
      )
      // "'DE' orders are POSTed to https://…": the method said as a verb is the verb.
      .replace(/\b(is|are|was|were|gets?|be)\s+POSTed\b/g, '$1 posted')
      // "During opening hours, forward …": the hours a sentence starts with are its test.
      .replace(
        /(^|[.!?;\n]\s*)((?:during|within|outside(?: of)?)\s+(?:our |the |your |my |normal |regular |usual )*(?:business|office|working|opening|shop|store|support)\s+hours)\b/gi,
        (_, lead: string, hours: string) => `${lead}If it's ${hours.toLowerCase()}`,
      )
      // "outside our opening hours (9am to 5pm)": the hours belong to the test, not an aside of their own.
      .replace(
        /\b(hours)\s*\(\s*(\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to|until|till)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\s*\)/gi,
        '$1 $2',
      )
      // "on failure turn the lights red, on success make them green": the outcome a clause starts with is its test.
      .replace(
        /(^|[.,;:!?\n]\s*)on (failure|fail|error|errors|success|succeed)\b,?\s*/gi,
        (_, lead: string, state: string) => `${lead}if it ${/^succ/i.test(state) ? 'succeeded' : 'failed'}, `,
      )
      // "On a successful payment, mark … On a failed payment, email …": the outcome of the item, a test of it.
      .replace(
        /(^|[.;:!?\n]\s*)(?:on|for|with|after)\s+(?:a|an|each|every|any)\s+(successful|succeeded|failed|unsuccessful|declined|completed|cancell?ed|refunded)\s+([a-z]+)\s*,\s*/gi,
        (_, lead: string, state: string, item: string) =>
          `${lead}If the ${item.toLowerCase()} ${/^(?:successful|succeeded)$/i.test(state) ? 'succeeded' : /^(?:failed|unsuccessful|declined)$/i.test(state) ? 'failed' : `is ${state.toLowerCase()}`}, `,
      )
      // "Steps:", "Actions:" alone on a line: a spec's heading over the steps, no words of its own.
      .replace(
        /^[ \t]*(?:\*\*|__|#+\s*)?(?:steps|actions|workflow|flow|process|logic|what it (?:should )?does?)(?:\*\*|__)?\s*:?(?:\*\*|__)?[ \t]*$/gim,
        '',
      )
      // "Bonus if it includes both numbers", "Would be nice if it also posts to Slack": a wish, not a test.
      .replace(
        /(^|[.!?;\n]\s*)(?:(?:a |big )?bonus(?: points)?|(?:it )?would be (?:nice|great|cool|awesome)|nice to have|extra points|ideally)(?: if|:)\s+(?:it|the workflow|the flow|n8n|the email|the message|the report)\s+(?:could\s+|can\s+|would\s+)?(?:also\s+)?/gi,
        '$1Also, it ',
      )
      // "On every new pull request in our repo": pull requests are GitHub's when no other code host is named.
      // The first said, and one a step works on ("a comment on the PR"), name the app.
      .replace(
        /\b(?:(on|to|in|under) the )?(pull requests?|PRs?)\b/g,
        (said: string, place: string | undefined, pr: string, at: number, whole: string) =>
          /\b(?:github|gitlab|bitbucket|gitea|azure devops|gerrit|codeberg)\b/i.test(text) ||
          (!place && /\b(?:pull requests?|PRs?)\b/.test(whole.slice(0, at)))
            ? said
            : `${place ? `${place} the ` : ''}GitHub ${pr}`,
      )
      // "open PRs" on a code host are its pull requests (GitHub's "Get Pull Requests").
      .replace(
        /\b(open|opened|merged|closed|stale|pending|unreviewed|all)\s+PR(s?)\b/gi,
        (said: string, state: string, many: string, _at: number, whole: string) =>
          /\b(?:github|gitlab|bitbucket|gitea)\b/i.test(whole) ? `${state} pull request${many}` : said,
      )
      // "then Switch on severity — critical: …; high: …": a dash that introduces the routes is their colon.
      .replace(
        /\b((?:switch|route|routes|routed|branch|split)\s+(?:on|by)\s+(?:the\s+)?[\w.-]+(?:\s+field)?)\s*[—–]\s*(?=[\w'"‘“]+\s*:)/gi,
        '$1: ',
      )
      // "each new episode of the Marketing Over Coffee podcast": the podcast's episodes come in its RSS feed.
      .replace(
        /\b(episodes?\s+of\s+(?:the\s+|our\s+|my\s+)?(?:[\w'-]+\s+){0,5}?podcast)\b(?!\s+(?:rss|feed))/gi,
        '$1 RSS feed',
      )
      // "netlify form submission -> new row in my grist doc": after an arrow, a new item is one the step makes.
      .replace(
        /(→|->|=>)\s*(?:an?\s+)?new\s+(rows?|records?|entry|entries|tasks?|cards?|contacts?|deals?|issues?|tickets?|pages?|items?|leads?|events?|subscribers?)\s+(in|on|to|into)\b/gi,
        '$1 add a $2 $3',
      )
      // "Above 5°C → Pushover alert": a bound in degrees is one of the temperature.
      .replace(
        /(^|[.!?;,\n(]\s*|\bif\s+|→\s*)(above|below|over|under|more than|less than|at least|at most)\s+(-?\d+(?:\.\d+)?)\s*(?:°\s*[CF]?|degrees?(?:\s+(?:celsius|fahrenheit|c|f))?)(?![\w°])/gi,
        (_, lead: string, bound: string, n: string) =>
          `${lead}${/→/.test(lead) ? ' ' : ''}the temperature is ${bound.toLowerCase()} ${n}`.replace('→  ', '→ '),
      )
      .replace(/\be-mail/gi, 'email')
      // "the free-text comment": a field's kind, not a text message.
      .replace(/\bfree[- ]text\b/gi, 'free-form')
      // "someone fills our n8n form", "the n8n chat": n8n's own Form and Chat triggers, the defaults for a form or chat.
      .replace(/\ban\s+n8n\s+(form|chat)\b/gi, 'a $1')
      .replace(/\bn8n\s+(forms?|chat)\b/gi, '$1')
      // "gogle sheets", "googel drive": Google misspelt before one of its products.
      .replace(
        /\b(?:gogle|googel|gooogle|goolge|googl|gogole|gooble)(?=\s+(?:sheets?|drive|docs?|calend[ae]rs?|forms?|chat|contacts|meet|ads|analytics|tasks|slides|cloud|gemini|translate|bigquery|business|reviews?)\b)/gi,
        'google',
      )
      // "the top posts from r/selfhosted": a subreddit is Reddit's, when the request does not say so.
      .replace(/(?<![\w/])r\/([A-Za-z0-9_]{2,21})\b/, (said: string) =>
        /\breddit\b/i.test(text) ? said : `Reddit ${said}`,
      )
      // "drop a message in the team chat", "drop me a line": a message sent.
      .replace(/\bdrop\s+((?:me|us|them|him|her)\s+)?(an?)\s+(message|note|line|ping|dm)\b/gi, 'send $1$2 $3')
      // "drop a 🎉 in #sales-wins", "post a ✅ in #ops": a message that is an emoji.
      .replace(
        /\b(drop|post|send|leave)\s+(?:an?\s+)?((?:\p{Extended_Pictographic}|\u200d|\ufe0f)+)/giu,
        (_, verb: string, emoji: string) =>
          `${verb.toLowerCase() === 'drop' || verb.toLowerCase() === 'leave' ? 'post' : verb} a ${emoji} message`,
      )
      // "over 1,000,000", "$12,500.00": one number, not a list cut at its commas.
      .replace(
        /\b(\d{1,3})((?:,\d{3})+)(?![\d,]*\d)/g,
        (_, head: string, rest: string) => head + rest.replace(/,/g, ''),
      )
      // "text me how many orders …", "sms them a code", "could it text the people on our waitlist": an SMS is sent.
      .replace(
        /(^|[.!?,;:>]\s*|\b(?:and|then|to|should|please|pls|could it|can it|also|it|we|either way|in both cases|in any case|always)\s+)(?:text|sms)\s+(me|us|them|him|her|everyone|everybody|whoever|anyone|someone|somebody|each|every|all|the|our|my|their|his|a|an|that|this|those|these|first|next|tomorrow's|today's|people|customers?|clients?|patients?|parents?|students?|members?|guests?|drivers?|staff|users?|leads?|contacts?)\b/gi,
        '$1send an SMS to $2',
      )
      // Said with no pause before it ("… over 60 percent text the crew", "booking form text the manager"): "text"
      // before a person is the verb, unless a word before makes it the noun ("the text the customer wrote").
      .replace(
        /(?<!\b(?:the|a|an|this|that|its|their|his|her|plain|free|some|of|as|in|with|body|message|same|whole|full|any|raw|email|sms|alt|original|translated|extracted|new)\s+)\btext\s+(me|us|them|him|her|everyone|everybody|the (?:crew|manager|owner|tech|technician|team|client|customer|patient|driver|guest|lead|parent|student|on[- ]call \w+|\w+ manager|\w+ tech))\b/gi,
        'send an SMS to $1',
      )
      // "… cancel the subscription and let us know in Slack": a message sent, a clause of its own.
      .replace(/\blet\s+(me|us|him|her|them|you|everyone|the\s+[a-z-]+(?:\s+[a-z-]+)?)\s+know\b/gi, 'notify $1')
      // Office routines said as what someone does by hand: "I open each scanned invoice in the folder and type the
      // supplier, date and total into the register" gets each document and has a model read those fields into it.
      .replace(
        /\b(?:i|we)\s+(?:usually\s+|manually\s+|then\s+|currently\s+|have to\s+|must\s+)?(?:open|go through|look through|look at|read through)\s+((?:each|every|all|the)\s+(?:[\w-]+\s+){0,2}?(?:invoices?|scans?|receipts?|files?|pdfs?|documents?|attachments?|forms?|statements?|bills?|applications?|cvs?|resumes?|contracts?|quotes?|orders?|timesheets?))\b/gi,
        'get $1',
      )
      .replace(
        /\b(and\s+(?:then\s+)?|(?:i|we)\s+(?:then\s+|manually\s+|usually\s+|have to\s+)?)(?:type|key|re-?type|copy|transcribe)\s+(?:in\s+)?((?:the\s+|their\s+|its\s+)?[\w' -]+?(?:,\s*[\w' -]+?)*(?:,?\s+and\s+[\w' -]+?)?)\s+(?:into|onto)\s+(the|our|my|a)\b/gi,
        (said: string, lead: string, fields: string, the: string, at: number, whole: string) => {
          const sentence = whole.slice(Math.max(0, whole.lastIndexOf('.', at)), at);
          return /\b(?:scan\w*|invoices?|receipts?|pdfs?|documents?|attachments?|statements?|bills?|cvs?|resumes?|contracts?|forms?)\b/i.test(
            sentence,
          ) &&
            // Someone's own routine: "I open each … and type …", not "the key dates … and then post that into …".
            (/^(?:i|we)\b/i.test(lead) ||
              /\b(?:i|we)\s+(?:\w+\s+){0,2}(?:open|go through|look through|get|read through|check)\b|\bget\s+(?:each|every|all)\b/i.test(
                sentence,
              )) &&
            !/\b(?:url|link|text|message|note|command|then|post|send)\b/i.test(fields)
            ? `${/^and\b/i.test(lead) ? 'and ' : ''}extract ${fields} with AI and add them to ${the}`
            : said;
        },
      )
      // "the shipping country is one of DE, FR, NL, …": one list of values, not clauses cut at its commas.
      .replace(
        /\b((?:is|are)\s+(?:not\s+)?(?:one of|any of|either|among|in)\s+)((?:['"‘“]?[\w.-]+['"’”]?\s*,\s*)+(?:(?:or|and)\s+)?['"‘“]?[\w.-]+['"’”]?)/gi,
        (said: string, lead: string, list: string) =>
          /\b(?:it|its|they|then|the|this|that|we|i|you)\b/i.test(list)
            ? said
            : `${lead}${list.split(/\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+/).join(' or ')}`,
      )
      // "HTTP POST the order to https://…": the method is the verb.
      .replace(/\bHTTP\s+(POST|GET|PUT|PATCH|DELETE)\b(?!\s+(?:request|call|node)\b)/g, '$1')
      // "skip responses that don't include an email address": the items without it.
      .replace(
        /\b((?:skip|ignore|drop|exclude|discard|filter out|remove)\s+(?:any\s+|all\s+|the\s+)?(?:[\w-]+\s+){1,2}?)(?:that|which|who)\s+(?:don't|do not|doesn't|does not|didn't|did not)\s+(?:include|have|contain|list|give|provide|come with)\s+(?=(?:an?|any|their|its|the)\s)/gi,
        '$1without ',
      )
      // "Don't remind anyone about tasks in the 'Backlog' list": those items are skipped.
      .replace(
        /(^|[.!?;\n]\s*)(?:but\s+)?(?:don't|do not|never)\s+(?:remind|notify|email|message|ping|text|contact|alert|include|process|send|touch|bother)\s+(?:anyone|anybody|them|people|customers|users|me|us)?\s*(?:about|for|regarding|on)?\s*(?=(?:any\s+|the\s+)?[a-z]+s\b)/gi,
        '$1Skip ',
      )
      // "the comment contains the word 'bug'": the quoted word is what it contains.
      .replace(
        /\b(contains?|containing|mentions?|mentioning|includes?|including)\s+the\s+(?:word|words|phrase|term|keyword|text)\s+(?=['"‘“])/gi,
        '$1 ',
      )
      // "if the lead didn't give a phone number": the item has none.
      .replace(
        /\b(?:didn't|did not|doesn't|does not|don't|do not|hasn't|has not|haven't|have not)\s+(?:give|provide|include|leave|enter|fill in|supply|share|add)\s+(?:us\s+)?(?:an?|any|their|his|her|its|the)\s+/gi,
        'has no ',
      )
      // "give the sales team a heads-up in Slack", "give me a quick nudge": the person is notified.
      .replace(
        /\bgive\s+(me|us|him|her|them|everyone|the\s+[a-z-]+(?:\s+[a-z-]+)?)\s+an?\s+(?:quick\s+|little\s+|short\s+)?(?:heads[- ]?up|nudge|ping|shout|shout-out|shoutout)\b/gi,
        'notify $1',
      )
      // "if no reply within 3 days, follow up by email", "follow up with them via SMS": a follow-up message is sent.
      .replace(
        /\bfollow[- ]up\s+(?:with\s+(them|him|her|the\s+[a-z]+)\s+)?(?:by|via|through|over|on|with\s+an?|with)\s+(email|sms|text|whatsapp|telegram|slack|message)\b/gi,
        (_, who: string | undefined, channel: string) =>
          `send ${who ? `${who} ` : ''}a follow-up ${/^text$/i.test(channel) ? 'SMS' : channel}`,
      )
      // "ask the customer for a review by email", "ask them via SMS to confirm": a message sent to them that asks.
      .replace(
        /\bask\s+((?:them|him|her|(?:the|each|every|our|your|that)\s+(?!ai\b|model\b|agent\b|llm\b|bot\b|gpt)[a-z-]+))\s+(?:(by|via|over|through)\s+(email|e-mail|sms|text|whatsapp|telegram|slack)\s+((?:for|to|whether|if)\b[^.;\n]{1,80})|((?:for|to|whether|if)\b[^.;\n]{1,80}?)\s+(?:by|via|over|through)\s+(email|e-mail|sms|text|whatsapp|telegram|slack))\b/gi,
        (
          _,
          who: string,
          _by,
          c1: string | undefined,
          r1: string | undefined,
          r2: string | undefined,
          c2: string | undefined,
        ) => {
          const channel = (c1 ?? c2 ?? 'email').toLowerCase();
          const name = channel === 'text' || channel === 'sms' ? 'SMS' : channel === 'e-mail' ? 'email' : channel;
          return `send ${who} an ${name} asking ${(r1 ?? r2 ?? '').trim()}`;
        },
      )
      // "a polite text", "a happy birthday text", "a 'we miss you' text", "a text sent to …": an SMS.
      .replace(
        /\b(an?)\s+((?:(?:quick|short|polite|friendly|reminder|birthday|happy|thank-you|thank|you|welcome|confirmation|follow-up|warm|little)\s+|'[^'\n]{1,30}'\s+|"[^"\n]{1,30}"\s+)+)texts?\b(?!\s+(?:field|box|file|column|area|input|block|of))/gi,
        (_, _a: string, words: string) => `an ${words}SMS`,
      )
      .replace(/\ba text (sent|goes|going)\b/gi, 'an SMS $1')
      // "create event in outlook calendar + sms confirmation to client": "+" joins a message sent as well.
      .replace(
        /(?<!\b(?:with|w\/)\s+(?:[\w#'-]+\s+){0,3}[\w#'-]+)\s\+\s+(?=(?:an?\s+)?(?:sms|text|email|e-mail|mail|whatsapp|telegram|slack|message|notification|confirmation|reminder)\b)/gi,
        ' and send ',
      )
      // "w/ cust name + total", "sheet + slack": a "+" between words joins them as "and" does.
      .replace(/(?<=[\w'"])\s+\+\s+(?=[\w'"#])/g, ' and ')
      // "Facebook lead ad leads", "new leads from my Facebook ads", "our 'free week pass' Facebook ad": n8n's Facebook
      // Lead Ads trigger (a plain "Facebook ad" campaign with no lead in the sentence stays the Graph API).
      .replace(
        /\b(?:facebook|fb|meta)\s+(?:lead\s+)?(?:ads?|ad campaigns?|lead forms?|forms?|instant forms?)(?:\s+leads?)?\b/gi,
        (said: string, at: number, whole: string) => {
          const sentence = whole.slice(
            whole.lastIndexOf('.', at) + 1,
            (whole.indexOf('.', at) + 1 || whole.length + 1) - 1,
          );
          return /\blead/i.test(sentence) ? 'Facebook Lead Ads' : said;
        },
      )
      // "EUR 2,000", "USD 500", "1.500,00 €", "CHF 2'000": an amount's currency as a sign before it, and its
      // thousands and decimals written the European or Swiss way as a plain number.
      .replace(/\b(?:EUR|USD|GBP|INR|CHF|AUD|CAD)\s?(?=\d)/g, (code: string) => CURRENCY_SIGN[code.trim()] ?? '$')
      .replace(
        /(?<=[€$£]\s?|\bCHF\s?)(\d{1,3}(?:[.'’]\d{3})+)(?:,(\d{1,2}))?(?![\d.,]\d)|\b(\d{1,3}(?:[.'’]\d{3})+)(?:,(\d{1,2}))?(?=\s?(?:€|EUR\b|CHF\b|euros?\b))|\b(\d{1,3}(?:\.\d{3})+),(\d{2})\b(?![.,]\d)/g,
        (...m: (string | undefined)[]) => {
          const [whole, decimals] = m[1] ? [m[1], m[2]] : m[3] ? [m[3], m[4]] : [m[5]!, m[6]];
          return `${whole.replace(/[.'’]/g, '')}${decimals ? `.${decimals}` : ''}`;
        },
      )
      // "$300k", "$1.5M", "10k+": amounts with a thousands or millions suffix.
      .replace(
        /([$€£¥₹])\s?(\d+(?:\.\d+)?)\s?([kKmM])\b|\b(\d+(?:\.\d+)?)([kKmM])(?=\+)/g,
        (
          _,
          cur: string | undefined,
          n1: string | undefined,
          s1: string | undefined,
          n2: string | undefined,
          s2: string | undefined,
        ) => `${cur ?? ''}${Math.round(Number(n1 ?? n2) * (/k/i.test(s1 ?? s2 ?? '') ? 1000 : 1000000))}`,
      )
      // "`POST https://api.example.com/v1/events`": an address in code quotes is still an address to call.
      .replace(/`((?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?https?:\/\/[^\s`]+)`/g, '$1')
      // "billing -> …, sales -> …, if it can't tell just email support@": the items no route fits.
      .replace(
        /,\s*(?:and\s+)?(?:if (?:it|the ai|ai|the model|the classifier) (?:can't|cannot|can not|couldn't|doesn't|does not) (?:tell|decide|know|classify(?: it)?|work (?:it )?out)|if (?:it'?s|it is) (?:unclear|ambiguous|none of (?:those|these|them))|if (?:none|nothing) (?:of (?:those|these|them) )?(?:fits?|matches?|applies))\s*,?\s*(?:just\s+)?(?=\w)/gi,
        (m: string, at: number, whole: string) => (/->|→/.test(whole.slice(0, at)) ? ', anything else -> ' : m),
      )
      // "it has label 'bug'": the label it has, not a step that labels.
      .replace(/\b(has|have|had|with|without)\s+(labels?|tags?)\s+(?=['"‘“`])/gi, '$1 the $2 ')
      // "everyone who leaves (status terminated in bamboohr)": the items' status, said in passing.
      // ("(plan is in our Postgres accounts table)" says where the plan is kept.)
      .replace(
        /\((status|stage|state|plan|tier|role)\s*:?\s+(?=[a-z])(?!(?:is|are|was|in|of|from|field|column|lives|comes)\b)/gi,
        '(with $1 ',
      )
      .replace(/≥/g, '>=')
      .replace(/≤/g, '<=')
      // "only ones w marketing_opt_in = true", "orders w/ status failed": chat shorthand for "with".
      .replace(/(^|\s)w\/?(?=\s+[A-Za-z_])/g, '$1with')
      // "AI sorts it billing / tech / sales", "AI classify auto / home / health": the labels a classification puts
      // the item into, said without "into".
      .replace(
        /\b((?:sorts?|classif(?:y|ies)|categori[sz]es?|buckets?|triages?)\s+(?:it|them|each(?: one)?|the [a-z]+))\s+(?=[a-z][\w-]{0,30}\s*(?:\/|,)\s*[a-z][\w-]{0,30}\s*(?:\/|,|or)\s*[a-z])/gi,
        '$1 into ',
      )
      .replace(
        /\b((?:sorts?|classif(?:y|ies)|categori[sz]es?|buckets?|triages?))\s+(?=(?!(?:it|them|each|the|into|as|by|in)\b)[a-z][\w-]{0,30}\s*\/\s*[a-z][\w-]{0,30}\s*\/\s*[a-z])/gi,
        '$1 it into ',
      )
      // "I'd like every attendee to get a feedback survey link by email": a message the workflow sends them.
      .replace(
        /(\b(?:like|want|need|love|wish)\s+)?\b((?:every|each|all|all the|the|our)\s+(?:attendees?|customers?|clients?|guests?|members?|students?|parents?|users?|subscribers?|participants?|donors?|leads?|patients?|tenants?|employees?|applicants?|candidates?|buyers?|owners?|volunteers?|registrants?))\s+(?:to\s+|should\s+|will\s+|would\s+)?(?:get|gets|receive|receives)\s+((?:an?\s+|the\s+|their\s+)?[^.,;!?\n]{1,60}?)\s+by\s+(e-?mail|text message|text|sms)\b/gi,
        (_, lead: string | undefined, who: string, what: string, channel: string) =>
          `${lead ? `${lead}to ` : ''}${/mail/i.test(channel) ? 'email' : 'text'} ${who} ${what}`,
      )
      // "Some owners don't have an email on file, and those should go onto a call list instead": a test of the items.
      .replace(
        /(^|[.!?;]\s+)(?:some|a few|certain|many)\s+([a-z]{3,20}?)s\s+(?:don't|do not)\s+have\s+(?:an?\s+|any\s+)?([a-z]{2,20}(?:\s+(?:number|address))?)(\s+(?:on file|listed|set|saved))?\s*,?\s*(?:and\s+)?(?:those|they|these)(?:\s+ones)?\s+/gi,
        (_, lead: string, who: string, what: string, where: string | undefined) =>
          `${lead}If the ${who.toLowerCase()} has no ${what}${where ?? ''}, they `,
      )
      // "Whenever we win a new client I set up …": the event ends where the user's own doing starts.
      .replace(
        /(^|[.!?;]\s+)((?:whenever|each time|every time|when)\s+(?:we|someone|somebody|a|an|the|our|they)\s+(?:[\w'-]+\s+){1,6}?)(I|we)\s+(?=(?:set up|create|make|add|open|build|have to|need to|manually)\b)/gi,
        (_, lead: string, event: string, who: string) => `${lead}${event.trimEnd()}, ${who} `,
      )
      // "the treating physio is also emailed": the passive step, "also" said of it.
      .replace(
        /\b(is|are|gets?)\s+also\s+(?=(?:e-?mailed|notified|messaged|texted|alerted|pinged|told|informed|called|sent|cc'?d|tagged|assigned)\b)/gi,
        '$1 ',
      )
      // "I set up a Google Drive folder, a Slack channel …": things made.
      .replace(
        /\b(set|sets|setting)\s+up\s+(?=(?:a|an|new|their|his|her|its)\s)/gi,
        (_, verb: string) =>
          `${{ set: 'create', sets: 'creates', setting: 'creating' }[verb.toLowerCase()] ?? 'create'} `,
      )
      // "back up my workflows": one verb.
      // "back up my workflows" is a backup; "when it comes back up", "is back up" is a state.
      .replace(
        /(?<!\b(?:comes?|came|coming|is|are|was|were|goes|went|gets?|got|be|been|being|it's|its)\s)\bback(s|ed|ing)?\s+up\b/gi,
        (_, end: string | undefined) => `backup${end ?? ''}`,
      )
      // "Please process them one by one …", "Kindly email me …": a sentence's courtesy is not part of its step.
      .replace(
        /(^|[.!?]\s+|\n\s*)(?:please|pls|plz|kindly)\s+(?=(?:process|handle|run|send|email|post|create|add|update|check|make|put|save|store|log|notify|forward|go|do|use|also|then|loop|iterate)\b)/gi,
        '$1',
      )
      // "Create a workflow that pulls …", "Build an automation to …", "Can someone build a bot that summarizes …": the
      // request is what follows. (A bot that answers or chats is a chat: its verb stays under the umbrella.)
      .replace(
        /(^|[.!?]\s+)(?:(?:can|could|would|will)\s+(?:someone|somebody|anyone|anybody|you)\s+)?(?:please\s+)?(?:create|build|make|set up|setup|design|develop|write|generate|give me|i need|i want|help me (?:build|create|make))\s+(?:me\s+|us\s+)?(?:an?|the|one)\s+(?:n8n\s+|simple\s+|new\s+|small\s+|little\s+)?(?:workflow|automation|flow|pipeline|zap|scenario|bot|job|script|routine)\s+(?:that|which|to|where|for)\s+(?!(?:answers?|replies|reply|responds?|chats?|talks?)\b)(\w)/gi,
        (_, start: string, first: string) => `${start}${first.toUpperCase()}`,
      )
      // "If a GitHub issue is labelled 'urgent', …" opening the request: an app's item changing is the event.
      .replace(
        /^(\s*)[Ii]f (an?|any) (?=[A-Z][\w.-]{1,30}(?: [A-Z][\w.-]{1,30})? [a-z]{3,20} (?:is|gets|are|was) (?:marked |set |moved )?[a-z]{3,20}(?:ed|en)\b)/,
        '$1When $2 ',
      )
      // "If a Freshdesk ticket is high priority, …", "If a HubSpot deal is over $5,000": a value of an app's item, said
      // as the request's opening test, is that item's event and a test of it.
      .replace(
        /^(\s*)[Ii]f (an?|any) (?=(?:new )?[A-Z][\w.-]{1,30}(?: [A-Z][\w.-]{1,30})? [a-z]{3,20} (?:is|has|gets|was|comes in(?: with)?) (?:an? |marked (?:as )?)?(?:urgent|critical|high|low|medium|top|p[0-4]|negative|positive|over|above|under|below|more than|less than|greater than)\b)/,
        '$1When $2 ',
      )
      // "If a Stripe payment fails, …", "If a Mailchimp email bounces": an app's item doing something is the event.
      .replace(
        /^(\s*)[Ii]f (an?|any) (?=[A-Z][\w.-]{1,30}(?: [A-Z][\w.-]{1,30})? [a-z]{3,20} (?:fails|bounces|arrives|comes in|lands|expires|churns|cancels|renews|signs up|unsubscribes|breaks|crashes|goes (?:down|offline)|is (?:created|added|opened|submitted|received|cancell?ed|refunded|disputed|deleted|closed|merged|published))\b)/,
        '$1When $2 ',
      )
      // "As a support lead I want new tickets classified …": a user story's role is not part of the request.
      .replace(
        /(^|[.!?]\s+|\n\s*)as an?\s+[\w -]{1,40}?,?\s+(?:i|we)\s+(?:want|would like|'d like|need)\s+(?:to\s+)?(?=\w)/gi,
        '$1',
      )
      .replace(/^\s*(?:[-*•]|\d+[.)])\s+/gm, '')
      .replace(/([^.!?;:,\s])[ \t]*\n+\s*/g, '$1. ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

interface Scope {
  list: Step[];
  /** The last condition read, for its other outcome ("If valid … If invalid …", "otherwise …"). */
  lastIf: Extract<Step, { kind: 'if' }> | null;
  lastSwitch: Extract<Step, { kind: 'switch' }> | null;
  lastClassifier: AiStep | null;
}

/** Routes a field's name implies without listing them ("by urgency", "by sentiment"). */
const SCALES: Array<[RegExp, string[]]> = [
  [/urgen|priorit|severity|importan/, ['High', 'Normal', 'Low']],
  [/sentiment|tone|mood/, ['Positive', 'Neutral', 'Negative']],
];

class Reader {
  private lastClause: Clause | undefined = undefined;
  /** The last day of a timeline said by days ("on day 1, day 3 and day 7"): "On day 10, …" waits from there. */
  private lastDay: number | null = null;
  readonly steps: Step[] = [];
  readonly onError: Step[] = [];
  readonly unmapped: string[] = [];
  private scope: Scope = { list: this.steps, lastIf: null, lastSwitch: null, lastClassifier: null };
  /** The value an If's other outcome was said with ("if it is rejected …"), when it was said. */
  private readonly otherwiseTests = new Map<Extract<Step, { kind: 'if' }>, Condition>();
  /** The lookups put before a test of whether an app holds the item, with the list they are in. */
  readonly lookups: Array<{ list: Step[]; lookup: Step }> = [];
  /** Times a limit rules out for a kind of step ("No texts after 9pm"): the test the steps of that kind must pass. */
  readonly limits: Array<{ kind: string; app?: string; condition: Condition }> = [];

  constructor(private readonly ctx: ReadContext) {}

  /** The clause's words in lower case; `quoted` keeps quoted values in their quotes ("if they write 'menu'"). */
  private words(c: { from: number; to: number }, quoted = false): string {
    const tokens = this.ctx.tokens.slice(c.from, c.to);
    return (
      tokens
        // "above -15": a minus written against a number is its sign.
        .filter(
          (t, i) =>
            counted(t) ||
            // "exit code != 0": the "not" of an operator.
            (t.text === '!' && tokens[i + 1]?.text === '=' && Boolean(tokens[i + 1]?.joined)) ||
            // "data.current_state": a path into the item.
            (t.text === '.' &&
              t.joined &&
              Boolean(tokens[i + 1]?.joined) &&
              tokens[i + 1]?.kind === 'word' &&
              tokens[i - 1]?.kind === 'word') ||
            (t.text === '-' && !t.joined && Boolean(tokens[i + 1]?.joined) && /^\d/.test(tokens[i + 1]?.text ?? '')) ||
            // "if it's 0-6": a range of small numbers (not a date's "2024-01-05").
            (/^[-–]$/.test(t.text) &&
              t.joined &&
              Boolean(tokens[i + 1]?.joined) &&
              /^\d{1,3}$/.test(tokens[i - 1]?.text ?? '') &&
              /^\d{1,3}$/.test(tokens[i + 1]?.text ?? '') &&
              !(tokens[i + 2]?.joined && /^[-–]$/.test(tokens[i + 2]?.text ?? '')) &&
              !(/^[-–]$/.test(tokens[i - 2]?.text ?? '') && tokens[i - 1]?.joined)),
        )
        .map((t) => (quoted && t.kind === 'quote' ? `'${t.lower}'` : t.lower))
        .join(' ')
        // "data . current_state = = 'x'": a path and an operator are written together.
        .replace(/(\w) \. (?=\w)/g, '$1.')
        .replace(/([<>!=]) =/g, '$1=')
    );
  }

  private text(c: { from: number; to: number }): string {
    return spanText(this.ctx.original, this.ctx.tokens.slice(c.from, c.to));
  }

  sentence(clauses: Clause[]): void {
    const outer = this.scope.list;
    const before = outer.length;
    let target = outer;
    let loopBody: Step[] | null = null;
    let routeSteps: Step[] | null = null;
    let lastAction: { list: Step[]; steps: Step[]; from?: number; to?: number } | null = null;
    for (let i = 0; i < clauses.length; i++) {
      let clause = clauses[i]!;
      // The clause said just before, in this sentence or the one before ("…; all other orders go to Slack").
      const priorClause = i > 0 ? clauses[i - 1] : this.lastClause;
      this.lastClause = clause;
      const words = this.words(clause);
      // "how do I avoid sending the same incident twice?": only items earlier runs have not seen go on.
      if (
        /\b(?:avoid|prevent|stop|without|never|don't|do not|not)\s+(?:\w+\s+){0,3}?(?:the same \w+ twice|duplicates?|twice)\b/.test(
          words,
        )
      ) {
        let deduped = false;
        walkSteps(this.steps, (s) => (deduped ||= s.kind === 'dedupe'));
        if (!deduped) this.steps.splice(leadingReads(this.steps), 0, { kind: 'dedupe', seen: true });
        continue;
      }
      // "… so it needs to go in batches to respect the API limits": a consequence that asks for batches, no purpose.
      if (!words || (clause.lead === 'purpose' && !this.loop(clause, words))) continue;
      // "No texts after 9pm.", "No Slack messages on weekends": a limit on the steps, never a step of its own.
      // (Not "no six thirty pull my oura data", a correction, nor "No review submitted yet -> remind …", a route.)
      if (
        clause.lead === null &&
        /^(?:and |but |also )?no (?:[a-z-]+ ){0,2}?(?:texts?|sms|messages?|e-?mails?|alerts?|notifications?|pings?|calls?|posts?|deploys?|deployments?|reminders?|pages?|paging|dms?|updates?|tickets?|tasks?)\b/.test(
          words,
        ) &&
        !this.ctx.tokens.slice(clause.from, clause.to + 2).some((t) => /^(?:→|>|:)$/.test(t.text))
      ) {
        const named = within(this.ctx.mentions, clause.from, clause.to).apps;
        for (const a of named) this.ctx.usedApps.add(a.from);
        // The times it rules out leave the ones the steps it names may run in ("No Slack messages …": Slack's).
        const window = timeWindow(words, true);
        const kind = LIMITED.exec(words)?.[1];
        if (window && kind) this.limits.push({ kind, app: named[0]?.app.key, condition: window.condition });
        continue;
      }
      // "(… anything else → #general) and create a checklist": the routes a parenthesis listed end with it.
      let before = clause.from - 1;
      while (before >= 0 && /^(?:and|then|,)$/.test(this.ctx.tokens[before]!.lower)) before--;
      if (this.ctx.tokens[before]?.text === ')' && target !== outer) {
        target = outer;
        this.scope.lastSwitch = null;
      }
      // "add them to Slack channels based on department (Engineering → #eng, …)": the routes say what happens.
      const next = clauses[i + 1];
      if (
        next &&
        this.ctx.tokens[clause.to]?.text === '(' &&
        /\b(?:based on|by|depending on|according to)\s+(?:the\s+|their\s+|its\s+)?[a-z_]+$/.test(words) &&
        routeStart(this.ctx.tokens, this.firstWord(next))
      ) {
        for (const a of within(this.ctx.mentions, clause.from, clause.to).apps) this.ctx.usedApps.add(a.from);
        continue;
      }
      // "If the Salesforce query fails, send me a Telegram message instead": the error path, said as a condition
      // whose action is the next clause.
      const nextClause = clauses[i + 1];
      if (
        this.ctx.triggerKind !== 'error' &&
        clause.lead === 'if' &&
        ERROR_WORDS.test(words) &&
        !/\b(?:post|send|alert|notify|tell|report|email|log|message|ping|text|escalate)\w*\b/.test(words) &&
        nextClause &&
        nextClause.lead === null
      ) {
        const steps = clauseSteps(nextClause.from, nextClause.to, this.ctx);
        if (steps.length) {
          this.onError.push(...steps);
          i++;
          continue;
        }
      }
      // "post failures to #alerts", "if anything fails, email me": the error path.
      // (Not "Fatal ones: …. Errors/warnings: Linear issue only, no alert": one of the values the items take.)
      if (
        this.ctx.triggerKind !== 'error' &&
        !/^(?:→|:|>)$/.test(this.ctx.tokens[routeVerbAt(this.ctx.tokens, this.firstWord(clause))]?.text ?? '') &&
        ERROR_WORDS.test(words) &&
        /\b(?:post|send|alert|notify|tell|report|email|log|message|ping|text|escalate)\w*\b/.test(words)
      ) {
        this.onError.push(...clauseSteps(clause.from, clause.to, this.ctx));
        continue;
      }
      if (clause.lead === 'otherwise') {
        let skip = this.skipLead(
          clause,
          /^(?:otherwise|else|if not|and|then|but|all|any|other|others|everything|anything|the|rest)$/,
        );
        // "3. Otherwise → just add the 'triage' label": the outcome's words are the clause after the arrow.
        const following = clauses[i + 1];
        // "if it doesn't, send it by Gmail": the lead's own words say nothing to do.
        while (
          skip < clause.to &&
          /^(?:if|it|they|that|this|so|does|doesn't|isn't|aren't|don't|didn't|wasn't|weren't|not|is|are|do|did|was|were|fails?|n't|no|nope)$/.test(
            this.ctx.tokens[skip]!.lower,
          )
        )
          skip++;
        if (skip >= clause.to && following?.lead === null) {
          clause = { ...clause, to: following.to };
          skip = following.from;
          i++;
        }
        // "When an issue is labelled 'security', create an incident; all other issues …": the trigger's condition
        // has both outcomes, so it is an If rather than a filter.
        // "orders with status 'paid' go to Google Sheets; all other orders go to Slack": the clause before holds the
        // test its steps were for.
        const said = priorClause;
        const saidText = said ? this.text(said) : '';
        let own = target.length;
        while (own > 0 && saidText.includes((target[own - 1] as { phrase?: string }).phrase || '\u0000')) own--;
        if (
          !this.scope.lastIf &&
          !this.scope.lastSwitch &&
          !this.scope.lastClassifier &&
          this.steps[0]?.kind !== 'filter' &&
          said?.lead === null &&
          own < target.length &&
          // Its items with their test come first ("orders with status 'paid' go …"), not a verb.
          !verbClass(this.ctx.tokens[this.firstWord(said)]?.lower ?? '')
        ) {
          const cond = conditionOf(`if ${this.words(said, true)}`);
          if (cond && !(cond.field === 'text' && typeof cond.value === 'string' && cond.value.length < 3)) {
            const branch: Extract<Step, { kind: 'if' }> = {
              kind: 'if',
              condition: stripEnd(cond),
              then: target.splice(own),
              otherwise: [],
            };
            target.push(branch);
            this.scope.lastIf = branch;
          }
        }
        const first = this.steps[0];
        if (!this.scope.lastIf && !this.scope.lastSwitch && first?.kind === 'filter' && outer === this.steps) {
          const branch: Extract<Step, { kind: 'if' }> = {
            kind: 'if',
            condition: first.condition,
            then: this.steps.splice(1),
            otherwise: [],
          };
          this.steps[0] = branch;
          this.scope.lastIf = branch;
        }
        const sw = this.scope.lastSwitch;
        if (sw && !this.scope.lastIf && !sw.fallback) sw.fallback = [];
        const into = this.scope.lastIf?.otherwise ?? sw?.fallback ?? undefined;
        if (into) {
          // "If not, wait 3 days and then send them …": that outcome waits first.
          const pause = waitOf(this.words({ from: skip, to: clause.to }));
          if (pause && /^(?:wait|pause|delay|hold)/.test(this.words({ from: skip, to: clause.to }))) {
            const rest = this.afterWord({ ...clause, from: skip }, WAIT_WORDS);
            into.push(pause, ...(rest < clause.to ? this.action(rest, clause.to) : []));
            target = into;
            continue;
          }
          let steps = this.action(skip, clause.to);
          // "… update the row in Baserow, otherwise create a new one": the other outcome works on the same app.
          const verb = verbClass(this.ctx.tokens[this.firstWord({ ...clause, from: skip })]?.lower ?? '');
          const same = this.scope.lastIf?.then.findLast((x) => x.kind === 'app');
          // "… gets an invite by email, the others get a polite rejection": the same app, with this outcome's words.
          // "Other tickets should be left alone": the other outcome is nothing.
          const nothing =
            /^(?:just\s+)?(?:do nothing|nothing|ignore|skip|stop|leave|drop|discard|stay (?:quiet|silent)|keep quiet|(?:be|remain) (?:quiet|silent)|no (?:message|alert|notification|action)|don'?t (?:bother|notify|send|alert|do anything))\b|^(?:[a-z]+\s+){0,2}?(?:should|must|can|will|are|is|get|gets)?\s*(?:just\s+)?(?:be\s+)?(?:left\s+(?:alone|as is|untouched)|ignored|skipped|untouched|(?:do|does)\s+nothing)\b/.test(
              this.words({ from: skip, to: clause.to }),
            );
          if (nothing) steps = [];
          // "… update it if it exists, or create a new one if it doesn't": the other outcome's action was said just
          // before its condition, and went to the If's first outcome.
          const lastIf = this.scope.lastIf;
          const said = lastAction?.from !== undefined ? { from: lastAction.from, to: lastAction.to! } : null;
          if (
            !steps.length &&
            !nothing &&
            lastIf &&
            lastAction &&
            said &&
            /^(?:or|otherwise|else)$/.test(this.ctx.tokens[said.from]?.lower ?? '')
          ) {
            if (lastAction.steps.length && lastAction.list === lastIf.then) {
              for (const s of lastAction.steps) lastIf.then.splice(lastIf.then.indexOf(s), 1);
              steps = lastAction.steps;
            } else if (!lastAction.steps.length && same?.kind === 'app') {
              // "… or create a new one if it doesn't": the same app, with that outcome's verb.
              const otherVerb = verbClass(this.ctx.tokens[said.from + 1]?.lower ?? '');
              if (otherVerb === 'create' || otherVerb === 'update' || otherVerb === 'delete' || otherVerb === 'send') {
                const text = this.text(said);
                steps = [{ ...same, verb: otherVerb, phrase: text }];
                const at = this.unmapped.indexOf(text);
                if (at >= 0) this.unmapped.splice(at, 1);
              }
            }
          }
          // "… create an issue in Linear. If it's critical page on-call, otherwise add the 'triage' label": a change
          // to the item the steps before the condition made.
          if (!steps.length && !nothing && this.scope.lastIf && this.steps.includes(this.scope.lastIf))
            steps = this.sameAppChange(skip, clause.to, []);
          if (
            !steps.length &&
            !nothing &&
            same?.kind === 'app' &&
            this.firstWord({ ...clause, from: skip }) < clause.to
          )
            steps = [
              {
                ...same,
                verb: verb === 'create' || verb === 'update' || verb === 'delete' ? verb : same.verb,
                phrase: this.text({ from: skip, to: clause.to }),
              },
            ];
          into.push(...steps);
          target = into;
          continue;
        }
      }
      // "… post to Teams. When it resolves, close the alert": a later state of the item the trigger reported; the
      // steps so far are for the other states.
      const later =
        clause.lead === 'if' && this.ctx.triggerKind !== 'schedule' && outer === this.steps
          ? /^(?:(?:and|but|then) )?when(?:ever)? (?:it|they|the \w+)(?: is| are| gets?| becomes?| goes| comes| says| reports| turns)?(?: it(?:'s| is))? (?:back )?(resolved|resolves|recovers|recovered|closed|closes|acknowledged|acked|up|down|back|true|false|paid|cancel+ed|approved|rejected|completed|finished|succeeds|succeeded|fails|failed|reopened|unassigned)\b/.exec(
              words,
            )
          : null;
      if (later && this.steps.length) {
        const state = later[1]!
          .replace(/^resolves$/, 'resolved')
          .replace(/^recovers$/, 'recovered')
          .replace(/^closes$/, 'closed')
          .replace(/^acked$/, 'acknowledged')
          .replace(/^succeeds$/, 'succeeded')
          .replace(/^fails$/, 'failed');
        const lead = this.steps.findIndex((x) => x.kind !== 'filter');
        const first = lead < 0 ? [] : this.steps.splice(lead);
        const at = this.tokenAt(clause, later.index + later[0].length);
        const branch: Extract<Step, { kind: 'if' }> = {
          kind: 'if',
          condition: /^(?:true|false)$/.test(state)
            ? {
                field: fieldFromWords(words) ?? fieldFromWords(this.ctx.original.toLowerCase()) ?? 'value',
                operator: state === 'true' ? 'isTrue' : 'isFalse',
                value: state === 'true',
              }
            : { field: 'status', operator: 'equals', value: state },
          then: this.action(at, clause.to),
          otherwise: first,
        };
        // "… he is unsubscribed", "switch it back": the same app as before, changed back.
        const same = first.findLast((x) => x.kind === 'app');
        if (!branch.then.length && same?.kind === 'app' && at < clause.to) {
          const rest = this.words({ from: at, to: clause.to });
          const verb = /\b(?:delet|remov)\w*/.test(rest) ? 'delete' : 'update';
          branch.then.push({ ...same, verb, hints: {}, phrase: this.text({ from: at, to: clause.to }) });
        }
        this.steps.push(branch);
        this.scope.lastIf = branch;
        target = branch.then;
        lastAction = null;
        continue;
      }
      // "Check whether each new Zendesk ticket is urgent": the trigger took the items' words, so the question's
      // verb and its test are two clauses; the test is an If on the items.
      const question =
        /\b(?:check|checks|see|verify|verifies|determine|determines|decide|decides|tell|detect|detects|find out|figure out|work out)\s+(?:if|whether)$/.exec(
          words,
        );
      const asked = clauses[i + 1];
      if (question && asked && asked.lead === null && this.ctx.used.has(asked.from - 1)) {
        const said = this.words(asked, true);
        const cond = conditionOf(`if it ${said}`);
        if (cond && cond.end > 3) {
          // "Use AI to check if …": the model's step is the question's, in all its words.
          const asking = this.action(clause.from, this.tokenAt(clause, question.index));
          for (const s of asking) if (s.kind === 'ai') s.phrase = this.text({ from: clause.from, to: asked.to });
          target.push(...asking);
          target = this.openIf(target, stripEnd(cond)).then;
          const rest = this.tokenAt(asked, Math.max(0, cond.end - 3), true);
          if (rest < asked.to) target.push(...this.action(rest, asked.to));
          lastAction = null;
          i++;
          continue;
        }
      }
      // "… whether it's a sales inquiry. If it is, …", "If so, …", "If yes: …": the yes outcome of the question
      // asked before.
      const affirmed = clause.lead === 'if' ? AFFIRMED.exec(words) : null;
      let afterYes = affirmed ? this.tokenAt(clause, affirmed[0].length) : clause.to;
      // ("and if it does just update it")
      while (afterYes < clause.to && /^(?:just|simply|only|then)$/.test(this.ctx.tokens[afterYes]!.lower)) afterYes++;
      const yes =
        affirmed &&
        (afterYes >= clause.to ||
          this.ctx.tokens[afterYes - 1]?.kind === 'punct' ||
          verbClass(this.ctx.tokens[afterYes]?.lower ?? ''))
          ? affirmed
          : null;
      if (yes) {
        const asked = this.scope.lastIf ?? this.askedBefore(clause, target === outer ? outer : target);
        if (asked) {
          const rest = afterYes;
          const said = rest < clause.to ? this.action(rest, clause.to) : [];
          // "check if he already exists in our MySQL table. If yes update his data": changed where it was found.
          asked.then.push(...(said.length || rest >= clause.to ? said : this.sameAppChange(rest, clause.to, target)));
          target = asked.then;
          lastAction = null;
          continue;
        }
      }
      if (clause.lead === 'if' || clause.lead === 'unless') {
        // "tell #sales if the budget is over 10k": a last, bare condition applies to the action before it.
        // "… update the contact if it exists, or create a new one if it doesn't": a condition said after its action,
        // at the sentence's end or before the other outcome.
        const next = clauses[i + 1];
        const trailing =
          lastAction && lastAction.steps.length
            ? i === clauses.length - 1
              ? lastAction
              : next?.lead === 'otherwise' ||
                  /^(?:or|otherwise|else)$/.test(this.ctx.tokens[this.firstWord(next!)]?.lower ?? '')
                ? { ...lastAction, bare: true }
                : null
            : null;
        const read = this.condition(clause, target, trailing);
        if (read) {
          target = read;
          lastAction = null;
          continue;
        }
      }
      // "Anyone scoring above 7 gets an invite", "orders over $500 go to …": a comparison on the items, then an action.
      if (
        clause.lead === null &&
        (SUBJECT_CONDITION.test(words) || SUBJECT_SPAN.test(words)) &&
        !this.tiered(clause, clauses)
      ) {
        const cond = conditionOf(words);
        if (cond && /^(?:gt|lt|gte|lte)$/.test(cond.operator) && cond.end < words.length - 3) {
          const read = this.condition(clause, target, null);
          if (read) {
            target = read;
            lastAction = null;
            continue;
          }
        }
      }
      // "add only the valid ones as contacts to Brevo, working in batches of 100": the test, then the steps after it
      // batch by batch.
      // A clause with no test is read once: whether a test is found does not depend on the list it goes to.
      const batched = /\b(?:batch(?:es)?|chunks?)\s+of\s+\d+/.test(words) ? this.loop(clause, words) : null;
      if (batched && batched.size > 1) {
        const read: Step[] = [];
        if (this.filterClause(clause, words, read)) {
          const at = read.findIndex((s) => s.kind === 'filter');
          if (at >= 0 && at < read.length - 1) {
            target.push(...read.slice(0, at + 1), batched);
            batched.body.push(...read.slice(at + 1));
          } else target.push(...read);
          continue;
        }
      } else if (this.filterClause(clause, words, target)) continue;
      const check =
        /\b(?:check|checks|checking|see|verify|verifies|test|tests|determine|determines|confirm|confirms)\s+(?:(?!if\b|whether\b)[\w.-]+\s+){0,6}?(?:if|whether)\b/.exec(
          words,
        );
      if (check) {
        const at = this.tokenAt(clause, check.index + check[0].length - 2);
        const before = this.action(clause.from, at);
        target.push(...before);
        // "check if https://mysite.com is up": the page is fetched first.
        const urls = this.ctx.tokens.slice(at, clause.to).filter((t) => t.kind === 'url');
        for (const url of urls)
          target.push({
            kind: 'http',
            url: url.text,
            method: 'GET',
            api: new URL(url.text).hostname,
            phrase: this.text(clause),
          });
        const asked = this.words({ from: at, to: clause.to }).replace(/^(?:if|whether)\s+/, '');
        const cond = conditionOf(`if ${asked}`);
        if (cond) {
          // "check if the email exists in Postgres; if not, insert it": the app is searched, the test is whether it
          // found the item.
          const skipped = this.words({ from: at, to: clause.to }).length - asked.length;
          const after = this.tokenAt({ ...clause, from: at }, skipped + cond.end - 3, true);
          const list = target;
          // (The app named in the question itself: "… so check whether a Linear issue already exists".)
          const looked = this.lookupFor({ ...clause, from: at }, stripEnd(cond), after, list);
          target = this.openIf(list, looked?.condition ?? stripEnd(cond), false).then;
          if (looked?.lookup) this.lookups.push({ list, lookup: looked.lookup });
          continue;
        }
      }
      const arrowed = clause.lead === null ? this.arrowCondition(clause, target) : null;
      if (arrowed) {
        target = arrowed;
        lastAction = null;
        continue;
      }
      // "…; below 9, create a Freshdesk ticket": a bound alone, its steps in the clause after the comma.
      const bound = numberRange(this.ctx.tokens, this.firstWord(clause));
      if (
        bound &&
        bound.end >= clause.to &&
        this.scope.lastIf &&
        clause.lead === null &&
        clauses[i + 1]?.lead === null &&
        verbClass(this.ctx.tokens[this.firstWord(clauses[i + 1]!)]?.lower ?? '')
      ) {
        clause = { ...clause, to: clauses[i + 1]!.to };
        i++;
      }
      if (routeStart(this.ctx.tokens, this.firstWord(clause))) {
        // "Hot leads go to HubSpot and the sales team gets a ping": the clauses after a route are in it.
        // (The next route goes beside the one before, in the list that holds their Switch: a loop's body too.)
        const sw = this.scope.lastSwitch;
        const beside = (sw && listHolding(sw, this.steps)) ?? outer;
        const into = this.route(clause, target === routeSteps ? beside : target);
        target = into ?? target;
        routeSteps = into ?? routeSteps;
        continue;
      }
      if (this.routeBy(clause, words, target)) continue;
      // The steps of a Switch route made from tests ("if it is A …, if it is B …") keep the Switch open for the next.
      if (target !== routeSteps && !this.scope.lastSwitch?.routes.some((r) => r.steps === target))
        this.scope.lastSwitch = null;
      const found = this.loop(clause, words);
      // "loop over all rows … and for each row call the API": the same loop said twice.
      const loop: Extract<Step, { kind: 'loop' }> | null =
        found && loopBody && target === loopBody && found.size === 1 ? null : found;
      if (found && !loop) {
        const rest = this.skipLoopWords(clause);
        if (rest < clause.to) target.push(...this.action(rest, clause.to));
        // "… — one product at a time with a 1 second pause in between": the loop's pace.
        const pause = waitOf(words);
        if ((pause || RATE_LIMIT.test(words)) && target.length && !target.some((x) => x.kind === 'wait'))
          target.push(pause ?? { kind: 'wait', amount: 1, unit: 'seconds' });
        continue;
      }
      if (loop) {
        target.push(loop);
        target = loop.body;
        loopBody = loop.body;
        const rest = this.skipLoopWords(clause);
        // "for every item with stock under 10 add a row": only the items that pass go on.
        const inline =
          inlineComparison(words, this.ctx.original.toLowerCase()) ?? stateTest(words) ?? qualifierTest(words);
        if (inline) target.push({ kind: 'filter', condition: inline });
        // "… so process them in chunks of 200 to stay within API limits": the clause asks for batches, nothing else.
        // "process 5 URLs per batch with a pause": how the steps run, not another step.
        if (
          rest < clause.to &&
          clause.lead !== 'purpose' &&
          // "API limit is 50 req/min so do batches of 50": the limit the batches keep to, not a call of its own.
          !(
            this.steps.length > 0 &&
            /^(?:(?:the|our|their|its|an?)\s+)?(?:[\w/-]+\s+){0,2}?(?:rate\s+)?(?:limits?|quotas?)\s+(?:is|are|of)\b/.test(
              words,
            )
          ) &&
          !(
            /^(?:\w+ ){0,3}?(?:process|processes|processing|processed|handle|handled|go|goes|run|runs)\b/.test(words) &&
            this.steps.length > 0 &&
            !within(this.ctx.mentions, clause.from, clause.to).apps.length &&
            !/\b(?:files?|csvs?|pdfs?|attachments?|documents?)\b/.test(words)
          ) &&
          // "ONE at a time with 2 minutes between sends": the pace of the steps said before.
          !/^(?:\w+ )?(?:one|1) (?:[a-z]+ )?(?:at a time|by one|after another)(?: with [\w ]*? between \w+)?(?: because .*)?$/.test(
            words,
          )
        )
          target.push(...this.action(rest, clause.to));
        // "copy the table from MySQL to Postgres in chunks", "loop over all rows in a Postgres table": the first read
        // lists the items the batches take.
        if (
          clause.lead !== 'loop' &&
          leadingReads(loop.body) >= 1 &&
          (loop.body.length > 1 || /\b(?:over|through|thru)\b/.test(words))
        ) {
          const list = this.containing(loop);
          list.splice(list.indexOf(loop), 0, loop.body.shift()!);
        }
        // "Copy the accounts into Postgres. There are 40k, so process them in chunks of 200": the steps said before,
        // after the read that lists the items, run batch by batch.
        if (!loop.body.length) {
          const list = this.containing(loop);
          const at = list.indexOf(loop);
          const start = list.slice(0, at).findIndex(isRead) + 1;
          if (at - start >= 1 && !list.slice(0, at).some((x) => x.kind === 'loop'))
            loop.body.push(...list.splice(start, at - start));
        }
        const pause = waitOf(words);
        if (pause || RATE_LIMIT.test(words)) target.push(pause ?? { kind: 'wait', amount: 1, unit: 'seconds' });
        continue;
      }
      if (this.bothSources(clause, words, target)) continue;
      // ("put together in one …": the same, said plainly.)
      const merging =
        /^(?:merges?|merging|joins?|combines?|combining|match(?:es)?|(?:put|puts|bring|brings)\s+(?:(?:them|it|both|all|everything)\s+)?together)\b/.test(
          words.replace(/^(?:then|and|finally|both branches should|both should|the branches)\s+/, ''),
        );
      // "pull the Stripe charges, merge them with the matching rows from Postgres by email": the second read the
      // merge names runs beside the first.
      if (merging && !this.join(target)) {
        const steps = this.action(clause.from, clause.to);
        target.push(...steps);
        this.join(target);
        if (!steps.length) this.unmappedClause(clause, words);
        continue;
      }
      // "…, both combined into one Slack message", "post them together in a single email": the reads said before meet
      // in a Merge, and the clause's action sends what they made.
      if (
        !merging &&
        /\b(?:both|them|the two|all three|everything)\s+(?:(?:combined|merged|joined|together)\s+)+(?:in|into)\s+(?:one|a single|a|the same)\b|\b(?:combine|merge|join)\s+(?:both|them|the two|all three|everything)\s+(?:in|into)\s+(?:one|a single|a)\b/.test(
          words,
        ) &&
        target.filter(isRead).length >= 2 &&
        this.join(target)
      ) {
        // "both combined into one Slack message": no verb but the message it becomes, which is sent.
        const rest =
          /^(?:and\s+)?(?:both|them|the two|all three|everything)\s+(?:combined|merged|joined|together)\b/.test(words)
            ? this.afterWord(
                clause,
                /^(?:and|both|them|the|two|all|three|everything|combined|merged|joined|together|in|into|one|a|single|same)$/,
              )
            : clause.from;
        const steps = this.action(rest, clause.to);
        for (const s of steps) if (rest > clause.from && s.kind === 'app' && s.verb === 'read') s.verb = 'send';
        target.push(...steps);
        continue;
      }
      if (merging && this.join(target)) {
        const rest = this.afterWord(
          clause,
          /^(?:merge|merged|join|joined|combine|combined|them|results?|branches|both|together|the|and|then|put|puts|bring|brings|in|into|one|a|single)$/,
        );
        if (rest < clause.to) target.push(...this.action(rest, clause.to));
        continue;
      }
      if (this.poll(clause, target) || this.timeline(clause, target)) continue;
      // "wait until one day before the meeting": a Wait node that resumes at a time the user sets.
      const until = /\b(?:wait|pause|hold)\w*\s+(?:until|till)\s+(.+)$/.exec(words);
      if (
        until &&
        !/^(?:it|them|the (?:response|reply|result|approval|answer)|approval|a reply|a response)\b/.test(until[1]!)
      ) {
        const [when, rest] = until[1]!.split(/\s+(?:and )?then\s+/, 2) as [string, string?];
        // ("18 00" in the clause's words is the clock time "18:00".)
        target.push({
          kind: 'wait',
          amount: 1,
          unit: 'days',
          until: when.trim().replace(/\b(\d{1,2}) (\d{2})\b/g, '$1:$2'),
        });
        if (rest) {
          const at = this.tokenAt(clause, words.indexOf(rest, until.index));
          if (at < clause.to) target.push(...this.action(at, clause.to));
        }
        continue;
      }
      const wait = waitOf(words);
      if (wait) {
        // "50 req/min so do batches of 50 and wait 60s between batches": the pause said replaces the default one.
        const last = target.at(-1);
        if (last?.kind === 'wait' && last.amount === 1 && last.unit === 'seconds' && !last.until) target.pop();
        // "It sends them in batches of 100 …. It waits 1 second between batches": the pause is the loop's.
        const paced =
          last?.kind === 'loop' && /\bbetween\s+(?:the\s+|each\s+)?(?:batch|chunk|call|request|page)/.test(words)
            ? last.body
            : target;
        if (paced !== target && paced.at(-1)?.kind === 'wait') paced.pop();
        // "send each customer a reminder email, pausing 30 seconds between emails": the pace of the step said just
        // before, one item at a time; "emails" names what is paced, no step of its own.
        const between =
          paced === target
            ? /\bbetween\s+(?:each\s+|every\s+|the\s+|two\s+)?(e-?mails?|messages?|sends?|texts?|sms|posts?|calls?|requests?|contacts?|customers?|people|users?|leads?|rows?|items?|ones?|each|them|invites?|invitations?|reminders?)\b/.exec(
                words,
              )
            : null;
        // "send a review-request SMS through Twilio with a 2-second pause between messages": the step said before
        // the pause, in the same clause.
        const lead = between
          ? words.search(
              /\s(?:with|and|then)?\s*(?:a\s+)?(?:\d+[- ]?(?:seconds?|secs?|s|minutes?|mins?)\b|pause|pausing|wait|waiting|delay)/,
            )
          : -1;
        if (lead > 0) target.push(...this.action(clause.from, this.tokenAt(clause, lead + 1)));
        // "For each contractor …, send them an email. Process the rows one at a time and wait 2 seconds between
        // emails": the loop said again is the one before, which the pause joins.
        const own: Step | undefined =
          loopBody && target === loopBody && !loopBody.length
            ? outer.findLast((x) => x.kind === 'loop' && x.body === loopBody)
            : undefined;
        const earlier: Step | undefined = own ? outer.filter((x) => x.kind === 'loop' && x !== own).at(-1) : undefined;
        if (between && own?.kind === 'loop' && earlier?.kind === 'loop' && earlier.size === own.size) {
          outer.splice(outer.indexOf(own), 1);
          earlier.body.push(wait);
          loopBody = earlier.body;
          continue;
        }
        const step = target.at(-1);
        // (A message paced is one sent: "between emails" after a record made is no pace of it.)
        const sent =
          !between?.[1]!.match(/^(?:e-?mails?|messages?|texts?|sms|invites?|invitations?|reminders?)$/) ||
          (step?.kind === 'app' && step.verb === 'send');
        if (between && !loopBody && step?.kind === 'app' && !isRead(step) && sent) {
          target.pop();
          // "go through them one at a time, … send it from my Gmail, wait 2 minutes between each send": the loop
          // said before takes the step and its pace.
          const loop = target.findLast((x) => x.kind === 'loop');
          if (loop?.kind === 'loop' && loop.size === 1) loop.body.push(step, wait);
          else target.push({ kind: 'loop', size: 1, body: [step, wait] });
          continue;
        }
        paced.push(wait);
        if (between) continue;
        const rest = this.afterWord(clause, WAIT_WORDS);
        if (rest < clause.to) target.push(...this.action(rest, clause.to));
        continue;
      }
      // "set the status column to 'sent'", "mark it as 'done'": the value is written, not tested.
      const inline = SETS_VALUE.test(words)
        ? null
        : (inlineComparison(words, this.ctx.original.toLowerCase()) ?? stateTest(words));
      const steps = this.action(clause.from, clause.to);
      // "… label them as bug, feature request or question, and create a Jira issue for bugs": that outcome's steps.
      const forRoute = this.classifierRoute(words);
      if (forRoute && steps.length && !inline) {
        forRoute.push(...steps);
        continue;
      }
      // "… and delete spam": the item the run started with is changed where it came from.
      const own = this.ctx.triggerApp ?? (this.ctx.emailTrigger ? this.ctx.mailApp : null);
      const said = /^(?:(?:and|then|also|just|simply) )*([a-z]+)/.exec(words)?.[1] ?? '';
      const change = verbClass(said);
      if (forRoute && !steps.length && !inline && own && (change === 'delete' || change === 'update')) {
        // (A mailbox archives by its own operation: "archive newsletters" takes Gmail's INBOX label off.)
        const inMailbox = own === this.ctx.mailApp ? this.mailboxChange(`${said} the email`) : null;
        forRoute.push(
          inMailbox
            ? { ...inMailbox, phrase: this.text(clause) }
            : { kind: 'app', app: own, verb: change, hints: {}, phrase: this.text(clause) },
        );
        continue;
      }
      // The items are read first, then tested, then acted on.
      if (inline) steps.splice(leadingReads(steps), 0, { kind: 'filter', condition: inline });
      if (RATE_LIMIT.test(words)) {
        // "How do I add a delay between the calls?" after a loop that waits already.
        const paced = outer.at(-1);
        if (!steps.length && paced?.kind === 'loop' && paced.body.at(-1)?.kind === 'wait') continue;
        if (loopBody) loopBody.push(...steps, { kind: 'wait', amount: 1, unit: 'seconds' });
        else if (MANY.test(words) && steps.length) {
          target.push({ kind: 'loop', size: 10, body: [...steps, { kind: 'wait', amount: 1, unit: 'seconds' }] });
        } else target.push(...steps, { kind: 'wait', amount: 1, unit: 'seconds' });
        continue;
      }
      if (/\b(?:at the same time|in parallel|simultaneously|concurrently)\b/.test(words) && steps.length > 1) {
        target.push({
          kind: 'parallel',
          branches: steps.map((s) => [s]),
          // "…, when both done send the welcome email": the next clause waits for both.
          merge:
            /\b(?:merge|combine|join)\b/.test(words) ||
            BOTH_DONE.test(this.ctx.original.slice(this.ctx.tokens[clause.to - 1]?.end ?? 0).slice(0, 40)),
        });
        continue;
      }
      // "whenever any of my workflows fails" with an Error Trigger: the words that named the trigger.
      if (!steps.length && this.ctx.triggerKind === 'error' && ERROR_WORDS.test(words)) continue;
      // "Scores 7+ should just be ignored" after a filter that keeps the others: said already.
      if (
        !steps.length &&
        /^(?:and |but |all |any )?[\w +<>=-]{0,40}?\s(?:should|can|will|must|may|are|is)\s+(?:just\s+|simply\s+)?(?:be\s+)?(?:ignored|skipped|dropped|discarded)\b/.test(
          words,
        )
      ) {
        let tested = false;
        walkSteps(this.steps, (s) => (tested ||= s.kind === 'filter' || s.kind === 'if'));
        if (tested) continue;
      }
      // "our invoices are in Airtable, find the invoice and mark it paid": a verb with no app works on the app the
      // items were last read from or written to.
      const same = steps.length ? [] : this.sameAppAction(clause, target);
      if (same === null) continue;
      steps.push(...same);
      // "Search Notion for the client. If found → add the session to their page": an outcome's change, with no app
      // named, is made where the items were looked up.
      const branch = this.scope.lastIf;
      if (!steps.length && branch && (target === branch.then || target === branch.otherwise) && !target.length) {
        steps.push(...this.sameAppChange(clause.from, clause.to, []));
        // "If not found, create a record": a record made where the lookup looked.
        const first = this.ctx.tokens[this.firstWord(clause)]?.lower ?? '';
        const last = this.steps.findLast((x) => x.kind === 'app');
        if (!steps.length && verbClass(first) === 'create' && last?.kind === 'app' && isRead(last))
          steps.push({ kind: 'app', app: last.app, verb: 'create', hints: {}, phrase: this.text(clause) });
      }
      // "on failure turn the hue lights red, on success make them green": the other route does it on the same app.
      let sw: Extract<Step, { kind: 'switch' }> | null = null;
      if (!steps.length && !target.length)
        walkSteps(this.steps, (x) => {
          if (x.kind === 'switch' && x.routes.some((r) => r.steps === target)) sw = x;
        });
      if (sw) {
        const sibling = (sw as Extract<Step, { kind: 'switch' }>).routes
          .filter((r) => r.steps !== target)
          .flatMap((r) => r.steps)
          .findLast((x) => x.kind === 'app');
        if (sibling?.kind === 'app' && verbClass(this.ctx.tokens[this.firstWord(clause)]?.lower ?? ''))
          steps.push({ ...sibling, phrase: this.text(clause) });
      }
      if (!steps.length) this.unmappedClause(clause, words);
      target.push(...steps);
      lastAction = { list: target, steps, from: clause.from, to: clause.to };
      const classifier = steps.find((x): x is AiStep => x.kind === 'ai' && Boolean(x.routes?.length));
      if (classifier) this.scope.lastClassifier = classifier;
    }
    this.abilities(clauses, outer, before);
    // "Batch loop processes contacts one by one. Gmail fetch grabs … from each contact.": a loop that got no step
    // of its own in its sentence takes the next sentences' steps.
    this.scope.list = loopBody && loopBody.every((x) => x.kind === 'wait') ? loopBody : outer;
  }

  /**
   * "Give it tools to query our Postgres database, search the web with SerpAPI and do calculations. … store the chat
   * history in Postgres": after an agent, a sentence about what it can do names its tools and memory, not steps.
   */
  private abilities(clauses: Clause[], list: Step[], before: number): void {
    const agent = list.slice(0, before).find((s): s is AiStep => s.kind === 'ai' && s.task === 'agent');
    if (!agent || !clauses.length) return;
    const words = this.words({ from: clauses[0]!.from, to: clauses.at(-1)!.to });
    const tools =
      /\b(?:give (?:it|the agent|the bot)|tools? (?:to|for|that)|(?:it|the agent|the bot) (?:should|can|must|could) (?:also )?(?:be able to|access|use))\b/.test(
        words,
      );
    const memory = Boolean(agent.memoryStore) && /\b(?:history|memory|conversations?)\b/.test(words);
    if (!tools && !memory) return;
    const added = list.splice(before);
    for (const step of added) {
      if (step.kind === 'app') {
        // The database the history is kept in is the memory; a search app beside a web-search tool is that tool.
        if (memory && /^(?:postgres|redis|mongoDb)$/.test(step.app) && !tools) continue;
        if (/^serpApi/.test(step.app) && agent.tools.some((t) => t.kind === 'web_search')) continue;
        if (!agent.tools.some((t) => t.kind === 'app' && t.app === step.app))
          agent.tools.push({ kind: 'app', app: step.app });
        continue;
      }
      // "Use GPT-4o and store the chat history in Postgres": the model is the agent's.
      if (step.kind === 'ai' && step.task === 'analyse' && /\buse\b/.test(words)) {
        agent.model = step.model;
        this.ctx.defaulted.delete(agent);
        continue;
      }
      if (!tools) list.push(step);
    }
  }

  private firstWord(c: Clause): number {
    let k = c.from;
    while (k < c.to && /^(?:and|then|but|while|whereas|&)$/.test(this.ctx.tokens[k]!.lower)) k++;
    return k;
  }

  private skipLead(c: Clause, re: RegExp): number {
    let k = c.from;
    for (;;) {
      while (k < c.to && (re.test(this.ctx.tokens[k]!.lower) || this.ctx.tokens[k]!.kind === 'punct')) k++;
      // "If not, …", "… and if not": the two words together lead the other outcome.
      if (
        k + 1 < c.to + 1 &&
        this.ctx.tokens[k]?.lower === 'if' &&
        /^(?:not|no)$/.test(this.ctx.tokens[k + 1]?.lower ?? '')
      )
        k += 2;
      else break;
    }
    return k;
  }

  /**
   * "start an export with a POST to …, then check its status every 5 minutes until it's finished", "poll the build
   * status every 30 seconds until it's done", "Poll GET /api/exports/<jobId> every 30s until `status` == `done`": a
   * Wait, the check, and a test that loops back to the Wait until it holds. What is checked is what the clause names,
   * or else what the step before made (read again).
   */
  private poll(clause: Clause, target: Step[]): boolean {
    const tokens = this.ctx.tokens;
    let v = -1;
    let u = -1;
    for (let k = clause.from; k < clause.to && u < 0; k++) {
      if (
        v < 0 &&
        /^(?:poll|polls|polling|check|checks|checking|recheck|re-check|query|querying)$/.test(tokens[k]!.lower)
      )
        v = k;
      else if (
        v >= 0 &&
        k - v <= 16 &&
        (tokens[k]!.lower === 'until' ||
          // "check the DHL tracking once a day and as soon as it shows delivered, …": until then.
          (tokens[k]!.lower === 'as' && tokens[k + 1]?.lower === 'soon' && tokens[k + 2]?.lower === 'as'))
      )
        u = k;
    }
    if (v < 0 || u < 0) return false;
    const soon = tokens[u]!.lower === 'as';
    const end = tokens.findIndex(
      (t, k) => k > u && k < clause.to && (t.lower === 'then' || t.text === ';' || (soon && t.text === ',')),
    );
    const stop = end < 0 ? clause.to : end;
    const until = pollUntil(this.words({ from: u + (soon ? 3 : 1), to: stop }, true));
    if (!until) return false;
    const e = tokens.findIndex((t, k) => k > v && k < u && /^(?:every|each)$/.test(t.lower));
    const daily = /\b(?:once (?:a|per) (?:day|hour)|daily|hourly)\b/.exec(this.words({ from: v, to: u }));
    const every =
      e >= 0
        ? pollEvery(tokens.slice(e + 1, u).map((t) => t.lower))
        : daily
          ? { amount: 1, unit: /hour/.test(daily[0]) ? ('hours' as const) : ('days' as const) }
          : soon
            ? null
            : { amount: 30, unit: 'seconds' as const };
    if (!every) return false;
    if (v > clause.from) target.push(...this.action(clause.from, v));
    const named = this.action(v, e >= 0 ? e : u).filter((s) => s.kind === 'http' || (s.kind === 'app' && isRead(s)));
    // "… then post the deploy status to Google Chat once it's finished — poll every 30s until …": the poll comes
    // before the step that waits for it.
    const last = target.at(-1);
    const waiting =
      (last?.kind === 'app' || last?.kind === 'http') &&
      /\b(?:once|when|after)\s+(?:it'?s|it is|it has|the \w+ (?:is|has))\s+(?:finished|done|ready|complete|completed|succeeded|been \w+)\b/i.test(
        last.phrase,
      )
        ? target.pop()!
        : null;
    const before = target.findLast((s) => s.kind === 'app' || s.kind === 'http');
    const phrase = this.text({ from: v, to: stop });
    // "Poll GET /api/exports/<jobId>" after a call to https://reports.acme.io/…: the path, on the same host.
    const path = /\bGET\s+(\/[\w/<>{}:.-]{1,200})/.exec(phrase)?.[1];
    const host = before?.kind === 'http' && before.url ? /^https?:\/\/[^/\s]+/.exec(before.url)?.[0] : undefined;
    const check: Step[] = named.length
      ? named.map((s) => (s.kind === 'http' && !s.url && path && host ? { ...s, url: host + path } : s))
      : before?.kind === 'http'
        ? [{ ...before, method: 'GET', phrase }]
        : before?.kind === 'app'
          ? [{ ...before, verb: 'read', hints: {}, phrase }]
          : [{ kind: 'http', url: null, method: 'GET', api: 'the status', phrase }];
    target.push({ kind: 'poll', every, check, until }, ...(waiting ? [waiting] : []));
    if (end >= 0 && end + 1 < clause.to) target.push(...this.action(end + 1, clause.to));
    return true;
  }

  /**
   * "DM them onboarding tips on day 1, day 3, day 7 and day 30", "send a reminder on day 2 and day 5 after signing
   * up. On day 10, tag them 'stalled'": one item's timeline by days, the same steps again after each wait. Day 1 is
   * the day the item came.
   */
  private timeline(clause: Clause, target: Step[]): boolean {
    const tokens = this.ctx.tokens;
    const at = tokens.findIndex(
      (t, k) =>
        k >= clause.from && k < clause.to && /^days?$/.test(t.lower) && /^\d{1,3}$/.test(tokens[k + 1]?.text ?? ''),
    );
    if (at < 0) return false;
    const days: number[] = [];
    let end = at + 1;
    for (; end < clause.to; end++) {
      const t = tokens[end]!;
      if (/^\d{1,3}$/.test(t.text)) days.push(Number(t.text));
      else if (!/^(?:,|and|&|or|day|then)$/.test(t.lower)) break;
    }
    const lead = /^(?:on|at|by|from)$/.test(tokens[at - 1]?.lower ?? '') ? at - 1 : at;
    // "On day 10, tag them 'stalled'": one more day of the timeline said before.
    if (
      days.length === 1 &&
      this.lastDay !== null &&
      this.firstWord(clause) >= lead &&
      this.firstWord(clause) <= at &&
      days[0]! > this.lastDay
    ) {
      // ("On day 10" alone: the steps are the next clause's.)
      const rest = tokens[end]?.text === ',' ? end + 1 : end;
      const steps = rest < clause.to ? this.action(rest, clause.to) : [];
      if (!steps.length && rest < clause.to) return false;
      target.push({ kind: 'wait', amount: days[0]! - this.lastDay, unit: 'days' }, ...steps);
      this.lastDay = days[0]!;
      return true;
    }
    const sorted = [...new Set(days)].sort((a, b) => a - b);
    if (sorted.length < 2 || lead <= clause.from) return false;
    const steps = this.action(clause.from, lead);
    if (!steps.length) return false;
    let day = sorted[0] === 0 || sorted[0] === 1 ? sorted[0] : 0;
    for (const next of sorted) {
      if (next > day) target.push({ kind: 'wait', amount: next - day, unit: 'days' });
      target.push(...(structuredClone(steps) as Step[]));
      day = next;
    }
    this.lastDay = day;
    return true;
  }

  private afterWord(c: Clause, re: RegExp): number {
    let k = c.from;
    while (k < c.to && (re.test(this.ctx.tokens[k]!.lower) || this.ctx.tokens[k]!.kind === 'punct')) k++;
    return k;
  }

  private skipLoopWords(c: Clause): number {
    const words = this.ctx.tokens.slice(c.from, c.to).map((t) => t.lower);
    // "for each row, …" / "for each new lead one by one": the loop's own words end at its noun.
    let k = 0;
    if (words[0] === 'for' && /^(?:each|every)$/.test(words[1] ?? '')) {
      // "for each email, …", "for each post": the first word is the item, though some items are verbs too.
      k = words[2] === ',' ? 2 : 3;
      while (k < words.length && !verbClass(words[k]!) && words[k] !== ',') k++;
    }
    return c.from + k;
  }

  private action(from: number, to: number): Step[] {
    return from < to ? clauseSteps(from, to, this.ctx) : [];
  }

  /** "If the budget is over 10k, tell #sales" (then-steps in the clause) or "If valid," (the next clauses are). */
  private condition(
    clause: Clause,
    target: Step[],
    trailing: { list: Step[]; steps: Step[]; bare?: boolean } | null,
  ): Step[] | null {
    const text = this.words(clause, true);
    // "if they haven't paid after 7 days", "if no reply within 3 days", "if nothing has come back after 5 days": the
    // time passes first, then the test of what did not happen.
    const followUp = FOLLOW_UP_TIME.exec(text);
    const missing = followUp ? notHappened(text) : null;
    if (followUp && missing) {
      const wait = waitOf(`wait ${followUp[1]} ${followUp[2]}`);
      if (wait && !target.some((s) => s.kind === 'wait')) target.push(wait);
    }
    // "If it complies set the status to Approved": the test ends with its verb, where the action's verb starts.
    const early =
      /^(.*?\bif\s+(?:it|they|he|she|the\s+[a-z]+)\s+(?!(?:is|was|has|does)\b)[a-z]+(?:s|ed))\s+([a-z]+)\b/.exec(text);
    const tested = early && verbClass(early[2]!) && lemma(early[2]!) === early[2] ? early[1]! : text;
    const cond = (followUp && missing) ?? conditionOf(tested) ?? this.statedTest(clause, tested);
    if (!cond) return null;
    const lead = Math.max(0, text.search(/\b(?:if|when|whenever|unless)\b/));
    let afterCondition = this.tokenAt(clause, lead + cond.end, true);
    let condition: Condition =
      clause.lead === 'unless' ? { ...stripEnd(cond), operator: invert(cond.operator) } : stripEnd(cond);
    const looked = this.lookupFor(clause, condition, afterCondition, target);
    if (looked) {
      afterCondition = looked.end;
      condition = looked.condition;
    }
    let steps = this.action(afterCondition, clause.to);
    // Before the other outcome, only a condition said alone belongs to the action before it ("update it if it
    // exists, or …"), not one with words of its own ("if they came from the webinar tag them as …").
    if (trailing?.bare && this.firstWord({ ...clause, from: afterCondition }) < clause.to) trailing = null;
    if (!steps.length && trailing) {
      for (const s of trailing.steps) {
        const list = trailing.list.includes(s) ? trailing.list : this.containing(s);
        list.splice(list.indexOf(s), 1);
      }
      steps = trailing.steps;
      if (
        /^(?:ignore|skip|drop|discard|stop(?! (?:the )?(?:execution|workflow|run|flow) with))/.test(
          this.words({ from: afterCondition, to: clause.to }),
        )
      )
        steps = [];
    }
    // "… stop" is nothing to do; "stop the execution with the error …" is n8n's Stop and Error.
    if (
      /^(?:ignore|skip|drop|discard|do nothing|stop(?! (?:the )?(?:execution|workflow|run|flow) with))\b/.test(
        this.words({ from: afterCondition, to: clause.to }),
      )
    )
      steps = [];
    else if (!steps.length) steps = this.sameAppChange(afterCondition, clause.to, target);
    const branch = this.branchOn(condition, steps, target);
    if (looked?.lookup) this.lookups.push({ list: target, lookup: looked.lookup });
    return branch;
  }

  /**
   * "if the contact already exists in HubSpot", "if an open Jira bug already exists for the issue": whether an app
   * holds the item is known by looking it up there, so a search in that app comes before the test, and the test is
   * whether it found one. The lookup is not repeated when the step before already reads that app.
   */
  private lookupFor(
    clause: Clause,
    condition: Condition,
    after: number,
    target: Step[],
  ): { end: number; condition: Condition; lookup?: Step } | null {
    if (condition.operator !== 'exists' && condition.operator !== 'notExists') return null;
    const tokens = this.ctx.tokens;
    // The app named in the test itself, or right after it: "… exists in our HubSpot CRM".
    let k = after;
    if (/^(?:in|on|inside|within|at)$/.test(tokens[k]?.lower ?? '')) k++;
    while (k < clause.to && /^(?:the|our|my|their|your)$/.test(tokens[k]?.lower ?? '')) k++;
    const apps = this.ctx.mentions.apps;
    const placed = k > after ? apps.find((a) => a.from === k) : undefined;
    const ref = placed ?? apps.find((a) => a.from >= clause.from && a.to <= after);
    if (!ref || !ref.app.action || appKindOf(ref.app.key) === 'message') return null;
    let end = after;
    if (placed) {
      end = placed.to;
      // "in our HubSpot CRM", "in the Airtable base": the app's own place words.
      while (end < clause.to && /^(?:crm|base|account|workspace|database|db|instance)$/.test(tokens[end]!.lower)) end++;
    }
    // "… already exists for the same Sentry issue ID, add a comment": what it is matched on belongs to the test.
    if (/^(?:for|with|by|matching|under)$/.test(tokens[end]?.lower ?? '')) {
      const comma = tokens.findIndex((t, i) => i > end && i < clause.to - 1 && t.text === ',');
      // (With no comma in the clause, the outcome is a clause of its own.)
      end = comma > 0 ? comma + 1 : clause.to;
    }
    // The kind of item looked for: a word of the test the app keeps ("contact", "bug" as an issue). Named in the
    // test ("if Mindee can't find a total") and no item of the app's, the app is the one that looked already.
    const said = tokens
      .slice(clause.from, after)
      .map((t) => keptNoun(t.lower, ref.app.key))
      .find(Boolean);
    if (!placed && !said) return null;
    this.ctx.usedApps.add(ref.from);
    this.ctx.lastRead = ref.app.key;
    const previous = target.at(-1);
    // (Said as a read: "Errors: Linear issue only" names the app with no verb, and reads nothing.)
    const readHere =
      previous?.kind === 'app' &&
      previous.app === ref.app.key &&
      isRead(previous) &&
      Boolean(verbClass(previous.phrase.trim().split(/\s+/)[0]!.toLowerCase()));
    const found = { end, condition: { ...condition, field: 'id' } };
    if (readHere) return found;
    const lookup: Step = {
      kind: 'app',
      app: ref.app.key,
      verb: 'search',
      ...(said ? { noun: said } : {}),
      hints: {},
      phrase: this.text({ ...clause, to: end }),
    };
    target.push(lookup);
    return { ...found, lookup };
  }

  /**
   * "mark the email as read", "archive it", "add the label Processed": on mail a Gmail or Outlook trigger reported, a
   * change with no app named is made to that mail in its mailbox (Gmail's "markAsRead", "addLabels", …).
   */
  private mailboxChange(words: string): Omit<Extract<Step, { kind: 'app' }>, 'phrase'> | null {
    const app = this.ctx.emailTrigger ? this.ctx.mailApp : null;
    if (!app) return null;
    const said =
      /^(?:(?:and|then|also|finally|just)\s+)*(mark|flag|star|archive|label|tag|trash|delete|move|add)\s+(?:(?:it|them|the|that|this|each|every|those|these|its|a|an)\s+)?(?:(?:original|incoming|processed|e-?mails?|mails?|messages?|threads?|label|tag)\s*){0,4}(?:as\s+(un)?read\b)?/.exec(
        words,
      );
    if (!said) return null;
    const [, verb, unread] = said;
    const object = said[0].replace(/^(?:(?:and|then|also|finally|just)\s+)*\w+\s*/, '');
    // ("add them to the sheet", "move it to Notion": only mail, a label or "as read" is the mailbox's own.)
    if (
      !/\b(?:e-?mails?|mails?|messages?|threads?|label|tag|as (?:un)?read)\b/.test(object) &&
      !/^(?:archive|trash|star)$/.test(verb!)
    )
      return null;
    if (verb === 'add' && !/\b(?:label|tag)\b/.test(object)) return null;
    if (app !== 'gmail')
      return {
        kind: 'app',
        app,
        verb: verb === 'delete' || verb === 'trash' ? 'delete' : 'update',
        hints: { triggerItem: true },
      };
    const operation = /\bas\s+(?:un)?read\b/.test(said[0])
      ? unread
        ? 'markAsUnread'
        : 'markAsRead'
      : verb === 'delete' || verb === 'trash'
        ? 'delete'
        : // Gmail archives by taking the INBOX label off.
          verb === 'archive'
          ? 'removeLabels'
          : 'addLabels';
    return {
      kind: 'app',
      app,
      verb: operation === 'delete' ? 'delete' : 'update',
      noun: operation,
      hints: { triggerItem: true, ...(verb === 'archive' ? { archive: true } : {}) },
    };
  }

  /** A find, mark or remove said with no app, on the data app the steps before last used (never a chat or mail app). */
  private sameAppAction(clause: Clause, target: Step[]): Step[] | null {
    const at = this.firstWord(clause);
    const word = this.ctx.tokens[at]?.lower ?? '';
    const mailbox = this.mailboxChange(this.words(clause));
    if (mailbox) return [{ ...mailbox, phrase: this.text(clause) }];
    const cls = verbClass(word);
    const search = /^(?:find|look|lookup|locate|search)$/.test(word);
    // "Reservations are in a Google Sheet … Every day at 3pm, read tonight's reservations": the read said already.
    if (/^(?:read|get|fetch|pull|load|grab|take)$/.test(word)) {
      const previous = [...this.steps, ...target].at(-1);
      return previous?.kind === 'app' && previous.verb === 'read' ? null : [];
    }
    if (!search && !/^(?:mark|flag|close|archive|set|tag|label|update|delete|remove|add)$/.test(word)) return [];
    // "add the tag 'webinar'", "add tag VIP": a tag put on the item, said as adding one.
    const addsTag =
      word === 'add' &&
      (/^tags?$/.test(this.ctx.tokens[at + 1]?.lower ?? '') ||
        (/^(?:the|a|their|its)$/.test(this.ctx.tokens[at + 1]?.lower ?? '') &&
          /^tags?$/.test(this.ctx.tokens[at + 2]?.lower ?? '')));
    if (word === 'add' && !addsTag) return [];
    if (!addsTag && !/^(?:it|them|the|that|this|those|each|its|their)$/.test(this.ctx.tokens[at + 1]?.lower ?? ''))
      return [];
    // "Support: create a Freshdesk ticket. Spam: delete it.": what another route made is not this route's item
    // ("… open a PagerDuty incident; back up: resolve the incident" names the item made there).
    const bare = /^(?:it|them|this|that|these|those)?$/.test(
      this.ctx.tokens[at + 1]?.kind === 'word' ? this.ctx.tokens[at + 1]!.lower : '',
    );
    const siblings = new WeakSet<Step>();
    walkSteps(this.steps, (x) => {
      const routes = x.kind === 'switch' || x.kind === 'ai' ? (x.routes ?? []) : [];
      if (routes.some((r) => r.steps === target))
        for (const r of routes) if (r.steps !== target) walkSteps(r.steps, (y) => siblings.add(y));
    });
    // (Said as options' own actions before the routes are made: each after its own label.)
    const original = this.ctx.original;
    const labelAt = (at: number) => /(?:^|[.;!?\n])\s*([\w' -]{1,30}):\s*$/.exec(original.slice(0, at))?.[1];
    const here = labelAt(this.ctx.tokens[this.firstWord(clause)]?.start ?? 0);
    const otherLabel = (x: Step) => {
      const at = x.kind === 'app' ? original.indexOf(x.phrase) : -1;
      const there = at >= 0 ? labelAt(at) : undefined;
      return Boolean(here && there && there !== here);
    };
    // "send each one the email through Mailgun, and set the status column to 'sent'": a message sent changes
    // nothing; the row is changed where the rows came from.
    const last = [...this.steps, ...target].findLast(
      (x) =>
        x.kind === 'app' &&
        !(bare && (siblings.has(x) || otherLabel(x))) &&
        !(
          x.verb === 'send' &&
          /\b(?:columns?|rows?|cells?|fields?|records?)\b/.test(this.words(clause)) &&
          (SMS_APPS.test(x.app) || appKindOf(x.app) === 'message')
        ),
    );
    // "When someone joins our Mailchimp list, tag them as 'new'": the item the trigger reported, tagged where it is.
    const trigger = this.ctx.triggerApp;
    const tagged = trigger ? tagResource(trigger) : undefined;
    if (!last && /^(?:tag|add)$/.test(word) && trigger && tagged)
      return [
        { kind: 'app', app: trigger, verb: 'create', noun: tagged.resource, hints: {}, phrase: this.text(clause) },
      ];
    // The mail the run started with, changed in its mailbox ("Spam: delete it").
    const inbox =
      this.ctx.emailTrigger && /^(?:gmail|microsoftOutlook)$/.test(this.ctx.mailApp ?? '') ? this.ctx.mailApp : null;
    if (!last && inbox && (cls === 'delete' || cls === 'update') && !search) {
      const change = this.mailboxChange(`${word} the email`);
      return [
        change
          ? { ...change, phrase: this.text(clause) }
          : { kind: 'app', app: inbox, verb: cls, hints: { triggerItem: true }, phrase: this.text(clause) },
      ];
    }
    if (last?.kind !== 'app' || SMS_APPS.test(last.app)) return [];
    // (A mailing app that tags its subscribers keeps them: "add the buyer to ConvertKit and tag them".)
    const tags = /^(?:tag|add)$/.test(word) && Boolean(tagResource(last.app));
    if (MAIL_SENDERS.test(last.app) && !tags) return [];
    const app = nodeCatalog().app(last.app);
    if (!app?.action || (/^(?:message|publish)$/.test(appKind(app)) && !tags)) return [];
    const verb = search ? 'search' : cls === 'delete' ? 'delete' : 'update';
    // "our invoices are in Airtable, find the invoice": the read said just before is that search (null: merged).
    if (search && last.verb === 'read' && [...this.steps, ...target].at(-1) === last) {
      last.verb = 'search';
      return null;
    }
    return [{ kind: 'app', app: last.app, verb, hints: {}, phrase: this.text(clause) }];
  }

  /**
   * "… add them to Airtable, and if they came from the webinar tag them as webinar lead": an outcome that changes
   * the items without naming an app changes them where they were last handled (the last app step, else the
   * trigger's app).
   */
  private sameAppChange(from: number, to: number, target: Step[]): Step[] {
    let at = this.firstWord({ from, to, lead: null });
    while (at < to && /^(?:just|also|simply|only|then|→|-|>)$/.test(this.ctx.tokens[at]!.lower)) at++;
    const first = this.ctx.tokens[at]?.lower ?? '';
    // "check if the customer exists in Postgres; if not, insert it": made where it was looked for.
    const looked = [...this.steps, ...target].findLast((x) => x.kind === 'app');
    if (
      looked?.kind === 'app' &&
      looked.verb === 'search' &&
      /^(?:insert|create|add|save|store|write|record|log|register)$/.test(first) &&
      /^(?:(?:it|them|one|the\s+\w+|an?\s+new\s+\w+|an?\s+\w+|new\s+\w+)(?:\s+(?:in|with|for|on|under|there|too|as well|instead|first)\b.*)?)?$/.test(
        this.words({ from: at + 1, to }),
      ) &&
      // ("add a comment on the new ticket": something put onto an item, not an item made where it was looked for.)
      !/^(?:(?:the|an?)\s+)?(?:new\s+)?(?:comments?|notes?|repl(?:y|ies)|messages?|labels?|tags?|links?)\b/.test(
        this.words({ from: at + 1, to }),
      ) &&
      nodeCatalog().app(looked.app)?.action
    )
      return [
        {
          kind: 'app',
          app: looked.app,
          verb: 'create',
          ...(looked.noun ? { noun: looked.noun } : {}),
          hints: {},
          phrase: this.text({ from, to }),
        },
      ];
    if (
      !/^(?:tag|label|mark|flag|assign|reassign|move|set|update|change|close|archive|unsubscribe|add|put|place|file|subscribe)$/.test(
        first,
      )
    )
      return [];
    // (Not a document only read for reference: "check it against the expense policy in our Google Doc. If it complies
    // set the status to Approved" changes the item the trigger reported.)
    const last = [...this.steps, ...target].findLast(
      (x) => x.kind === 'app' && !(x.verb === 'read' && /^(?:googleDocs|microsoftWord)$/.test(x.app)),
    );
    // "… if it isn't, just add the label 'Other'" on mail a Gmail trigger reported: the mail is changed.
    const app =
      last?.kind === 'app' ? last.app : (this.ctx.triggerApp ?? (this.ctx.emailTrigger ? this.ctx.mailApp : null));
    if (!app || !nodeCatalog().app(app)?.action) return [];
    return [{ kind: 'app', app, verb: 'update', hints: {}, phrase: this.text({ from, to }) }];
  }

  /**
   * "Score above 70 -> create a lead in Salesforce. Below 70 -> add to Mailchimp": a test, an arrow, then what
   * happens; a bare "below" / "else" after it is the other outcome of the test before.
   */
  private arrowCondition(clause: Clause, target: Step[]): Step[] | null {
    const { tokens } = this.ctx;
    let arrow = -1;
    for (let j = clause.from + 1; j < Math.min(clause.to - 1, clause.from + 14); j++)
      if (tokens[j]!.text === '→' || (tokens[j]!.text === '>' && tokens[j - 1]?.text === '-' && tokens[j]!.joined)) {
        arrow = j;
        break;
      }
    // "Score above 70 -> create …": the splitter ends the clause at the arrow, and the next clauses are the steps.
    // "… more than budget (budget in sheet) → …": an aside closed before the arrow.
    const next = tokens[clause.to]?.text === ')' ? clause.to + 1 : clause.to;
    const after = tokens[next]?.text === '→' || (tokens[next]?.text === '-' && tokens[next + 1]?.text === '>');
    if (arrow < 0 && !after) return null;
    const lhsEnd = arrow < 0 ? clause.to : tokens[arrow]!.text === '>' ? arrow - 1 : arrow;
    const lhs = this.words({ from: clause.from, to: lhsEnd }).replace(/([<>!=])\s+=/g, '$1=');
    const steps = () => (arrow < 0 ? [] : this.action(arrow + 1, clause.to));
    const last = this.scope.lastIf;
    if (
      last &&
      /^(?:below|under|lower|less|above|over|higher|more|else|otherwise|the rest|rest|others?|anything else)$/.test(lhs)
    ) {
      if (last.otherwise.length) return null;
      last.otherwise.push(...steps());
      return last.otherwise;
    }
    const bound = /^(?:below|under|above|over|less than|more than|at least|at most|[<>]=?)\s*(\d+(?:\.\d+)?)$/.exec(
      lhs,
    );
    // "severity=critical -> …, severity=warning -> …": a list of routes, read by route() (one alone is a test).
    const code = /^([a-z_][\w.]*)\s*(?:==|=)\s*['"]?[\w.@:/-]+['"]?$/.exec(lhs);
    if (code) {
      const field = code[1]!.replace(/\./g, '\\.');
      const said = this.ctx.original.match(new RegExp(`\\b${field}\\s*==?\\s*\\S+\\s*(?:->|→|=>|:)`, 'gi'));
      if ((said?.length ?? 0) !== 1) return null;
    }
    // "Events with action=role_granted and role=admin -> …": a field and its value, said as code.
    const pair = /\b([a-z_][\w.]*)\s*(==|!=|=)\s*['"]?([\w.@:/-]+)['"]?/.exec(lhs);
    // The words as written keep their quotes ("subject have 'URGENT'"), less an aside at the end ("… more than
    // budget (budget in sheet) →").
    const raw = this.text({ from: clause.from, to: lhsEnd });
    const written = raw.replace(/\s*\([^()]*\)?\s*$/, '');
    const quoted = /['"‘“]/.test(written) || written !== raw ? conditionOf(`if ${written}`) : null;
    const cond =
      conditionOf(`if ${lhs}`) ??
      (quoted && quoted.end >= `if ${written}`.length - 1 ? { ...quoted, end: `if ${lhs}`.length } : null) ??
      (pair
        ? {
            field: pair[1]!,
            operator: pair[2] === '!=' ? ('notEquals' as const) : ('equals' as const),
            value: pair[3]!,
            end: `if ${lhs}`.length,
          }
        : null) ??
      (bound && last && /^(?:gt|gte|lt|lte)$/.test(last.condition.operator)
        ? conditionOf(
            `if ${last.condition.field} ${lhs.replace(/^[<>]=?/, (m) => ({ '<': 'below', '>': 'above', '<=': 'at most', '>=': 'at least' })[m]!)}`,
          )
        : null);
    // Only a comparison: "billing -> create a ticket" is a route of a list, read by route(); "any failed workflow on
    // main -> #mobile-ci", "anything with severity >= 7 -> …" test the items whatever the operator.
    // "subject contains 'Failed' -> …", "namespace starts with prod- -> …", "certs expiring within 14 days -> …":
    // a test said outright, whatever its operator.
    const anyItems =
      (/^(?:any|anything|every|all|each)\b/.test(lhs) ||
        /\b(?:contains?|containing|starts? with|starting with|ends? with|ending with|expir\w*|due)\b|[=!]=?/.test(
          lhs,
        ) ||
        // "subject have 'URGENT' -> …": a test of what a field holds, said whole.
        (cond !== null &&
          /^(?:contains|notContains|startsWith|endsWith)$/.test(cond.operator) &&
          cond.end >= `if ${lhs}`.length - 1)) &&
      cond !== null;
    if (!anyItems && (!cond || !/^(?:gt|gte|lt|lte)$/.test(cond.operator) || cond.end < `if ${lhs}`.length - 1))
      return null;
    if (!cond) return null;
    // "Score above 70 -> … Below 70 -> …": the other side of the same bound is the If's other outcome.
    const up = (o: string) => o === 'gt' || o === 'gte';
    if (
      last &&
      !last.otherwise.length &&
      last.condition.field === cond.field &&
      /^(?:gt|gte|lt|lte)$/.test(last.condition.operator) &&
      /^(?:gt|gte|lt|lte)$/.test(cond.operator) &&
      up(last.condition.operator) !== up(cond.operator) &&
      last.condition.value === cond.value
    ) {
      last.otherwise.push(...steps());
      return last.otherwise;
    }
    return this.branchOn(stripEnd(cond), steps(), target);
  }

  /** Puts a test and its steps in the flow: the other outcome of the If before, a Switch route, or a new If. */
  private branchOn(said: Condition, steps: Step[], target: Step[]): Step[] {
    const last = this.scope.lastIf;
    // "if the score is 9 or 10, …; if it's 0-6, …": "it" is the number the test before read.
    const before = last?.condition ?? (this.scope.lastSwitch && { field: this.scope.lastSwitch.field });
    const numbered =
      said.field === 'value' &&
      before &&
      before.field !== 'value' &&
      numeric(said) &&
      (!('operator' in before) || numeric(before))
        ? { ...said, field: before.field }
        : said;
    // "check if the email is valid. If valid …, if not …": the outcome words of the shape test said before.
    const condition =
      last &&
      /^(?:matches|notMatches)$/.test(last.condition.operator) &&
      numbered.field === 'valid' &&
      /^(?:isTrue|isFalse)$/.test(numbered.operator)
        ? (numbered.operator === 'isTrue') === (last.condition.operator === 'matches')
          ? last.condition
          : inverse(last.condition)
        : numbered;
    if (last && !last.otherwise.length && isComplement(last.condition, condition)) {
      last.otherwise.push(...steps);
      // "moved to 'Approved' … 'Rejected'": a third value later makes both routes of a Switch.
      if (last.condition.operator === 'equals' && condition.operator === 'equals')
        this.otherwiseTests.set(last, condition);
      return last.otherwise;
    }
    // "if the status is A … if it is B …": values of one field become the routes of a Switch.
    // "if they write 'menu' …, if they write 'book' …": keywords of one message do too.
    const routeTest = (c: Condition) => valueTest(c) || c.operator === 'contains';
    if (last && otherValue(last.condition, condition)) {
      const said = this.otherwiseTests.get(last);
      const sw = said
        ? switchOf(last.condition, last.then, said, last.otherwise, null)
        : switchOf(last.condition, last.then, condition, steps, last.otherwise.length ? last.otherwise : null);
      if (said) {
        sw.routes.push(routeOf(condition, steps));
        const list = this.containing(last);
        list.splice(list.indexOf(last), 1, sw);
        this.scope.lastIf = null;
        this.scope.lastSwitch = sw;
        return sw.routes[2]!.steps;
      }
      const list = this.containing(last);
      list.splice(list.indexOf(last), 1, sw);
      this.scope.lastIf = null;
      this.scope.lastSwitch = sw;
      return sw.routes[1]!.steps;
    }
    // "when the label 'bug' is added, create …; when the label 'enhancement' is added, create … instead": a test
    // of the same field as the trigger's makes the trigger's Filter a Switch.
    const lead = this.steps[0];
    if (
      !last &&
      !this.scope.lastSwitch &&
      target === this.steps &&
      lead?.kind === 'filter' &&
      otherValue(lead.condition, condition)
    ) {
      const made = switchOf(lead.condition, this.steps.splice(1), condition, steps, null);
      this.steps.splice(0, 1, made);
      this.scope.lastSwitch = made;
      return made.routes[1]!.steps;
    }
    const sw = this.scope.lastSwitch;
    if (
      sw &&
      routeTest(condition) &&
      (condition.operator === 'contains') === (sw.match === 'contains') &&
      sw.field === condition.field
    ) {
      sw.routes.push(routeOf(condition, steps));
      return sw.routes.at(-1)!.steps;
    }
    const branch: Extract<Step, { kind: 'if' }> = { kind: 'if', condition, then: steps, otherwise: [] };
    target.push(branch);
    this.scope.lastIf = branch;
    this.scope.lastSwitch = null;
    return branch.then;
  }

  /**
   * "Ask OpenAI whether the review is positive. If it is, …": the question said before a bare "if so" is the test of
   * an If placed after the steps so far.
   */
  private askedBefore(clause: Clause, target: Step[]): Extract<Step, { kind: 'if' }> | null {
    const start = this.ctx.tokens[clause.from]!.start;
    const before = this.ctx.original.slice(0, start);
    const question = [...before.matchAll(/\b(?:whether|if)\s+([^.!?;:\n]+)/gi)].at(-1);
    if (!question || start - question.index > 240) return null;
    const text = question[1]!.toLowerCase().replace(/\s+or not\b.*$/, '');
    const cond = conditionOf(`if ${text}`);
    if (!cond) return null;
    // A filter the reader already made of the same question ("decide whether it's a sales inquiry") becomes the If.
    const filter = target.findLastIndex(
      (x) => x.kind === 'filter' && x.condition.field === cond.field && x.condition.value === cond.value,
    );
    if (filter >= 0) target.splice(filter, 1);
    return this.openIf(target, stripEnd(cond));
  }

  /** An If with no outcomes yet, at the end of `target`: the clauses after it fill its branches. */
  private openIf(target: Step[], condition: Condition, newScope = true): Extract<Step, { kind: 'if' }> {
    const branch: Extract<Step, { kind: 'if' }> = { kind: 'if', condition, then: [], otherwise: [] };
    target.push(branch);
    this.scope.lastIf = branch;
    if (newScope) this.scope.lastSwitch = null;
    return branch;
  }

  /**
   * "if it's not in English translate it", "If I have an event before 9, turn on the heating": a test the reader
   * cannot put in a comparison is still a branch. It becomes a yes/no flag named by its words (listed under "Before
   * you run it" for the user to point at their field), so the action stays inside the branch it was said in.
   */
  private statedTest(clause: Clause, text: string): (Condition & { end: number }) | null {
    const lead = /^(?:.*?\b)?(?:if|unless)\s+/.exec(text);
    if (!lead || clause.lead === null) return null;
    const tokens = this.ctx.tokens.slice(clause.from, clause.to);
    let at = tokens.findIndex((t) => t.start - tokens[0]!.start >= lead[0].length);
    // "if so, email them", "if not, …", "if needed": the test was said before.
    if (at < 0 || /^(?:so|yes|needed|necessary|possible|any)$/.test(tokens[at]!.lower)) return null;
    // "if not, just Airtable": the other outcome of the test before.
    if (tokens[at]!.lower === 'not' && clause.lead !== 'unless') return null;
    const words: string[] = [];
    let negated = false;
    for (; at < tokens.length; at++) {
      const t = tokens[at]!;
      // "if column 'consent' is yes": the quoted name is the field.
      if (t.kind === 'punct' && /^['"‘’“”`]$/.test(t.text) && at + 1 < tokens.length) continue;
      // "If any of my workflows errors out, …": the words the trigger took are its event, not a test.
      if (this.ctx.used.has(clause.from + at)) return null;
      if (t.start - tokens[0]!.start >= text.length) break;
      if (t.kind !== 'word' || (words.length > 1 && verbClass(t.lower) && !TEST_WORD.test(tokens[at - 1]?.lower ?? '')))
        break;
      if (
        /^(?:not|no|never|isn't|aren't|doesn't|don't|didn't|hasn't|haven't|wasn't|weren't|cannot|can't)$/.test(t.lower)
      )
        negated = true;
      else if (!FILLER.test(t.lower)) words.push(t.lower.replace(/['’]s$/, ''));
    }
    // "column 'consent' is yes": the column is the field's kind, and yes or no its value.
    if (words.length > 1 && /^(?:column|field|property|checkbox|box)$/.test(words[0]!)) words.shift();
    if (words.length > 1 && /^(?:yes|true|checked|ticked|y)$/.test(words.at(-1)!)) words.pop();
    else if (words.length > 1 && /^(?:no|false|unchecked|n)$/.test(words.at(-1)!)) {
      words.pop();
      negated = !negated;
    }
    const said = words.filter((w) => !VAGUE.test(w));
    if (!said.length || words.length > 6) return null;
    const field = words
      .join('_')
      .replace(/[^\w]+/g, '_')
      .slice(0, 40);
    return {
      field,
      operator: negated ? 'isFalse' : 'isTrue',
      value: !negated,
      end: at < tokens.length ? tokens[at]!.start - tokens[0]!.start : text.length,
    };
  }

  /**
   * "Cards over 10 days should be moved …, cards between 5 and 10 days get a comment": a clause that opens with items
   * in a range is one of several routes when another clause opens with a range too, not a test of all the items.
   */
  private tiered(clause: Clause, clauses: Clause[]): boolean {
    const { tokens } = this.ctx;
    const opens = (c: Clause) => {
      const k = this.firstWord(c);
      return Boolean(rangedItems(tokens, k) ?? numberRange(tokens, k)) && routeStart(tokens, k);
    };
    return opens(clause) && clauses.some((c) => c !== clause && opens(c));
  }

  private containing(step: Step): Step[] {
    return listHolding(step, this.steps) ?? this.steps;
  }

  private tokenAt(clause: Clause, charInWords: number, quoted = false): number {
    // Maps a character offset in the clause's word string back to a token index.
    let offset = 0;
    for (let k = clause.from; k < clause.to; k++) {
      const t = this.ctx.tokens[k]!;
      if (!counted(t)) continue;
      if (offset >= charInWords) return k;
      offset += t.lower.length + (quoted && t.kind === 'quote' ? 3 : 1);
    }
    return clause.to;
  }

  /** "urgent tickets escalate to …, low ones are archived, unknown go to triage": routes by a value. */
  private route(clause: Clause, target: Step[]): Step[] | null {
    // "A 4 or 5 means …": the number, not its article, opens the route.
    // ("a score of 6 or lower creates …": the range after its field.)
    const first = this.firstWord(clause);
    const ranged = fieldRange(this.ctx.tokens, first);
    const k =
      ranged >= 0
        ? ranged
        : /^(?:a|an)$/.test(this.ctx.tokens[first]!.lower) && /^\d/.test(this.ctx.tokens[first + 1]?.text ?? '')
          ? first + 1
          : first;
    const value = this.ctx.tokens[k]!;
    // "Anything 8+ should also DM …": with no routes before it, the fallback's own range is the route's test.
    const alone = !this.scope.lastSwitch || !target.includes(this.scope.lastSwitch);
    const own = numberRange(this.ctx.tokens, k);
    const range =
      own ??
      (alone && /^(?:anything|everything|any|all)$/.test(value.lower) ? numberRange(this.ctx.tokens, k + 1) : null) ??
      // "deals between $10k and $50k just get …": the items, then their range.
      rangedItems(this.ctx.tokens, k);
    // "subscription cancelled: remove the tag …": a value of two words before its arrow or colon.
    const pair =
      !range &&
      this.ctx.tokens[k + 1]?.kind === 'word' &&
      routeVerbAt(this.ctx.tokens, k) === k + 2 &&
      /^(?:→|:|>)$/.test(this.ctx.tokens[k + 2]?.text ?? '');
    // "anything angry flagged to the team lead": the word after "anything" is the value, not the other items.
    const qualified =
      !range &&
      /^(?:anything|everything)$/.test(value.lower) &&
      this.ctx.tokens[k + 1]?.kind === 'word' &&
      /^[a-z]+$/.test(this.ctx.tokens[k + 1]!.lower) &&
      routeVerbAt(this.ctx.tokens, k) > k + 1 &&
      // ("anything smaller", "anything less": the other side of a test, not a value.)
      !/^(?:else|other|others|less|fewer|more)$|[a-z]er$/.test(this.ctx.tokens[k + 1]!.lower) &&
      !verbClass(this.ctx.tokens[k + 1]!.lower);
    const name = qualified
      ? this.ctx.tokens[k + 1]!.lower
      : range
        ? this.text({ from: own ? k : k + 1, to: range.end })
        : value.kind === 'quote'
          ? value.text
          : // "How-to →": a value written with a hyphen keeps it.
            valueEnd(this.ctx.tokens, k) > k + 1
            ? this.ctx.tokens
                .slice(k, valueEnd(this.ctx.tokens, k))
                .map((t) => t.lower)
                .join('')
            : pair
              ? `${value.lower} ${this.ctx.tokens[k + 1]!.lower}`
              : // "VIPs", "IT": a name written in capitals keeps them.
                /[A-Z].*[A-Z]/.test(value.text)
                ? value.text
                : value.lower;
    let rest = Math.max(
      k + 1,
      routeVerbAt(this.ctx.tokens, k) + (this.ctx.tokens[routeVerbAt(this.ctx.tokens, k)]?.kind === 'punct' ? 1 : 0),
    );
    while (
      rest < clause.to &&
      /^(?:go|goes|get|gets|are|is|should|be|will|to|means|mean|->|→|sent)$/.test(this.ctx.tokens[rest]!.lower) &&
      !(this.ctx.tokens[rest]!.lower === 'to' && this.ctx.tokens[rest + 1]?.kind !== 'word')
    )
      rest++;
    // "… go to #urgent": keep "to" so the destination reads as one.
    if (this.ctx.tokens[rest - 1]?.lower === 'to') rest--;
    // "cold leads just receive a thank-you email": the items are who the e-mail goes to, so the action keeps them.
    const received = /^(?:receive|receives|get|gets)$/.test(this.ctx.tokens[rest]?.lower ?? '');
    const steps = this.action(received ? k : rest, clause.to);
    // "'update' updates the record in Airtable, and 'delete' removes it": a route that names no app uses the one before.
    const verb = rest < clause.to ? verbClass(this.ctx.tokens[rest]?.lower ?? '') : undefined;
    const earlier = this.scope.lastSwitch?.routes.at(-1)?.steps.findLast((x) => x.kind === 'app');
    const routeWords = this.words({ from: rest, to: clause.to });
    // ("Support: create a Freshdesk ticket. Spam: delete it.": the ticket made is not the mail routed; that is
    // changed where it came in.)
    const itemApp = this.ctx.triggerApp ?? (this.ctx.emailTrigger ? this.ctx.mailApp : null);
    const made =
      earlier ?? this.scope.lastClassifier?.routes?.flatMap((r) => r.steps).findLast((x) => x.kind === 'app');
    if (
      !steps.length &&
      made?.kind === 'app' &&
      made.verb === 'create' &&
      itemApp &&
      itemApp !== made.app &&
      (verb === 'update' || verb === 'delete') &&
      /^\S+(?: (?:it|them|this|that|these|those))?$/.test(routeWords)
    )
      steps.push({ kind: 'app', app: itemApp, verb, hints: {}, phrase: this.text({ from: rest, to: clause.to }) });
    else if (!steps.length && earlier?.kind === 'app' && (verb === 'create' || verb === 'update' || verb === 'delete'))
      steps.push({ ...earlier, verb, hints: {}, phrase: this.text({ from: rest, to: clause.to }) });
    // "Cards over 10 days should be moved to the Critical list, …, get a comment": the items read are changed, or
    // commented on, where they were read.
    else if (
      !steps.length &&
      this.ctx.lastRead &&
      (verb === 'update' || verb === 'delete' || /^(?:(?:gets?|receives?) )?an? (?:\w+ )?comment\b/.test(routeWords))
    )
      steps.push({
        kind: 'app',
        app: this.ctx.lastRead,
        ...(verb === 'update' || verb === 'delete' ? { verb } : { verb: 'create' as const, noun: 'comment' }),
        hints: {},
        phrase: this.text({ from: rest, to: clause.to }),
      });
    // "9 or 10 go into the 'promoters' table in Airtable, 7 or 8 into 'passives'": the same app, another place.
    else if (
      !steps.length &&
      earlier?.kind === 'app' &&
      rest < clause.to &&
      /^(?:into|in|to)$/.test(this.ctx.tokens[rest]?.lower ?? '')
    )
      steps.push({ ...earlier, hints: {}, phrase: this.text({ from: rest, to: clause.to }) });
    const classifier = this.scope.lastClassifier;
    if (classifier?.routes) {
      const route = classifier.routes.find((r) => r.name.toLowerCase() === name.toLowerCase());
      if (route) {
        route.steps.push(...steps);
        return route.steps;
      }
    }
    // "Sentiment Analysis node … Negative: raise the priority …": the named node's outcomes are its outputs.
    // ("Negative ones should also ping me" is a test of the items, not one of the node's outputs.)
    const named =
      this.ctx.mentions.nodes.some((n) => n.kind === 'sentiment') &&
      /^(?:→|:|>)$/.test(this.ctx.tokens[routeVerbAt(this.ctx.tokens, k)]?.text ?? '');
    const feeling = named ? target.findLast((s): s is AiStep => s.kind === 'ai' && s.task === 'sentiment') : undefined;
    if (feeling && name.split('/').every((w) => SENTIMENTS.test(w)) && (!feeling.routes || classifier === feeling)) {
      feeling.routes ??= [];
      feeling.routes.push({ name: name.replace(/^./, (c) => c.toUpperCase()), steps });
      this.scope.lastClassifier = feeling;
      return steps;
    }
    // "7-8 do nothing", "anything else: ignore": items no route takes are dropped, so this route is none.
    if (
      !steps.length &&
      /^(?:(?:just|simply)\s+)?(?:do\s+nothing|nothing|ignore(?:\s+(?:it|them))?|skip(?:\s+(?:it|them))?|no\s+action|leave\s+(?:it|them)(?:\s+alone)?)\b/.test(
        this.words({ from: rest, to: clause.to }),
      )
    )
      return [];
    // "if the score is 7 or more send …, below 7 create …": the other side of the bound just tested.
    const tested = this.scope.lastIf;
    // The last If is here and its other outcome is still empty.
    const open = tested && !tested.otherwise.length && (target.includes(tested) || target === tested.then);
    if (range && open && !tested.condition.more?.length) {
      const { operator, value: bound } = tested.condition;
      const near = (x: number) => typeof bound === 'number' && Math.abs(x - bound) < 1e-6;
      if (
        ((operator === 'gt' || operator === 'gte') && range.lo === -Infinity && near(range.hi)) ||
        ((operator === 'lt' || operator === 'lte') && range.hi === Infinity && near(range.lo))
      ) {
        tested.otherwise.push(...steps);
        return tested.otherwise;
      }
    }
    // "If it's over 50k … Slack DM, and anything smaller should just be appended to a sheet": the If's other outcome.
    if (!range && open && FALLBACK.test(name) && !this.scope.lastSwitch) {
      tested.otherwise.push(...steps);
      return tested.otherwise;
    }
    let sw = this.scope.lastSwitch;
    // ("over 10 days": the unit is read with the number, or said right after it.)
    const unit = range ? this.ctx.tokens[range.end]?.lower : undefined;
    const span = range ? (spanUnit(this.ctx.tokens[range.end - 1]?.lower ?? '') ?? spanUnit(unit ?? '')) : null;
    if (!sw || !target.includes(sw)) {
      // "4 and 5 star reviews": a rating; "9 or 10 go …" after "by score": the field the request names.
      const field =
        // "… the Entra ID group for their team: Sales -> …": the field the request names before its values.
        /\b(?:for\s+(?:their|its|each)|route\s+by)\s+([a-z_]+):/.exec(this.ctx.original.toLowerCase())?.[1] ||
        (value.kind === 'word' && !range && fieldOfValue(name)) ||
        // "Bad ratings go …, good ones …": the kind of value the items were said with.
        (value.kind === 'word' &&
        !range &&
        /^(?:ratings?|scores?|priorit(?:y|ies)|severit(?:y|ies)|sentiments?|grades?|tiers?|levels?|stages?|statuse?s?)$/.test(
          this.ctx.tokens[k + 1]?.lower ?? '',
        )
          ? /^status/.test(this.ctx.tokens[k + 1]!.lower)
            ? 'status'
            : singular(this.ctx.tokens[k + 1]!.lower)
          : null) ||
        (unit && /^stars?$/.test(unit) ? 'rating' : null) ||
        this.fieldFromContext() ||
        // "over $50k": an amount of money.
        // "Anything over 10 days": how long ago the item's date was.
        (span ? spanField(this.words(clause)) : null) ||
        (range && this.numberField()) ||
        (range && this.ctx.tokens.slice(k, range.end).some((t) => /^[$€£¥₹]$/.test(t.text)) ? 'amount' : null) ||
        (range ? 'score' : 'type');
      sw = { kind: 'switch', field, routes: [], fallback: null };
      target.push(sw);
      this.scope.lastSwitch = sw;
    }
    if (FALLBACK.test(name)) sw.fallback = steps;
    else if (range && span) {
      // "over 10 days": a date before now minus 10 days; "under 3 days", after it; "5 to 10 days", both.
      const strict = range.strict !== undefined;
      const condition = spanTest(
        sw.field,
        range.lo === -Infinity
          ? { n: range.strict ?? range.hi, unit: span, less: true, strict }
          : Number.isFinite(range.hi)
            ? { n: range.lo, hi: range.hi, unit: span, less: false, strict: false }
            : { n: range.strict ?? range.lo, unit: span, less: false, strict },
      );
      sw.routes.push({ name, steps, condition });
      sw.routes.sort((a, b) => lowest(b) - lowest(a));
    } else if (range) {
      // A range with both ends tests both ("0-6" leaves 7 and 8 out); an open one tests its one end. Routes are
      // tested from the highest down.
      // ("over $20k" leaves 20,000 out, "20k or more" keeps it.)
      const condition: Condition =
        range.lo === -Infinity
          ? range.strict !== undefined
            ? { field: sw.field, operator: 'lt', value: range.strict }
            : { field: sw.field, operator: 'lte', value: range.hi }
          : Number.isFinite(range.hi)
            ? { field: sw.field, operator: 'between', value: `${range.lo}..${range.hi}` }
            : range.strict !== undefined
              ? { field: sw.field, operator: 'gt', value: range.strict }
              : { field: sw.field, operator: 'gte', value: range.lo };
      sw.routes.push({ name, steps, condition });
      sw.routes.sort((a, b) => lowest(b) - lowest(a));
    } else if (/^[\w.+-]+@$/.test(name))
      // "sales@ creates a lead": the mail was sent to that mailbox (its "to" holds the whole address).
      sw.routes.push({ name, steps, condition: { field: 'to', operator: 'contains', value: name } });
    else if (/^[a-z]+(?:\/[a-z]+)+$/.test(name))
      // "Errors/warnings: …": either value.
      sw.routes.push({
        name,
        steps,
        condition: { field: sw.field, operator: 'oneOf', value: name.split('/').join(', ') },
      });
    else sw.routes.push({ name, steps });
    return steps;
  }

  /** The route of the last classifier a clause names with "for …" ("create a Jira issue for bugs"). */
  private classifierRoute(words: string): Step[] | null {
    const routes = this.scope.lastClassifier?.routes;
    // "create a Jira issue for bugs", "send the sales ones to Salesforce": the outcome the clause names.
    const one = (w: string) => w.toLowerCase().replace(/(?:es|s)$/, '');
    // "forward sales to sales@acme.com", "delete spam": the outcome is what the verb acts on.
    const object =
      /^(?:(?:and|then|also|just|simply) )*[a-z]+ (?:the |all |any )?([a-z][a-z-]*)(?: (?:ones|emails|mails|messages|items|tickets))?(?= to\b| into\b| in\b|$)/.exec(
        words,
      )?.[1];
    const said =
      /\bfor (?:the |all |any )?([a-z][a-z-]*(?: [a-z-]+)?)$/.exec(words)?.[1] ??
      /^(?:\w+ ){0,3}?(?:the |all )([a-z][a-z-]*) ones\b/.exec(words)?.[1] ??
      (object && routes?.some((r) => one(r.name) === one(object)) ? object : undefined);
    if (!routes?.length || !said) return null;
    const route = routes.find((r) => one(r.name) === one(said) || one(r.name) === one(said.split(' ')[0]!));
    return route?.steps ?? null;
  }

  /** "posts … with a cpu percentage", "check its value": the number the request names, which ranges test. */
  private numberField(): string | null {
    const m =
      /\b(?:its|their|the|a|an|with|each)\s+((?:(?!(?:a|an|the|its|their|new|total|daily|same|current|overall)\b)[a-z]+\s+)?(?:score|rating|percentage|percent|amount|total|value|count|level|usage|temperature|price|balance|quantity|stock|revenue|spend|budget|duration|latency|load|utili[sz]ation))\b/.exec(
        this.ctx.original.toLowerCase(),
      );
    return m ? m[1]!.replace(/\s+/g, '_') : null;
  }

  private fieldFromContext(): string | null {
    const m = /\b(?:by|based on|according to|depending on)\s+(?:its |their |the )?([a-z_]+)/.exec(
      this.ctx.original.toLowerCase(),
    );
    // "drafted by AI", "sent by email": how something is done, not the field routes go by.
    return m?.[1] && !/^(?:ai|gpt|llm|email|e|mail|me|us|hand|default|name|itself|slack|them|it)$/.test(m[1])
      ? m[1]
      : null;
  }

  private loop(clause: Clause, words: string): Extract<Step, { kind: 'loop' }> | null {
    const batch =
      /\b(?:in\s+)?(?:batch(?:es)?|chunks?|groups?)\s+of\s+(\d+)|\bbatch(?:es)?\s+(\d+)\s+(?:per|a|each)\s+(?:time|go|run|call)\b|\b(\d+)\s+(?:items?\s+|rows?\s+|records?\s+|urls?\s+|\w+s\s+|at once\s+)?(?:at a time|per (?:batch|chunk|run))\b|\bbatch size (?:of )?(\d+)/.exec(
        words,
      );
    if (batch) return { kind: 'loop', size: Number(batch[1] ?? batch[2] ?? batch[3] ?? batch[4]), body: [] };
    // "send 20, wait 1 minute, then next 20": batches of the number said twice.
    const next = /\bnext\s+(\d{1,4})\b/.exec(this.ctx.original.toLowerCase());
    if (
      next &&
      new RegExp(
        `\\b(?:send|sends|process|do|email|mail|post|call|handle|update|import|upload)\\s+(?:the\\s+first\\s+)?${next[1]}\\b`,
      ).test(words)
    )
      return { kind: 'loop', size: Number(next[1]), body: [] };
    // "processing them in batches", "batching matters": batches of a size the user can change.
    // "split it into chunks" before a vector store is its document loader's job, not a loop.
    const forStore =
      /\bchunk/.test(words) &&
      (this.ctx.mentions.apps.some((a) => /^vectorStore/.test(a.app.key)) ||
        this.ctx.mentions.generics.some((g) => g.kind === 'vector'));
    if (
      !forStore &&
      /\b(?:in|into) (?:small )?(?:batches|chunks)\b|\b(?:batching|chunking)\b|\b(?:batch(?:es)?|chunk) (?:them|it|the \w+)\b/.test(
        words,
      )
    )
      return { kind: 'loop', size: 10, body: [] };
    if (
      clause.lead === 'loop' ||
      /\bone (?:by|after) (?:one|another)\b|\bone (?:[a-z]+ )?at a time\b|\bone (?:[a-z]+ )?(?:every|each|per) (?:\d+ )?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b|\bloop(?:s|ing)? (?:over|through)\b|\b(?:batch|item) loop\b|\biterat\w+ (?:over|through|thru)\b|\bloop(?:s|ing)? thru\b|\bindividually\b|\bsplit ?in ?batch(?:es)?\b|\bloop over items\b/.test(
        words,
      )
    )
      return { kind: 'loop', size: 1, body: [] };
    return null;
  }

  /**
   * "We sell on Shopify and WooCommerce. … pull the day's orders from both, combine them", "contacts in HubSpot and
   * another list in a Google Sheet … combine both": the two places named before are read side by side into a Merge.
   * Steps the scene-setting words made of those places are dropped: the request says what is done with them here.
   */
  private bothSources(clause: Clause, words: string, target: Step[]): boolean {
    const both =
      /\b(?:from|in|of|across|between) (?:the )?both\b|\b(?:from|in) (?:each|either) of them\b|\b(?:combine|merge|join|match|compare|sync|pull|get|fetch|read|load|export)\w*\s+(?:the\s+)?(?:both|the two)\b/.exec(
        words,
      );
    if (!both || within(this.ctx.mentions, clause.from, clause.to).apps.length) return false;
    const places: AppRef[] = [];
    for (const ref of [...this.ctx.mentions.apps].reverse()) {
      if (ref.from >= clause.from || this.ctx.used.has(ref.from)) continue;
      if (!places.some((p) => p.app.key === ref.app.key)) places.unshift(ref);
      if (places.length === 2) break;
    }
    if (places.length < 2) return false;
    const keys = new Set(places.map((p) => p.app.key));
    for (const list of [this.steps, target])
      for (let k = list.length - 1; k >= 0; k--) {
        const s = list[k]!;
        if (s.kind === 'app' && keys.has(s.app) && s.verb !== 'read' && s.verb !== 'search') list.splice(k, 1);
      }
    const item =
      /\b(orders|contacts|customers|leads|rows|records|products|invoices|deals|tickets|users|subscribers|entries|people|transactions|payments|events|tasks)\b/.exec(
        words,
      )?.[1];
    const reads: Step[] = places.map((p) => {
      this.ctx.usedApps.add(p.from);
      const before = this.ctx.tokens[p.from - 2];
      const said =
        item ??
        (/^(?:in|from|on)$/.test(this.ctx.tokens[p.from - 1]?.lower ?? '') && before?.kind === 'word'
          ? before.lower
          : '');
      const noun = said
        .replace(/ies$/, 'y')
        .replace(/(?<!s)s$/, '')
        .replace(/^people$/, 'contact');
      return {
        kind: 'app',
        app: p.app.key,
        verb: 'read',
        ...(/^[a-z]{3,}$/.test(noun) && noun !== 'list' ? { noun } : {}),
        hints: {},
        phrase: this.text(clause),
      };
    });
    target.push({ kind: 'parallel', branches: reads.map((r) => [r]), merge: true });
    const rest = this.ctx.tokens.findIndex(
      (t, k) =>
        k > clause.from &&
        k < clause.to &&
        t.start >= this.ctx.tokens[clause.from]!.start + both.index + both[0].length,
    );
    // "join both by order id and update the tracking column": what is done after the join.
    if (rest > 0) {
      let k = rest;
      while (
        k < clause.to &&
        /^(?:by|on|using|of|them|lists|sources|systems|sheets|and|then|into|one|list|a|the|[\w-]+_?id|id|email|order|customer|key)$/.test(
          this.ctx.tokens[k]!.lower,
        )
      )
        k++;
      if (k < clause.to) target.push(...this.action(k, clause.to));
    }
    return true;
  }

  /** A merge after branches: the If, Switch or parallel steps before it join into one Merge. */
  private join(target: Step[]): boolean {
    const last = target.at(-1);
    if (!last) return false;
    if (last.kind === 'parallel') {
      last.merge = true;
      return true;
    }
    if (last.kind === 'if' || last.kind === 'switch') {
      (last as { join?: boolean }).join = true;
      return true;
    }
    // "fetch A, fetch B, then merge them": the reads run side by side into a Merge.
    const reads = target.filter(isRead);
    if (reads.length >= 2) {
      const first = target.indexOf(reads[0]!);
      const others = target.filter((s) => !reads.includes(s));
      target.splice(
        0,
        target.length,
        ...others.slice(0, first),
        { kind: 'parallel', branches: reads.map((r) => [r]), merge: true },
        ...others.slice(first),
      );
      return true;
    }
    return false;
  }

  /** "only keep those where the total is over 500", "skip orders under $10", "ignore emails that contain unsubscribe". */
  private filterClause(clause: Clause, words: string, target: Step[]): boolean {
    const m =
      /\bonly\b[^,]*?\b(?:if|when|where|with|whose|that)\b\s*(.*)|^(?:then\s+)?keep\s+(?:only\s+)?(?:the\s+)?(?:ones|those|items|[a-z]+s)\s+(?:that|which|where|with|whose)\s+(.*)|\bfilter\w*\s+(?:out\s+)?(?:\w+\s+){0,3}?(?:where|with|that|if|whose)\s+(.*)|\b(?:skip|ignore|exclude|drop|discard)\w*\s+(?:any\s+|the\s+|all\s+)?(?:\w+\s+){0,2}?(?:where|with|that|if|whose)\s+(.*)|\bonly\s+((?:on|for|to)\s+(?:the\s+)?\S+\s+branch\b.*)/.exec(
        words,
      );
    if (!m) return this.onlyClause(clause, words, target);
    const condText = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    // "only for production workflows (names start with 'PROD -')": the test may start before the keyword.
    const paren = /\(([^)]+)\)?/.exec(this.text(clause))?.[1]?.toLowerCase();
    const whole = /\bonly\s+(?:for|if|when)\s+(.*)$/.exec(words)?.[1];
    const cond =
      conditionOf(`if ${condText}`) ??
      conditionOf(condText) ??
      (paren ? conditionOf(`if ${paren}`) : null) ??
      (whole ? conditionOf(`if ${whole}`) : null);
    if (!cond) return this.onlyClause(clause, words, target);
    const negate = /\b(?:skip|ignore|exclude|drop|discard)\w*\b|\bfilter\w*\s+out\b/.test(words);
    const before = this.tokenAt(clause, m.index);
    const steps = this.action(clause.from, before);
    const filter: Step = { kind: 'filter', condition: negate ? negated(cond) : stripEnd(cond) };
    // "… write a row to Postgres. But only for production workflows": a rule said after the steps holds for them all.
    if (!steps.length && /^(?:but\s+)?only\b/.test(words) && (target.length || this.steps.length)) {
      const list = target.length ? target : this.steps;
      list.splice(leadingReads(list), 0, filter);
    }
    // "want a Telegram alert … but only on the main branch": the items are read, tested, then acted on.
    else {
      const reads = leadingReads(steps);
      target.push(...steps.slice(0, reads), filter, ...steps.slice(reads));
    }
    return true;
  }

  /**
   * "only send the negative ones to Discord", "keep only the articles that mention AI regulation", "only alert when
   * something returns non-200": a Filter on the value, the words, or the status, before the clause's action.
   */
  private onlyClause(clause: Clause, words: string, target: Step[]): boolean {
    if (
      !/\bonly\b|\bkeep\w*\b|\bfilter\w*\b|\bskip\w*|\bignor\w*|\bdrop\w*|\bdiscard\w*|\bexclude\w*|\bremove\w*|\b(?:pick|pull|single)\w*\s+out\b/.test(
        words,
      )
    )
      return false;
    let condition: Condition | null = null;
    const mention =
      /\b(?:that|which|who|where|if|when)\s+(?:\w+\s+)?(?:mentions?|contains?|includes?|talks? about|(?:is|are) about|says?)\s+["']?([\w-]+(?:\s+[\w-]+){0,2}?)["']?(?:\s+(?:and|then|to|in|on|with)\b|$)/.exec(
        words,
      );
    const status =
      /\b(?:returns?|responds? with|gives?|gets?)\s+(?:a\s+)?(?:non|not a|anything but|anything other than)[- ]?(\d{3})\b/.exec(
        words,
      );
    const ones =
      /\bonly\s+(?:\w+\s+){0,2}?(?:the\s+)?([a-z][\w.-]+)\s+(?:ones|items|posts|messages|articles|emails|tickets|leads|reviews|comments|results|entries|records|rows|orders|deals|issues|tasks|files|errors|events|alerts|stories|conversations|submissions|users|customers|products|payments|invoices|transactions|subscribers|contacts)\b/.exec(
        words,
      );
    // "skip the invalid ones", "ignore cancelled orders": the other items go on.
    const skipped =
      /\b(?:skip|skips|ignore|ignores|drop|drops|discard|exclude|remove)\s+(?:the\s+|any\s+|all\s+)?([a-z-]+)\s+(?:ones|items|[a-z]+s)\b/.exec(
        words,
      );
    const skipTest = skipped?.[1] && VALUE_OR_OUTCOME(skipped[1]) ? conditionOf(`if they are ${skipped[1]}`) : null;
    // "Some rows have no email, those should be skipped", "skip tickets without an assignee": the field must be there.
    const lacking = /\b(?:skip|skipped|ignore|ignored|drop|dropped|discard|discarded|exclude|excluded)\b/.test(words)
      ? /\b(?:no|without|missing)\s+(?:an?\s+|any\s+)?([a-z]+)\b/.exec(words)
      : null;
    const lackTest = lacking?.[1] && !/^(?:one|need|more|further|reason)$/.test(lacking[1]) ? lacking[1] : null;
    // "Anything that isn't a PDF is skipped": only that kind of file goes on.
    const kind =
      /\b(?:anything|everything|whatever|files?|items?|attachments?)\s+(?:that|which)\s+(?:isn't|is not|aren't|are not)\s+(?:an?\s+)?(pdf|csv|image|jpe?g|png|xlsx|docx?|zip|xml|json)s?\b/.exec(
        words,
      );
    // "keep only the 7+ ones", "only the 8 and above ones": a score's lower bound.
    const bound =
      /\bonly\s+(?:the\s+)?(\d+)\s*(?:\+|or (?:more|higher|above)|and (?:up|above))\s+(?:ones|items|\w+s)\b/.exec(
        words,
      );
    // "keep only the ones tagged 'newsletter'", "filter to the rows with stock under 10": the test after the items.
    const after =
      /\b(?:keep\w*\s+only|only\s+keep\w*|filter\w*\s+(?:to|for|down to)|(?:pick|pull|single)\w*\s+out)\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}?(ones|those|items|[a-z]+s)\s+(?!that\b|which\b|who\b)(.+)$/.exec(
        words,
      );
    const tested = after?.[2] ? conditionOf(`${after[1]} ${after[2]}`) : null;
    if (kind) {
      // A rule about every file, said after the steps: the files are tested as soon as they are read.
      const test: Step = {
        kind: 'filter',
        condition: { field: 'mimeType', operator: 'contains', value: kind[1]!.replace(/^jpe?g$/, 'jpeg') },
      };
      this.steps.splice(leadingReads(this.steps), 0, test);
      return true;
    } else if (skipTest) condition = negated(skipTest);
    else if (lackTest) {
      // A rule about items the steps before read: tested as soon as they are read.
      this.steps.splice(leadingReads(this.steps), 0, {
        kind: 'filter',
        condition: { field: lackTest, operator: 'exists', value: '' },
      });
      return true;
    } else if (bound)
      condition = {
        field: /\bscor/.test(this.ctx.original.toLowerCase())
          ? 'score'
          : /\brat/.test(this.ctx.original.toLowerCase())
            ? 'rating'
            : 'value',
        operator: 'gte',
        value: Number(bound[1]),
      };
    else if (status) condition = { field: 'statusCode', operator: 'notEquals', value: Number(status[1]) };
    else if (mention?.[1]) condition = { field: 'text', operator: 'contains', value: mention[1] };
    else if (tested) condition = stripEnd(tested);
    else if (
      ones?.[1] &&
      !/^(?:new|all|the|other|first|last|latest|recent|open|for|from|to|with|in|on|those|these|their|our|my)$/.test(
        ones[1],
      )
    )
      condition = {
        field: fieldOfValue(ones[1]) ?? (/[._]/.test(ones[1]) ? 'type' : 'category'),
        operator: 'equals',
        value: ones[1],
      };
    if (!condition) return false;
    const end = status ?? mention;
    const head = end ? this.tokenAt(clause, end.index) : clause.from;
    // "keep only the articles that …" is the filter itself; "read the feed and only keep …" reads first.
    const before = this.words({ from: clause.from, to: head });
    const steps =
      end && !/^(?:and\s+|then\s+)?(?:keep|keeps|only|filter\w*|(?:pick|pull|single)\w*\s+out)\b/.test(before)
        ? this.action(clause.from, head)
        : [];
    // "… post the review as a comment on the PR. Skip draft PRs.": a rule about the items, said after the steps, is
    // tested as soon as they are read.
    if (
      skipTest &&
      !end &&
      !steps.length &&
      target === this.steps &&
      clause.from > 0 &&
      // (Not "remove the invalid ones from our MailerLite group": a change made in an app.)
      !/\b(?:remove|removes)\b|\b(?:from|in|on|into)\s/.test(words)
    ) {
      this.steps.splice(leadingReads(this.steps), 0, { kind: 'filter', condition });
      return true;
    }
    target.push(...steps, { kind: 'filter', condition });
    const rest = end ? this.tokenAt(clause, end.index + end[0].length) : clause.from;
    if (rest < clause.to) target.push(...this.action(rest, clause.to));
    return true;
  }

  /** "route it by region into EMEA, APAC or Americas", "triage tickets by urgency": a Switch (an AI classifier when AI is asked). */
  private routeBy(clause: Clause, words: string, target: Step[]): boolean {
    const m =
      /\b(?:route|routes|routing|sort|sorts|split|splits|triage|triages|dispatch|direct|branch|send|sends|forward|categori[sz]e|classify|assign|assigns)\w*\s+(?:it|them|each(?: one)?|the \w+|an? \w+|(?:[\w.-]+\s+)?(?:tickets|messages|leads|items|requests|emails|orders|alerts|issues|incidents|deals|contacts))?\s*(?:by|based on|according to|depending on)\s+(?:its |their |the )?(?!(?:e-?mail|sms|text|mail|post|slack|whatsapp|telegram|phone|teams|discord|fax|courier|hand|default)\b)([a-z_]+(?: [a-z_]+)?)/.exec(
        words,
      ) ??
      // "Route Typeform leads to Salesforce or Pipedrive by region": the apps first, the field last.
      /\b(?:route|routes|routing|send|sends|split|splits|forward|assign|dispatch)\w*\s+(?:[\w.-]+\s+){0,4}?to\s+(?:[\w.-]+\s+){1,3}?(?:or|and)\s+(?:[\w.-]+\s+){1,3}?(?:by|based on|depending on)\s+(?:its |their |the )?([a-z_]+)\s*$/.exec(
        words,
      ) ??
      /\bdepending on (?:the |its |their )?([a-z_]+)/.exec(words);
    const decide =
      /\b(?:decid|determin|choos)\w*\s+whether\s+(?:to\s+)?([a-z][\w -]*?(?:,\s*[a-z][\w -]*?)*,?\s+or\s+[a-z][\w -]*)$/.exec(
        this.words(clause).replace(/,/g, ' ,'),
      );
    if (!m?.[1] && decide?.[1]) {
      const names = decide[1]
        .split(/\s*,\s*|\s+or\s+/)
        .map((n) => n.trim().split(' ').slice(0, 3).join(' '))
        .filter(Boolean);
      if (names.length >= 2 && names.length <= 6) {
        const routes = names.map((name) => ({ name: name.replace(/^./, (c) => c.toUpperCase()), steps: [] as Step[] }));
        const step = aiStep(
          'classify',
          this.text(clause),
          within(this.ctx.mentions, clause.from, clause.to),
          this.ctx,
          words,
        );
        step.routes = routes;
        target.push(step);
        this.scope.lastClassifier = step;
        return true;
      }
    }
    if (!m?.[1]) return false;
    const field = m[1]
      .replace(/\s+(?:and|then|into|as|to)$/, '')
      .replace(/ (?:level|type)$/, '_$&')
      .replace(/\s+/g, '_')
      .replace(/__/g, '_');
    const phrase = this.text(clause);
    // "Route Freshdesk tickets by priority to Slack and Microsoft Teams": one route per app; which values go where
    // is the user's to set.
    // The apps after "by <field>", or, when the field is said last, those between "to" and "by".
    const toAt = m[0].search(/\bto\b/);
    const fieldLast = toAt >= 0 && m[0].search(/\b(?:by|based on|depending on)\b/) > toAt;
    const end = this.tokenAt(clause, fieldLast ? m.index + toAt : m.index + m[0].length);
    // "Route Typeform leads …": what each route creates.
    const item = /\b(leads?|tickets?|orders?|contacts?|deals?|issues?|tasks?|messages?)\b/
      .exec(m[0])?.[1]
      ?.replace(/s$/, '');
    const targets = within(this.ctx.mentions, end, clause.to).apps.filter((a) => a.app.action);
    const said = routesOf(phrase).map((n) => n.toLowerCase());
    const appWords = targets.map((a) => this.words({ from: a.from, to: a.to }));
    if (targets.length >= 2 && said.every((n) => appWords.includes(n))) {
      const label = field.replace(/_/g, ' ');
      const start = this.tokenAt(clause, m.index);
      target.push(...this.action(clause.from, start));
      // "Route Freshdesk tickets by …": the items are read from the app they are in.
      for (const a of within(this.ctx.mentions, start, end).apps) {
        if (this.ctx.usedApps.has(a.from)) continue;
        this.ctx.usedApps.add(a.from);
        if (a.app.key !== this.ctx.triggerApp && a.app.action)
          target.push({
            kind: 'app',
            app: a.app.key,
            verb: 'read',
            hints: {},
            phrase: this.text({ from: a.from, to: end }),
          });
      }
      const sw: Extract<Step, { kind: 'switch' }> = {
        kind: 'switch',
        field,
        routes: targets.map((a) => {
          this.ctx.usedApps.add(a.from);
          return {
            name: a.app.name,
            condition: {
              field,
              operator: 'equals' as const,
              value: `<__PLACEHOLDER_VALUE__${label.replace(/^./, (c) => c.toUpperCase())} that goes to ${a.app.name}__>`,
            },
            steps: [
              {
                kind: 'app' as const,
                app: a.app.key,
                verb: appKind(a.app) === 'message' ? ('send' as const) : ('create' as const),
                ...(item && appKind(a.app) !== 'message' ? { noun: item } : {}),
                hints: {},
                phrase: this.text({ from: a.from, to: a.to }),
              },
            ],
          };
        }),
        fallback: null,
      };
      target.push(sw);
      this.scope.lastSwitch = sw;
      return true;
    }
    let names = routesOf(phrase);
    if (!names.length) names = SCALES.find(([re]) => re.test(field))?.[1] ?? [];
    const before = this.tokenAt(clause, m.index);
    target.push(...this.action(clause.from, before));
    if (!names.length) {
      this.unmapped.push(`${phrase} (which routes should there be, and what should each do?)`);
      return true;
    }
    const routes = names.map((name) => ({ name, steps: [] as Step[] }));
    if (this.ctx.wantsAi || /\b(?:ai|classify|categori[sz]e)\b/.test(words)) {
      const step = aiStep('classify', phrase, within(this.ctx.mentions, clause.from, clause.to), this.ctx, words);
      step.routes = routes;
      target.push(step);
      this.scope.lastClassifier = step;
    } else {
      const sw: Extract<Step, { kind: 'switch' }> = { kind: 'switch', field, routes, fallback: null };
      target.push(sw);
      this.scope.lastSwitch = sw;
    }
    return true;
  }

  private unmappedClause(clause: Clause, words: string): void {
    const about = /\b(?:in|on|with) the browser\b|\bagent'?s computer\b|\bshow me\b|\bexplain\b/.test(words);
    // "hello, how do i build this": a question about the request, not a part of it.
    const asking =
      /^(?:(?:hi|hello|hey|hiya)\s+)?(?:how|what|which|where|can|could|is|are)\s+(?:do|can|could|would|should|is|are)?\s*(?:i|we|you|it|there)\b.*\b(?:this|it|that|possible|way)$/.test(
        words,
      );
    const filler =
      /^(?:please|thanks?(?: you)?|i (?:want|need|would like)(?: to| a| an)?|(?:i (?:want|need|would like|'d like)|i'd like) to (?:know|be (?:told|notified|alerted)|hear)|can you|could you|build(?: me)?(?: a| an)?(?: workflow| automation)?|create(?: a| an)? (?:workflow|automation)|workflow|automation|that|it|and|then|also|so|the|a|an|ok|okay|hi|hello|hey|for me|me|us|(?:run )?(?:on a (?:regular |recurring )?schedule|(?:as )?a cron(?: job)?|cron))$/;
    // "validates the data" before a condition: the condition is the check; "embed them with Cohere", "chunk them":
    // the vector store's sub-nodes do that.
    const checking = /\b(?:validat\w*|verif\w*|checks?|checking|embed\w*|vectori[sz]\w*|chunk\w*)\b/.test(words);
    // "Columns: the fields" (a field mapping, read as how a step fills them), "a one-time migration I'll run by
    // hand" (the manual start): said, and used.
    const used =
      /\bthe fields$/.test(words) ||
      /\b(?:by hand|manually|one-?(?:time|off) (?:migration|import|backfill|job|run|sync))\b/.test(words) ||
      // "Ignore all other status changes": what no route takes goes nowhere.
      /^(?:and\s+)?(?:just\s+)?(?:ignore|skip|drop|discard)\s+(?:all\s+|any\s+|every\s+)?(?:the\s+)?(?:other|others|rest|everything else|anything else)\b/.test(
        words,
      );
    if (
      words.split(' ').length > 1 &&
      !about &&
      !asking &&
      !checking &&
      !used &&
      !filler.test(words) &&
      verbClass(words.split(' ')[0]!) !== 'umbrella'
    )
      this.unmapped.push(this.text(clause));
  }
}

/**
 * "Create a Bug in Jira … If an open Jira bug already exists for the issue, add a comment to it instead": the item
 * made before the test that looks for it is made only when none was found, so it moves into that outcome.
 */
/**
 * "No texts after 9pm": a Filter on the clock before the first step of the kind the limit names (a text, a message,
 * an e-mail, …), or before the first step that does anything when none is of that kind.
 */
function limitTimes(steps: Step[], limit: { kind: string; app?: string; condition: Condition }): void {
  const sms = /^(?:texts?|sms|calls?)$/.test(limit.kind);
  const mail = /^e-?mails?$/.test(limit.kind);
  const message = /^(?:messages?|alerts?|notifications?|pings?|dms?|pages?|paging|updates?|posts?)$/.test(limit.kind);
  const named = (s: Step) =>
    s.kind === 'app' &&
    s.verb !== 'read' &&
    s.verb !== 'search' &&
    (limit.app
      ? s.app === limit.app
      : sms
        ? SMS_APPS.test(s.app)
        : mail
          ? MAIL_SENDERS.test(s.app)
          : message
            ? appKindOf(s.app) === 'message' || SMS_APPS.test(s.app)
            : true);
  const acts = (s: Step) =>
    (s.kind === 'app' && s.verb !== 'read' && s.verb !== 'search') || s.kind === 'http' || s.kind === 'ai';
  const step = firstStep(steps, named) ?? firstStep(steps, acts);
  const found = step && listHolding(step, steps);
  if (!found) return;
  const at = found.indexOf(step);
  // The steps after it still run at any time ("No texts after 9pm" holds back the text, not the Mailchimp signup).
  if (at < found.length - 1 && named(found[at]!))
    found.splice(at, 1, { kind: 'if', condition: limit.condition, then: [found[at]!], otherwise: [] });
  else found.splice(at, 0, { kind: 'filter', condition: limit.condition });
}

function createsIn(step: Step, app: string): boolean {
  return !!firstStep([step], (s) => s.kind === 'app' && s.app === app && s.verb === 'create');
}

/**
 * A lookup whose test keeps the items it found none of ("don't make another"), left after routes the audits built
 * that create the item in that app: it is looked up, and tested, before them.
 */
function lookupFirst(steps: Step[], lookup: Step): void {
  const here = listHolding(lookup, steps);
  if (!here || lookup.kind !== 'app') return;
  const at = here.indexOf(lookup);
  const test = here[at + 1];
  if (test?.kind !== 'filter' || test.condition.operator !== 'notExists') return;
  const before = here.slice(0, at);
  if (before.some((s) => s.kind === 'app' && s.app === lookup.app && s.verb === 'create')) return;
  const branch = before.findLastIndex((s) => (s.kind === 'switch' || s.kind === 'if') && createsIn(s, lookup.app));
  if (branch < 0) return;
  here.splice(at, 2);
  here.splice(branch, 0, lookup, test);
}

function insteadOfMade(list: Step[], lookup: Step): void {
  const at = list.indexOf(lookup);
  const test = list[at + 1];
  if (at < 0 || lookup.kind !== 'app' || test?.kind !== 'if') return;
  const none = test.condition.operator === 'exists' ? test.otherwise : test.then;
  const made = list.slice(0, at).findLastIndex((s) => s.kind === 'app' && s.app === lookup.app && s.verb === 'create');
  if (made < 0) {
    // "Fatal ones: create a Linear issue …. Errors/warnings: Linear issue only. If there's already a Linear issue with
    // that Sentry ID in the title, don't make another": the routes that create it run only when none was found.
    const branch = list
      .slice(0, at)
      .findLastIndex((s) => (s.kind === 'switch' || s.kind === 'if') && createsIn(s, lookup.app));
    if (branch < 0 || none.length) return;
    list.splice(at, 2);
    const [routes] = list.splice(branch, 1);
    none.push(routes!);
    list.splice(branch, 0, lookup, test);
    return;
  }
  // "Sync new contacts into Baserow. If one exists update the row, otherwise create a new one": the create said
  // first is the one said in that outcome.
  const again = none.find((s) => s.kind === 'app' && s.app === lookup.app && s.verb === 'create');
  if (none.length && !again) return;
  const [step] = list.splice(made, 1);
  if (step?.kind !== 'app') return;
  if (!lookup.noun && step.noun) lookup.noun = step.noun;
  if (again?.kind === 'app') again.noun ??= step.noun;
  else none.push(step);
}

/** A word that is a value of a field or one side of a yes/no outcome ("invalid", "cancelled", "spam"). */
const VALUE_OR_OUTCOME = (word: string): boolean => Boolean(fieldOfValue(word) ?? opposite(word));

/** Adjectives that name a value of the items ("urgent tickets", "failed payments", "invalid emails"). */
const VALUE_ADJECTIVE =
  /^(?:urgent|critical|high-priority|negative|positive|failed|overdue|unpaid|invalid|cancelled|canceled|refunded|vip|premium|abandoned|unanswered|unassigned|unread|suspicious|large|big|high-value|big-ticket)$/;

/**
 * "Escalate urgent HaloPSA tickets to PagerDuty", "unsubscribe invalid emails", "Trigger Netlify deploys on
 * Bitbucket pushes to main": a value the items must have, said as an adjective or a branch, is a Filter where the
 * request names it (first, when it is in the trigger's words) unless a condition already tests it.
 */
function valueFilters(steps: Step[], ctx: ReadContext, used: Set<number>): void {
  const tested = new Set<string>();
  walkSteps(steps, (s) => {
    if (s.kind === 'filter' || s.kind === 'if') tested.add(s.condition.field);
    if (s.kind === 'switch') tested.add(s.field);
    if (s.kind === 'ai' && s.routes?.length) tested.add('category');
    // "save the positive ones to Notion and send the negative ones to Slack": values routes already go by.
    if (s.kind === 'switch') s.routes.forEach((r) => tested.add(`=${r.name.toLowerCase()}`));
    if (s.kind === 'ai') s.routes?.forEach((r) => tested.add(`=${r.name.toLowerCase()}`));
  });
  const { tokens } = ctx;
  const add = (condition: Condition, at: number) => {
    if (tested.has(condition.field)) return;
    tested.add(condition.field);
    const filter: Step = { kind: 'filter', condition };
    if (used.has(at) || !steps.length) return void steps.unshift(filter);
    // Before the first step the word is part of (after the reads that fetch the items).
    const word = tokens[at]!.text.toLowerCase();
    const i = steps.findLastIndex(
      (s) => 'phrase' in s && typeof s.phrase === 'string' && s.phrase.toLowerCase().includes(word),
    );
    const place = i < 0 ? 0 : i + (steps[i]!.kind === 'app' && (steps[i] as { verb: string }).verb === 'read' ? 1 : 0);
    steps.splice(place, 0, filter);
  };
  for (let i = 0; i < tokens.length - 1; i++) {
    const first = tokens[i]!;
    // "high-value deals": a hyphenated adjective is one word.
    const joined = tokens[i + 1]?.text === '-' && tokens[i + 1]!.joined && tokens[i + 2]?.joined;
    const t = joined ? { ...first, lower: `${first.lower}-${tokens[i + 2]!.lower}` } : first;
    const next = joined ? i + 3 : i + 1;
    if (t.kind !== 'word' || !VALUE_ADJECTIVE.test(t.lower)) continue;
    // Followed by the items, or by an app and its items ("urgent HaloPSA tickets").
    const app = ctx.mentions.apps.find((a) => a.from === next);
    const noun = tokens[app ? app.to : next];
    if (
      !noun ||
      noun.kind !== 'word' ||
      !/^[a-z]+s$|^(?:email|order|ticket|payment|lead|issue|deal|invoice|review|message)$/.test(noun.lower)
    )
      continue;
    if (/^(?:if|when|only|are|is|were|was)$/.test(tokens[i - 1]?.lower ?? '')) continue;
    const other = opposite(t.lower);
    if (tested.has(`=${t.lower}`) || (other && tokens.some((x) => x.lower === other))) continue;
    const c = /^(?:large|big|high-value|big-ticket)$/.test(t.lower)
      ? ({
          field: 'amount',
          operator: 'gt',
          value: '<__PLACEHOLDER_VALUE__Amount that counts as large__>',
        } as Condition)
      : conditionOf(`if they are ${t.lower}`);
    if (c) add(stripEnd(c), i);
  }
  // "Front conversations tagged as bugs", "issues labelled 'urgent'": the items carry that label.
  // ("labelled 'good first issue'": a quoted label keeps all its words.)
  const tagged =
    /\b(?:tagged|labell?ed)\s+(?:as\s+|with\s+)?["'“‘]([a-z][\w-]{1,30}(?: [\w-]{1,30}){1,3})["'”’]/i.exec(
      ctx.original,
    ) ?? /\b(?:tagged|labell?ed)\s+(?:as\s+|with\s+)?["'“]?([a-z][\w-]{1,30})["'”]?/i.exec(ctx.original);
  if (
    tagged?.[1] &&
    !/^(?:the|a|an|it|them|and|or|by)$/i.test(tagged[1]) &&
    !ordersLabel(ctx.original.slice(0, tagged.index))
  )
    add(
      { field: 'labels', operator: 'contains', value: tagged[1].toLowerCase().replace(/s$/, '') },
      tokens.findIndex((t) => t.start >= tagged.index),
    );
  // "pushes to main", "commits on the release branch": the branch the event happened on.
  // "every push on branch 'release'", "pushes to the release/2.0 branch": any branch the request names.
  const branch =
    /\b(?:push(?:es|ed)?|commits?|merged?|merges|fails?|failed|runs?|builds?)\s+(?:to|on|into)\s+(?:the\s+)?(main|master|develop|dev|staging|production|prod|release)\b/i.exec(
      ctx.original,
    ) ??
    /\b(?:push(?:es|ed)?|commits?|merged?|merges|fails?|failed|runs?|builds?)\s+(?:to|on|into)\s+(?:the\s+)?(?:branch\s+[`'"‘“]?([\w./-]+)|[`'"‘“]?([\w./-]+?)[`'"’”]?\s+branch\b)/i.exec(
      ctx.original,
    );
  if (branch)
    add(
      {
        // Bitbucket's push names the branch in its changes; GitHub and GitLab give the ref ("refs/heads/main").
        field: ctx.triggerApp === 'bitbucket' ? 'push.changes[0].new.name' : 'ref',
        operator: 'contains',
        value: (branch[1] ?? branch[2] ?? branch[3])!.replace(/['"’”`]$/, ''),
      },
      tokens.findIndex((t) => t.start >= branch.index),
    );
}

/** "check UptimeRobot for monitors that are down", "tickets which are overdue": the items in that state. */
/**
 * "for each public video", "for each non-EUR charge", "for every unpaid invoice": the items a loop goes through are
 * only those its qualifier names ("new" items are what was read; no test).
 */
function qualifierTest(words: string): Condition | null {
  const m = /^(?:and\s+|then\s+)?for\s+(?:each|every)\s+(?:new\s+)?(non[-\s]?)?([a-z]{2,12})\s+([a-z]+)\b/.exec(words);
  if (!m || verbClass(m[3]!) || WHICH_ONES.test(m[2]!)) return null;
  // "non-EUR", "USD": a currency's code.
  if (CURRENCY_CODES.test(m[2]!))
    return { field: 'currency', operator: m[1] ? 'notEquals' : 'equals', value: m[2]!.toUpperCase() };
  const field = /^(?:public|private|unlisted)$/.test(m[2]!) ? 'visibility' : fieldOfValue(m[2]!);
  if (!field || field === 'category' || field === 'action') return null;
  if (field === 'status' && m[2] === 'new') return null;
  return { field, operator: m[1] ? 'notEquals' : 'equals', value: m[2]! };
}

function stateTest(words: string): Condition | null {
  const m = /\b[a-z]+\s+(?:that|which|who)\s+(?:are|is)\s+(?:currently\s+|still\s+)?(not\s+)?([a-z-]+)\b/.exec(words);
  if (!m?.[2] || !VALUE_OR_OUTCOME(m[2])) return null;
  const c = conditionOf(`if they are ${m[1] ?? ''}${m[2]}`);
  return c ? stripEnd(c) : null;
}

/**
 * "a digest from several RSS feeds merged into one email", "RSS Read from 5 feeds → Merge": one RSS Read per feed
 * (up to five; a longer list stays one node fed with the URLs), run side by side into a Merge.
 */
function feedsMerged(steps: Step[], original: string): void {
  const said =
    /\b(two|three|four|five|[2-5]|several|multiple|a few|few)\s+(?:[\w'-]+\s+){0,3}?(?:rss\s+)?feeds\b/i.exec(
      original,
    )?.[1];
  if (!said) return;
  const count = numberWord(said) ?? 3;
  const lists: Step[][] = [];
  walkSteps(steps, (s) => {
    if (s.kind === 'loop') lists.push(s.body);
  });
  for (const list of [steps, ...lists]) {
    const at = list.findIndex((s) => s.kind === 'app' && s.app === 'rssFeedRead' && s.verb === 'read');
    if (at < 0) continue;
    const read = list[at]!;
    list.splice(at, 1, { kind: 'parallel', branches: Array.from({ length: count }, () => [{ ...read }]), merge: true });
    return;
  }
}

/** How many steps at the start of a list read items. */
function leadingReads(steps: Step[]): number {
  const i = steps.findIndex((s) => !isRead(s));
  return i < 0 ? steps.length : i;
}

/**
 * A numeric test inside an action's words: "email an invite to anyone scoring 8 or higher", "post candidates with 7+",
 * "for every item with stock under 10 …". Only after words that introduce the items' test, so "every 15 minutes" or
 * "over 1000 rows" is never one.
 */
function inlineComparison(words: string, request: string): Condition | null {
  const m =
    /\bwho\s+(\w+ed\s+(?:more|less|fewer|over|under|above|below).*)$|\b(?:with|whose|where|having|who (?:have|has|are)|that (?:have|has|are))\s+(.*)$|\b((?:anyone|anybody|everyone|everybody|those|people|candidates|applicants|leads|customers|users|items|products|ones)\s+(?:scoring|scored|rated|costing|priced|valued|worth|aged)\s+.*)$/.exec(
      words,
    );
  // "fetch all open tickets older than 48 hours": their date is before that long ago.
  const old = /\bolder than\b.*$|\bmore than \S+ \S+ old\b.*$/.exec(words);
  const aged = old ? conditionOf(old[0]) : null;
  if (aged && typeof aged.value === 'string') return stripEnd(aged);
  // "Events named login_failure should additionally be posted …": the items of that name.
  const named = /\b(?:[a-z]+s|ones)\s+(?:named|called|titled)\s+\S/.exec(words);
  const byName = named ? conditionOf(words.slice(named.index)) : null;
  if (byName && /^(?:name|title)$/.test(byName.field)) return stripEnd(byName);
  const unfound = unfoundTest(words);
  if (unfound) return unfound;
  const said = m?.[1] ?? m?.[2] ?? m?.[3];
  if (!said) return null;
  // "candidates with 7+": the measure the request scores by.
  const text = /^\d/.test(said) ? `${/\bscor/.test(request) ? 'score' : 'value'} ${said}` : said;
  const c = conditionOf(text);
  if (c && /^(?:gt|lt|gte|lte)$/.test(c.operator) && typeof c.value === 'number') return stripEnd(c);
  // "add them to our Mailchimp audience with tag 'conf-2025'": the value the step writes, not a test.
  const writes =
    m?.[2] !== undefined &&
    /^(?:(?:and|then|also|just)\s+)*(?:add|adds|create|creates|subscribe|subscribes|put|puts|save|saves|insert|append|tag|tags|label|labels|post|posts|send|sends|move|moves|assign|assigns|file|files|open|opens|log|logs)\b[^.]*?\b(?:to|into|in|on|as)\b(?![^.]*\b(?:for|of) (?:each|every|all|any)\b)[^.]*\bwith\s+(?:the\s+|a\s+|an\s+)?(?:tags?|labels?|status|priority|stage|type|category|source|list|group)\b/.test(
      words,
    );
  if (writes) return relativeTest(words);
  // "for each order with a gift note": what each item has (not "message our bot with an order ID").
  return (
    (m?.[2]
      ? hasTest(m[2], /\bfor (?:each|every|any|all)\b|\b(?:that|which|who) ha(?:s|ve)\b|\bhaving\b/.test(words))
      : null) ?? relativeTest(words)
  );
}

/** A field the items are commonly told apart by ("with severity high", "with status 'failed'"). */
const KEYED_FIELD =
  /^(?:status|state|severity|priority|type|category|stage|label|tag|plan|tier|country|region|source|level|channel|branch|method|payment_method|role|department|team|language|currency|environment|env)$/;

/**
 * "for each order that has a customer comment", "for those with severity high", "with payment method 'Pay by
 * invoice'": the items that have the field, or that hold the value said in it.
 */
function hasTest(said: string, items: boolean): Condition | null {
  const keyed = conditionOf(`with ${said}`);
  if (
    keyed?.operator === 'equals' &&
    typeof keyed.value === 'string' &&
    (KEYED_FIELD.test(keyed.field) || /^\S+\s+['"‘“`]/.test(said.replace(/^(?:the\s+)?[\w ]+?\s+(?=['"‘“`])/, '$& ')))
  )
    return stripEnd(keyed);
  const noun = items ? /^(?:an?|any|some)\s+([a-z][a-z-]*(?:\s[a-z][a-z-]*){0,2})\s*$/.exec(said.trim()) : null;
  // "one at a time, with a short pause between requests": how the steps run, not something the items have.
  if (
    !noun?.[1] ||
    /\b(?:and|or|then|to|in|on|for|from|of|between|with|per|at|by|after|before|into|over|under|about|each)\b/.test(
      noun[1],
    ) ||
    /\b(?:pause|delay|wait|break|gap|interval|timeout|retry|retries|limit|time|second|minute|hour|short|small|few|today|tomorrow|yesterday|tonight|now|soon|due|overdue)s?\b/.test(
      noun[1],
    )
  )
    return null;
  const field = noun[1].trim().replace(/[\s-]+/g, '_');
  return { field, operator: 'exists', value: null };
}

/**
 * "invoices from Xero that are more than 14 days overdue", "employees whose birthday is today", "rows whose status
 * is not posted": a relative clause on the items read is a test they pass.
 */
/** "until it's finished", "until the clip is ready", "until `status` == `done`": the test a poll waits for. */
function pollUntil(words: string): Condition | null {
  // ("the deploy `state` is `ready` or `error`": either value ends the wait.)
  const said =
    /(?:^|\s)'?([a-z_][\w.]{0,40})'?\s*(?:==?|is|equals)\s*'?([\w-]{1,40})'?(?:\s+or\s+'?([\w-]{1,40})'?)?/.exec(words);
  if (
    said &&
    !/^(?:it|they|that|this|he|she|the|its|their)$/.test(said[1]!) &&
    (said.index === 0 || /'/.test(said[0]))
  ) {
    const first: Condition = { field: said[1]!, operator: 'equals', value: said[2]! };
    return said[3] ? { ...first, more: [{ ...first, value: said[3] }], join: 'or' } : first;
  }
  const state =
    /\b(done|finished|complete|completed|ready|succeeded|successful|available|processed|generated|live|deployed|published|ended|closed|approved|uploaded|transcribed|rendered|delivered|shipped|arrived|paid|signed)\b/.exec(
      words,
    );
  return state ? { field: 'status', operator: 'equals', value: state[1]! } : null;
}

/**
 * "run the query on Postgres, clear the sheet tab and write the results there": the sheet is cleared before the
 * rows are read, so the rows reach the write (a clear between them would pass on its own answer, once per row).
 */
function clearFirst(steps: Step[]): void {
  for (let i = 1; i + 1 < steps.length; i++) {
    const [read, clear, write] = [steps[i - 1]!, steps[i]!, steps[i + 1]!];
    if (
      clear.kind === 'app' &&
      clear.verb === 'delete' &&
      clear.hints.clear &&
      read.kind === 'app' &&
      (read.verb === 'read' || read.verb === 'search') &&
      read.app !== clear.app &&
      write.kind === 'app' &&
      write.app === clear.app &&
      (write.verb === 'create' || write.verb === 'update')
    )
      steps.splice(i - 1, 2, clear, read);
  }
}

/** "5 minutes", "30s", "2 min", "a minute": how often a poll checks. */
function pollEvery(words: string[]): { amount: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' } | null {
  const m =
    /^(\d{1,4}|a|an|one|two|few|couple of)?\s*(seconds?|secs?|s|minutes?|mins?|min|m|hours?|hrs?|h|days?|d)\b/.exec(
      words.slice(0, 3).join(' '),
    );
  if (!m) return null;
  const count = m[1];
  const amount =
    count === 'couple of' ? 2 : count === 'few' ? 3 : count && !/^an?$/.test(count) ? numberWord(count)! : 1;
  return { amount, unit: UNITS[m[2]!.replace(/s$/, '')]! };
}

/** "Any SKU that isn't found in Shopify should be logged …": the items the lookup found no match for. */
function unfoundTest(words: string): Condition | null {
  const unfound =
    /\b(?:that|which|who|where\s+(?:the|its|their)\s+[a-z]+)\s+((?:isn't|wasn't|aren't|weren't|is not|was not|are not|can't be|cannot be|couldn't be)\s+(?:found|matched))\b/.exec(
      words,
    );
  const c = unfound ? conditionOf(`if it ${unfound[1]}`) : null;
  return c?.field === 'id' ? stripEnd(c) : null;
}

function relativeTest(words: string): Condition | null {
  const m =
    /\b(?:that|which|who)\s+(?:are|is|were|was)\s+(?!(?:in|on|at|from|to|sent|posted|added|created|listed|stored|saved|mentioned|new|the|a|an|already there)\b)(.+)$|\bwhose\s+(.+)$/.exec(
      words,
    );
  if (!m) return null;
  const c = conditionOf(m[1] ? `if they are ${m[1]}` : `if their ${m[2]}`);
  if (!c || /^(?:are|is|they|their|it)$/.test(c.field)) return null;
  return stripEnd(c);
}

/** The state an app's "new item" event already means: "when an appointment is booked in Calendly". */
const CREATED_STATE =
  /^(?:booked|created|added|placed|submitted|scheduled|received|new|made|registered|opened|posted)$/;

/**
 * "When an appointment is booked in Acuity Scheduling, …": a first Filter that tests the item for the state its
 * trigger reports (a new booking is booked) would drop every item, whose status field says something else.
 */
function sameAsEvent(steps: Step[], trigger: Trigger): void {
  const first = steps[0];
  if (
    trigger.kind === 'app' &&
    trigger.event === 'created' &&
    first?.kind === 'filter' &&
    !first.condition.more?.length &&
    first.condition.operator === 'equals' &&
    CREATED_STATE.test(String(first.condition.value))
  )
    steps.shift();
  // "watches our support Gmail inbox" under the trigger on that inbox: said, and done by the trigger.
  const watched = steps[0];
  const app =
    trigger.kind === 'app'
      ? trigger.app
      : trigger.kind === 'email'
        ? { gmail: 'gmail', outlook: 'microsoftOutlook', imap: 'emailReadImap' }[trigger.provider]
        : undefined;
  if (
    watched?.kind === 'app' &&
    watched.app === app &&
    isRead(watched) &&
    (/^(?:(?:and|then|it|that|which)\s+)?(?:watch|watches|watching|monitor|monitors|monitoring)\b/i.test(
      watched.phrase,
    ) ||
      // "Could we have our support Gmail inbox read by an AI …": the mail the trigger brings.
      (trigger.kind === 'email' && /\b(?:inbox|mailbox)\s+(?:\w+\s+)?read\s+by\b/i.test(watched.phrase)))
  )
    steps.shift();
}

/** "an AI agent with SerpAPI, Wikipedia and a calculator as tools": SerpAPI is the agent's web search, no read. */
function searchIsTool(steps: Step[]): void {
  let searches = false;
  walkSteps(
    steps,
    (s) => (searches ||= s.kind === 'ai' && s.task === 'agent' && s.tools.some((t) => t.kind === 'web_search')),
  );
  if (!searches) return;
  for (let k = steps.length - 1; k >= 0; k--) {
    const s = steps[k]!;
    if (s.kind === 'app' && /^serpApi/.test(s.app) && s.verb === 'read') steps.splice(k, 1);
  }
}

/** The test the other items pass ("skip the invalid ones" keeps the valid ones). */
const negated = (c: Condition): Condition => ({
  field: c.field,
  operator: invert(c.operator),
  value: typeof c.value === 'boolean' ? !c.value : c.value,
  // "skip the ones over 500 and new": not both is either one failing.
  ...(c.more?.length ? { more: c.more.map(negated), join: c.join === 'or' ? 'and' : 'or' } : {}),
});

const stripEnd = (c: Condition & { end?: number }): Condition => ({
  field: c.field,
  operator: c.operator,
  value: c.value,
  ...(c.more?.length ? { more: c.more, join: c.join ?? 'and' } : {}),
});

const ASKS = /\b(?:chat\w*|bot|assistant|answers? (?:\w+ ){0,3}questions?|ask (?:\w+ ){0,3}questions?|q&a)\b/i;
const BOT_APPS = /^(?:telegram|whatsApp|slack|discord|microsoftTeams|mattermost|line)$/;
/** Providers with an embeddings node of their own. */
const EMBEDS = /^(?:openai|gemini|ollama|mistral|cohere)$/;
const aiSteps = (steps: Step[]): AiStep[] => {
  const out: AiStep[] = [];
  walkSteps(steps, (s) => {
    if (s.kind === 'ai') out.push(s);
  });
  return out;
};

/**
 * "Load our Notion wiki into Qdrant and give me a Slack bot that answers questions about it": documents go into the
 * vector store from one entry point (the event or schedule said, else a click), and questions are answered from
 * another (the chat or the bot), by an agent that searches the same store.
 */
function splitIngestion(spec: WorkflowSpec, ctx: ReadContext): void {
  if (!ASKS.test(ctx.original)) return;
  // "… so our chatbot can answer questions about it": the chat already exists; only the loading is asked for.
  if (/\bso (?:that )?(?:our|my|the|their) (?:existing )?(?:chat\w*|bot|assistant|agent)\b/i.test(ctx.original)) return;
  const isStore = (s: Step) =>
    s.kind === 'app' && /^vectorStore/.test(s.app) && s.verb !== 'read' && s.verb !== 'search';
  const at = spec.steps.findIndex((s) => isStore(s) || (s.kind === 'loop' && s.body.some(isStore)));
  // "… with documents uploaded through an n8n form": the form fills the store the agent searches.
  const uploaded =
    /\b(?:documents?|files?|pdfs?|docs)\b[^.]{0,30}\buploaded\s+(?:through|via|with|in|using)\s+(?:an?\s+)?(?:n8n\s+)?form\b/i.test(
      ctx.original,
    );
  if (at < 0 && uploaded) {
    let tool: string | undefined;
    walkSteps(spec.steps, (s) => {
      if (s.kind === 'ai') tool ??= s.tools.find((t) => t.kind === 'vectorStore')?.app;
    });
    if (!tool) return;
    const agent = aiSteps(spec.steps).find((s) => s.task === 'agent');
    const provider = agent && EMBEDS.test(agent.model.provider) ? agent.model.provider : 'openai';
    spec.ingest = {
      trigger: { kind: 'form', title: 'Upload documents', fields: ['Documents'] },
      steps: [
        {
          kind: 'app',
          app: tool,
          verb: 'create',
          hints: {},
          phrase: 'documents uploaded through a form',
          embeddings: provider,
          files: true,
        },
      ],
    };
    spec.steps = spec.steps.filter((s) => !(s.kind === 'app' && s.app === 'n8n'));
    return;
  }
  if (at < 0) return;
  const holder = spec.steps[at]!;
  const store = (holder.kind === 'loop' ? holder.body.find(isStore) : holder) as Extract<Step, { kind: 'app' }>;
  const isAgent = (s: Step) => s.kind === 'ai' && s.task === 'agent';
  const before = spec.steps.slice(0, at + 1).filter((s) => !isAgent(s));
  const after = spec.steps.filter((s, i) => (i > at || isAgent(s)) && !(s.kind === 'app' && s.app === store.app));
  const trigger = spec.trigger;
  const asking = trigger.kind === 'chat' || (trigger.kind === 'app' && BOT_APPS.test(trigger.app));
  const bot = ctx.mentions.apps.find((a) => BOT_APPS.test(a.app.key) && a.app.trigger)?.app.key;
  const chatTrigger: WorkflowSpec['trigger'] = asking
    ? trigger
    : bot
      ? { kind: 'app', app: bot, event: 'created' }
      : { kind: 'chat' };
  const ingestTrigger: WorkflowSpec['trigger'] = asking ? { kind: 'manual' } : trigger;
  let agent = after.find(isAgent) as AiStep | undefined;
  if (!agent) {
    agent = aiStep('agent', 'answer questions from the documents', { ...ctx.mentions, models: [] }, ctx, '');
    after.unshift(agent);
  }
  // The store is searched with the embeddings it was filled with.
  const provider = store.embeddings ?? (EMBEDS.test(agent.model.provider) ? agent.model.provider : 'openai');
  store.embeddings = provider;
  agent.tools = agent.tools.filter((t) => t.kind !== 'vectorStore');
  agent.tools.push({ kind: 'vectorStore', app: store.app, embeddings: provider });
  agent.memory = true;
  // One agent answers: tools of any other agent step join it.
  for (const other of after.filter((s) => isAgent(s) && s !== agent) as AiStep[])
    for (const t of other.tools)
      if (!agent.tools.some((x) => JSON.stringify(x) === JSON.stringify(t))) agent.tools.push(t);
  for (let i = after.length - 1; i >= 0; i--) if (isAgent(after[i]!) && after[i] !== agent) after.splice(i, 1);
  const botApp = chatTrigger.kind === 'app' ? chatTrigger.app : null;
  if (botApp && !after.some((s) => s.kind === 'app' && s.app === botApp && s.verb === 'send'))
    after.push({ kind: 'app', app: botApp, verb: 'send', hints: {}, phrase: 'reply' });
  spec.ingest = { trigger: ingestTrigger, steps: before };
  spec.trigger = chatTrigger;
  spec.steps = after.filter((s) => !(s.kind === 'app' && botApp && s.app === botApp && s.verb === 'read'));
}

/** "when the Newsletter opt-in becomes false": the field a yes/no state is said of, when the request quotes it. */
function fieldFromWords(words: string): string | null {
  const quoted = /['"‘“]([^'"’”]{2,40})['"’”]/.exec(words)?.[1];
  return quoted
    ? quoted
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
    : null;
}

/** Words a stated test keeps out of its flag's name. */
const FILLER =
  /^(?:of|the|a|an|it|its|it's|they|they're|theyre|their|them|is|are|was|were|be|been|i|we|you|my|our|your|any|some|there|has|have|had|do|does|did)$/;
/** "If so", "If it is", "If yes", "if the answer is yes", "If true": the yes answer to the question before. */
const AFFIRMED =
  /^(?:(?:and|but|then) )?if (?:so|yes|true|it is|it does|it has|they are|they do|that's the case|that is the case|it's true|the answer is yes|(?:the )?(?:ai|model|llm|gpt|agent|classifier) says yes)\b/;

/** Words that alone name no test ("if they're already there", "if so", "if needed"). */
const VAGUE = /^(?:already|still|too|also|so|yes|then|there|here|needed|necessary|possible|that|this|one|of|any)$/;
/** Words after which a verb is still part of the test ("it needs to approve", "we have to send"). */
const TEST_WORD = /^(?:to|be|been|being|is|are|was|were|not|never|has|have|had|was|already|still|get|got)$/;

/** "if the status is A … if it is B …": another value of the field the test before compared. */
/** A test a Switch route takes: one value, or one of a list ("one of DE, FR, NL"). */
const valueTest = (c: Condition) => c.operator === 'equals' || c.operator === 'oneOf' || c.operator === 'between';

/** A test of a number: a bound, a range, or numbers listed ("9 or 10"). */
const numeric = (c: Condition) =>
  typeof c.value === 'number' ||
  c.operator === 'between' ||
  (/^(?:equals|oneOf)$/.test(c.operator) && /^\d+(?:\.\d+)?(?:,\s*\d+(?:\.\d+)?)*$/.test(String(c.value)));

/** A Switch route of a test: named by its value, with the test itself where it is a list or a range. */
const routeOf = (c: Condition, steps: Step[]) => ({
  name: c.operator === 'between' ? rangeEnds(c.value).join('–') : String(c.value),
  steps,
  ...(c.operator === 'oneOf' || c.operator === 'between' ? { condition: c } : {}),
});

function otherValue(before: Condition, now: Condition): boolean {
  return (
    ((valueTest(before) && valueTest(now)) || (before.operator === 'contains' && now.operator === 'contains')) &&
    before.field === now.field &&
    before.value !== now.value
  );
}

/** The Switch two tests of one field make, the first one's steps on its own route. */
function switchOf(
  first: Condition,
  firstSteps: Step[],
  second: Condition,
  steps: Step[],
  fallback: Step[] | null,
): Extract<Step, { kind: 'switch' }> {
  return {
    kind: 'switch',
    field: second.field,
    routes: [routeOf(first, firstSteps), routeOf(second, steps)],
    fallback,
    ...(second.operator === 'contains' ? { match: 'contains' as const } : {}),
  };
}

/**
 * "remind my students every sunday … their emails are in a google sheet", "… All bookings are logged in a Google
 * Sheet": a read said after the steps, of where the items already are, comes before them.
 */
function whereItemsAre(steps: Step[]): void {
  for (let i = 1; i < steps.length; i++) {
    const s = steps[i]!;
    if (
      s.kind !== 'app' ||
      s.verb !== 'read' ||
      !/\b(?:are|is)\s+(?:all\s+)?(?:kept|stored|listed|logged|saved|tracked|recorded)?\s*(?:in|on|inside)\b/i.test(
        s.phrase,
      )
    )
      continue;
    const first = steps.findIndex((x) => x.kind !== 'filter' && !(x.kind === 'app' && x.verb === 'read'));
    if (first < 0 || first >= i) continue;
    steps.splice(i, 1);
    steps.splice(first, 0, s);
  }
}

/** A first line that is the trigger line itself ("Trigger: …", "When: …"), not a title over it. */
const TRIGGER_TITLE = /^\s*(?:[-*•]\s*)?(?:\*\*|__)?(?:trigger|when|starts? when|kick-?off|entry point)\b/i;

/** Apps whose trigger node has an event of its own for a failure ("invoice.payment_failed", "deployFailed"). */
const TRIGGERS_WITH_FAILURE_EVENTS = new Set([
  'chargebee',
  'customerIo',
  'lemlist',
  'netlify',
  'onfleet',
  'stripe',
  'whatsApp',
]);

export function readRequest(request: string, options: { fragment?: boolean; part?: boolean } = {}): WorkflowSpec {
  const said = normalise(request);
  // "… log it to a Google Sheet. Every Monday at 9am, email me a summary from that sheet.": a part with its own
  // schedule, read on its own, beside an event part read without it.
  const later = options.fragment || options.part ? null : laterPart(said);
  if (later) {
    // The short part first: when it has no schedule of its own, the first part need not be read apart.
    let part = readRequest(later.text, { part: true });
    let first: WorkflowSpec | undefined;
    const readFirst = () => (first ??= readRequest(withoutLaterPart(said, later), { part: true }));
    // "And a second one that runs every Sunday night and deletes customers marked 'invalid'": the part acts on the
    // data the first part keeps when it names no app of its own.
    if (!part.steps.length && part.trigger.kind === 'schedule') {
      const store = firstStep(readFirst().steps, (s) => s.kind === 'app' && ROW_STORES.test(s.app));
      const name = store?.kind === 'app' ? nodeCatalog().app(store.app)?.name : undefined;
      if (name) part = readRequest(`${later.text.replace(/[.!?\s]+$/, '')} in ${name}`, { part: true });
    }
    const main = part.trigger.kind === 'schedule' ? readFirst() : null;
    if (
      main &&
      main.trigger.kind !== 'schedule' &&
      // ("I need a workflow I run by hand: … And a second one that runs every Sunday night …": a start said.)
      (main.trigger.kind !== 'manual' || /\b(?:by hand|manually|on demand)\b/i.test(said.slice(0, later.start))) &&
      main.steps.length
    ) {
      main.parts = [partSteps(main, part), ...(main.parts ?? [])];
      main.choices.push(...part.choices.filter((c) => !main.choices.some((d) => d.said === c.said)));
      main.unmapped.push(...part.unmapped);
      return main;
    }
  }
  // "Every morning at 6, and also whenever our webhook is called, …": the second start is read on its own, and the
  // rest of the request without it.
  const second = options.fragment ? null : secondStart(said);
  const original = second ? withoutSecondStart(said, second) : said;
  const tokens: Token[] = tokenize(original);
  const mentions = findMentions(tokens);
  const found = findTrigger(tokens, mentions, original);
  // "when an invoice arrives in our accounts email, if it's under $500 forward it …": mail starts it, so its steps
  // read as replies and forwards from the start (the audits would find it only after).
  if (
    !found.headed &&
    (found.trigger.kind === 'manual' ||
      // A schedule no words said (a guess at how often to look).
      (found.trigger.kind === 'schedule' && !found.used.size && !findSchedule(original)) ||
      (found.trigger.kind === 'webhook' &&
        !/\b(?:webhooks?|endpoint|post request|http request|api)\b/i.test(original))) &&
    mailArrives(original)
  ) {
    const cue = mailArrives(original)!;
    tokens.forEach(
      (t, k) =>
        t.start >= cue.start &&
        t.end <= cue.end &&
        !/^(?:reply|replies|respond|responds|answer|answers|auto)$/.test(t.lower) &&
        found.used.add(k),
    );
    const keys = mentions.apps.map((a) => a.app.key);
    found.trigger = {
      kind: 'email',
      provider: keys.includes('gmail') ? 'gmail' : keys.includes('microsoftOutlook') ? 'outlook' : 'imap',
    };
  }
  // "Acuity bookings → Notion CRM (therapist client)" over a spec with its own trigger line: a title, not a step.
  const title = /^([^\n]{1,100})\n/.exec(request.trim())?.[1] ?? '';
  if (
    found.headed &&
    title &&
    !/[.!?:]\s*$/.test(title) &&
    title.split(/\s+/).length <= 12 &&
    !TRIGGER_TITLE.test(title)
  ) {
    const end = /[.!?\n]/.exec(original)?.index ?? 0;
    // Unless it names an app nothing else does ("DATA-51 Nightly CSV import from vendor FTP").
    const own = mentions.apps.filter((a) => tokens[a.from]!.end <= end);
    if (own.every((a) => mentions.apps.some((b) => b.app.key === a.app.key && tokens[b.from]!.start > end)))
      tokens.forEach((t, k) => t.end <= end && found.used.add(k));
  }
  // "send n8n workflow failures to Slack": with an Error Trigger, n8n is what fails, not an app to call.
  if (found.trigger.kind === 'error') mentions.apps = mentions.apps.filter((a) => a.app.key !== 'n8n');
  const wantsAi =
    mentions.models.length > 0 ||
    mentions.aiWords.length > 0 ||
    mentions.aiNouns.some((n) => n.strong && n.task === 'agent');
  const ctx: ReadContext = {
    tokens,
    original,
    mentions,
    usedApps: new Set(found.app ? [found.app.from] : []),
    usedModels: new Set(),
    choices: [...found.choices],
    mailApp: mentions.apps.find((a) => a.app.key === 'gmail')
      ? 'gmail'
      : mentions.apps.find((a) => a.app.key === 'microsoftOutlook')
        ? 'microsoftOutlook'
        : null,
    chat:
      found.trigger.kind === 'chat' ||
      (found.trigger.kind === 'app' &&
        /^(?:telegram|whatsApp|slack|discord|line|microsoftTeams)$/.test(found.trigger.app) &&
        mentions.aiNouns.some((n) => n.task === 'agent')),
    wantsAi,
    defaulted: new WeakSet(),
    usedGenerics: new Set(),
    usedUnknown: new Set(),
    usedNodes: new Set(),
    madeHttp: false,
    lastSend: null,
    lastRead: null,
    used: found.used,
    emailTrigger:
      found.trigger.kind === 'email' ||
      (found.trigger.kind === 'app' && /^(?:gmail|microsoftOutlook)$/.test(found.trigger.app)),
    aiTasks: [],
    triggerApp: found.trigger.kind === 'app' ? found.trigger.app : null,
    triggerKind: found.trigger.kind,
    headed: Boolean(found.headed),
  };
  const reader = new Reader(ctx);
  if (found.filter) reader.steps.push({ kind: 'filter', condition: found.filter });
  // "when a pipeline on main fails": most triggers report every run, so a Filter keeps the failed ones.
  else if (
    found.trigger.kind === 'app' &&
    found.trigger.event === 'failed' &&
    !TRIGGERS_WITH_FAILURE_EVENTS.has(found.trigger.app)
  )
    reader.steps.push({ kind: 'filter', condition: { field: 'status', operator: 'equals', value: 'failed' } });
  else if (found.trigger.kind === 'schedule' && calendarDay(original))
    reader.steps.push({ kind: 'filter', condition: calendarCondition(calendarDay(original)!) });
  for (const sentence of sentences(tokens)) {
    let from = tokens.indexOf(sentence[0]!);
    const to = tokens.indexOf(sentence.at(-1)!) + 1;
    // "Download Attachments: the workflow downloads …": a step's title before a colon is not a step of its own.
    // (Not the colon of a clock time: "Wait until 18:00 on last_day, then …".)
    const colon = sentence.findIndex(
      (t, k) =>
        t.kind === 'punct' &&
        t.text === ':' &&
        !(
          t.joined &&
          sentence[k + 1]?.joined &&
          /^\d{2}$/.test(sentence[k + 1]!.text) &&
          /^\d{1,2}$/.test(sentence[k - 1]?.text ?? '')
        ),
    );
    const label = colon > 0 && colon <= 7 ? sentence.slice(0, colon) : [];
    // "Loop with delay: iterates over …" too: a capitalised title of a few words.
    if (
      label.length &&
      (label.every((t) => t.kind !== 'word' || /^[A-Z0-9&]/.test(t.text)) ||
        (label.length <= 4 && /^[A-Z]/.test(label[0]!.text))) &&
      colon < sentence.length - 3 &&
      // "Negative: raise the priority …" after a sentiment step: an outcome, not a title.
      !(label.every((t) => SENTIMENTS.test(t.text) || t.text === '/') && routeStart(tokens, from)) &&
      // "Over 7: post to Slack", "Under $500 → …": a range that labels a route (one said with its unit, "Fewer
      // than 7 days: …", is read by the ladder of spans).
      !(/^(?::|→|-)$/.test(tokens[numberRange(tokens, from)?.end ?? -1]?.text ?? '') && routeStart(tokens, from))
    )
      from += colon + 1;
    reader.sentence(splitClauses(tokens, from, to, found.used));
  }
  // "Two days after a new Shopify order comes in, email the customer": the wait comes first.
  // "… every new Stripe customer to get a welcome email two hours after signup": said with the trigger's words.
  let waits = false;
  walkSteps(reader.steps, (x) => (waits ||= x.kind === 'wait'));
  const after =
    /(?:^|[.!?]\s+)(\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|hours?|days?|weeks?)\s+after\b/i.exec(
      original,
    ) ??
    (waits
      ? null
      : /\b(\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(minutes?|hours?|days?|weeks?)\s+after\s+(?!(?:that|this|it|then|they|he|she|being)\b)/i.exec(
          original,
        ));
  if (after) {
    const wait = waitOf(`wait ${numberWord(after[1]!) ?? 1} ${after[2]!.toLowerCase()}`);
    if (wait) reader.steps.splice(reader.steps[0]?.kind === 'filter' ? 1 : 0, 0, wait);
    const said = `${after[1]} ${after[2]}`.toLowerCase();
    reader.unmapped.splice(0, reader.unmapped.length, ...reader.unmapped.filter((u) => u.toLowerCase() !== said));
  }
  dropEchoes(reader.steps, ctx.echoes);
  for (const { list, lookup } of reader.lookups) insteadOfMade(list, lookup);
  for (const limit of reader.limits) limitTimes(reader.steps, limit);
  feedsMerged(reader.steps, original);
  clearFirst(reader.steps);
  let trigger = found.trigger;
  // "n8n workflow error alerts …": with nothing else to do, the failures are the workflow (an Error Trigger).
  if (
    !options.fragment &&
    !reader.steps.length &&
    reader.onError.length &&
    (trigger.kind === 'manual' || trigger.kind === 'webhook')
  ) {
    trigger = { kind: 'error' };
    reader.steps.push(...reader.onError.splice(0));
  }
  // "Hourly: post DHL tracking exceptions to the logistics channel": on a schedule or an app's event, the errors
  // posted are the items the workflow reads, not its own failures.
  if (
    !options.fragment &&
    !reader.steps.length &&
    reader.onError.length &&
    (trigger.kind === 'schedule' || trigger.kind === 'app')
  )
    reader.steps.push(...reader.onError.splice(0));
  const steps = coverMentions(reader.steps, ctx, found);
  // "returns JSON with the fields …" became the agent's output parser: it is no step left unread.
  let shaped = false;
  walkSteps(steps, (x) => (shaped ||= x.kind === 'ai' && Boolean(x.structured)));
  if (shaped)
    reader.unmapped.splice(
      0,
      reader.unmapped.length,
      ...reader.unmapped.filter((u) => !/\bjson\b|\bstructured\b|\boutput parser\b/i.test(u)),
    );
  // A bot answers where it was asked: the messaging app its trigger listens to.
  const bot = found.trigger.kind === 'app' ? found.trigger.app : null;
  if (
    bot &&
    /^(?:telegram|whatsApp|slack|discord|line|microsoftTeams|mattermost|twilio)$/.test(bot) &&
    steps.some((x) => x.kind === 'ai') &&
    // A bot that answers (an agent, a chat, "reply", "answer"): a transcript saved to Notion is not a reply.
    (ctx.chat ||
      steps.some((x) => x.kind === 'ai' && x.task === 'agent') ||
      /\b(?:repl(?:y|ies)|answers?|respond\w*|responses?|back to)\b/i.test(original))
  ) {
    let replies = false;
    walkSteps(steps, (x) => (replies ||= x.kind === 'app' && x.app === bot && x.verb === 'send'));
    if (!replies) steps.push({ kind: 'app', app: bot, verb: 'send', hints: {}, phrase: 'reply' });
  }
  valueFilters(steps, ctx, found.used);
  // "whenever any of them fails" under n8n's Error Trigger: every item it reports is a failure (its items carry no
  // status, so a Filter on one would keep none).
  if (trigger.kind === 'error')
    for (let k = steps.length - 1; k >= 0; k--) {
      const s = steps[k]!;
      const failed = (c: Condition) => c.field === 'status' && c.value === 'failed';
      if (s.kind === 'filter' && failed(s.condition)) steps.splice(k, 1);
      else if (s.kind === 'if' && failed(s.condition)) steps.splice(k, 1, ...s.then);
    }
  if (ctx.embeddings)
    walkSteps(steps, (s) => {
      if (s.kind === 'app' && /^vectorStore/.test(s.app)) s.embeddings = ctx.embeddings;
    });
  const chunks = chunksOf(original);
  if (chunks)
    walkSteps(steps, (s) => {
      if (s.kind === 'app' && /^vectorStore/.test(s.app) && s.verb !== 'read' && s.verb !== 'search') s.chunks = chunks;
    });
  const finished = finishSteps(steps, ctx);
  if (!options.fragment)
    trigger = auditSpec(finished, trigger, {
      tokens,
      original,
      mentions,
      ctx,
      unmapped: reader.unmapped,
      readPart: (text) => readRequest(text, { fragment: true }).steps,
    });
  if (!options.fragment) {
    // (A test the audits added, "If a new review … is negative", is judged first too.)
    judgedFirst(finished, original, mentions, ctx);
    for (const { lookup } of reader.lookups) lookupFirst(finished, lookup);
    sameAsEvent(finished, trigger);
    searchIsTool(finished);
    modelWrites(finished);
    aiDecisions(finished);
    modelRoutes(finished, original);
    if (parallelSaid(finished, original))
      reader.unmapped.splice(0, reader.unmapped.length, ...reader.unmapped.filter((u) => !BOTH_DONE.test(u)));
    whereItemsAre(finished);
    // A webhook the reader stood in with that the audits replaced is no choice the reply names.
    if (trigger.kind !== 'webhook') {
      const kept = ctx.choices.filter((c) => c.chose !== STOOD_IN_WEBHOOK);
      ctx.choices.splice(0, ctx.choices.length, ...kept);
    }
  }
  // "Parents pay term fees through PayPal." before "When a payment comes in": the scene that named the trigger's app.
  if (trigger.kind === 'app') {
    const name = nodeCatalog().app(trigger.app)?.name.toLowerCase();
    const scene = (u: string) =>
      Boolean(name) &&
      u.toLowerCase().includes(name!) &&
      /^(?:our|my|the|we|i|parents|customers|clients|students|people|members|users|patients|guests|watch|watches|monitor|monitors)\b/i.test(
        u.trim(),
      );
    // "(fields: requester, department, item, amount)": what the app's items carry, no step.
    const fields = (u: string) =>
      /^(?:fields?|columns?|properties|data)\s*:\s*[\w -]+(?:,\s*[\w -]+)+$/i.test(u.trim());
    reader.unmapped.splice(0, reader.unmapped.length, ...reader.unmapped.filter((u) => !scene(u) && !fields(u)));
  }
  // "download it" where a step downloads the trigger's file: said, and done.
  let downloads = false;
  walkSteps(finished, (s) => (downloads ||= s.kind === 'app' && Boolean(s.hints.download)));
  if (downloads)
    reader.unmapped.splice(
      0,
      reader.unmapped.length,
      ...reader.unmapped.filter(
        (u) => !/^(?:and |then )?download (?:it|them|the (?:file|files|pdf|pdfs|document))$/i.test(u.trim()),
      ),
    );
  // "posts offboarding events to a webhook with email and last_day": the fields the call carries, no step.
  if (trigger.kind === 'webhook' || trigger.kind === 'app')
    reader.unmapped.splice(
      0,
      reader.unmapped.length,
      ...reader.unmapped.filter(
        (u) =>
          !/^with\s+[\w-]+(?:(?:\s*,\s*|\s+and\s+)[\w-]+)+$/i.test(u.trim()) &&
          // "Zoom send us webhook when …": who calls the webhook.
          !(trigger.kind === 'webhook' && /^(?:sends?|posts?|calls?|hits?|pushes)\s+(?:us|me|n8n)$/i.test(u.trim())),
      ),
    );
  const spec: WorkflowSpec = {
    trigger,
    // The audits may have removed what followed a condition: a lone If left last becomes a Filter.
    steps: options.fragment ? finished : finishSteps(finished, ctx),
    unmapped: reader.unmapped,
    onError: reader.onError,
    choices: ctx.choices,
  };
  if (second && !sameStart(second.trigger, spec.trigger)) spec.also = [second.trigger];
  callStatus(spec.steps);
  // "If the workflow fails, email me the error", "if anything fails during the run": the run as a whole failing is
  // n8n's Error Trigger; a workflow that holds one is its own error workflow.
  if (!options.fragment && spec.onError.length && spec.trigger.kind !== 'error' && RUN_FAILS.test(original)) {
    spec.parts = [...(spec.parts ?? []), { trigger: { kind: 'error' }, steps: spec.onError }];
    spec.onError = [];
  }
  splitIngestion(spec, ctx);
  if (spec.steps.some((s) => s.kind === 'respond') && spec.trigger.kind === 'webhook')
    spec.trigger = { ...spec.trigger, respond: true };
  return spec;
}

/**
 * "split into 1000-character chunks with 200 overlap", "a Recursive Character Text Splitter (chunk size 1000, overlap
 * 100)": how the text is cut before it is embedded (n8n's defaults, 1000 and 0, where the request gives no number).
 */
function chunksOf(original: string): { size: number; overlap: number } | null {
  const text = original.toLowerCase();
  if (!/\b(?:chunks?|chunking|chunked|text splitter|splitter|overlap(?:ping)?)\b/.test(text)) return null;
  const size =
    /\bchunk[ _-]?size(?: of)?\s*[:=]?\s*(\d{2,5})\b/.exec(text)?.[1] ??
    /\b(\d{2,5})[ -]?(?:characters?|chars?|tokens?)?[ -]?(?:long )?chunks?\b/.exec(text)?.[1] ??
    /\bchunks? of (?:about |around |~)?(\d{2,5})\b/.exec(text)?.[1];
  const overlap =
    /\b(?:chunk[ _-]?)?overlap(?: of)?\s*[:=]?\s*(\d{1,4})\b/.exec(text)?.[1] ??
    /\b(\d{1,4})[ -]?(?:characters?|chars?|tokens?)? (?:of )?overlap\b/.exec(text)?.[1];
  return { size: size ? Number(size) : 1000, overlap: overlap ? Number(overlap) : 0 };
}
