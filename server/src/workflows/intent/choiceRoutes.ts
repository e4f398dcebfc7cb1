// Routes by a choice the request lists once and an action said once "to the right" place: "Staff pick laptop, login,
// printer or Wi-Fi … each problem goes to the right team", "choosing book, ebook, DVD or journal … send each
// suggestion to the right librarian", "Route them by department – Marketing, Operations and IT each have their own
// budget holder – and email the right budget holder". A Switch on the field chosen (a Text Classifier where a model
// is to tell which), one route per option, each doing the action for its own place.
import { walkSteps, type Route, type Step } from '../spec.ts';
import { appsOf, contextAt, dropStale, routeSteps, type Context, type RouteContext } from './auditRoutes.ts';
import { FALLBACK } from './routeParts.ts';

/** Where the action says each item goes to its own place. */
const RIGHT =
  /\b(?:the|their|its|his|her)\s+(?:right|matching|correct|respective|appropriate|relevant|corresponding|proper)\s+[\w-]+|\b(?:a|to)\s+different\s+[\w-]+|\bthe\s+(?!\d|(?:first|last|start|end|beginning|middle|rest)\b)[\w-]+\s+(?:of|for)\s+(?:that|this|each|their)\s+(?!(?:day|week|month|quarter|year|morning|evening|night|time)\b)[\w-]+|\b(?:has|have)\s+(?:their|its)\s+own\s+[\w-]+|\b(?:depending on|based on)\s+(?:which|what|the|their)\b|\bto the [\w-]+ (?:for|of|in|covering|responsible for) (?:the [\w-]+ (?:they|he|she) (?:picked|chose|selected|ticked)|(?:their|that|this|each|its) [\w-]+)\b/gi;

/** A sentence about how the work is done today, by hand: not what the workflow is to do. */
const TODAY = /\b(?:currently|at the moment|right now|at present|by hand|manually|we used to|i used to)\b/i;

/** One option: one to three words. */
const ITEM = String.raw`[A-Za-z][\w'&-]*(?:\s+(?!(?:or|and|each|with|to|in|on|for|then|but|so|is|are|goes?)\b)[A-Za-z][\w'&-]*){0,2}`;
/** Two to eight options, at the place it is tried: "laptop, login, printer or Wi-Fi", "weight loss or muscle gain or sports performance". */
const LIST = new RegExp(
  String.raw`(?:an?\s+|the\s+)?(${ITEM}(?:(?:\s*,|\s+or)\s+(?:like\s+)?(?:an?\s+|the\s+)?${ITEM}){0,6}\s*,?\s+(?:or|and)\s+(?:like\s+)?(?:an?\s+|the\s+)?${ITEM})`,
  'y',
);

/** Words that go on past a list: "… or hvac create the job card". */
const GOES_ON =
  /^(?:i|we|want|create|creates|send|sends|add|adds|post|posts|email|emails|forward|forwards|put|make|open|notify|text|assign|assigned|routed|moved|sent|forwarded|tagged|labell?ed|save|log|update|move|go|goes|should|must|will|can|then|please|have|has|get|gets|each|it|them)$/i;

/** Words after which a list is the options of a choice. */
const CHOICE =
  /\b(?:pick(?:s|ed)?|choos(?:e|es|ing)|chose|select(?:s|ed|ing)?|tick(?:s|ed)?|which|between|by|options?|types?|categor(?:y|ies)|(?:if|whether)\s+(?:it'?s|they'?re|(?:it|they|this|that|the\s+[\w-]+|each\s+[\w-]+|every\s+[\w-]+)\s+(?:is|are))|(?:right|correct|matching|appropriate)\s+[\w-]+(?=\s*:)|(?:sort|sorted|split|divided|categori[sz]ed|classified|tagged|put|placed|filed|bucketed|grouped)\s+(?:in|into|as|by)|rout(?:e|es|ed|ing)\s+(?:them|it|these|those)(?=\s*:))\b|\((?=[^()\n]{3,100}\))|\b(?:a|an|the|their|its|his|her)\s+[\w-]+(?=\s*:\s*[A-Za-z])|\b(?:[A-Za-z][\w-]*\s+)?(?:drop-?down|pick-?list|select(?:ion)? (?:field|box|menu)|radio buttons?|menu)(?=\s*:\s*[A-Za-z])/gi;

