// After the clauses are read: every app, model and AI job the request names is in a step (an app named only in
// passing, "with Google Sheets", still gets its node), AI steps get the provider the request names, and a condition
// with nothing after it and no other outcome becomes a filter, so no If output is left unwired.
import { appKind, defaultVerb } from '../catalog/appKinds.ts';
import { PROVIDERS } from '../catalog/models.ts';
import { GENERIC_DEFAULTS, GENERIC_FAMILIES } from '../catalog/generics.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { stepLists, walkSteps, type AiStep, type AiTask, type Step } from '../spec.ts';
import { aiStep, appKindOf, OCR_APP, SMS_APPS, type ReadContext } from './steps.ts';
import { within, type Mentions } from './mentions.ts';
import { buildsNamed, namedStep } from './named.ts';
import type { FoundTrigger } from './trigger.ts';
import { sentences, spanText } from './text.ts';
import { hintsOf, inverse } from './words.ts';

const aiSteps = (steps: Step[]): AiStep[] => {
  const out: AiStep[] = [];
  walkSteps(steps, (s) => s.kind === 'ai' && out.push(s));
  return out;
};

/** Where an AI step goes when the request names one without a clause of its own: before the last sends and writes. */
/** Services that watch sites and servers themselves. */
const MONITOR = /^(?:uptimeRobot|grafana|datadog|newRelic|sentryIo|pagerDuty|opsgenie|signl4|splunk|elasticSecurity)/;

function beforeOutputs(steps: Step[]): number {
  let i = steps.length;
  while (i > 0) {
    const s = steps[i - 1]!;
    if (s.kind === 'app' && (s.verb === 'send' || s.verb === 'create' || s.verb === 'update')) i--;
    else break;
  }
  return i;
}

/** "… both into a Merge node": the workflow's first reads run side by side into one Merge. */
function joinReads(steps: Step[]): void {
  const read = (s: Step) =>
    (s.kind === 'app' && (s.verb === 'read' || s.verb === 'search')) || (s.kind === 'http' && s.method === 'GET');
  const first = steps.findIndex(read);
  if (first < 0) return;
  let end = first;
  while (end < steps.length && read(steps[end]!)) end++;
  if (end - first < 2) return;
  const branches = steps.slice(first, end).map((s) => [s]);
  steps.splice(first, end - first, { kind: 'parallel', branches, merge: true });
}

const ANSWER =
  /\b(?:send|sends|sending|return|returns|returning|reply|replies|respond|responds|responding)\b[^.?!]{0,60}\b(?:back|response|caller|requester)\b|\b(?:give|gives|giving|hand|hands|pass|passes) back\b|\brespond\w* with\b|\breturns?\b[^.?!]{0,100}\bas json\b|\breject\w* (?:it |the request |them |the call )?with (?:a |an )?(\d{3})\b|\b(?:and|then) returns?\b/;

const CAPABILITY =
  /\b(?:answers?|answering|replies|replys|responds?)\b[^.?!]{0,40}\b(?:using|from|based on|out of)\b|\b(?:(?:has|have|having|with|give it|gets?) access to|(?:be )?able to|can (?:look|search|check|query|read|find|use|fetch|get|create|add|book|update|schedule|send)|as (?:a |its )?tools?|tools? (?:for|to)|look(?:s|ing)? up|lookups?)\b/i;

/** A test of the weather: "going to rain" as a yes/no flag, "weather[0].main", the temperature, the wind. */
const WEATHER_FIELD =
  /(?:^|_|\.)(?:rain|snow|thunderstorm|storm|drizzle|weather|temperature|wind|forecast)|^main\.temp$/;

/**
 * "Every morning, if it's going to rain in Berlin, text me": the weather a test reads is fetched first (OpenWeatherMap
 * says the sky's state in weather[0].main, "Rain", "Snow"), and a weather read said after the test moves before it.
 */
