// Reads one clause of a request ("tell #sales", "log it in Postgres", "summarise it with AI") into steps.
import type { AgentTool, Step, Verb } from '../spec.ts';
import { SMTP, serviceByKey, servicesIn, type Service } from '../services.ts';
import { hintsOf, verbOf } from './words.ts';

export interface ClauseContext {
  /** The whole request, lower-cased (an e-mail step uses Gmail when the request names Gmail anywhere). */
  request: string;
  original: string;
  /** The verb of the clause before, for "post to Slack and Discord". */
  previousVerb: Step | null;
  /** Whether the workflow starts from a chat (an AI agent then keeps a memory). */
  chat: boolean;
  /** Route names already wired (their "… ones go to X" clauses are not steps of their own). */
  routed: Set<string>;
}

const AI = /\b(?:ai|a\.i\.|gpt|openai|chatgpt|llm|language model|claude)\b/;

function agentStep(clause: string, ctx: ClauseContext): Step {
  const tools: AgentTool[] = [];
  const all = ctx.request;
  if (/\bcalculat|\bmath\b|\barithmetic\b|\bcompute\b/.test(all)) tools.push('calculator');
  if (/\bwikipedia\b/.test(all)) tools.push('wikipedia');
  if (/\bsearch (?:the )?(?:web|internet)\b|\bweb search\b|\bgoogle search\b|\bsearch online\b|\bbrowse\b/.test(all))
    tools.push('web_search');
  if (
    /\b(?:call|use|query) (?:an? |the )?(?:http|rest )?api\b|\bhttp (?:request|tool)\b|\bfetch (?:web )?pages?\b/.test(
      all,
    )
  )
    tools.push('http');
  if (/\brun code\b|\bcode tool\b/.test(all)) tools.push('code');
  const memory = ctx.chat || /\bremember|\bmemory\b|\bconversation\b|\bfollow-?up questions\b/.test(all);
  const task =
    clause.replace(/^.*?\b(?:agent|assistant)\b\s*(?:that|which|to|who)?\s*/, '').trim() || 'answer the request';
  return { kind: 'agent', task, tools, memory };
}

function emailService(ctx: ClauseContext, clause: string): Service {
  if (/\bgmail\b/.test(clause) || (/\bgmail\b/.test(ctx.request) && !/\bsmtp\b/.test(clause)))
    return servicesIn('gmail')[0]!.service;
  if (/\boutlook\b/.test(clause)) return servicesIn('outlook')[0]!.service;
  return SMTP;
}

function httpSteps(clause: string, original: string): Step[] {
  const url = /\bhttps?:\/\/[^\s)>\]"']+/i.exec(original)?.[0];
  const inClause = [...clause.matchAll(/\bhttps?:\/\/[^\s)>\]"']+/gi)];
  if (inClause.length) {
    const method = /\b(?:post|send|submit|push)\w*\b[^.]{0,40}\bto\s+https?:/.test(clause) ? 'POST' : 'GET';
    return inClause.map((m) => {
      const exact = (
        original.match(new RegExp(m[0].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'i'))?.[0] ?? m[0]
      ).replace(/[.,;:!?]+$/, '');
      return { kind: 'http', url: exact, method, api: new URL(exact).hostname };
    });
  }
  const one = namedApi(clause, url, original);
  return one ? [one] : [];
}

