// Reads a plain-language automation request into a workflow spec: the trigger, then the steps in the order asked,
// with conditions, routes, parallel branches, batches and waits. Deterministic: the same text gives the same spec.
import type { Route, Step, WorkflowSpec } from '../spec.ts';
import { clauseSteps, type ClauseContext } from './clauses.ts';
import { findTrigger } from './trigger.ts';
import { conditionOf } from './words.ts';

const FILLER =
  /^(?:please|thanks?(?: you)?|i (?:want|need|would like)(?: to| a| an)?|can you|could you|build(?: me)?(?: a| an)?(?: workflow| automation)?|create(?: a| an)? (?:workflow|automation)|workflow|automation|that|it|and|then|also|so|the|a|an|ok|okay|hi|hello|hey|for me|me|us)$/;

/** "post failures to #alerts", "if anything fails, e-mail me", "on error notify …": the workflow's error path. */
const ERROR_PATH =
  /\b(?:failures?|errors?|exceptions?)\b(?!\s+(?:rate|count|code|message|status))|\b(?:if|when|whenever)\s+(?:it|anything|something|a step|any step|a node|any node|the workflow)\s+fails\b|\bon (?:failure|error)\b/;
const ERROR_WORDS =
  /\b(?:any |the |all )?(?:failures?|errors?|exceptions?)\b|\b(?:if|when|whenever)\s+(?:it|anything|something|a step|any step|a node|any node|the workflow)\s+fails\b|\bon (?:failure|error)\b/g;

const URGENCY = ['Urgent', 'High', 'Normal', 'Low'];
const SENTIMENT = ['Positive', 'Neutral', 'Negative'];