function weatherFirst(out: Step[], mentions: Mentions, ctx: ReadContext, found: FoundTrigger): void {
  if (found.trigger.kind !== 'schedule') return;
  const info = GENERIC_DEFAULTS.weather;
  // "if it's going to be above 30 degrees": the temperature OpenWeatherMap gives (main.temp).
  const degrees = /\b(?:degrees?|celsius|fahrenheit)\b|°/i.test(ctx.original);
  for (const s of out) {
    if (s.kind !== 'filter' && s.kind !== 'if') continue;
    if (
      degrees &&
      typeof s.condition.value === 'number' &&
      /^(?:gt|gte|lt|lte)$/.test(s.condition.operator) &&
      /^(?:it|it_s|going_to_be|it_s_going_to_be|temp|temperature|the_temperature|it_will_be|will_be)$/.test(
        s.condition.field,
      )
    )
      s.condition = { ...s.condition, field: 'main.temp' };
    const sky = /(?:^|_)(rain|snow|thunderstorm|storm|drizzle)(?:s|y|ing)?(?:_|$)/.exec(s.condition.field)?.[1];
    if (sky && /^is(?:True|False)$/.test(s.condition.operator))
      s.condition = {
        field: 'weather[0].main',
        operator: s.condition.operator === 'isTrue' ? 'contains' : 'notContains',
        value: sky === 'storm' ? 'Thunderstorm' : sky.replace(/^./, (c) => c.toUpperCase()),
      };
  }
  const test = out.findIndex((s) => (s.kind === 'filter' || s.kind === 'if') && WEATHER_FIELD.test(s.condition.field));
  if (test < 0) return;
  const read = out.findIndex((s) => s.kind === 'app' && s.app === info.app);
  if (read > test) {
    out.splice(test, 0, ...out.splice(read, 1));
    return;
  }
  let present = false;
  walkSteps(out, (s) => (present ||= s.kind === 'app' && s.app === info.app));
  const weather = mentions.generics.find((g) => g.kind === 'weather' && !ctx.usedGenerics.has(g.from));
  // ("if the temperature in Berlin drops below 0 degrees": the temperature is the weather's, said without the word.)
  const temperature = ctx.tokens.find((t) => /^(?:temperature|temperatures|temp|degrees)$/.test(t.lower));
  // (Not a reading something else gives: "read the temperature from our Home Assistant sensor".)
  const readBefore = out.slice(0, test).some((s) => s.kind === 'app' || s.kind === 'http');
  if (present || (!weather && (!temperature || readBefore))) return;
  if (weather) ctx.usedGenerics.add(weather.from);
  const asked = weather?.said ?? temperature!.text;
  ctx.choices.push({ said: asked, chose: info.chose, change: info.change });
  // ("if it's going to snow in Denver": the place said in its sentence is the city looked up.)
  const said = weather ? ctx.tokens[weather.from]! : temperature!;
  const sentence = sentences(ctx.tokens).find((s) => s.includes(said)) ?? [said];
  const hints = hintsOf(spanText(ctx.original, sentence), sentence);
  out.splice(test, 0, {
    kind: 'app',
    app: info.app,
    verb: 'read',
    hints: hints.location ? { location: hints.location } : {},
    phrase: asked,
  });
}

/** Whether a step tests the sentiment of the items ("if the review is negative", "Negative: …"). */
const testsSentiment = (s: Step): boolean =>
  ((s.kind === 'filter' || s.kind === 'if') &&
    [s.condition, ...(s.condition.more ?? [])].some((c) => c.field === 'sentiment')) ||
  (s.kind === 'switch' && s.field === 'sentiment');

/**
 * "If a new review on Trustpilot is negative, …", "when a customer replies and it's negative": no app's item says
 * how it feels, so a model judges it before the test that reads its answer.
 */
export function judgedFirst(out: Step[], original: string, mentions: Mentions, ctx: ReadContext): void {
  const at = out.findIndex(testsSentiment);
  // (Only words people write are judged: "negative amounts" or "negative units" are numbers below zero.)
  if (
    at < 0 ||
    !/\b(?:reviews?|feedback|comments?|messages?|e-?mails?|repl(?:y|ies)|posts?|tweets?|tickets?|sentiment|tone|mood|conversations?|chats?|responses?|surveys?|mentions?)\b/i.test(
      original,
    ) ||
    /\bnegative\s+(?:amounts?|units?|numbers?|values?|balances?|quantit(?:y|ies)|stock|totals?|prices?|margins?|growth|counts?|inventory)\b/i.test(
      original,
    )
  )
    return;
  let judged = false;
  walkSteps(out.slice(0, at), (s) => (judged ||= s.kind === 'ai' && s.task !== 'write' && s.task !== 'translate'));
  if (judged) return;
  out.splice(at, 0, aiStep('sentiment', original, { ...mentions, models: [] }, ctx, original.toLowerCase()));
}