function namedApi(clause: string, url: string | undefined, original: string): Step | null {
  const api =
    /\b(?:call|query|hit|use|poll|fetch from|get data from|pull from)\s+(?:the\s+|our\s+|an?\s+)?([a-z][\w.-]{1,30}(?:\s[a-z][\w-]{1,20})?)\s+(?:rest\s+)?api\b/.exec(
      clause,
    );
  if (api?.[1] && !servicesIn(api[1]).length) {
    const lower = api[1].trim();
    const name = new RegExp(lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i').exec(original)?.[0] ?? lower;
    return {
      kind: 'http',
      url: url ?? `https://api.${lower.replace(/\s+/g, '').replace(/[^a-z0-9.-]/g, '')}.com/`,
      method: 'GET',
      api: `${name} API`,
      guessed: !url,
    };
  }
  if (/\bhttp request\b|\brest api\b|\b(?:an?|the) api\b|\bendpoint\b/.test(clause))
    return {
      kind: 'http',
      url: url ?? 'https://api.example.com/',
      method: /\bpost\b/.test(clause) ? 'POST' : 'GET',
      api: 'the API',
      guessed: !url,
    };
  return null;
}

/** AI and data steps a clause asks for, or null when it asks for none. */
function processingStep(clause: string, ctx: ClauseContext): Step | null {
  if (/\b(?:ai|an) agent\b|\bagent (?:that|which|who)\b|\bassistant (?:that|which|who)\b/.test(clause))
    return agentStep(clause, ctx);
  if (
    /\b(?:generate|create|make|draw)\w*\s+(?:an?\s+)?(?:ai\s+)?(?:image|picture|illustration|thumbnail)s?\b/.test(
      clause,
    )
  )
    return { kind: 'openai', task: 'image' };
  if (
    /\bsummari[sz](?:e|es|ed|ing)\b|\btl;?dr\b|\b(?:write|create|generate|make)\s+(?:a|an)\s+(?:short\s+)?summary\b|\bsummary of\b/.test(
      clause,
    )
  )
    return { kind: 'openai', task: 'summarise' };
  if (/\bdigest\b/.test(clause)) return { kind: 'aggregate' };
  if (/\btranslat/.test(clause)) return { kind: 'openai', task: 'translate' };
  if (
    /\b(?:write|draft|generate|compose)\w*\s+(?:an?\s+|the\s+)?(?:ai\s+)?(?:reply|response|answer|post|caption|description|text|copy|summary)\b/.test(
      clause,
    ) &&
    (AI.test(ctx.request) || /\bdraft\b/.test(clause))
  ) {
    return { kind: 'openai', task: 'write' };
  }
  const extractInfo =
    /\bextract\w*\s+(?:the\s+)?([\w ,]+?)\s+(?:from\s+(?:the\s+|each\s+|every\s+|their\s+)?(?:e-?mail|text|message|ticket|body|content|description|request|conversation|invoice text)|(?:with|using)\s+(?:an?\s+)?(?:ai|gpt|openai|llm))/.exec(
      clause,
    );
  if (extractInfo?.[1] && !/\b(?:pdf|csv|file|attachment|xlsx|excel)\b/.test(clause)) {
    const attributes = extractInfo[1]
      .split(/\s*(?:,|\band\b)\s*/)
      .map((a) => a.trim().replace(/^(?:the|their|its)\s+/, ''))
      .filter((a) => a && a !== 'data' && a !== 'information' && a !== 'details');
    return { kind: 'extractInfo', attributes: attributes.length ? attributes : ['name', 'email', 'summary'] };
  }
  if (/\b(?:check|see|verify|test)\s+(?:if|whether)\b/.test(clause) && !httpSteps(clause, ctx.original).length)
    return null;
  const fileInRequest = /\b(pdf|csv|xlsx|excel|attachment|file|document)s?\b/.exec(ctx.request)?.[1];
  const file =
    /\b(?:extract|parse|read|convert)\w*\b[^.]{0,40}?\b(pdf|csv|xlsx|excel|spreadsheet file|json file|html|attachment|file)s?\b/.exec(
      clause,
    ) ??
    (fileInRequest && /\bextract\w*\s+(?:the\s+)?(?:text|content|data|rows)\b/.test(clause)
      ? [clause, fileInRequest === 'document' ? 'pdf' : fileInRequest]
      : null);
  if (file?.[1]) {
    const kind = file[1];
    const format =
      kind === 'excel' || kind === 'xlsx' || kind === 'spreadsheet file'
        ? 'xlsx'
        : kind === 'attachment' || kind === 'file'
          ? /\bpdf\b/.test(ctx.request)
            ? 'pdf'
            : /\bcsv\b/.test(ctx.request)
              ? 'csv'
              : 'text'
          : kind === 'json file'
            ? 'json'
            : (kind as 'csv' | 'pdf' | 'html');
    return { kind: 'extract', format };
  }
  const convert =
    /\b(?:export|convert|save|write|turn)\w*\b[^.]*?\b(?:to|as|into|in)\s+(?:a\s+|an\s+)?(csv|xlsx|excel|json|html)(?:\s+file)?\b/.exec(
      clause,
    );
  if (convert?.[1]) return { kind: 'convert', format: convert[1] === 'excel' ? 'xlsx' : (convert[1] as 'csv') };
  if (/\b(?:javascript|js code|custom code|a code step|a script|code node|run code|python)\b/.test(clause))
    return { kind: 'code', purpose: clause };
  if (
    /\baggregat|\b(?:combine|collect|bundle|group)\w*\s+(?:all|them|the items|every|each)\b[^.]{0,30}\b(?:into|in)\s+(?:one|a single)\b|\binto (?:one|a single) (?:message|list|item|email)\b/.test(
      clause,
    )
  )
    return { kind: 'aggregate' };
  const setFields =
    /\b(?:set|rename|map|format|normali[sz]e|clean up|keep only|add a field|edit the fields|transform)\w*\s+(?:the\s+)?(?:fields?\s+)?([\w ,]*)/.exec(
      clause,
    );
  if (setFields && !/\bset (?:up|the status)\b/.test(clause)) {
    const fields = (setFields[1] ?? '')
      .split(/\s*(?:,|\band\b)\s*/)
      .map((f) => f.trim())
      .filter((f) => /^[a-z][\w ]{0,30}$/.test(f) && !/^(?:it|them|data|fields?|the data|items?)$/.test(f));
    return { kind: 'set', fields };
  }
  return null;
}

function appService(clause: string, ctx: ClauseContext): Service | null {
  const named = servicesIn(clause)
    .map((s) => s.service)
    .filter(
      (s) => s.key !== 'rssFeedRead' || /\bread|\bfetch|\bcheck|\bpoll|\bget\b/.test(clause) || /\brss\b/.test(clause),
    );
  if (named.length) return named[0]!;
  if (/(?:^|\s)#[a-z0-9]/.test(clause)) return servicesIn('slack')[0]!.service;
  if (/\be-?mail\b|\bsend\b[^.]{0,30}@|\bmail (?:it|them|me)\b/.test(clause)) return emailService(ctx, clause);
  return null;
}

/** Every app named in a clause gets an action ("post it to Slack and Discord"), with the clause's verb. */
export function clauseSteps(clause: string, ctx: ClauseContext): Step[] {
  const processing = processingStep(clause, ctx);
  const steps: Step[] = processing ? [processing] : [];
  if (processing?.kind === 'agent' || processing?.kind === 'extractInfo') return steps;
  const http = httpSteps(clause, ctx.original);
  if (http.length) {
    // "call https://… and save the count to Postgres": the app after the call is a step too.
    const after = appService(clause.replace(/\bhttps?:\/\/\S+/g, ''), ctx);
    const verb = verbOf(clause.replace(/^.*\bhttps?:\/\/\S+/, '')) ?? 'create';
    return [
      ...steps,
      ...http,
      ...(after
        ? [
            {
              kind: 'action' as const,
              service: after.key,
              verb,
              hints: hintsOf(clause, ctx.original),
              phrase: clause.trim(),
            },
          ]
        : []),
    ];
  }
  const service = appService(clause, ctx);
  if (!service) return steps;
  const verb =
    verbOf(clause) ?? (ctx.previousVerb?.kind === 'action' ? ctx.previousVerb.verb : service.table ? 'create' : 'send');
  const named = servicesIn(clause)
    .map((s) => s.service)
    .filter((s) => s.key !== 'openWeatherMap' || /\bweather\b/.test(clause));
  const all = named.some((s) => s.key === service.key) ? named : [service, ...named];
  const action = (svc: Service, v: Verb): Step => ({
    kind: 'action',
    service: svc.key,
    verb: v,
    hints: hintsOf(clause, ctx.original),
    phrase: clause.trim(),
  });
  // "Send a digest of HubSpot deals to Slack", "sync Shopify customers to Mailchimp": the app the data comes from
  // is read first, the one it goes to gets the clause's verb.
  const destination = destinationOf(clause, all, ctx);
  if (destination && all.length > 1 && verb !== 'read') {
    const sources = all.filter((s) => s.key !== destination.key);
    return ordered(
      clause,
      [...steps],
      [
        ...sources.map((s) => action(s, 'read')),
        action(destination, verb === 'create' || verb === 'update' || verb === 'send' ? verb : 'create'),
      ],
    );
  }
  if (destination && verb !== 'read' && all.length === 1 && destination.key !== service.key)
    return ordered(clause, steps, [action(service, 'read'), action(destination, verb)]);
  return ordered(
    clause,
    steps,
    all.map((s) => action(s, verb)),
  );
}

/** The app a clause sends to: after "to", "into", "in", "on", "via" or "using", or "a Slack DM" (the e-mail service for "to my email"). */
function destinationOf(clause: string, named: Service[], ctx: ClauseContext): Service | null {
  let best: { svc: Service; at: number } | null = null;
  for (const svc of named) {
    const name = svc.pattern.source.replace(/\\b/g, '');
    const m = new RegExp(
      String.raw`\b(?:to|into|in|on|via|using|through)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?(?:\w+\s+){0,2}?(?:${name})|(?:${name})\s+(?:dm|direct message|message|notification|alert|post)s?\b`,
    ).exec(clause);
    if (m && (!best || m.index > best.at)) best = { svc, at: m.index };
  }
  if (best) return best.svc;
  if (/\bto\s+(?:my|our|your|the team'?s?|their)\s+(?:e-?mail|inbox)\b/.test(clause)) return emailService(ctx, clause);
  return null;
}

/** Processing runs after the apps it reads from ("a digest of HubSpot deals to my email", "pull tickets, count them"). */
function ordered(clause: string, processing: Step[], actions: Step[]): Step[] {
  if (!processing.length) return actions;
  const last = actions.at(-1);
  const sources = actions.filter((a) => a !== last && a.kind === 'action' && a.verb === 'read');
  if (sources.length) return [...sources, ...processing, ...actions.filter((a) => !sources.includes(a))];
  const firstApp = Math.min(
    ...actions
      .map((a) => (a.kind === 'action' ? clause.search(serviceByKeyPattern(a.service)) : -1))
      .filter((i) => i >= 0),
    Infinity,
  );
  const processingAt = clause.search(
    /\bcode\b|\bjavascript\b|\bsummar|\btranslat|\bfilter|\baggregat|\bdigest|\bcombine|\bextract|\bparse|\bclassif|\bgenerate|\bkeep only|\bset\b|\bformat/,
  );
  return processingAt > firstApp && actions.length === 1 && actions[0]!.kind === 'action' && actions[0]!.verb === 'read'
    ? [...actions, ...processing]
    : [...processing, ...actions];
}

function serviceByKeyPattern(key: string): RegExp {
  return serviceByKey(key)?.pattern ?? /$^/;
}
