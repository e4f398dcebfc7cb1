// Reads a plain-language automation request into a workflow plan: one trigger and the actions in the order asked.

export type ScheduleRule =
  | { field: 'minutes'; minutesInterval: number }
  | { field: 'hours'; hoursInterval: number }
  | { field: 'days'; daysInterval: number; triggerAtHour: number }
  | { field: 'weeks'; weeksInterval: number; triggerAtDay: number[]; triggerAtHour: number };

export type TriggerSpec =
  | { kind: 'schedule'; rule: ScheduleRule }
  | { kind: 'webhook'; path: string }
  | { kind: 'email' }
  | { kind: 'manual' };

export type ActionSpec =
  | { kind: 'http'; url: string; method: 'GET' | 'POST' }
  | { kind: 'slack'; channel: string }
  | { kind: 'sheets'; sheetName: string }
  | { kind: 'email'; to: string };

export interface WorkflowPlan {
  trigger: TriggerSpec;
  actions: ActionSpec[];
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const TRIGGER_PATTERNS: Array<[TriggerSpec['kind'], RegExp]> = [
  ['email', /\b(?:incoming|new|inbound|received)\s+e-?mails?\b|\be-?mails?\s+(?:arrives?|comes?\s+in|lands?|is\s+received)\b|\b(?:receive|get)\s+(?:an?\s+)?e-?mails?\b|\binbox\b/],
  ['webhook', /\bwebhooks?\b|\bform\s+(?:is\s+)?submitted\b|\bform\s+submissions?\b|\b(?:request|call)\s+(?:comes\s+in|arrives|is\s+received)\b/],
  ['schedule', /\bevery\s+(?:\d+\s+)?(?:minute|hour|day|morning|evening|night|week|weekday|sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b|\b(?:daily|hourly|weekly|nightly)\b|\bcron\b|\bschedul(?:e|ed)\b|\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/],
];

const ACTION_PATTERNS: Array<[ActionSpec['kind'], RegExp]> = [
  ['http', /\bhttps?:\/\/[^\s)>\]]+|\b(?:fetch|call|query|poll|pull)\b[^.,;]{0,30}\b(?:api|endpoint|url|data|prices?|weather)\b|\bhttp\s+request\b|\brest\s+api\b/],
  ['slack', /\bslack\b|\b(?:post|send|share)\w*\b[^.;]{0,20}\s#[a-z0-9_-]+/],
  ['sheets', /\bgoogle\s+sheets?\b|\bspreadsheets?\b|\bsheets?\b/],
  ['email', /\b(?:send|forward|reply)\w*\b[^.,;]{0,30}\be-?mails?\b|\be-?mail\s+(?:me|us|the|them|it|to|a)\b|\bnotify\b[^.;]{0,30}\bby\s+e-?mail\b|\bsend\b[^.;]{0,40}@|\be-?mail\s+[\w.+-]+@/],
];

function hourOf(text: string): number {
  const clock = /\bat\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b/.exec(text);
  if (clock?.[1]) {
    let hour = Number(clock[1]) % 24;
    if (clock[3] === 'pm' && hour < 12) hour += 12;
    if (clock[3] === 'am' && hour === 12) hour = 0;
    return hour;
  }
  if (/\bevening\b/.test(text)) return 18;
  if (/\bnight(?:ly)?\b/.test(text)) return 22;
  if (/\bmorning\b/.test(text)) return 8;
  return 9;
}

function scheduleRule(text: string): ScheduleRule {
  const minutes = /\bevery\s+(\d+)\s+minutes?\b/.exec(text);
  if (minutes?.[1]) return { field: 'minutes', minutesInterval: Math.max(1, Number(minutes[1])) };
  if (/\bevery\s+minute\b/.test(text)) return { field: 'minutes', minutesInterval: 1 };
  const hours = /\bevery\s+(\d+)\s+hours?\b/.exec(text);
  if (hours?.[1]) return { field: 'hours', hoursInterval: Math.max(1, Number(hours[1])) };
  if (/\bhourly\b|\bevery\s+hour\b/.test(text)) return { field: 'hours', hoursInterval: 1 };
  const day = DAYS.findIndex((d) => new RegExp(`\\b(?:every|on)\\s+${d}s?\\b`).test(text));
  if (day >= 0 || /\bweekly\b|\bevery\s+week\b/.test(text)) {
    return { field: 'weeks', weeksInterval: 1, triggerAtDay: [day >= 0 ? day : 1], triggerAtHour: hourOf(text) };
  }
  return { field: 'days', daysInterval: 1, triggerAtHour: hourOf(text) };
}

function slug(text: string): string {
  const words = text.match(/[a-z0-9]+/g) ?? [];
  return words.slice(0, 4).join('-') || 'incoming';
}

function actionOf(kind: ActionSpec['kind'], text: string, original: string): ActionSpec {
  switch (kind) {
    case 'http': {
      const url = /\bhttps?:\/\/[^\s)>\]]+/.exec(original)?.[0]?.replace(/[.,;:!?]+$/, '');
      return { kind, url: url ?? 'https://api.example.com/data', method: url && /\b(?:post|send|submit)\w*\s+(?:\S+\s+){0,3}to\s+https?:\/\//.test(text) ? 'POST' : 'GET' };
    }
    case 'slack':
      return { kind, channel: `#${/#([a-z0-9_-]+)/.exec(text)?.[1] ?? 'general'}` };
    case 'sheets':
      return { kind, sheetName: 'Sheet1' };
    case 'email':
      return { kind, to: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(original)?.[0] ?? 'you@example.com' };
    default: {
      const unreachable: never = kind;
      throw new Error(`Unknown action ${String(unreachable)}`);
    }
  }
}

/** Deterministic: the same request always gives the same plan. */
export function planWorkflow(request: string): WorkflowPlan {
  const text = request.toLowerCase();
  const found = TRIGGER_PATTERNS.map(([kind, re]) => ({ kind, at: text.search(re) }))
    .filter((t) => t.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  let trigger: TriggerSpec;
  if (found?.kind === 'schedule') trigger = { kind: 'schedule', rule: scheduleRule(text) };
  else if (found?.kind === 'webhook') trigger = { kind: 'webhook', path: slug(text.slice(found.at)) };
  else if (found?.kind === 'email') trigger = { kind: 'email' };
  else trigger = { kind: 'manual' };

  const actions = ACTION_PATTERNS.map(([kind, re]) => ({ kind, at: firstActionIndex(text, re, trigger) }))
    .filter((a) => a.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((a) => actionOf(a.kind, text, request));
  return { trigger, actions };
}

/** An incoming-email trigger's own words ("new emails") must not also read as "send an email". */
function firstActionIndex(text: string, re: RegExp, trigger: TriggerSpec): number {
  const global = new RegExp(re.source, 'g');
  for (const match of text.matchAll(global)) {
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    if (trigger.kind === 'email' && /\b(?:new|incoming|inbound)\s*$/.test(before)) continue;
    return match.index;
  }
  return -1;
}