export function coverMentions(steps: Step[], ctx: ReadContext, found: FoundTrigger): Step[] {
  const out = [...steps];
  const { mentions, tokens, original } = ctx;
  const lead = out[0]?.kind === 'filter' ? 1 : 0;
  let reads = 0;
  for (const ref of mentions.apps) {
    if (ctx.usedApps.has(ref.from) || found.app === ref) continue;
    // "Trigger: Typeform 'Report a bug' form (…, severity: Low/Medium/High)": the trigger line's words are its own
    // (and a title's above it).
    if (found.headed && found.used.has(ref.from)) continue;
    // "If the nightly BambooHR to Google Contacts sync workflow fails, …": the apps of the workflow that failed.
    if (found.trigger.kind === 'error' && found.used.has(ref.from)) continue;
    // "When Sentry sends us a new error via webhook": the system calling the webhook is no step.
    if (
      found.trigger.kind === 'webhook' &&
      found.used.has(ref.from) &&
      (tokens
        .slice(ref.to, ref.to + 3)
        .some((t) => /^(?:sends?|calls?|posts?|hits?|pings?|fires?|notifies|curls?|does)$/.test(t.lower)) ||
        // "Grafana alert webhook": the webhook the app's alerts come through (unless something is saved back there).
        (!/\b(?:saved?|writes?|written|put|post(?:ed)?|sync(?:ed)?)\s+(?:\w+\s+)?back\b/i.test(original) &&
          /^(?:(?:alerts?|events?|notifications?|incoming|errors?|status|monitor|uptime)\s+){0,2}webhooks?\b/.test(
            tokens
              .slice(ref.to, ref.to + 3)
              .map((t) => t.lower)
              .join(' '),
          )))
    )
      continue;
    if (ref.app.key === ctx.triggerApp && /^(?:trigger|triggers|node)$/.test(tokens[ref.to]?.lower ?? '')) continue;
    if (found.trigger.kind === 'app' && found.trigger.app === ref.app.key && !ctx.usedApps.size) continue;
    // "… send each answer to a different team by email. We use Outlook.": the app is in the workflow already.
    let present = found.trigger.kind === 'app' && found.trigger.app === ref.app.key && !ref.app.action;
    walkSteps(out, (s) => (present ||= s.kind === 'app' && s.app === ref.app.key));
    if (present) continue;
    ctx.usedApps.add(ref.from);
    const before = tokens[ref.from - 1]?.lower ?? '';
    const phrase = spanText(original, tokens.slice(ref.from, ref.to));
    const kind = appKind(ref.app);
    // ("for each SurveyMonkey response": the app's items, read before they are gone through.)
    const source = /^(?:from|of|each|every)$/.test(before) || kind === 'fetch';
    const step: Step = {
      kind: 'app',
      app: ref.app.key,
      verb: source ? 'read' : defaultVerb(ref.app),
      hints: {},
      phrase,
    };
    if (source) out.splice(lead + reads++, 0, step);
    else out.push(step);
  }
  // Generic nouns written like names in a list of apps ("with Gmail, Calendar & GitHub") get their default app.
  // So does a place said in lower case where data is kept ("from the gradebook spreadsheet", "into our CRM").
  for (const g of mentions.generics) {
    const place =
      /^(?:spreadsheets?|sheet|database|db|crm|calendar)$/i.test(g.said) &&
      tokens.slice(Math.max(0, g.from - 4), g.from).some((t) => /^(?:from|in|into|to|on|onto)$/.test(t.lower));
    // "Inventory mismatch problem: …": a capital that only starts a sentence or a line names nothing.
    const prev = tokens[g.from - 1];
    const opens = !prev || /^[.!?]$/.test(prev.text) || original.slice(prev.end, tokens[g.from]!.start).includes('\n');
    if (ctx.usedGenerics.has(g.from) || !((/^[A-Z]/.test(tokens[g.from]!.text) && !opens) || place)) continue;
    // (Nor the place the trigger watches, said in passing: "a Google Form (the answers go to a sheet)".)
    if (
      found.used.has(g.from) &&
      /^(?:sheet|database|crm|calendar|storage|document)$/.test(g.kind) &&
      (found.headed || (found.trigger.kind === 'app' && found.trigger.app === GENERIC_DEFAULTS[g.kind]?.app))
    )
      continue;
    // "failures of our CRM sync workflows": the kind of workflow, not a place the steps use.
    if (/^(?:sync|syncs|integrations?|workflows?|automations?|flows?|jobs?)$/.test(tokens[g.to]?.lower ?? '')) continue;
    if (!/^(?:calendar|crm|sheet|database|storage|document|task|ticket|sms|issue)$/.test(g.kind)) continue;
    const info = GENERIC_DEFAULTS[g.kind];
    let present = false;
    // "… write them to the Errors sheet in the same workbook" after an Excel read: that sheet app is there already.
    walkSteps(
      out,
      (s) =>
        (present ||=
          s.kind === 'app' &&
          (s.app === info.app ||
            // "create a Task in Asana": an app of that kind holds it.
            Boolean(GENERIC_FAMILIES[g.kind]?.test(s.app)) ||
            (g.kind === 'sms' && SMS_APPS.test(s.app)) ||
            (g.kind === 'sheet' && /^(?:googleSheets|microsoftExcel|microsoftExcelSharePoint)$/.test(s.app)))),
    );
    if (present) continue;
    ctx.usedGenerics.add(g.from);
    ctx.choices.push({ said: g.said, chose: info.chose, change: info.change });
    // "… from the gradebook spreadsheet": the items are read there first.
    const source = place && tokens.slice(Math.max(0, g.from - 4), g.from).some((t) => t.lower === 'from');
    const step: Step = {
      kind: 'app',
      app: info.app,
      verb: g.kind === 'sms' ? 'send' : source ? 'read' : 'create',
      hints: {},
      phrase: g.said,
    };
    if (source) out.splice(lead + reads++, 0, step);
    else out.push(step);
  }
  // "if it's going to rain in Berlin", "if the forecast says rain": the weather a test reads is fetched first.
  weatherFirst(out, mentions, ctx, found);
  // Core nodes the request names that no clause made: "use the Text Classifier node to sort …", "a Wait node".
  for (const n of mentions.nodes) {
    if (ctx.usedNodes.has(n.from) || found.used.has(n.from)) continue;
    let built = false;
    walkSteps(out, (s) => (built ||= buildsNamed(s, n.kind)));
    if (built) continue;
    ctx.usedNodes.add(n.from);
    const phrase = spanText(original, tokens.slice(n.from, n.to));
    const made = namedStep(n.kind, phrase);
    if (made) out.splice(beforeOutputs(out), 0, made);
    else if (n.kind === 'merge') joinReads(out);
    else if (n.kind === 'wait') {
      const loop = out.find((s) => s.kind === 'loop');
      (loop?.kind === 'loop' ? loop.body : out).push({ kind: 'wait', amount: 1, unit: 'seconds' });
    } else if (n.kind === 'classifier' || n.kind === 'extractor' || n.kind === 'sentiment') {
      const task = n.kind === 'classifier' ? 'classify' : n.kind === 'extractor' ? 'extract' : 'sentiment';
      const added = aiStep(task, original, { ...mentions, models: [] }, ctx, original.toLowerCase());
      out.splice(beforeOutputs(out), 0, added);
    }
  }
  // "Sentiment Analysis node on the first message": n8n's own node does the sentiment step.
  if (mentions.nodes.some((n) => n.kind === 'sentiment')) {
    let marked = false;
    walkSteps(out, (s) => {
      if (!marked && s.kind === 'ai' && s.task === 'sentiment') {
        s.node = 'sentimentAnalysis';
        marked = true;
      }
    });
  }
  // "… and send back the combined result in the webhook response", "returns … as JSON": the caller gets an answer.
  if (found.trigger.kind === 'webhook') {
    let answered = false;
    walkSteps(out, (s) => (answered ||= s.kind === 'respond'));
    // A Slack slash command waits for its answer.
    const asked = ANSWER.exec(original.toLowerCase()) ?? /\bslash commands?\b/.exec(original.toLowerCase());
    if (asked && !answered) {
      const code = Number(asked[1] ?? 200);
      const answer: Step = { kind: 'respond', status: code, body: code >= 400 ? 'error' : 'json' };
      // "reject with a 401 otherwise": the rejection is the other outcome of the check.
      const check = out.findLast((s) => s.kind === 'if');
      if (code >= 400 && check?.kind === 'if' && !check.otherwise.length) check.otherwise.push(answer);
      else out.push(answer);
    }
  }
  // "Website uptime monitor with SIGNL4 alerts", "alert me when the site goes down": the page is fetched and only a
  // failed answer goes on to the alert.
  // (Not a word quoted as a value, "the summary contains 'outage'", nor an app's own event.)
  if (
    found.trigger.kind !== 'app' &&
    /\buptime\b|\bdowntime\b|\boutages?\b|\b(?:site|website|server|endpoint|url|api|page)s? (?:is |goes |are |go )?(?:down|offline)\b/i.test(
      original.replace(/(['"‘“])[^'"’”\n]{1,40}['"’”]/g, ' '),
    )
  ) {
    // A monitoring service named ("check UptimeRobot monitors") reports the outage itself.
    let tested = false;
    walkSteps(
      out,
      (s) => (tested ||= s.kind === 'if' || s.kind === 'filter' || (s.kind === 'app' && MONITOR.test(s.app))),
    );
    if (!tested) {
      const at = out.findIndex((s) => s.kind === 'http');
      const fetch: Step = { kind: 'http', url: null, method: 'GET', api: 'the website', phrase: 'uptime check' };
      const down: Step = { kind: 'filter', condition: { field: 'statusCode', operator: 'notEquals', value: 200 } };
      if (at >= 0) out.splice(at + 1, 0, down);
      else out.splice(0, 0, fetch, down);
    }
  }
  // "price scraping with change alerts": the scraped page is compared with the last run, only changes go on.
  if (
    /\bchange (?:alerts?|detection|notifications?|monitor\w*)\b|\balerts? (?:on|for|about) (?:any )?changes?\b/i.test(
      original,
    )
  ) {
    let tested = false;
    walkSteps(out, (s) => (tested ||= s.kind === 'if' || s.kind === 'filter'));
    if (!tested)
      out.splice(beforeOutputs(out), 0, {
        kind: 'filter',
        condition: { field: 'changed', operator: 'isTrue', value: true },
      });
  }
  // A chat is answered: a chat trigger with no AI step gets an agent ("let people ask questions through a chat").
  if (found.trigger.kind === 'chat' && !aiSteps(out).length) {
    const added = aiStep('agent', original, { ...mentions, models: [] }, ctx, original.toLowerCase());
    added.memory = true;
    out.push(added);
  }
  // A vector store named beside an agent is the agent's knowledge (a tool it searches).
  const agent = aiSteps(out).find((s) => s.task === 'agent');
  if (agent) {
    for (let i = out.length - 1; i >= 0; i--) {
      const s = out[i]!;
      // A store the request fills from a source read before it ("load our Notion wiki into a vector store") stays a
      // step: the loading is its own entry point.
      const filled =
        s.kind === 'app' && s.verb === 'create' && out.slice(0, i).some((x) => x.kind === 'app' && x.verb === 'read');
      if (s.kind === 'app' && /^vectorStore/.test(s.app) && (s.verb !== 'create' || (ctx.chat && !filled))) {
        agent.tools.push({ kind: 'vectorStore', app: s.app });
        out.splice(i, 1);
      }
    }
  }
  // "It should have access to our catalogue in Google Sheets and be able to look up orders in Shopify": what an
  // agent can consult or do is a tool it calls, not a step after it.
  if (agent) {
    const at = out.indexOf(agent);
    for (let i = out.length - 1; i > at && at >= 0; i--) {
      const s = out[i]!;
      if (
        s.kind !== 'app' ||
        !CAPABILITY.test(s.phrase) ||
        (found.trigger.kind === 'app' && found.trigger.app === s.app)
      )
        continue;
      if (!agent.tools.some((t) => t.kind === 'app' && t.app === s.app)) agent.tools.push({ kind: 'app', app: s.app });
      out.splice(i, 1);
    }
  }
  judgedFirst(out, original, mentions, ctx);
  const ai = aiSteps(out);
  // Providers the request names: each drives an AI step (the first unnamed ones take them in order).
  const unnamed = ai.filter((s) => ctx.defaulted.has(s));
  for (const m of mentions.models) {
    if (ctx.usedModels.has(m.from)) continue;
    ctx.usedModels.add(m.from);
    const step = unnamed.shift();
    if (step) {
      step.model = m.model;
      ctx.defaulted.delete(step);
      continue;
    }
    const already = ai.find((s) => s.model.provider === m.model.provider);
    if (already) continue;
    const task: AiTask = ai[0]?.task === 'agent' ? 'write' : (mentions.aiNouns[0]?.task ?? 'write');
    const added = aiStep(
      task === 'agent' && ai.length ? 'write' : task,
      spanText(original, tokens.slice(m.from, m.to)),
      within(mentions, m.from, m.to),
      ctx,
      '',
    );
    added.model = m.model;
    ctx.defaulted.delete(added);
    out.splice(beforeOutputs(out), 0, added);
    ai.push(added);
  }
  // AI asked for ("with AI", "an AI summary") but no clause made an AI step.
  // (Not "the translation" after "translate it with Google Translate": the service made it.)
  const translated =
    !mentions.aiWords.length &&
    mentions.aiNouns.every((n) => n.task === 'translate') &&
    mentions.apps.some((a) => /^(?:googleTranslate|deepL)$/.test(a.app.key));
  // (Nor "run OCR with AWS Textract": the app read the text.)
  const read =
    !mentions.aiWords.length &&
    mentions.aiNouns.every((n) => n.task === 'ocr') &&
    mentions.apps.some((a) => OCR_APP.test(`${a.app.name} ${a.app.description}`));
  if (!ai.length && !translated && !read && (mentions.aiWords.length || mentions.aiNouns.some((n) => n.strong))) {
    const noun = mentions.aiNouns[0];
    const task: AiTask = noun?.task ?? 'analyse';
    const added = aiStep(task, original, { ...mentions, models: [] }, ctx, original.toLowerCase());
    out.splice(beforeOutputs(out), 0, added);
    ai.push(added);
  }
  downloadFiles(out, found, original);
  readBeforeChange(out, found);
  structuredAnswer(out, original);
  for (const step of ai) {
    if (!ctx.defaulted.has(step)) continue;
    const named = mentions.models[0]?.model;
    if (named) step.model = named;
    else if (!ctx.choices.some((c) => c.said === 'AI')) {
      const info = PROVIDERS.openai;
      ctx.choices.push({
        said: 'AI',
        chose: `${info.name} (${info.defaultModel})`,
        change: "say 'use Claude', 'use Gemini' or 'use Ollama'",
      });
    }
  }
  return out;
}

/**
 * "an agent w/ structured output parser", "It returns JSON with three fields: industry, employee_count and a summary":
 * the agent answers in that shape, held to it by a Structured Output Parser.
 */
function structuredAnswer(steps: Step[], original: string): void {
  const asked =
    /\bstructured (?:output|json|response|answer)s?\b|\boutput parser\b|\b(?:returns?|outputs?|respond\w* with|answers? (?:with|in)|gives? back)\s+(?:a |an |the |valid )?json\b|\bjson (?:object|list|array) (?:with|of|containing)\b/i.exec(
      original,
    );
  if (!asked) return;
  let agent: AiStep | undefined;
  walkSteps(steps, (s) => {
    if (s.kind === 'ai' && s.task === 'agent') agent ??= s;
  });
  if (!agent) return;
  // "… fields: industry, employee_count and a one-line summary", "with name, email and company".
  const listed = /\b(?:fields?|keys?|properties)\s*:?\s+([^.;\n()]+)/i.exec(original.slice(asked.index))?.[1];
  agent.structured = (listed ?? '')
    .split(/\s*,\s*|\s+(?:and|&)\s+/)
    .map((f) =>
      f
        .replace(/^(?:and|an?|the)\s+/i, '')
        .replace(/^one-line\s+/i, '')
        .trim()
        .toLowerCase(),
    )
    .filter((f) => /^[a-z][\w-]*(?: [\w-]+){0,2}$/.test(f))
    .slice(0, 10);
}

/** File stores whose trigger or listing reports a file's details, not its content. */
const FILE_STORE =
  /^(?:googleDrive|microsoftOneDrive|dropbox|box|nextCloud|awsS3|s3|ftp|microsoftSharePoint|googleCloudStorage|azureStorage)$/;

/**
 * "When a CSV lands in our Drive folder, read it …", "pick up the CSV from our FTP server, parse it": a file's
 * content is downloaded from the store before it is read (the store's trigger and listing give only its details).
 */
/**
 * "download every JSON file in the Google Drive folder 'pos-exports'": the folder's files are listed, each one is
 * downloaded (its id from the list), and their content read in the format said.
 */
function folderFiles(steps: Step[]): void {
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.kind !== 'app' || !FILE_STORE.test(s.app) || s.verb !== 'read' || s.hints.itemFile) continue;
    const said = s.phrase.toLowerCase();
    if (
      !/\bdownload\w*\b/.test(said) ||
      !/\b(?:[\w-]+ )?files\b|\b(?:every|each|all) (?:the )?(?:[\w-]+ )?files?\b/.test(said)
    )
      continue;
    const format = /\b(json|csv|pdf|xlsx|excel)\b/.exec(said)?.[1];
    const { download: _, ...hints } = s.hints;
    const next = steps[i + 1];
    steps.splice(
      i,
      1,
      { ...s, hints: { ...hints, list: true } },
      { kind: 'app', app: s.app, verb: 'read', noun: 'file', hints: { download: true, itemFile: true }, phrase: '' },
      ...(format && next?.kind !== 'extract'
        ? [{ kind: 'extract' as const, format: format === 'excel' ? ('xlsx' as const) : (format as 'json') }]
        : []),
    );
    return;
  }
}

