// Finds what starts the workflow and where that phrase ends, so the rest of the request reads as its steps.
import type { Condition, Trigger } from '../spec.ts';
import { conditionOf } from './words.ts';
import { SERVICES, type Service } from '../services.ts';
import { SCHEDULE_PATTERN, scheduleRule } from './schedule.ts';

export interface FoundTrigger {
  trigger: Trigger;
  /** Where the trigger's phrase starts in the request. */
  at: number;
  /** "when a GitHub issue has the label bug": only those items go on. */
  filter?: Condition;
  /** The request with the trigger's own clause removed (what remains are steps). */
  rest: string;
}

/** "when …", "whenever …", "each time …", "for each new …": the clause an event trigger lives in. */
const EVENT_CLAUSE =
  /\b(?:when(?:ever)?|each time|every time|as soon as|once|if an? new|on (?:every|each|a) new|for (?:each|every) new|each new|every new|incoming|^new|^(?:download|get|save|process|forward|copy)\s+(?:all\s+)?new)\b.*?(?=[,.;:!?]|\s(?:and|then)\s|$)/g;

const APP_EVENTS: Array<[RegExp, string]> = [
  [/\bfail(?:s|ed|ure)?\b/, 'failed'],
  [/\b(?:response|submission|submitted|answers?)\b/, 'response'],
  [/\b(?:created|new|added|arrives?|comes? in|opened|received)\b/, 'created'],
  [/\b(?:updated|changes?|changed|modified)\b/, 'updated'],
  [/\b(?:paid|payment|charge)\b/, 'payment'],
  [/\b(?:star(?:s|red)?)\b/, 'star'],
  [/\b(?:push(?:es|ed)?|commit)\b/, 'push'],
];

function eventOf(clause: string): string {
  return APP_EVENTS.find(([re]) => re.test(clause))?.[1] ?? 'created';
}

function slug(text: string): string {
  const words =
    text
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.filter(
        (w) => !/^(?:a|an|the|when|whenever|new|is|are|arrives?|comes?|in|on|to|from|each|every|time)$/.test(w),
      ) ?? [];
  return words.slice(0, 3).join('-') || 'incoming';
}

/** A service whose trigger the clause describes ("a Typeform response arrives", "new Zendesk ticket"). */
function appTrigger(clause: string, lead = ''): Service | undefined {
  return SERVICES.find((svc) => {
    if (svc.key === 'openWeatherMap' || !svc.pattern.test(clause)) return false;
    // "… each new order to Slack": the app the items go to is not where they come from.
    const at = clause.search(svc.pattern);
    if (
      /\b(?:posts?|sends?|forwards?|push(?:es)?|syncs?|cop(?:y|ies)|shares?|messages?|notif(?:y|ies))\b[^,.;]*\b(?:to|into|via|through|using)\s+(?:the\s+|my\s+|our\s+|a\s+)?(?:\w+\s+)?$/.test(
        `${lead}${clause.slice(0, at)}`,
      )
    )
      return false;
    return svc.key !== 'googleSheets' || /\bnew rows?\b|\brows? (?:is |are )?added\b/.test(clause);
  });
}

function cut(text: string, from: number, to: number): string {
  return `${text.slice(0, from)} ${text.slice(to)}`
    .replace(/^[\s,;:]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function eventTrigger(text: string): FoundTrigger | null {
  for (const m of text.matchAll(EVENT_CLAUSE)) {
    const clause = m[0];
    const rest = cut(text, m.index, m.index + clause.length);
    const at = m.index;
    const app = appTrigger(clause, text.slice(Math.max(0, m.index - 60), m.index));
    const filter = conditionOf(/\b(?:has|have|with|whose|where)\b.*$/.exec(clause)?.[0] ?? '') ?? undefined;
    if (app && !/\bform\b/.test(clause.replace(app.pattern, '')))
      return {
        trigger: { kind: 'app', service: app.key, event: eventOf(clause) },
        at,
        rest,
        ...(filter ? { filter } : {}),
      };
    if (app && /\b(?:webflow|jotform|typeform|google forms?)\b/.test(clause))
      return { trigger: { kind: 'app', service: app.key, event: eventOf(clause) }, at, rest };
    if (/\b(?:form)\b/.test(clause)) {
      return { trigger: { kind: 'form', title: 'Form', fields: [] }, at, rest };
    }
    if (/\bchat(?:bot)?\s+message|\bmessage in (?:the )?chat\b|\bchats? with\b/.test(clause))
      return { trigger: { kind: 'chat' }, at, rest };
    if (/\bwebhook\b|\b(?:http|api|post)\s+request\b/.test(clause))
      return { trigger: { kind: 'webhook', path: slug(clause), method: 'POST' }, at, rest };
    if (/\be-?mails?\b|\binbox\b/.test(clause) && !/\bsend\b/.test(clause)) {
      return { trigger: { kind: 'email', provider: /\bgmail\b/.test(text) ? 'gmail' : 'imap' }, at, rest };
    }
  }
  return null;
}

export function findTrigger(text: string): FoundTrigger {
  const schedule = SCHEDULE_PATTERN.exec(text);
  const event = eventTrigger(text);
  // "every hour, read an RSS feed" is a schedule; "when a payment fails … every day" is an event: the earlier wins.
  if (schedule && (!event || schedule.index < event.at)) {
    // The schedule phrase, its time and days ("every weekday at 7:30am", "daily at noon on Mondays"), then a comma.
    const tail =
      /^(?:\s*(?:at\s+(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon|midnight)|on\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|weekdays|\w+days?)|from\s+\w+\s+to\s+\w+|(?:\d+|[*/,-]+|\s)+(?=\s)|expression|schedule|,))*/.exec(
        text.slice(schedule.index + schedule[0].length),
      )?.[0] ?? '';
    const end = schedule.index + schedule[0].length + tail.length;
    const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, schedule.index - 1)) + 1);
    const before = text.slice(start, schedule.index);
    return {
      trigger: { kind: 'schedule', rule: scheduleRule(text) },
      at: schedule.index,
      rest: cut(text, /\b(?:on|at|run)\s*$/.test(before) ? start : schedule.index, end),
    };
  }
  if (event) return event;
  const bot = /\b(telegram|slack|discord|whats\s?app)\s+(?:chat\s?)?bot\b/.exec(text);
  if (bot?.[1]) {
    const svc = SERVICES.find((x) => x.pattern.test(bot[1]!))!;
    return {
      trigger: { kind: 'app', service: svc.key, event: 'created' },
      at: bot.index,
      rest: `${text} and reply on ${svc.name.toLowerCase()}`,
    };
  }
  if (/\bwebhooks?\b/.test(text))
    return {
      trigger: { kind: 'webhook', path: slug(text), method: 'POST' },
      at: 0,
      rest: text.replace(/\b(?:via|from|on|through|with) (?:a )?webhooks?\b/, ''),
    };
  if (/\bchat\s?bot\b|\bchat interface\b|\bchat (?:widget|window)\b/.test(text))
    return { trigger: { kind: 'chat' }, at: 0, rest: text };
  if (/\bform\b/.test(text) && !/\btypeform\b/.test(text))
    return { trigger: { kind: 'form', title: 'Form', fields: [] }, at: 0, rest: text };
  return { trigger: { kind: 'manual' }, at: 0, rest: text.replace(/\b(?:manually|on demand|when i click[^,.;]*)/, '') };
}
