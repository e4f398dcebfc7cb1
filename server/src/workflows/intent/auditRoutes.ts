// Routes a request lists value by value, read after the clauses when no rule made a Switch of them: "Springfield
// goes to Tom, Shelbyville to Ana, everything else to me", "Detractors (0–6) → a ClickUp task, passives → nothing",
// "severity=critical -> page on-call", "VIPs get a personal email; everyone else gets the standard one". A list of
// two or more "value → what happens" parts is a Switch on the field the request names (else the one the values
// imply), one route per value, the last "everything else" its fallback; each route does what its part says, an
// elliptical part ("France to Amélie") what the part before it did, for its own destination.
import { rangeEnds, walkSteps, type AiStep, type Condition, type Route, type Step } from '../spec.ts';
import { fieldOfValue, singular, verbClass } from './lexicon.ts';
import { findMentions } from './mentions.ts';
import { fieldOf, findRoutes, FALLBACK, NOTHING, type Segment } from './routeParts.ts';
import { routesOf } from './steps.ts';
import { tokenize } from './text.ts';
import { type SpanTest, spanField, spanHours, spanTest, spanUnit } from './words.ts';
import { MAIL } from './appGroups.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';

export interface RouteContext {
  /** Reads one part's words into steps, as a fragment of a request. */
  read(text: string): Step[];
  /** The app of the items the workflow handles (its trigger's, else the first read): "assign to Tom" changes them there. */
  itemApp: string | null;
  mailApp: string;
  /** The chat app messages to a #channel go through (the one the request names, else Slack). */
  chatApp: string;
  /** The sentence the routes are in, and the one after: where a verb they share is said ("Just email them …"). */
  sentence: string;
  next: string;
}

const phraseOf = (s: Step): string => (s.kind === 'app' || s.kind === 'http' || s.kind === 'ai' ? s.phrase : '');

/** The steps a route does: what its part says, else what the part before did, else the destination set on the item. */
export function routeSteps(seg: Segment, previous: Step[], ctx: RouteContext, field: string): Step[] | null {
  const steps = stepsOfRoute(seg, previous, ctx, field);
  // "Marketing to cmo@ourcompany.com": the address the route names is where its mail goes.
  const address = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(seg.action)?.[0];
  if (address)
    for (const s of steps ?? [])
      if (s.kind === 'app' && s.verb === 'send' && MAIL.test(s.app)) s.hints = { ...s.hints, email: address };
  return steps;
}