/** A model has to tell which option an item is. */
const BY_MODEL =
  /\b(?:ai|gpt|llm|model|figure(?:s|d)? out|work(?:s|ed)? out|decide|determine|judge|detect|classif\w*|categori[sz]e|tell (?:if|whether|which)|(?:be )?read and (?:put|sorted|filed|placed|categori[sz]ed|tagged))\b/i;

const ELSE_VALUE = (v: string) => FALLBACK.test(v.toLowerCase()) || /^(?:something|anything) else$/i.test(v);

interface Options {
  at: number;
  end: number;
  values: string[];
  other: boolean;
  /** Each option said with who or where it goes ("auto to Maria"). */
  paired?: boolean;
  /** The words between the choice's cue and the options: where the field is named. */
  named: string;
}

/** "auto to Maria", "West (CA, OR, WA) goes to Priya": an option and who or where it goes to. */
const PAIR = new RegExp(
  String.raw`(${ITEM})(?:\s*\([^()\n]{1,60}\))?\s+(?:(?:goes|go|should go|is assigned|are assigned|gets assigned)\s+)?to\s+(?:our\s+|the\s+|their\s+)?[\w@'’-]+(?:\.[\w-]+)*(?:\s+(?!(?:and|or|then)\b)[\w@'’-]+(?:\.[\w-]+)*){0,2}`,
  'y',
);
const PAIR_GAP = /\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+/y;

/** Options each said with where they go ("auto to Maria, home to Kevin, life to Tasha"): three or more. */
function pairsAt(original: string, start: number): Omit<Options, 'named'> | null {
  const values: string[] = [];
  let at = start;
  let end = start;
  let other = false;
  for (;;) {
    PAIR.lastIndex = at;
    const m = PAIR.exec(original);
    if (!m) break;
    if (ELSE_VALUE(m[1]!)) other = true;
    else values.push(m[1]!);
    end = at + m[0].length;
    PAIR_GAP.lastIndex = end;
    const gap = PAIR_GAP.exec(original);
    if (!gap) break;
    at = end + gap[0].length;
  }
  return values.length >= 3 && values.length <= 8 && values.every((v) => !GOES_ON.test(v.split(/\s+/)[0]!))
    ? { at: start, end, values, other, paired: true }
    : null;
}