function downloadFiles(steps: Step[], found: FoundTrigger, original: string): void {
  const trigger = found.trigger;
  // "PDF invoices that arrive in our inbox", "… as PDF attachments": the trigger downloads the attachments and the
  // first one's content is read.
  if (trigger.kind === 'email') {
    const format = /\bpdfs?\b/i.test(original)
      ? 'pdf'
      : /\bcsv (?:attachments?|files?)\b|\battached csvs?\b/i.test(original) && !/\bto (?:an? )?csv\b/i.test(original)
        ? 'csv'
        : /\bxlsx\b|\b(?:excel|spreadsheet) attachments?\b|\bexcel\s+(?:[\w-]+\s+){0,2}?(?:files?|forms?|sheets?|spreadsheets?|workbooks?)\s+(?:as\s+(?:an?\s+)?attachments?|attached)\b|\battached\s+(?:excel|spreadsheet)\b/i.test(
              original,
            )
          ? 'xlsx'
          : null;
    const attached = /\battach\w*\b/i.test(original);
    if (!format && !attached) return;
    const extract = steps.find((s) => s.kind === 'extract');
    // "Contractors email photos of receipts … read merchant and amount from the image": the picture attached.
    walkSteps(steps, (s) => {
      if (s.kind === 'ai' && s.task === 'ocr' && attached) s.binary = 'attachment_0';
    });
    let reads = false;
    walkSteps(
      steps,
      (s) =>
        (reads ||=
          s.kind === 'ai' ||
          s.kind === 'extract' ||
          (s.kind === 'app' && /^(?:googleDrive|dropbox|awsS3|microsoftOneDrive|box|nextCloud)$/.test(s.app))),
    );
    if (!reads) return;
    trigger.attachments = true;
    // "save the attachment to Google Drive": the file uploaded is the first attachment.
    for (const s of steps)
      if (s.kind === 'app' && FILE_STORE.test(s.app)) s.hints = { ...s.hints, binary: 'attachment_0' };
    if (extract?.kind === 'extract') {
      extract.binary = 'attachment_0';
      // "Read the attachment": the file's format, when the request says it.
      if (format && extract.format === 'text') extract.format = format;
    } else if (format && steps.some((s) => s.kind === 'ai'))
      steps.splice(steps[0]?.kind === 'filter' ? 1 : 0, 0, { kind: 'extract', format, binary: 'attachment_0' });
    return;
  }
  const store = found.trigger.kind === 'app' && FILE_STORE.test(found.trigger.app) ? found.trigger.app : null;
  // "When a PDF lands in our Drive folder, add it to Pinecone": the store loads the file's content.
  const loader = steps.findIndex((s) => s.kind === 'app' && /^vectorStore/.test(s.app) && s.verb === 'create');
  const extracted = steps.some((s) => s.kind === 'extract');
  if (store && loader >= 0 && !extracted) {
    const step = steps[loader]!;
    if (step.kind === 'app') steps[loader] = { ...step, files: true };
  }
  folderFiles(steps);
  // ("run OCR with AWS Textract": the service reads the file itself.)
  const reader = (s: Step) => {
    const app = s.kind === 'app' ? nodeCatalog().app(s.app) : undefined;
    return Boolean(app && OCR_APP.test(`${app.name} ${app.description}`));
  };
  const at = steps.findIndex((s) => s.kind === 'extract' || (s.kind === 'app' && (s.files || reader(s))));
  if (at < 0) return;
  const before = steps[at - 1];
  if (before?.kind === 'app' && FILE_STORE.test(before.app)) {
    steps[at - 1] = { ...before, verb: 'read', noun: 'file', hints: { ...before.hints, download: true } };
    return;
  }
  if (store && !steps.slice(0, at).some((s) => s.kind === 'app' && s.app === store))
    steps.splice(at, 0, {
      kind: 'app',
      app: store,
      verb: 'read',
      noun: 'file',
      hints: { download: true, itemFile: true },
      phrase: '',
    });
}

