// Work only a language model can do, asked for without saying "AI": a caption or a reply "written for me", "a short
// summary of what the episode is about", "pull out the vendor, amount and due date" from an e-mail, "transcribed",
// "answer their questions like a helpful assistant would". When no clause made an AI step, the first such job said
// becomes one, placed after the steps that fetch what it works on and before the first that uses its result.
import { walkSteps, type AgentTool, type AiTask, type Step, type Trigger } from '../spec.ts';
import { aiStep, type ReadContext } from './steps.ts';
import { feedsModel, MESSAGING, NO_MENTIONS } from './appGroups.ts';
import { PROVIDERS } from '../catalog/models.ts';

/** What a model writes, when someone asks for it to be written, drafted or made up. */
const WRITTEN =
  /(?:captions?|repl(?:y|ies)|newsletters?|quiz(?:zes)?|(?:interview |good |follow-up )?questions|show notes|thank-you|thank you (?:note|message|reply|email)|blurbs?|descriptions?|bios?|cover letters?|posts?|tweets?|announcements?|shout-?outs?|updates?|recaps?|answers?|responses?|intros?|pitch(?:es)?|proposals?|outlines?|scripts?|headlines?|subject lines?)/
    .source;

const JOBS: Array<[RegExp, AiTask]> = [
  [/\btranscri(?:be|bed|bes|bing|ption|pt)s?\b/, 'transcribe'],
  // "if the comment comes across as negative …; if it's positive …": how the text feels, read by a model.
  [
    /\b(?:comes? across|sounds?|seems?|reads?|feels?)\s+(?:as\s+|like\s+)?(?:very\s+|really\s+|quite\s+)?(?:negative|positive|neutral|angry|upset|unhappy|happy|frustrated|rude|hostile)\b/,
    'sentiment',
  ],
  // "write a caption for each", "come up with 10 good interview questions", "draft a polite reply".
  [
    new RegExp(
      String.raw`\b(?:write|writes|writing|draft|drafts|drafting|compose|composes|come up with|generate|generates|craft|crafts|make up)\b[^.!?\n]{0,40}?\b${WRITTEN}\b`,
    ),
    'write',
  ],
  // "make a 10-question quiz from it", "create captions for each".
  [
    /\b(?:make|makes|making|create|creates|creating|turn(?:ed)? (?:it |them )?into)\b[^.!?\n]{0,45}?\b(?:quiz(?:zes)?|captions?|show notes|newsletter|interview questions|blog post|social posts?|summary)\b/,
    'write',
  ],
  // "a fun, hype caption written for me", "written nicely, not like a report", "worded politely".
  [
    new RegExp(
      String.raw`\b${WRITTEN}\s+(?:written|drafted|composed|generated)\b|\b(?:written|worded|phrased)\s+(?:nicely|for me|for us|in (?:a|my|our) \w+ (?:tone|voice|style)|politely|warmly|friendly|casually|professionally)`,
    ),
    'write',
  ],
  // "with a short two-sentence summary", "summarise the thread", "sum it up" (not "sum them up and send the total").
  // A bare "summary" ("email a daily summary of new orders") may be a list; these are written ones.
  [
    /\bsummar(?:ise|ize|ised|ized|ising|izing)\b(?! nodes?\b)|\b(?:short|brief|quick|concise|one-line|one-sentence|two-sentence|few-sentence|\w+-sentence|plain-english|friendly)\s+(?:\w+\s+)?summar(?:y|ies)\b|\bsummar(?:y|ies) of (?:what|how|why|the (?:main|key))\b|\bsum (?:it|them|this|that) up\b(?![^.!?\n]{0,60}\b(?:totals?|amounts?|revenue|sum)\b)|\btl;?dr\b/,
    'summarise',
  ],
  // "pull out the store name, date and amount", "get the supplier, amount and due date", "the items and amounts
  // worked out": fields read out of free text.
  [
    /\b(?:pull(?:s|ed)? out|pick(?:s|ed)? out|extract(?:s|ed)?|get|grab|read out|work(?:ed)? out|figure(?:d)? out|parse)\s+(?:the\s+|their\s+|its\s+)?(?:[\w'-]+\s+){0,2}[\w'-]+\s*,\s*(?:the\s+)?(?:[\w'-]+\s+){0,2}[\w'-]+(?:,?\s+(?:and|&)\s+|\s*,\s*)(?:the\s+)?[\w'-]+/,
    'extract',
  ],
  // "read the merchant, date, total and VAT off each photo", "pull the invoice number, date and total from each one",
  // "pull out the instalment amounts and due dates": fields read out of a document, said as a list.
  [
    /\b(?:pull(?:s|ed)?|read(?:s)?|extract\w*|grab|capture|take|get|pick)\s+(?:out\s+)?(?:the\s+|their\s+|its\s+)?[\w'-]+[^.!?\n]{0,80}?\s(?:and|&)\s(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:from|off|out of|in)\s+(?:each|every|the|this|that|these|those|its|their|an?)?\s*(?:[\w'-]+\s+)?(?:photos?|images?|pictures?|pdfs?|invoices?|receipts?|documents?|attachments?|scans?|files?|e-?mails?|contracts?|statements?|letters?|bills?|one|body|forms?)\b|\b(?:pull(?:s|ed)?|pick(?:s|ed)?) out\s+(?:the\s+|their\s+|its\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+and\s+(?:the\s+)?[\w'-]+/,
    'extract',
  ],
  // "could it figure out whether each one is a dental emergency, a new appointment or a billing question", "can they be
  // sorted for me?": a model puts each item in a category.
  [
    /\b(?:figure|work)(?:d|ed)? out (?:whether|if|what|which)\b[^.!?\n]{0,100}?\bor\b|\bfigured out\s*\(|\b(?:be|get|gets|got) (?:sorted|categori[sz]ed|classified|triaged|labell?ed) (?:for me|automatically|by (?:topic|type|category|kind))|\b(?:sort|categori[sz]e|classify|triage) (?:them|it|these|those|each one|the \w+) (?:for me|automatically|by (?:topic|type|category|kind))/,
    'classify',
  ],
  // "Detect what language the message is written in: English goes to …": a model names the language.
  [
    /\bdetect\w*\s+(?:what|which|the)\s+language\b|\b(?:what|which)\s+language\s+(?:it|the \w+|each \w+)\s+is\b/,
    'classify',
  ],
  // "answer their questions like a helpful assistant would": a model that converses.
  [
    /\banswer(?:s|ing)?\s+(?:their|the|customers'?|people'?s?|any|all|common|simple|basic)\s+(?:\w+\s+)?questions\b|\blike a (?:helpful |friendly )?(?:assistant|person|human|receptionist|salesperson)\b/,
    'agent',
  ],
];

/** Adds the AI step the request's words ask for; returns the text it read (for the unmapped list), or null. */
export function auditAi(steps: Step[], original: string, ctx: ReadContext): string | null {
  let any = false;
  walkSteps(steps, (s) => {
    if (s.kind === 'ai') any = true;
  });
  if (any) return null;
  const text = original.toLowerCase();
  let found: { task: AiTask; at: number; said: string } | null = null;
  for (const [cue, task] of JOBS) {
    const m = cue.exec(text);
    if (m && (!found || m.index < found.at))
      found = { task, at: m.index, said: original.slice(m.index, m.index + m[0].length) };
  }
  if (!found) return null;
  // "… the AI should not write replies": a job the request says not to do.
  if (
    /\b(?:not|never|don't|no need to|without)\s+(?:\w+\s+){0,2}$/.test(text.slice(Math.max(0, found.at - 25), found.at))
  )
    return null;
  // "Could it figure out whether each one is …, and email it to the right person? Emergencies to Dr. Patel, …": the
  // routes the request lists are the categories.
  if (found.task === 'classify' && switchToClassifier(steps, ctx)) return found.said;
  const step = aiStep(found.task, found.said, NO_MENTIONS, ctx, found.said.toLowerCase());
  let at = 0;
  while (at < steps.length && feedsModel(steps[at]!)) at++;
  steps.splice(at, 0, step);
  addAiChoice(ctx);
  return found.said;
}

function addAiChoice(ctx: ReadContext): void {
  if (ctx.choices.some((c) => c.said === 'AI')) return;
  const info = PROVIDERS.openai;
  ctx.choices.push({
    said: 'AI',
    chose: `${info.name} (${info.defaultModel})`,
    change: "say 'use Claude', 'use Gemini' or 'use Ollama'",
  });
}

/** The conversation is remembered: "It also needs to remember what they said earlier", "keeps conversation memory". */
const REMEMBER =
  /\bremember(?:s|ing)?\s+(?:what|the|their|previous|earlier|past|context|who|conversations?)\b|\b(?:conversation|chat)\s+(?:memory|history|context)\b|\bkeeps?\s+(?:a\s+|the\s+)?memory\b|\bmemory\s+(?:per|for each)\s+(?:user|customer|chat|conversation)\b/i;

/**
 * A model that answers people and must remember the conversation is an agent with a memory: the answering step the
 * clauses read ("it answers with AI using our info") becomes one, and an agent already made keeps its memory.
 */
export function rememberingAgent(steps: Step[], original: string): void {
  if (!REMEMBER.test(original)) return;
  let agent = false;
  walkSteps(steps, (s) => {
    if (s.kind === 'ai' && s.task === 'agent') {
      s.memory = true;
      agent = true;
    }
  });
  if (agent) return;
  const answering = steps.find(
    (s): s is Extract<Step, { kind: 'ai' }> =>
      s.kind === 'ai' && /^(?:analyse|write|summarise)$/.test(s.task) && !s.routes?.length,
  );
  if (!answering) return;
  answering.task = 'agent';
  answering.memory = true;
}

/** What a request calls the thing that talks to people for it. */
const ASSISTANT = /\b(?:assistant|chat ?bot|bot|agent|concierge|receptionist|helpdesk bot|widget)\b/i;
/** What people do with an assistant: ask it, talk to it, have it look things up or book them. */
const CONVERSING =
  /\b(?:asks?|asking|answers?|answering|questions?|q&a|faq|chat|chats|talk|talks|conversation|conversations|help|helps|look(?:s)? up|books?|booking|remember|context|recommend\w*|advise\w*|support)\b|\b(?:text|message|tell|dm|write to)\s+it\b/i;
/** "keep the conversation context", "remember the conversation per patient": the agent remembers each person. */
const CONTEXT =
  /\b(?:remember(?:s|ing)?|keeps?|keeping|maintains?|holds?)\s+(?:the\s+|a\s+|their\s+)?(?:conversation|chat|context|history)\b|\bconversation context\b/i;

/**
 * "Appointment assistant for a dental clinic on WhatsApp: it checks free slots in Google Calendar, books the
 * appointment, and saves the patient's name … in Airtable", "Product Q&A bot on Telegram … it should look up products
 * and prices in Magento": an assistant people write to, with no model step read, is an AI Agent that uses the apps
 * as its tools (it decides which to call from the conversation), keeps a memory when it must remember, and answers
 * through the app the message came in by. Returns the clause about memory it read, if any.
 */
export function assistantAgent(steps: Step[], trigger: Trigger, original: string, ctx: ReadContext): string | null {
  const talking = trigger.kind === 'chat' || (trigger.kind === 'app' && MESSAGING.test(trigger.app));
  // A bot that only files what it is sent ("I send a receipt photo, Mindee parses it, a row is appended") is steps.
  if (!talking || !ASSISTANT.test(original) || !CONVERSING.test(original)) return null;
  let ai = false;
  walkSteps(steps, (s) => {
    if (s.kind === 'ai') ai = true;
  });
  if (ai || !steps.length || steps.some((s) => s.kind !== 'app')) return null;
  const answerApp = trigger.kind === 'app' ? trigger.app : null;
  // One tool per thing it does in an app: "checks free slots in Google Calendar" and "books the appointment" are two.
  const tools = new Map<string, AgentTool>();
  for (const s of steps)
    if (s.kind === 'app' && s.app !== answerApp && !tools.has(`${s.app}:${s.verb}`))
      tools.set(`${s.app}:${s.verb}`, { kind: 'app', app: s.app, verb: s.verb, ...(s.noun ? { noun: s.noun } : {}) });
  if (!tools.size) return null;
  const remembered = CONTEXT.exec(original) ?? REMEMBER.exec(original);
  const agent = aiStep('agent', original.split(/[.!?\n]/)[0]!.trim(), NO_MENTIONS, ctx, original.toLowerCase());
  agent.tools = [...agent.tools, ...tools.values()];
  agent.memory = trigger.kind === 'chat' || Boolean(remembered);
  steps.splice(0, steps.length, agent);
  if (answerApp)
    steps.push({ kind: 'app', app: answerApp, verb: 'send', hints: { replyTo: true }, phrase: 'the answer' });
  addAiChoice(ctx);
  return remembered?.[0] ?? null;
}

/** A field the reader names for a route when the request names none: the items' kind, said by meaning. */
const MADE_UP = /^(?:category|type|topic|kind|intent|subject|language)$/;

/**
 * "Our info@ Gmail gets all sorts. Tax questions should go to Sarah, payroll questions to Mike …": routes by what a
 * message is about, where no field holds it, are a Text Classifier's categories (a model reads the message), not a
 * Switch on a field the user would have to invent.
 */
export function classifyMessages(steps: Step[], trigger: Trigger, ctx: ReadContext): void {
  // "… → switch: bug_report → …": a Switch the user asks for stays one.
  if (!/\bswitch\b/i.test(ctx.original)) classifierOutputs(steps);
  const messages =
    trigger.kind === 'email' ||
    trigger.kind === 'chat' ||
    (trigger.kind === 'app' && MESSAGING.test(trigger.app)) ||
    steps.some(
      (s) => s.kind === 'app' && s.verb === 'read' && /^(?:gmail|microsoftOutlook|emailReadImap)$/.test(s.app),
    );
  if (!messages) return;
  // AI inside a route ("Questions -> AI writes an answer") does not sort the messages: only a step before the routes can.
  const ai = steps.filter((s) => s.kind === 'ai');
  if (!ai.length) {
    switchToClassifier(steps, ctx);
    return;
  }
  // "Use AI to read each email and sort it: utility bills go to …": the AI step said is the classifier.
  const only = ai.length === 1 ? ai[0]! : null;
  if (only?.kind !== 'ai' || only.routes?.length || !/^(?:analyse|classify)$/.test(only.task)) return;
  const at = steps.indexOf(only);
  if (at < 0) return;
  const rest = steps.slice(at + 1);
  const sw = rest.findIndex((s) => s.kind === 'switch');
  if (sw < 0 || rest.slice(0, sw).some((s) => s.kind !== 'code' && !(s.kind === 'app' && s.verb === 'send'))) return;
  if (switchToClassifier(steps, ctx)) steps.splice(steps.indexOf(only), 1);
}

/**
 * "Run the ticket body through a Text Classifier (billing, bug, how-to). Billing → … Bug → …": the classification said
 * as a step, then routes by the class it gives; the routes are the classifier's own outputs, not a Switch on a field
 * it never writes.
 */
function classifierOutputs(steps: Step[]): void {
  for (let at = 0; at < steps.length - 1; at++) {
    const ai = steps[at]!;
    const next = steps[at + 1]!;
    if (ai.kind !== 'ai' || ai.task !== 'classify' || ai.routes?.length) continue;
    if (next.kind !== 'switch' || !MADE_UP.test(next.field) || next.routes.some((r) => r.condition)) continue;
    ai.routes = [...next.routes, ...(next.fallback?.length ? [{ name: 'Other', steps: next.fallback }] : [])];
    steps.splice(at + 1, 1);
  }
}

/** A top-level Switch on a field the reader made up becomes a Text Classifier with its routes; false if none. */
export function switchToClassifier(steps: Step[], ctx: ReadContext): boolean {
  const at = steps.findIndex(
    (s) => s.kind === 'switch' && MADE_UP.test(s.field) && s.routes.every((r) => !r.condition),
  );
  if (at < 0) return false;
  const sw = steps[at] as Extract<Step, { kind: 'switch' }>;
  const step = aiStep(
    'classify',
    `Classify each message: ${sw.routes.map((r) => r.name).join(', ')}`,
    NO_MENTIONS,
    ctx,
    '',
  );
  step.routes = [...sw.routes, ...(sw.fallback?.length ? [{ name: 'Other', steps: sw.fallback }] : [])];
  // A code step the reader stood in with for "sort them" is the classifier's job.
  const before = steps[at - 1];
  const from = before?.kind === 'code' ? at - 1 : at;
  steps.splice(from, at - from + 1, step);
  addAiChoice(ctx);
  return true;
}