/** The options listed after a choice's words, if any: after a colon or dash it says them at, else a few words on. */
function optionsAfter(original: string, cueEnd: number): Options | null {
  const sentenceEnd = cueEnd + (original.slice(cueEnd).search(/[.!?\n]/) + 1 || original.length - cueEnd + 1) - 1;
  const near = original.slice(cueEnd, Math.min(sentenceEnd, cueEnd + 50));
  const dash = /\s*[:—–]\s*|\s+-\s+/.exec(near);
  const starts: number[] = [];
  if (dash) starts.push(cueEnd + dash.index + dash[0].length);
  else {
    const words = [...original.slice(cueEnd, sentenceEnd).matchAll(/\S+/g)].slice(0, 4);
    for (const w of words) starts.push(cueEnd + w.index);
  }
  // "(Figma, Adobe, Miro)": the options in brackets, commas alone between them.
  if (original[cueEnd - 1] === '(') {
    const inside = original.slice(cueEnd, original.indexOf(')', cueEnd));
    const items = inside
      .split(/\s*(?:,|\/|\bor\b|\band\b)\s*/)
      .map((v) => v.trim())
      .filter(Boolean);
    const values = items.filter((v) => !ELSE_VALUE(v));
    if (values.length >= 2 && values.length <= 8 && values.every((v) => v.split(/\s+/).length <= 3))
      return { at: cueEnd, end: cueEnd + inside.length, values, other: items.some(ELSE_VALUE), named: '' };
    return null;
  }
  // ("which group they pick (men's, women's, …)": the brackets' own cue reads them.)
  if (/^\s*\(/.test(original.slice(cueEnd))) return null;
  for (const start of starts) {
    const pairs = pairsAt(original, start);
    if (pairs) return { ...pairs, named: original.slice(cueEnd, start) };
    LIST.lastIndex = start;
    const m = LIST.exec(original);
    if (!m) continue;
    const items = m[1]!
      .split(/\s*(?:,|\bor\b|\band\b)\s*/)
      .map((v) => v.replace(/^(?:like|an?|the)\s+/i, '').trim())
      .filter(Boolean);
    // "… or hvac create the job card": the last option ends where the sentence goes on with a verb.
    // "weight loss or muscle gain or sports performance and i want …": a list said with "or" ends at its "and".
    if (/\bor\b/i.test(m[1]!) && /\band\s+(?:like\s+)?(?:an?\s+|the\s+)?[^,]*$/i.test(m[1]!) && !/,/.test(m[1]!))
      items.pop();
    // "billing, technical or other, and assigned to …": the list ends before the verb that goes on past it.
    while (items.length > 2 && GOES_ON.test(items.at(-1)!.split(/\s+/)[0]!)) items.pop();
    let end = start + m[0].length;
    const last = items.at(-1)!.split(/\s+/);
    const verb = last.findIndex((w, i) => i > 0 && GOES_ON.test(w));
    if (verb > 0) items[items.length - 1] = last.slice(0, verb).join(' ');
    const lastAt = m[0].lastIndexOf(items.at(-1)!);
    if (lastAt >= 0) end = start + lastAt + items.at(-1)!.length;
    const values = items.filter((v) => !ELSE_VALUE(v));
    if (values.length < 2 || values.length > 8) continue;
    // "their main goal weight loss or muscle gain": the first option is no longer than the others.
    const longest = Math.max(...values.slice(1).map((v) => v.split(/\s+/).length));
    if (values[0]!.split(/\s+/).length > longest) continue;
    return {
      at: start,
      end,
      values,
      other: items.some(ELSE_VALUE),
      named: original.slice(cueEnd, start),
    };
  }
  return null;
}

/** The field an option is read from: "which programme people …", "by department", "body area they select". */
function fieldOf(cue: string, named: string, before: string): string {
  // "the reason of leaving (salary, manager, …)": the noun the brackets list the values of.
  const bracketed =
    cue === '('
      ? (/\b(?:the|their|its|his|her|a|an)\s+([a-z][\w-]*)(?:\s+(?:of|for)\s+[a-z][\w-]*)?\s*$/i.exec(before) ??
        // ("which group they pick (men's, …)").
        /\b(?:which|what)\s+([a-z][\w-]*)\s+(?:[a-z]+\s+)?(?:pick|picks|picked|choose|chooses|chose|select|selects|selected|tick|ticks|ticked|want|wants|join|joins)\s*$/i.exec(
          before,
        ))
      : null;
  if (bracketed) return bracketed[1]!.toLowerCase();
  // "with a site: Leeds, York or Hull": the field is the noun said before the colon.
  const said = /[\w-]/.test(named) ? named : cue.replace(/^(?:a|an|the|their|its|his|her)\s+/i, '');
  const words = said
    .toLowerCase()
    .replace(/[:—–-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const stop = /^(?:they|people|patients|customers|staff|users|he|she|we|you|are|is|was|to|in|on|from|of|for|when|so)$/;
  const kept: string[] = [];
  for (const w of words) {
    if (stop.test(w)) break;
    if (
      /^(?:their|the|a|an|his|her|its|one|main|dropdown|drop|down|picklist|pick|list|menu|select|selection|box|radio|buttons?)$/.test(
        w,
      )
    )
      continue;
    kept.push(w);
  }
  const field = kept
    .slice(-2)
    .join('_')
    .replace(/[^a-z0-9_]/g, '');
  return field && !/^(?:it|them|one|ones|each)$/.test(field) ? field : 'category';
}

function branched(steps: Step[]): boolean {
  let any = false;
  walkSteps(
    steps,
    (s) => (any ||= s.kind === 'switch' || s.kind === 'if' || (s.kind === 'ai' && (s.routes?.length ?? 0) > 1)),
  );
  return any;
}

/** "North reports to the North crew's Slack channel, South reports by email …": the options said again, each with its own action. */
function eachSaid(
  original: string,
  values: string[],
  from: number,
): Array<{ start: number; end: number; action: string }> | null {
  const found: Array<{ at: number; end: number }> = [];
  let cursor = from;
  const said = (words: string[]) =>
    new RegExp(
      String.raw`\b${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/y$/i, '(?:y|ie)')).join('\\s+')}(?:s|es)?\b`,
      'gi',
    );
  for (const v of values) {
    const words = v.split(/\s+/);
    let m: RegExpExecArray | null = null;
    // "Supplier invoices should be …", "remittances posted in …": the option, or its first word, said again.
    for (const re of words.length > 1 && words[0]!.length >= 4
      ? [said(words), said(words.slice(0, 1))]
      : [said(words)]) {
      re.lastIndex = cursor;
      m = re.exec(original);
      if (m) break;
    }
    if (!m) return null;
    found.push({ at: m.index, end: m.index + m[0].length });
    cursor = m.index + m[0].length;
  }
  const sentenceEnd = (at: number) => at + (original.slice(at).search(/[.!?\n]/) + 1 || original.length - at + 1) - 1;
  const parts = found.map((f, i) => {
    const next = found[i + 1]?.at ?? sentenceEnd(f.end);
    return {
      start: f.at,
      end: next,
      action: original
        .slice(f.end, next)
        .replace(/,?\s*(?:and\s+)?['"‘“]?(?:other|anything else|everything else|the rest)\b[\s\S]*$/i, '')
        .replace(/,?\s*(?:and|or)?\s*$/i, '')
        .trim(),
    };
  });
  // One sentence (or two) holds them, each with words of its own.
  if (found.at(-1)!.at - found[0]!.at > 400 || parts.some((p) => p.action.split(/\s+/).length < 2)) return null;
  return parts;
}

export interface ChoiceRoutes {
  said: string;
  /** A model tells the option: the Switch is on a field the request does not have. */
  byModel: boolean;
}

/** The clause a place is said in ("the right physio"), from its last pause (or the options' end) to its next. */
function actionAt(
  original: string,
  right: RegExpMatchArray & { index: number },
  optionsEnd: number,
  context: Context,
): { start: number; end: number; ctx: RouteContext } {
  const start = Math.max(
    original.slice(0, right.index).search(/[^,;.!?\n—–]*$/),
    right.index > optionsEnd ? optionsEnd : 0,
    original.slice(0, right.index).search(/\b(?:and|then|so)\s+(?:(?!and\b|then\b|so\b)\S+\s+){0,6}?$/i),
  );
  const rest = original.slice(right.index);
  const end = right.index + (rest.search(/[,;.!?\n—–]/) + 1 || rest.length + 1) - 1;
  const sentenceStart = original.slice(0, start).search(/[^.!?\n]*$/);
  // The verb the places share may be said in the sentence before ("… forwards it to a different physio by email").
  const before = original.slice(original.slice(0, Math.max(0, sentenceStart - 1)).search(/[^.!?\n]*$/), sentenceStart);
  return {
    start,
    end,
    ctx: { ...contextAt(original, start, end, context), sentence: original.slice(sentenceStart, end), next: before },
  };
}

/**
 * `own`: only options each said again with an action of their own ("Billing requests go to #billing, outage requests
 * create a PagerDuty incident"), read before the route lists; `any`: also one action said for all "to the right" place.
 */
export function choiceRoutes(
  steps: Step[],
  original: string,
  context: Context,
  mode: 'own' | 'any' = 'any',
): ChoiceRoutes | null {
  if (branched(steps)) return null;
  // The places said: clauses saying "the right place", those not about how the work is done today first, and
  // "depending on which …" (which names the choice, not the action) last.
  const rights = [...original.matchAll(RIGHT)].sort((a, b) => {
    const today = (m: RegExpMatchArray) =>
      TODAY.test(original.slice(original.slice(0, m.index).search(/[^.!?\n]*$/), m.index)) ? 1 : 0;
    const names = (m: RegExpMatchArray) => (/^(?:depending|based)/i.test(m[0]) ? 1 : 0);
    return today(a) - today(b) || names(a) - names(b) || a.index - b.index;
  }) as Array<RegExpMatchArray & { index: number }>;
  // The options: the lists after a choice's words; each said again with its own action, or the one nearest a place.
  const lists: Array<Options & { cue: string; cueAt: number }> = [];
  for (const c of original.matchAll(CHOICE)) {
    const options = optionsAfter(original, c.index + c[0].length);
    if (options) lists.push({ ...options, cue: c[0], cueAt: c.index });
  }
  let found = lists.find((l) => eachSaid(original, l.values, l.end)) ?? null;
  const own = found ? eachSaid(original, found.values, found.end) : null;
  if (mode === 'own' && (!own || own.length < 3)) return null;
  if (!found && rights.length)
    for (const l of lists)
      if (!found || Math.abs(found.at - rights[0]!.index) > Math.abs(l.at - rights[0]!.index)) found = l;
  // "West goes to Priya, Central to Marcus, East to Dana. Update the lead owner … and DM the rep": with options
  // paired with their people, the sentence after them says what each route does.
  if (!found && !rights.length) {
    const paired = lists.find((l) => l.paired);
    const next = paired ? /[.!?\n]\s*(?=\S)/.exec(original.slice(paired.end)) : null;
    if (paired && next) {
      found = paired;
      const anchor = Object.assign([''], { index: paired.end + next.index + next[0].length });
      rights.push(anchor as RegExpMatchArray & { index: number });
    }
  }
  if (!found) return null;
  const options = found;
  const field = fieldOf(found.cue, found.named, original.slice(Math.max(0, found.cueAt - 40), found.cueAt));
  // The shared action: the first place said that does something (not only names who handles it).
  let chosen: ReturnType<typeof actionAt> | null = null;
  let done: Step[] | null = null;
  for (const right of rights) {
    const at = actionAt(original, right, options.end, context);
    const said = original.slice(at.start, at.end).trim();
    const steps_ = routeSteps(
      { start: at.start, end: at.end, name: '', full: true, fallback: false, action: said, kind: 2 },
      [],
      at.ctx,
      field,
    );
    if (!steps_?.length) continue;
    if (!done || (done.every((x) => x.kind === 'set') && steps_.some((x) => x.kind !== 'set'))) {
      chosen = at;
      done = steps_;
    }
  }
  if (!done && !own) return null;
  const ctx = chosen?.ctx ?? contextAt(original, found.at, own!.at(-1)!.end, context);
  const seg = (start: number, end: number, said: string, fallback = false) =>
    routeSteps({ start, end, name: '', full: true, fallback, action: said, kind: 2 }, [], ctx, field);
  // Each option said again with an action of its own does that; the others what the one before did.
  let previous: Step[] = done ?? [];
  const routes: Route[] = [];
  for (const [i, name] of found.values.entries()) {
    const part = own?.[i];
    const steps_ = (part ? seg(part.start, part.end, part.action) : null) ?? previous;
    if (steps_.length) previous = steps_;
    routes.push({ name, steps: structuredClone(steps_) });
  }
  if (routes.filter((r) => r.steps.length).length < 2) return null;
  const clauseStart = chosen?.start ?? found.at;
  let to = Math.max(found.end, chosen?.end ?? 0, own?.at(-1)?.end ?? 0);
  // "unknown departments go to finance@", "anything else comes to me": the items no option fits.
  const elseSaid =
    /\b(?:unknown|other|any other|anything else|everything else|the rest|all other|(?:any|every) [\w-]+ (?:outside|not (?:in|on|listed))|anything (?:outside|not (?:in|on|listed))|none of (?:these|those|them|the above))\b[^.;!?\n]*?\b(?:go(?:es)?|come|comes|sent|send|forward\w*|email\w*)\b[^.;!?\n]*/i.exec(
      original.slice(to),
    );
  const fallback = elseSaid
    ? seg(to + elseSaid.index, to + elseSaid.index + elseSaid[0].length, elseSaid[0], true)
    : found.other && done
      ? structuredClone(done)
      : null;
  if (elseSaid) to += elseSaid.index + elseSaid[0].length;
  // "Our website enquiry form has a Department dropdown: …": the sentence that lists the options is theirs.
  const sentenceStart = original.slice(0, found.cueAt).search(/[^.!?\n]*$/);
  const from = Math.min(found.cueAt - sentenceStart > 120 ? found.cueAt : sentenceStart, clauseStart);
  // A test the clause rules read from an option ("category is appointment") gives way to the routes.
  const values = new Set(found.values.flatMap((v) => [v.toLowerCase(), v.toLowerCase().split(/\s+/)[0]!]));
  let at = dropStale(
    steps,
    original,
    { from, to },
    appsOf(routes.flatMap((r) => r.steps).concat(fallback ?? [])),
    values,
  );
  // Options read as systems to call ("the DVD API") go, in the routes too.
  const system = (s: Step) => s.kind === 'http' && Boolean(s.system) && values.has(s.system!.toLowerCase());
  for (const r of routes) r.steps = r.steps.filter((s) => !system(s));
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!system(steps[i]!)) continue;
    steps.splice(i, 1);
    if (i < at) at--;
  }
  if (at < 0) at = steps.length;
  const byModel = BY_MODEL.test(original.slice(original.slice(0, found.at).search(/[^.!?\n]*$/), found.end));
  // The model step the clause rules read from the choosing words ("figure out if each email is …") is the classifier.
  if (byModel)
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      const said = s.kind === 'ai' ? original.indexOf(s.phrase) : -1;
      if (s.kind === 'ai' && !s.routes?.length && s.task !== 'agent' && said >= from && said < to) {
        steps.splice(i, 1);
        if (i < at) at--;
      }
    }
  steps.splice(Math.min(at, steps.length), 0, {
    kind: 'switch',
    field: byModel ? 'category' : field,
    routes,
    fallback,
  });
  return { said: original.slice(from, to), byModel };
}
