// A second part with its own start: "When someone registers on Eventbrite, … log the registration in a Google Sheet.
// Every Monday at 9am, email me a summary of last week's registrations from that sheet." The event part runs for
// each registration; the summary runs on its own schedule. n8n keeps both in one workflow, each from its trigger.

import { isRead, walkSteps, type Step, type Trigger, type WorkflowSpec } from '../spec.ts';
import { ROW_STORES } from './appGroups.ts';
import { verbClass } from './lexicon.ts';
import { findSchedule } from './schedule.ts';

export interface LaterPart {
  /** Where the part lies in the text, joiner and all: the first part is read without it. */
  start: number;
  end: number;
  text: string;
}

/** Where a clause may open with its own time: a sentence, a line or list item, or ", and" inside a sentence. */
const OPENING =
  /(?:^|[.!?]\s+|\n[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*|[,;]\s*(?:and\s+)?|\s+and\s+)(?:and\s+)?(?:also,?\s+|then\s+|plus\s+)?(?<apart>(?:separately|in addition|additionally|on top of that|independently),?\s+|(?:and\s+)?(?:an?|the)\s+(?:second|other|separate|another)\s+(?:one|workflow|flow|automation)(?:\s*:\s*|\s+(?:that\s+|which\s+)?(?:runs?\s+|should\s+run\s+)?)|(?:(?:the\s+)?(?:second|2nd|other|another)\s+(?:flow|workflow|one|automation|part)|(?:flow|workflow|part)\s+(?:2|two|b))\s*:\s*)?(?=(?:every|each|once an?|daily|weekly|nightly|monthly|at the (?:end|start|beginning) of (?:each|every|the)|on the (?:\d{1,2}(?:st|nd|rd|th)|first|last)\b|on (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays))\b)/gi;

/** What a scheduled part sends: a summary of what the first part did. */
const SUMMARY =
  /\b(?:summary|summaries|summari[sz]e|digest|recap|report|overview|round-?up|rundown|tally|totals?|stats|statistics|counts?|number of|how many|list of|breakdown)\b/i;
const SENDS =
  /\b(?:e-?mail|send|sends|post|posts|message|notify|share|slack|teams|telegram|discord|dm|text|mail|report)\b/i;
/** Whether a part of its own, opened as a sentence of its own, does anything ("Also on the 1st of every month, export …"). */
function does(text: string): boolean {
  return (
    text.split(/[^\w'-]+/).some((w) => verbClass(w) !== undefined) ||
    /\b(?:refresh\w*|call\w*|backs? ?up)\b/i.test(text)
  );
}

/** The clause that opens with a schedule of its own and reports on what the first part did, if the text has one. */
export function laterPart(text: string): LaterPart | null {
  for (const m of text.matchAll(OPENING)) {
    const from = m.index + m[0].length;
    if (from === 0 || !text.slice(0, m.index).trim()) continue;
    const rest = text.slice(from);
    const stop = /[.!?](?=\s|$)|\n(?![ \t]*[a-z])/.exec(rest);
    const clause = rest.slice(0, stop ? stop.index : rest.length);
    const schedule = findSchedule(clause);
    if (!schedule || schedule.start > 0) continue;
    const after = clause.slice(schedule.end);
    // "Separately, every 30 minutes … send …": a part of its own, whatever it sends. "Also every Monday at 8am post
    // …", "Also on the 1st of every month, export …": a sentence of its own that says "also", whatever it does.
    const also = /(?:^|[.!?]\s+|\n\s*)(?:(?:and\s+)?(?:also|plus)|and),?\s+$/i.test(text.slice(0, from));
    const own = also || Boolean(m.groups?.apart);
    if (own ? !SENDS.test(after) && !does(after) : !SUMMARY.test(after) || !SENDS.test(after)) continue;
    return { start: m.index, end: from + clause.length, text: clause.trim() };
  }
  return sentLast(text);
}

/** "…, and email me a weekly count per category every Monday.": the time said last, in the request's last clause. */
function sentLast(text: string): LaterPart | null {
  const m =
    /(?:[.!?]\s+|\n\s*|,?\s+and\s+|;\s*)((?:also\s+)?(?:e-?mail|send|post|message|mail|slack|text|share)\b[^.!?\n;]{5,160}?)\s*[.!?]?\s*$/i.exec(
      text,
    );
  if (!m?.[1] || !SUMMARY.test(m[1])) return null;
  const schedule = findSchedule(m[1]);
  if (!schedule || schedule.start === 0) return null;
  const start = m.index;
  return { start, end: start + m[0].trimEnd().length, text: m[1].trim() };
}

/** The text without the part (same length, so offsets read later stay true). */
export function withoutLaterPart(text: string, part: LaterPart): string {
  const keep = /^[.!?]/.test(text.slice(part.start)) ? 1 : 0;
  return text.slice(0, part.start + keep) + ' '.repeat(part.end - part.start - keep) + text.slice(part.end);
}

/**
 * The part's own steps, reading what the first part stored when they read nothing themselves ("a summary of last
 * week's bounces" after "log every bounce to a Google Sheet"), and gathered into one message before a send.
 */
export function partSteps(main: WorkflowSpec, part: WorkflowSpec): { trigger: Trigger; steps: Step[] } {
  const steps = [...part.steps];
  const stored: Extract<Step, { kind: 'app' }>[] = [];
  walkSteps(main.steps, (s) => {
    if (s.kind === 'app' && ROW_STORES.test(s.app) && s.verb !== 'read' && s.verb !== 'search') stored.push(s);
  });
  const store = stored.at(-1);
  const read = steps.findIndex(isRead);
  if (store && read < 0)
    steps.unshift({ kind: 'app', app: store.app, verb: 'read', hints: { ...store.hints }, phrase: store.phrase });
  // "that sheet" read with the default sheet app, after the first part logged to Airtable: the same store.
  else if (store && read >= 0) {
    const r = steps[read]!;
    if (
      r.kind === 'app' &&
      ROW_STORES.test(r.app) &&
      r.app !== store.app &&
      part.choices.some((c) => /^(?:sheet|spreadsheet|table|database|db)$/i.test(c.said))
    )
      steps[read] = { ...r, app: store.app, hints: { ...store.hints, ...r.hints } };
  }
  // "email the board a summary: total donated, number of donors …": the totals the summary says are worked out first.
  const sent = steps.findIndex((s) => s.kind === 'app' && s.verb === 'send');
  if (sent >= 0) {
    const totals = steps.slice(sent + 1).filter((s) => /^(?:aggregate|count|sum)$/.test(s.kind));
    for (const t of totals) steps.splice(steps.indexOf(t), 1);
    steps.splice(sent, 0, ...totals);
  }
  const gathers = steps.some((s) => /^(?:aggregate|count|sum|code|ai)$/.test(s.kind));
  const send = steps.findIndex((s) => s.kind === 'app' && s.verb === 'send');
  if (!gathers && send > 0) steps.splice(send, 0, { kind: 'aggregate' });
  return { trigger: part.trigger, steps };
}