function stepsOfRoute(seg: Segment, previous: Step[], ctx: RouteContext, field: string): Step[] | null {
  if (NOTHING.test(seg.action.toLowerCase())) return null;
  // "add the matching tag", "move it to the right folder": the item itself changes, where it is ("email it to the
  // right person" sends it).
  if (
    ctx.itemApp &&
    !/\b(?:forward|email|e-mail|mail|send|notify|text|message)\w*/i.test(seg.action) &&
    /\b(?:matching|right|corresponding|respective|appropriate)\b/i.test(seg.action) &&
    !findMentions(tokenize(seg.action)).apps.length
  )
    return [{ kind: 'app', app: ctx.itemApp, verb: 'update', hints: {}, phrase: seg.action }];
  // "should go to Klaus": a destination without a verb is no step of its own ("Klaus" is no system to call).
  const acts =
    seg.action
      .split(/\s+/)
      .some((w) => /^(?:send|create|update|delete|read|search|ai|respond)$/.test(verbClass(w) ?? '')) ||
    findMentions(tokenize(seg.action)).apps.length > 0;
  // "assign them to the project lead (maria@…) and add a comment": a change to the item where it is, not a mail to
  // the address named.
  if (
    ctx.itemApp &&
    /^(?:assign|reassign|close|tag|label|mark|move|archive|set|update|reopen|complete)\b/i.test(seg.action.trim()) &&
    !findMentions(tokenize(seg.action)).apps.length
  )
    return [{ kind: 'app', app: ctx.itemApp, verb: 'update', hints: {}, phrase: seg.action }];
  // A part read alone does not know the request's mail app: "forward to finance@" goes out through its Gmail.
  const read = (acts ? ctx.read(seg.action) : []).map((x) =>
    x.kind === 'app' && x.app === 'emailSend' ? { ...x, app: ctx.mailApp } : x,
  );
  // "5 days: cancel the order and email them …": the change said first, with no app, is made to the item where it is.
  const change = verbClass(seg.action.trim().split(/\s+/)[0]!.toLowerCase());
  if (
    read.length &&
    ctx.itemApp &&
    (change === 'update' || change === 'delete') &&
    !read.some((x) => x.kind === 'app' && (x.verb === 'update' || x.verb === 'delete'))
  ) {
    const noun = /^\S+\s+(?:the|their|its|this)\s+([a-z]+)\b/i.exec(seg.action.trim())?.[1]?.toLowerCase();
    return [
      {
        kind: 'app',
        app: ctx.itemApp,
        verb: change,
        ...(noun ? { noun: singular(noun) } : {}),
        hints: {},
        phrase: seg.action,
      },
      ...read,
    ];
  }
  if (read.length) return read;
  // "Spam: delete it", "Done: archive them": the item itself is changed where it is; "back up: resolve the incident"
  // changes the incident another route made, where it was made.
  const object =
    /^\S+(?:\s+(it|them|this|that|these|those|the\s+(\w+)))?(?:\s+(?:too|as well|right away|immediately))?[.!]?$/i.exec(
      seg.action.trim(),
    );
  if (object && (change === 'update' || change === 'delete') && !findMentions(tokenize(seg.action)).apps.length) {
    const noun = object[2] ? singular(object[2].toLowerCase()) : undefined;
    const maker = noun
      ? previous.find((s) => s.kind === 'app' && s.verb === 'create' && nodeCatalog().keeps(s.app, noun))
      : undefined;
    if (maker?.kind === 'app')
      return [{ kind: 'app', app: maker.app, verb: change, noun: noun!, hints: {}, phrase: seg.action }];
    // (Gmail archives by taking the INBOX label off; nothing is deleted.)
    if (!noun && ctx.itemApp && /^archiv/i.test(seg.action.trim()) && /^(?:gmail|microsoftOutlook)$/.test(ctx.itemApp))
      return [
        {
          kind: 'app',
          app: ctx.itemApp,
          verb: 'update',
          ...(ctx.itemApp === 'gmail' ? { noun: 'removeLabels' } : {}),
          hints: { triggerItem: true, archive: true },
          phrase: seg.action,
        },
      ];
    if (!noun && ctx.itemApp) return [{ kind: 'app', app: ctx.itemApp, verb: change, hints: {}, phrase: seg.action }];
  }
  // "sales ones go to #sales": a channel is a message there, through the chat app the request uses.
  const channel = /(?<![\w#])#[\w-]+/.exec(seg.action)?.[0];
  if (channel) return [{ kind: 'app', app: ctx.chatApp, verb: 'send', hints: { channel }, phrase: seg.action }];
  const mail = /\b(?:forward|email|e-mail|mail|notify|send)\w*/i;
  const assign = /\b(?:assign|owner|give|hand|reassign|move)\w*/i;
  if (seg.full && ctx.itemApp && assign.test(seg.action))
    return [{ kind: 'app', app: ctx.itemApp, verb: 'update', hints: {}, phrase: seg.action }];
  if (seg.full && mail.test(seg.action))
    return [{ kind: 'app', app: ctx.mailApp, verb: 'send', hints: {}, phrase: seg.action }];
  // "'resolved' -> update the incident" after "'firing' -> create a ServiceNow incident": the same app, with the
  // route's own verb.
  const first = seg.action.trim().split(/\s+/)[0]!.toLowerCase();
  const own = /^(?:create|add|update|edit|change|delete|remove)$/.test(first) ? verbClass(first) : undefined;
  const ownVerb = own === 'create' || own === 'update' || own === 'delete' ? own : undefined;
  if (previous.length)
    return previous.map(
      (s) =>
        ({
          ...structuredClone(s),
          ...(phraseOf(s) ? { phrase: seg.action } : {}),
          ...(s.kind === 'app' && ownVerb ? { verb: ownVerb } : {}),
        }) as Step,
    );
  const destination = seg.action.replace(/^(?:to|into)\s+/i, '').replace(/[.!]+$/, '');
  // The verb the routes share: said in the route, else in their sentence, else in the one after.
  for (const words of [seg.action, ctx.sentence, ctx.next]) {
    if (ctx.itemApp && assign.test(words))
      return [{ kind: 'app', app: ctx.itemApp, verb: 'update', hints: {}, phrase: seg.action }];
    if (mail.test(words)) return [{ kind: 'app', app: ctx.mailApp, verb: 'send', hints: {}, phrase: seg.action }];
  }
  const key = field === 'category' || field === 'type' ? 'assignee' : `${field}_owner`;
  return [{ kind: 'set', fields: [key], values: { [key]: destination } }];
}

/**
 * Adds the Switch a listed set of routes asks for when the reader made no branch of them, in place of the steps it
 * read from those parts. Returns the text of the routes (to drop it from the unmapped parts), or null.
 */
const one = (w: string) =>
  w
    .toLowerCase()
    .split(/[\s-]+/)[0]!
    .replace(/(?:es|s)$/, '');

export type Context = Omit<RouteContext, 'sentence' | 'next' | 'itemApp'> & { itemApp(before: number): string | null };

export function contextAt(original: string, from: number, to: number, context: Context): RouteContext {
  return {
    ...context,
    itemApp: context.itemApp(from),
    sentence: original.slice(Math.max(0, original.slice(0, from).search(/[^.!?\n]*$/)), to),
    next: original.slice(to).match(/^[^.!?\n]*[.!?\n]?[^.!?\n]*/)?.[0] ?? '',
  };
}

/** The steps and tests the clause rules read from the routes' parts give way to them; other apps stay. */
export function dropStale(
  steps: Step[],
  original: string,
  span: { from: number; to: number },
  kept: Set<string>,
  values: Set<string>,
  tests: Condition[] = [],
): number {
  // "score 6 or lower -> create a ticket" read first as a Filter: the route now tests it.
  const same = (c: Condition) =>
    tests.some((t) => t.field === c.field && t.operator === c.operator && t.value === c.value);
  const said = (s: Step) => {
    const phrase = phraseOf(s);
    const at = phrase ? original.indexOf(phrase) : -1;
    if (at >= span.from && at < span.to) return true;
    // "send an approval request email via Outlook routed by department: IT to …": the step the routes share out.
    if (
      s.kind === 'app' &&
      at >= 0 &&
      at < span.from &&
      /^[\s,]*(?:(?:and\s+)?(?:rout|sent\b|split|assign|direct|forward|depending|based)\w*)[^.!?\n]{0,40}:\s*$/i.test(
        original.slice(at + phrase.length, span.from),
      )
    )
      return true;
    // "For products below their reorder level: supplier is Acme Supplies": a name read as a system to call, said
    // where the routes start.
    return s.kind === 'http' && Boolean(s.system) && at >= 0 && at < span.from && at + phrase.length > span.from;
  };
  // Only what the routes now do, or a name read as a system to call ("Tom API"), goes.
  const stale = (s: Step) =>
    (said(s) &&
      ((s.kind === 'http' && (Boolean(s.system) || (s.method === 'GET' && !s.url))) ||
        (s.kind === 'app' && kept.has(s.app)) ||
        (s.kind === 'ai' && kept.has('ai')))) ||
    (s.kind === 'filter' && (values.has(String(s.condition.value).toLowerCase()) || same(s.condition)));
  const at = steps.findIndex(stale);
  for (let i = steps.length - 1; i >= 0; i--) if (stale(steps[i]!)) steps.splice(i, 1);
  return at;
}

export const appsOf = (list: Step[]) => {
  const kept = new Set<string>();
  walkSteps(list, (s) => {
    if (s.kind === 'app') kept.add(s.app);
    if (s.kind === 'ai') kept.add('ai');
  });
  return kept;
};

/** "Billing tickets get posted to #billing in Slack, bugs become a Jira issue": the parts fill a classifier's routes. */
function fillClassifier(steps: Step[], classifier: AiStep, original: string, context: Context): string | null {
  // "… sort them into 'urgent pain', 'appointment change', 'other'. urgent -> sms …, appointment -> forward …": the
  // clause rules read the arrows as a Switch of their own; its routes are the classifier's.
  const routes_ = classifier.routes!;
  // "…, anything else -> email support@": a fallback the clause rules read alone is the classifier's "Other".
  const lone = steps.findIndex((s) => s.kind === 'switch' && !s.routes.length && Boolean(s.fallback?.length));
  const loneSwitch = steps[lone];
  if (loneSwitch?.kind === 'switch' && !routes_.some((c) => /^(?:other|others|else|rest)$/i.test(c.name))) {
    routes_.push({ name: 'Other', steps: loneSwitch.fallback! });
    steps.splice(lone, 1);
  }
  const made = steps.findIndex(
    (s) =>
      s.kind === 'switch' &&
      s.routes.length >= 2 &&
      s.routes.every((r) => routes_.some((c) => one(c.name) === one(r.name))),
  );
  const sw = steps[made];
  if (sw?.kind === 'switch') {
    for (const r of sw.routes) {
      const route = routes_.find((c) => one(c.name) === one(r.name))!;
      if (r.steps.length) route.steps = r.steps;
    }
    // "Anything unclear goes to a Slack channel": the items no category fits, a route of their own.
    if (sw.fallback?.length) {
      const other = routes_.find((c) => /^(?:other|others|else|rest|anything else)$/i.test(c.name));
      if (other && !other.steps.length) other.steps = sw.fallback;
      else if (!other) routes_.push({ name: 'Other', steps: sw.fallback });
    }
    steps.splice(made, 1);
    return null;
  }
  const segments = findRoutes(original);
  if (!segments) return null;
  const routes = classifier.routes!;
  const matched = segments.filter((seg) => routes.some((r) => one(r.name) === one(seg.name)));
  if (matched.length < 2) return null;
  const from = matched[0]!.start;
  const to = matched.at(-1)!.end;
  const ctx = contextAt(original, from, to, context);
  let previous: Step[] = [];
  for (const seg of matched) {
    const done = routeSteps(seg, previous, ctx, 'category') ?? [];
    if (done.length) previous = done;
    const route = routes.find((r) => one(r.name) === one(seg.name))!;
    // A route the clause rules filled keeps what they made of it: they read it with the whole request in view, unless
    // they read on into the next route's part ("warm leads are added to …, and cold leads just receive …").
    const overrun = route.steps.some((s) => {
      const phrase = phraseOf(s);
      const at = phrase ? original.indexOf(phrase) : -1;
      return at >= 0 && at + phrase!.length > seg.end + 1;
    });
    if (!route.steps.length || (overrun && done.length)) route.steps = done;
  }
  dropStale(steps, original, { from, to }, appsOf(routes.flatMap((r) => r.steps)), new Set());
  return original.slice(from, to);
}

/** "decide if it's about billing, a technical problem or sales": the categories a sentence lists. */
const CATEGORIES =
  /\b(?:(?:whether|if) (?:it|they)(?:'s|'re| is| are)(?: about)?|about|is it)\s+(?:either\s+)?([\w-]+(?: [\w-]+){0,2}\s*(?:,|\/|\bor\b)[^.!?\n]*)/i;

/** "have AI decide if it's about billing, a technical problem or sales, and assign it to the right group". */
function classifyToRight(steps: Step[], original: string, context: Context): string | null {
  const right =
    /\b(?:to|into|in) (?:the |their |its )?(?:right|matching|correct|respective|appropriate|relevant|corresponding|proper) (\w+)/i.exec(
      original,
    );
  if (!right) return null;
  const ai = steps.find(
    (s): s is AiStep => s.kind === 'ai' && s.task !== 'agent' && (s.routes ?? []).every((r) => !r.steps.length),
  );
  if (!ai) return null;
  const listed = /\(([^()]+(?:,|\/)[^()]+)\)/.exec(original)?.[1];
  const said = original.slice(Math.max(0, original.indexOf(ai.phrase)), right.index);
  const listedIn = CATEGORIES.exec(said)?.[1];
  const names = listedIn
    ? listedIn
        .split(/,?\s+(?:and|then)\s+(?=\w+\s)/)[0]!
        .split(/\s*(?:,|\/|\bor\b|\band\b)\s*/)
        .filter(Boolean)
    : ai.routes?.length
      ? ai.routes.map((r) => r.name)
      : listed
        ? listed.split(/\s*(?:,|\/|\bor\b|\band\b)\s*/).filter((n) => n && n.split(' ').length <= 3)
        : routesOf(said);
  if (names.length < 2 || names.length > 8) return null;
  const start = original.slice(0, right.index).search(/[^,;.!?\n]*$/);
  const end = right.index + right[0].length;
  const action = original.slice(start, end);
  const ctx = { ...contextAt(original, start, end, context), sentence: action, next: '' };
  const seg: Segment = { start, end, name: '', full: false, fallback: false, action: `to the ${right[1]}`, kind: 2 };
  const done = routeSteps(seg, [], ctx, right[1]!.toLowerCase());
  if (!done?.length) return null;
  ai.task = 'classify';
  ai.routes = names.map((n) => ({
    name: n.replace(/^(?:a|an|the)\s+/i, '').replace(/^./, (c) => c.toUpperCase()),
    steps: structuredClone(done),
  }));
  dropStale(steps, original, { from: start, to: end }, appsOf(done), new Set());
  return action;
}

/**
 * "route on their 'interest' field: ebook, webinar, checklist, or anything else, and add the matching tag",
 * "Depending on the status field (in_transit, delivered, exception), either update …, email …, or open …": the
 * values listed after the field, each doing the action said after them (one each, in order, or the same one).
 */
const LISTED =
  /\b(?:rout(?:e|es|ed|ing)|split(?:s|ting)?|sort(?:s|ed|ing)?|switch(?:es)?|branch(?:es|ing)?|depending|based)\s+(?:\w+\s+){0,3}?(?:on|by)\s+(?:the |their |its |which )?['"‘“`]?([a-z_][\w]*)['"’”`]?(?: field| value| column| property)?\s*(?::|\(|,|-)\s*([^.;:()\n]{3,120}?)\s*(?:\)|$|\.|;|,? (?:and|then) (?=\w))/i;

function listedRoutes(steps: Step[], original: string, context: Context): string | null {
  const m = LISTED.exec(original);
  if (!m) return null;
  const items = m[2]!
    .split(/\s*(?:,|\/|\bor\b|\band\b)\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
  const fallback = items.some((v) => FALLBACK.test(v.toLowerCase()) || /\belse\b/i.test(v));
  const values = items.filter(
    (v) => !FALLBACK.test(v.toLowerCase()) && !/\belse\b/i.test(v) && v.split(' ').length <= 2,
  );
  if (values.length < 2 || values.length > 8) return null;
  const end = m.index + m[0].length;
  const rest = original.slice(end).match(/^[^.!?\n]*/)?.[0] ?? '';
  // "either A, B, or C": one action each, in the order of the values.
  const either = /^\s*,?\s*(?:either|respectively)?\s*(.+)$/i.exec(rest)?.[1] ?? '';
  const actions = either.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+/).filter((a) => a.trim());
  const ctx = contextAt(original, m.index, end + rest.length, context);
  const one = (action: string) =>
    routeSteps(
      { start: end, end: end + rest.length, name: '', full: true, fallback: false, action, kind: 2 },
      [],
      ctx,
      m[1]!.toLowerCase(),
    ) ?? [];
  const each =
    actions.length === values.length
      ? actions.map(one)
      : values.map(() => one(rest.replace(/^\s*,?\s*(?:and|then)?\s*/i, '')));
  if (each.some((x) => !x.length)) return null;
  const field = m[1]!.toLowerCase();
  const routes: Route[] = values.map((name, i) => ({ name, steps: each[i]! }));
  const shared = actions.length === values.length ? null : structuredClone(each[0]!);
  const kept = appsOf(each.flat());
  let at = dropStale(
    steps,
    original,
    { from: m.index, to: end + rest.length },
    kept,
    new Set(values.map((v) => v.toLowerCase())),
  );
  if (at < 0) at = steps.length;
  steps.splice(Math.min(at, steps.length), 0, { kind: 'switch', field, routes, fallback: fallback ? shared : null });
  return original.slice(m.index, end + rest.length);
}

/** "a question with 3 options: Sales, Support, Partnership", "a dropdown 'position': developer, designer, sales". */
const OPTIONS =
  /\b(?:options?|dropdown|drop-down|choices|values|categories|types)\s*(?:(?:called|named)\s+)?(?:['"‘“`]([\w -]{1,30})['"’”`])?\s*(?::|\()\s*([^.;:()\n?]{3,120}?)\s*(?:\)|$|\.|;|\?)/i;
/** "How would I send each answer to a different team by email?", "each should go to a different Slack channel". */
const EACH_DIFFERENT = /\beach\b[^.!?\n]{0,60}?\b(?:a )?(?:different|separate|its own|their own)\b[^.!?\n,]*/i;

/**
 * Options a form or a field offers, listed once, and one action said for each "to a different" place: a Switch on
 * that field with one route per option, each doing that action for its own place.
 */
function optionRoutes(steps: Step[], original: string, context: Context): string | null {
  const m = OPTIONS.exec(original);
  if (!m) return null;
  const values = m[2]!
    .split(/\s*(?:,|\/|\bor\b|\band\b)\s*/)
    .map((v) => v.trim().replace(/^['"‘“`]|['"’”`]$/g, ''))
    .filter((v) => v && v.split(' ').length <= 2 && !FALLBACK.test(v.toLowerCase()));
  if (values.length < 2 || values.length > 8) return null;
  const tail = original.slice(m.index + m[0].length);
  const each = EACH_DIFFERENT.exec(tail);
  if (!each) return null;
  const from = m.index + m[0].length + each.index;
  const to = from + each[0].length;
  const action = each[0]
    .replace(/^each\s+(?:\w+\s+)?(?:should\s+|must\s+|will\s+)?/i, '')
    .replace(/^(?:i\s+)?(?:would\s+i\s+)?/i, '');
  const ctx = contextAt(original, from, to, context);
  const field = (m[1] ?? (/\bquestion\b/i.test(original.slice(0, m.index)) ? 'answer' : 'option'))
    .toLowerCase()
    .replace(/\s+/g, '_');
  const one =
    routeSteps(
      { start: from, end: to, name: '', full: true, fallback: false, action: each[0], kind: 2 },
      [],
      ctx,
      field,
    ) ?? [];
  if (!one.length || !action) return null;
  const routes: Route[] = values.map((name) => ({ name, steps: structuredClone(one) }));
  // The sentence the action is said in gives way to the routes, and the options read as systems go.
  const sentence = original.slice(0, from).search(/[^.!?\n]*$/);
  let at = dropStale(steps, original, { from: sentence, to }, appsOf(one), new Set(values.map((v) => v.toLowerCase())));
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind === 'http' && s.system && values.some((v) => v.toLowerCase() === s.system!.toLowerCase())) {
      steps.splice(i, 1);
      if (i < at) at--;
    }
  }
  if (at < 0) at = steps.length;
  steps.splice(Math.min(at, steps.length), 0, { kind: 'switch', field, routes, fallback: null });
  return original.slice(sentence, to);
}

/**
 * "look at the score:\nunder 5 -> …\n5 to 9 -> nothing\n10 or more -> …": an If the clause rules made from the
 * first of three or more listed routes (its test is that route's) gives way to the routes, with the steps read
 * from their words.
 */
function readAgain(steps: Step[], original: string): ReturnType<typeof findRoutes> {
  const at = steps.findIndex((s) => s.kind === 'if');
  const test = steps[at];
  if (!test || test.kind !== 'if') return null;
  let others = 0;
  walkSteps(steps, (s) => (others += s.kind === 'switch' || s.kind === 'if' ? 1 : 0));
  if (others !== 1) return null;
  const segments = findRoutes(original);
  if (!segments || segments.filter((s) => !s.fallback).length < 3) return null;
  if (!segments.some((s) => s.condition && s.condition.value === test.condition.value)) return null;
  const from = segments[0]!.start;
  const to = segments.at(-1)!.end;
  steps.splice(at, 1);
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (!('phrase' in s) || typeof s.phrase !== 'string') continue;
    const where = original.indexOf(s.phrase);
    if (where >= from && where < to) steps.splice(i, 1);
  }
  return segments;
}

export function auditRoutes(steps: Step[], original: string, context: Context): string | null {
  const classifier = steps.find((s): s is AiStep => s.kind === 'ai' && (s.routes?.length ?? 0) > 1);
  if (classifier)
    return (
      fillClassifier(steps, classifier, original, context) ??
      (classifier.routes!.every((r) => !r.steps.length) ? classifyToRight(steps, original, context) : null)
    );
  // A Switch the clause rules made with no step in any route says nothing: the listed parts may say it.
  const empty = steps.findIndex((s) => s.kind === 'switch' && s.routes.every((r) => !r.steps.length));
  const listed = empty >= 0 ? findRoutes(original) : null;
  if (listed && listed.filter((s) => !s.fallback).length >= 2) steps.splice(empty, 1);
  const retold = listed ? null : readAgain(steps, original);
  let branched = false;
  walkSteps(
    steps,
    (s) => (branched ||= s.kind === 'switch' || s.kind === 'if' || (s.kind === 'ai' && (s.routes?.length ?? 0) > 1)),
  );
  if (branched) return null;
  const segments = listed ?? retold ?? findRoutes(original);
  if (!segments)
    return (
      classifyToRight(steps, original, context) ??
      listedRoutes(steps, original, context) ??
      optionRoutes(steps, original, context)
    );
  const from = segments[0]!.start;
  const to = segments.at(-1)!.end;
  const before = original.slice(Math.max(0, original.lastIndexOf('\n', from - 2) + 1, from - 300), to);
  const ctx = contextAt(original, from, to, context);
  const field =
    segments.find((s) => s.field)?.field ??
    fieldOf(before) ??
    // "Low or Medium → …": the field of one of the values a route takes.
    segments
      .find((s) => !s.fallback)!
      .name.split(/\s+or\s+/)
      .map((v) => fieldOfValue(v))
      .find(Boolean) ??
    (segments.some((s) => s.condition?.field === 'text')
      ? 'text'
      : segments.some((s) => s.condition)
        ? 'score'
        : 'category');
  // "On hold for 2 days: …. 5 days: …", "Over 10 days: …": a ladder of how long ago, on the items' date.
  const spans = segments.filter((s) => !s.fallback).map((s) => spanOfName(s.name, s.condition));
  const dated = spans.length >= 2 && spans.every(Boolean) ? spanField(`${before} ${original.slice(from, to)}`) : null;
  const routes: Route[] = [];
  let fallback: Step[] | null = null;
  let previous: Step[] = [];
  for (const seg of segments) {
    const done = routeSteps(seg, previous, ctx, field);
    if (done) previous = done;
    if (seg.fallback) {
      fallback = done;
      continue;
    }
    if (!done) continue;
    // A range's or a mention's test reads the switch's field; "severity=critical" reads its own.
    const span = dated ? spanOfName(seg.name, seg.condition) : null;
    const condition = span
      ? spanTest(dated!, span)
      : seg.condition
        ? { ...seg.condition, field: seg.field ?? (seg.condition.field === 'text' ? 'text' : field) }
        : undefined;
    routes.push({ name: seg.name, steps: done, ...(condition ? { condition } : {}) });
  }
  if (!routes.length || routes.length + (fallback ? 1 : 0) < 2) return null;
  // First matching rule wins, so ranges are tested from the highest down (the oldest dates first).
  if (dated) routes.sort((a, b) => (spanHours(b.condition!) ?? 0) - (spanHours(a.condition!) ?? 0));
  else routes.sort((a, b) => top(b.condition) - top(a.condition) || bottom(b.condition) - bottom(a.condition));
  const values = new Set(routes.map((r) => r.name.toLowerCase()));
  const kept = appsOf(routes.flatMap((r) => r.steps).concat(fallback ?? []));
  const tests = routes.flatMap((r) => (r.condition ? [r.condition] : []));
  let at = dropStale(steps, original, { from, to }, kept, values, tests);
  if (at < 0) at = steps.length;
  steps.splice(Math.min(at, steps.length), 0, { kind: 'switch', field: dated ?? field, routes, fallback });
  return original.slice(from, to);
}

/**
 * How long ago a route's name says ("Over 10 days" from its test, "On hold for 2 days", "Still empty after 10 days",
 * "5 days", "Day 10"): at least that long unless it says less; null when the name is no span.
 */
function spanOfName(name: string, c: Condition | undefined): SpanTest | null {
  const m = /(\d{1,4})\s*(?:-|–|to|and)?\s*(\d{1,4})?\s*(minutes?|mins?|hours?|hrs?|h|days?|d|weeks?|months?)\b/i.exec(
    name,
  );
  const day = /^\s*(?:on\s+)?day\s+(\d{1,3})\s*$/i.exec(name);
  if (!m && !day) return null;
  const unit = day ? 'days' : spanUnit(m![3]!);
  if (!unit) return null;
  const n = Number(day ? day[1] : m![1]);
  if (m?.[2]) return { n, hi: Number(m[2]), unit, less: false, strict: false };
  const less = c ? c.operator === 'lt' || c.operator === 'lte' : /\b(?:under|less than|within|below)\b/i.test(name);
  const strict = c ? c.operator === 'gt' || c.operator === 'lt' : /\b(?:over|more than|longer than)\b/i.test(name);
  return { n, unit, less, strict };
}

/** Where a route's test reaches on the scale, to test from the highest down: "9..10" by 10, "over 75000" past all. */
function top(c: Condition | undefined): number {
  if (!c) return 0;
  if (c.operator === 'between') return rangeEnds(c.value)[1];
  if ((c.operator === 'gt' || c.operator === 'gte') && typeof c.value === 'number') return Infinity;
  return Number(c.value ?? 0) || 0;
}

/** Where it starts: "over 100" before "over 50". */
function bottom(c: Condition | undefined): number {
  if (!c) return 0;
  if (c.operator === 'between') return rangeEnds(c.value)[0];
  if ((c.operator === 'lt' || c.operator === 'lte') && typeof c.value === 'number') return -Infinity;
  return Number(c.value ?? 0) || 0;
}

/** "… questions to a Trello list" after the routes: a test read from a route's name, at the top level, is that route's. */
export function dropRouteTests(steps: Step[]): void {
  const names = new Set<string>();
  for (const s of steps) {
    if (s.kind === 'switch') for (const r of s.routes) names.add(one(r.name));
    if (s.kind === 'ai') for (const r of s.routes ?? []) names.add(one(r.name));
  }
  if (names.size < 2) return;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (
      s.kind === 'filter' &&
      s.condition.operator === 'equals' &&
      typeof s.condition.value === 'string' &&
      names.has(one(s.condition.value)) &&
      steps.slice(0, i).some((x) => x.kind === 'switch' || (x.kind === 'ai' && (x.routes?.length ?? 0) > 1))
    )
      steps.splice(i, 1);
  }
}