/**
 * "Every Sunday, delete Google Drive files older than 30 days", "each week remove the rows where the status is done": a
 * schedule brings no items, so the store the change is made in is listed first and the tests keep the ones to change.
 */
function readBeforeChange(steps: Step[], found: FoundTrigger): void {
  if (found.trigger.kind !== 'schedule') return;
  const at = steps.findIndex((s) => s.kind !== 'filter');
  const change = steps[at];
  // (Only where tests of the items say which to change: "every Monday, update the Todoist tasks" is no reason to list
  // and change them all, and a test of the date, "on the first Monday", reads no item.)
  if (
    at <= 0 ||
    change?.kind !== 'app' ||
    steps.slice(0, at).some((s) => s.kind === 'filter' && s.condition.field.startsWith('$')) ||
    appKindOf(change.app) === 'message'
  )
    return;
  // "remove rows … where the status is done": the lookup said after the test goes before it.
  if (change.verb === 'read' || change.verb === 'search') {
    const next = steps[at + 1];
    if (next?.kind === 'app' && next.app === change.app && (next.verb === 'update' || next.verb === 'delete'))
      steps.unshift(...steps.splice(at, 1));
    return;
  }
  if ((change.verb !== 'update' && change.verb !== 'delete') || change.hints.clear) return;
  // (Each file listed is the one changed: its id comes from the list.)
  steps[at] = { ...change, hints: { ...change.hints, itemFile: true } };
  steps.unshift({
    kind: 'app',
    app: change.app,
    verb: 'read',
    ...(change.noun ? { noun: change.noun } : {}),
    hints: { list: true, ...(change.hints.folder ? { folder: change.hints.folder } : {}) },
    phrase: '',
  });
}