function sentences(text: string): string[] {
  // Keep URLs and decimals whole: split at sentence dots only.
  return text
    .split(/(?<![\d/:.]\w*)[.!?]+(?=\s|$)|;|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Words that start a new step: a clause boundary sits before them ("…, then post", "… and notify"). */
const STEP_START = String.raw`(?:also\s+)?(?:post|send|tell|notify|message|alert|ping|share|e-?mail|text|reply|forward|add|create|save|store|log|record|insert|append|write|put|upload|update|delete|remove|get|fetch|read|pull|retrieve|download|list|check|collect|call|run|summari[sz]e|classify|categori[sz]e|route|sort|triage|translate|generate|extract|parse|convert|filter|keep|only|skip|ignore|combine|merge|aggregate|wait|pause|process|sync|back\s?up|answer|respond|draft|compute|calculate|book|mark|move|archive|assign|open|close|invite|subscribe|have|use|make|respecting|count|format|rename|map|transform|set|clean|enrich|score|dedupe|thank|welcome|remind|otherwise|else|if|unless|then|finally|in\s+batches)\b`;
const BOUNDARY = new RegExp(
  String.raw`,\s*(?:and\s+)?(?:then\s+)?(?=${STEP_START})|\s+(?:and\s+then|then|after that|afterwards|finally|and)\s+(?=${STEP_START})`,
);

function clausesOf(sentence: string): string[] {
  // "into EMEA, APAC or Americas": a list of names stays in one clause.
  const listed = sentence.replace(
    /\b(into|as|between|by)\s+([\w-]+(?:\s*,\s*[\w-]+)+\s*,?\s*(?:or|and)\s+[\w-]+|[\w-]+\s+or\s+[\w-]+)/g,
    (_, w: string, list: string) => `${w} ${list.replace(/\s*,\s*|\s+(?:or|and)\s+/g, ' / ')}`,
  );
  return listed
    .split(BOUNDARY)
    .map((c) => c.replace(/^(?:and|then|also|finally)\s+/, '').trim())
    .filter(Boolean);
}

function routeNames(field: string, clause: string, request: string, sentence: string): string[] {
  const explicit = [
    ...`${sentence} ${field ? request : ''}`.matchAll(
      /\b([a-z][\w-]*)\s+(?:ones|tickets|items|messages|leads|requests|orders|emails)\s+(?:go\s+)?(?:to|into|in)\b/g,
    ),
  ].map((m) => m[1]!);
  if (explicit.length >= 2 || !field) return [...new Set(explicit)].map((n) => n.replace(/^./, (c) => c.toUpperCase()));
  const listed = /\b(?:into|as|between)\s+([\w-]+(?:\s+\/\s+[\w-]+)+)/.exec(clause);
  if (listed?.[1])
    return listed[1]
      .split(/\s+\/\s+/)
      .filter(Boolean)
      .map((n) => n.replace(/^./, (c) => c.toUpperCase()));
  if (/urgen|priorit|severity|importan/.test(field + clause)) return URGENCY;
  if (/sentiment|tone|mood/.test(field + clause + request)) return SENTIMENT;
  if (/language/.test(field)) return ['English', 'Spanish', 'German'];
  if (/type|category|kind|topic/.test(field)) return ['Sales', 'Support', 'Billing'];
  return [];
}

/** Destinations per route: "urgent ones to #urgent, the rest to #support". */
function routeTargets(names: string[], text: string, ctx: ClauseContext): Route[] {
  return names.map((name) => {
    const re = new RegExp(
      `\\b${name.toLowerCase()}(?:\\s+(?:ones|tickets|items|messages|leads|ones?))?\\s+(?:go\\s+)?(?:to|into|in)\\s+((?:[^,.;]|\\.(?=\\w))+)`,
    );
    const target = re.exec(text)?.[1] ?? re.exec(ctx.request)?.[1];
    return { name, steps: target ? clauseSteps(`send to ${target}`, ctx) : [] };
  });
}

interface Reading {
  steps: Step[];
  unmapped: string[];
  onError: Step[];
}

function readSentence(sentence: string, ctx: ClauseContext, out: Reading): void {
  const clauses = clausesOf(sentence);
  let target = out.steps;
  let branch: Extract<Step, { kind: 'if' }> | null = null;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    // "…; sales ones go to #sales": a route's destination, already wired into the route.
    const routeTarget =
      /^([a-z][\w-]*)\s+(?:ones|tickets|items|messages|leads|requests|orders|emails)\s+(?:go\s+)?(?:to|into|in)\b/.exec(
        clause,
      );
    if (routeTarget && ctx.routed.has(routeTarget[1]!)) continue;
    if (ERROR_PATH.test(clause) && /\b(?:post|send|alert|notify|tell|report|e-?mail|log|message|ping)\b/.test(clause)) {
      out.onError.push(...clauseSteps(clause.replace(ERROR_WORDS, 'it'), ctx));
      continue;
    }
    if (/^(?:otherwise|else|if not)\b/.test(clause) && branch) {
      target = branch.otherwise;
      target.push(...clauseSteps(clause.replace(/^(?:otherwise|else|if not)\s*/, ''), ctx));
      continue;
    }
    const batch =
      /\b(?:in\s+)?batch(?:es)?\s+of\s+(\d+)|\b(\d+)\s+(?:items?\s+|rows?\s+|records?\s+)?at a time\b|\bbatch size (?:of )?(\d+)/.exec(
        clause,
      );
    if (batch) {
      const body: Step[] = [];
      target.push({ kind: 'batch', size: Number(batch[1] ?? batch[2] ?? batch[3]), body });
      target = body;
    }
    const wait = /\b(?:wait|pause|sleep|delay)\w*\s+(?:for\s+)?(\d+|a|one)\s+(second|minute|hour|day)s?\b/.exec(clause);
    if (wait)
      target.push({
        kind: 'wait',
        amount: wait[1] === 'a' || wait[1] === 'one' ? 1 : Number(wait[1]),
        unit: `${wait[2]}s` as 'seconds',
      });
    else if (/\brate[- ]limit|\bthrottl|\bnot (?:to )?(?:hit|exceed)\b/.test(clause))
      target.push({ kind: 'wait', amount: 1, unit: 'seconds' });
    const route =
      /\b(?:route|sort|triage|split|send)\w*\s+(?:it|them|each(?: one)?|the \w+|tickets|messages|leads|items)?\s*(?:by|based on|according to|depending on)\s+(?:its |their |the )?([\w ]+?)(?=$|[,:;]|\s(?:and|then|into|as)\s)|\bdepending on (?:the |its |their )?([\w]+)/.exec(
        clause,
      );
    const classify =
      /\b(?:classify|categori[sz]e)\w*\b|\b(?:label|tag)\s+(?:it|them|each|every|the)\b/.test(clause) ||
      (route && /\bai\b|\bgpt\b|\bopenai\b|\bllm\b/.test(ctx.request));
    // "Route incoming emails: urgent ones to #urgent, billing ones to billing@…": routes by a word the item contains.
    const byWord =
      !route &&
      !classify &&
      /\b(?:route|sort|triage|dispatch)\w*\b/.test(clause) &&
      routeNames('', '', '', sentence).length >= 2;
    if (byWord) {
      const names = routeNames('', '', '', sentence);
      target.push({
        kind: 'switch',
        field: ctx.request.includes('mail') ? 'subject' : 'text',
        routes: routeTargets(names, sentence, ctx),
        fallback: true,
        match: 'contains',
      });
      names.forEach((n) => ctx.routed.add(n.toLowerCase()));
      while (i + 1 < clauses.length && names.some((n) => new RegExp(`^${n.toLowerCase()}\\b`).test(clauses[i + 1]!)))
        i++;
      continue;
    }
    if (route || classify) {
      const field = (route?.[1] ?? route?.[2] ?? (/\bsentiment\b/.test(clause) ? 'sentiment' : 'category'))
        .trim()
        .replace(/\s+/g, '_');
      const names = routeNames(field, clause, ctx.request, sentence);
      if (!names.length) {
        out.unmapped.push(`${clause} (which routes should there be, and what should each do?)`);
        continue;
      }
      const routes = routeTargets(names, sentence, ctx);
      names.forEach((n) => ctx.routed.add(n.toLowerCase()));
      // "urgent ones to #urgent, high ones to #support": those clauses are the routes, not steps after them.
      while (i + 1 < clauses.length && names.some((n) => new RegExp(`^${n.toLowerCase()}\\b`).test(clauses[i + 1]!)))
        i++;
      target.push(
        classify ? { kind: 'classify', categories: routes } : { kind: 'switch', field, routes, fallback: true },
      );
      const rest = clause.replace(route?.[0] ?? '', '').replace(/\b(?:classify|categori[sz]e|label|tag)\w*\b[^,]*/, '');
      const namesRoutes = names.some((n) => rest.includes(n.toLowerCase()));
      if (rest.trim() && !namesRoutes && clauseSteps(rest, ctx).length) target.push(...clauseSteps(rest, ctx));
      continue;
    }
    const onlyIf =
      /\bonly\b[^,]*?\b(?:if|when|where|with|for)\b\s*(.*)|\bfilter\w*\s+(?:out\s+)?(?:\w+\s+)?(?:where|with|that|if)\s+(.*)|\b(?:skip|ignore)\w*\s+(?:any |the )?\w+\s+(?:where|with|that|if)\s+(.*)/.exec(
        clause,
      );
    const condText = clause.replace(/^.*?\b(?:if|when|where|unless)\b\s*/, '');
    const cond = conditionOf(condText);
    if (onlyIf && cond) {
      target.push({
        kind: 'filter',
        condition: /\b(?:skip|ignore)\b|\bfilter\w*\s+out\b/.test(clause)
          ? {
              ...cond,
              operator:
                cond.operator === 'gt'
                  ? 'lte'
                  : cond.operator === 'lt'
                    ? 'gte'
                    : cond.operator === 'equals'
                      ? 'notEquals'
                      : cond.operator,
            }
          : cond,
      });
      const action = clause.replace(/\bonly\b.*$/, '').trim();
      if (action) target.push(...clauseSteps(action, ctx));
      continue;
    }
    // "check if the site is up" is a check, not a branch.
    const ifAt = clause
      .replace(/\b(?:check|see|verify|test)\s+(?:if|whether)\b/g, (m) => '_'.repeat(m.length))
      .search(/\b(?:if|when|unless)\b/);
    if (ifAt >= 0 && cond) {
      const action = `${clause.slice(0, ifAt)} ${condText.slice(cond.end)}`.replace(/^\s*,?\s*then\b/, '').trim();
      branch = {
        kind: 'if',
        condition: /\bunless\b/.test(clause) ? { ...cond, operator: 'notEquals' } : cond,
        then: [],
        otherwise: [],
      };
      target.push(branch);
      const thenSteps = action ? clauseSteps(action, ctx) : [];
      branch.then.push(...thenSteps);
      // "If the budget is over 10k, tell #sales": the clauses after a bare condition are its then-branch.
      target = thenSteps.length ? target : branch.then;
      continue;
    }
    const parallel = /\b(?:at the same time|in parallel|simultaneously)\b/.test(clause);
    const steps = clauseSteps(clause, ctx);
    if (!steps.length && !batch && !wait) {
      const words = clause.replace(/[^a-z0-9 ]/g, ' ').trim();
      // Watching the work in the Agent's Computer is the team's business, not a workflow step.
      const aboutTheTeam = /\b(?:in|on|with) the browser\b|\bagent'?s computer\b|\bshow me\b|\bexplain\b/.test(clause);
      if (
        words &&
        !FILLER.test(words) &&
        words.split(/\s+/).length > 1 &&
        !aboutTheTeam &&
        !/\brate[- ]limit|\bthrottl/.test(clause)
      )
        out.unmapped.push(clause);
      continue;
    }
    if (parallel && steps.length > 1)
      target.push({
        kind: 'parallel',
        branches: steps.map((s) => [s]),
        merge: /\b(?:combine|merge|join|together)\b/.test(ctx.request),
      });
    else target.push(...steps);
    ctx.previousVerb = steps.find((s) => s.kind === 'action') ?? ctx.previousVerb;
  }
}

/** Reads (fetch A, fetch B, … then combine): the reads run side by side into a Merge. */
function mergeReads(steps: Step[], request: string): Step[] {
  if (!/\b(?:combine|merge|join)\w*\b/.test(request)) return steps;
  const reads = steps.filter(
    (s) => (s.kind === 'action' && s.verb === 'read') || (s.kind === 'http' && s.method === 'GET'),
  );
  if (reads.length < 2 || steps.some((s) => s.kind === 'parallel')) return steps;
  const first = steps.indexOf(reads[0]!);
  const rest = steps.filter((s) => !reads.includes(s) && s.kind !== 'aggregate');
  return [
    ...rest.slice(0, first),
    { kind: 'parallel', branches: reads.map((r) => [r]), merge: true },
    ...rest.slice(first),
  ];
}

export function readRequest(request: string): WorkflowSpec {
  const original = request.replace(/\s+/g, ' ').trim();
  const text = original.toLowerCase();
  const found = findTrigger(text);
  const ctx: ClauseContext = {
    request: text,
    original,
    previousVerb: null,
    chat: found.trigger.kind === 'chat',
    routed: new Set(),
  };
  const out: Reading = { steps: [], unmapped: [], onError: [] };
  if (found.filter)
    out.steps.push({
      kind: 'filter',
      condition: { field: found.filter.field, operator: found.filter.operator, value: found.filter.value },
    });
  for (const sentence of sentences(found.rest)) readSentence(sentence, ctx, out);
  const steps = mergeReads(out.steps, text);
  // "Save Gmail attachments to Drive", "add new Stripe customers to a sheet": with no trigger named, the app the
  // items come from starts the workflow as they arrive (clicking Execute is for "manually", "when I click").
  const first = steps[0];
  if (
    found.trigger.kind === 'manual' &&
    !/\bmanual|\bwhen i click|\bon demand\b|\bbutton\b|\bonce\b|\ball\b/.test(text) &&
    first?.kind === 'action' &&
    first.verb === 'read' &&
    steps.length > 1
  ) {
    return {
      trigger: { kind: 'app', service: first.service, event: 'created' },
      steps: steps.slice(1),
      unmapped: out.unmapped,
      onError: out.onError,
    };
  }
  return { trigger: found.trigger, steps, unmapped: out.unmapped, onError: out.onError };
}