/** A site's state read as a field ("if it's down": "up" is false). */
const UP_OR_DOWN = /^(?:up|down|online|offline|reachable|unreachable|available)$/i;

/**
 * A test right after an HTTP call of whether the site is up, or of its status ("if it's down", "if the status isn't
 * 200"), is a test of the answer's status code (the builder has the call hand on its whole answer).
 */
export function callStatus(steps: Step[]): void {
  for (const list of stepLists(steps))
    list.forEach((step, i) => {
      const next = list[i + 1];
      if (step.kind !== 'http' || (next?.kind !== 'filter' && next?.kind !== 'if')) return;
      const { field, operator, value } = next.condition;
      if (UP_OR_DOWN.test(field) && (operator === 'isTrue' || operator === 'isFalse')) {
        const down = /^(?:down|offline|unreachable)$/i.test(field);
        const failed = down === (operator === 'isTrue');
        next.condition = { field: 'statusCode', operator: failed ? 'notEquals' : 'equals', value: 200 };
      } else if (
        /^(?:status|status ?code|response ?code|http ?status|code)$/i.test(field) &&
        (operator === 'equals' || operator === 'notEquals') &&
        /^[1-5]\d\d$/.test(String(value))
      )
        next.condition = { field: 'statusCode', operator, value: Number(value) };
    });
}

/** A condition with no other outcome and nothing after it keeps only the items that meet it (a Filter). */
export function finishSteps(steps: Step[], ctx: ReadContext): Step[] {
  const out: Step[] = [];
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    // "combine them, sum the revenue per store": the totals are taken over the items themselves; one item holding
    // them all would leave nothing to add up.
    const next = steps[i + 1];
    if (step.kind === 'aggregate' && (next?.kind === 'sum' || (next?.kind === 'count' && next.by))) return;
    if (step.kind === 'if') {
      const then = finishSteps(step.then, ctx);
      const otherwise = finishSteps(step.otherwise, ctx);
      const join = (step as { join?: boolean }).join;
      // "If it has been paid I do nothing, if it's still unpaid …": a test with nothing on either side, right before the
      // test of the same field that does something, is that test said twice.
      const after = steps[i + 1];
      if (
        !then.length &&
        !otherwise.length &&
        !join &&
        (after?.kind === 'filter' || after?.kind === 'if') &&
        after.condition.field === step.condition.field
      )
        return;
      if (last && !otherwise.length && !join) {
        out.push({ kind: 'filter', condition: then.length ? step.condition : inverse(step.condition) }, ...then);
        return;
      }
      if (last && !then.length && !join) {
        out.push({ kind: 'filter', condition: inverse(step.condition) }, ...otherwise);
        return;
      }
      out.push({ ...step, then, otherwise });
      return;
    }
    if (step.kind === 'loop') {
      if (!step.body.length) return;
      out.push({ ...step, body: finishSteps(step.body, ctx) });
      return;
    }
    if (step.kind === 'poll') {
      out.push({ ...step, check: finishSteps(step.check, ctx) });
      return;
    }
    // "post it as a comment on the PR", "leave a comment on the card": a comment, where the app keeps comments.
    if (
      step.kind === 'app' &&
      step.verb !== 'read' &&
      step.noun !== 'comment' &&
      /\b(?:as an?|an?|the)\s+comments?\s+(?:on|to|under|in)\b|\bcomment\s+(?:on|under)\s+(?:the|it|them|each)\b/i.test(
        step.phrase,
      ) &&
      nodeCatalog()
        .app(step.app)
        ?.operations.some((o) => /comment/i.test(`${o.resource ?? ''} ${o.operation}`))
    ) {
      out.push({ ...step, verb: 'create', noun: 'comment' });
      return;
    }
    // "from podcasts with RSS": two names of one app in one clause read it once.
    const prev = out.at(-1);
    if (step.kind === 'app' && step.verb === 'read' && JSON.stringify(prev) === JSON.stringify(step)) return;
    // "a confirmation email containing the link": a test for a word like "the" tests nothing.
    if (
      step.kind === 'filter' &&
      /^(?:contains|notContains|equals|notEquals)$/.test(step.condition.operator) &&
      /^(?:the|a|an|it|this|that|them|those|these|in|on|of|to|and|or|our|my|your|their|his|her|its|we)$/i.test(
        String(step.condition.value),
      ) &&
      // "if the light is on", "state == 'on'": a switch's state is a value.
      !(/^(?:equals|notEquals)$/.test(step.condition.operator) && /^on$/i.test(String(step.condition.value)))
    )
      return;
    if (step.kind === 'switch') {
      if (step.routes.length < 2 && !step.fallback?.length) {
        const only = step.routes[0];
        if (only)
          out.push(
            // "below 7 → …" alone: the route's own test ("score ≤ 7"), else its value.
            {
              kind: 'filter',
              condition: only.condition ?? { field: step.field, operator: 'equals', value: only.name },
            },
            ...finishSteps(only.steps, ctx),
          );
        return;
      }
      out.push({
        ...step,
        routes: step.routes.map((r) => ({ ...r, steps: finishSteps(r.steps, ctx) })),
        fallback: step.fallback ? finishSteps(step.fallback, ctx) : null,
      });
      return;
    }
    out.push(step);
  });
  return out;
}
