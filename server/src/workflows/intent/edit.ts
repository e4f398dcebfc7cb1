// Follow-up messages change the session's workflow ("make it 9am instead", "also post failures to #alerts", "use
// Gmail instead of SMTP", "remove the Slack step") instead of starting over. Edits apply to the stored spec of the
// last workflow; a message that is not an edit is a new request.
import type { Step, WorkflowSpec } from '../spec.ts';
import { scheduleText } from '../wording.ts';
import { GENERIC_DEFAULTS } from '../catalog/generics.ts';
import { appDisplayName } from '../plan.ts';
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { findMentions } from './mentions.ts';
import { readRequest } from './read.ts';
import { findSchedule, timeOf } from './schedule.ts';
import { tokenize } from './text.ts';

const EDIT_PATTERN =
  /\b(?:instead|also|as well|too|change|make it|switch|replace|swap|use \w+|remove|drop|don'?t|do not|no longer|rename|add (?:a|an|another) step|additionally|plus|update the workflow|modify)\b/;

export interface Edited {
  spec: WorkflowSpec;
  changes: string[];
}

function mapSteps(steps: Step[], fn: (s: Step) => Step | null): Step[] {
  return steps.flatMap((s): Step[] => {
    const next = fn(s);
    if (!next) return [];
    if (next.kind === 'if')
      return [{ ...next, then: mapSteps(next.then, fn), otherwise: mapSteps(next.otherwise, fn) }];
    if (next.kind === 'parallel')
      return [{ ...next, branches: next.branches.map((b) => mapSteps(b, fn)).filter((b) => b.length) }];
    if (next.kind === 'loop') return [{ ...next, body: mapSteps(next.body, fn) }];
    if (next.kind === 'poll') return [{ ...next, check: mapSteps(next.check, fn) }];
    if (next.kind === 'switch')
      return [
        {
          ...next,
          routes: next.routes.map((r) => ({ ...r, steps: mapSteps(r.steps, fn) })),
          fallback: next.fallback ? mapSteps(next.fallback, fn) : null,
        },
      ];
    return [next];
  });
}

/** The app a phrase names ("Gmail", "SMTP", "email", "a database"), as a catalogue key. */
function appIn(phrase: string): string | null {
  const m = findMentions(tokenize(phrase));
  if (m.apps[0]) return m.apps[0].app.key;
  const g = m.generics[0];
  return g ? GENERIC_DEFAULTS[g.kind].app : null;
}

const nameOf = (key: string) => appDisplayName(nodeCatalog().app(key), key);

function applyEdit(spec: WorkflowSpec, message: string): Edited | null {
  const text = message.toLowerCase();
  const changes: string[] = [];
  let next: WorkflowSpec = {
    ...spec,
    steps: [...spec.steps],
    onError: [...spec.onError],
    unmapped: [],
    choices: [...spec.choices],
  };
  const replace =
    /\buse\s+([\w .-]+?)\s+instead\s+of\s+([\w .-]+)|\breplace\s+([\w .-]+?)\s+with\s+([\w .-]+)|\bswitch\s+from\s+([\w .-]+?)\s+to\s+([\w .-]+)|\bswap\s+([\w .-]+?)\s+for\s+([\w .-]+)|\buse\s+([\w .-]+?)\s*$/.exec(
      text,
    );
  if (replace) {
    const [to, from] = replace[1]
      ? [replace[1], replace[2]!]
      : replace[3]
        ? [replace[4]!, replace[3]]
        : replace[5]
          ? [replace[6]!, replace[5]]
          : replace[7]
            ? [replace[8]!, replace[7]]
            : [replace[9]!, ''];
    const toKey = appIn(to);
    // "use MySQL": the default the reply named is what changes.
    const fromKey = from
      ? appIn(from)
      : (spec.choices
          .map((c) => Object.values(GENERIC_DEFAULTS).find((g) => g.chose === c.chose)?.app)
          .find((k) => k && toKey && k !== toKey && sameKind(k, toKey)) ?? null);
    if (toKey && fromKey && toKey !== fromKey) {
      let hit = false;
      const swap = (s: Step): Step =>
        s.kind === 'app' && s.app === fromKey ? ((hit = true), { ...s, app: toKey }) : s;
      next.steps = mapSteps(next.steps, swap);
      next.onError = mapSteps(next.onError, swap);
      if (next.trigger.kind === 'email' && toKey === 'gmail') next.trigger = { kind: 'email', provider: 'gmail' };
      if (next.trigger.kind === 'app' && next.trigger.app === fromKey) next.trigger = { ...next.trigger, app: toKey };
      if (hit || next.trigger !== spec.trigger) {
        changes.push(`${nameOf(fromKey)} is replaced by ${nameOf(toKey)}.`);
        next.choices = next.choices.filter(
          (c) => !Object.values(GENERIC_DEFAULTS).some((g) => g.app === fromKey && g.chose === c.chose),
        );
      }
    }
  }
  const schedule = findSchedule(message);
  if (spec.trigger.kind === 'schedule' && (schedule || timeOf(text))) {
    const old = spec.trigger.rule;
    const interval = /\bevery\b|\bdaily\b|\bhourly\b|\bweekly\b|\bmonthly\b|\bon (?:weekdays|\w+days)\b|\bcron\b/.test(
      text,
    );
    const time = timeOf(text);
    const rule =
      interval && schedule
        ? schedule.rule
        : time && 'triggerAtHour' in old
          ? {
              ...old,
              triggerAtHour: time.hour,
              ...(time.minute ? { triggerAtMinute: time.minute } : { triggerAtMinute: undefined }),
            }
          : old;
    if (JSON.stringify(rule) !== JSON.stringify(old)) {
      next.trigger = { kind: 'schedule', rule: JSON.parse(JSON.stringify(rule)) };
      changes.push(`The schedule now runs ${scheduleText(next.trigger.rule)} (it ran ${scheduleText(old)}).`);
    }
  }
  const remove = /\b(?:remove|drop|delete|don'?t|do not|no longer|stop)\b/.test(text) && !/\binstead\b/.test(text);
  if (remove) {
    const keys = findMentions(tokenize(message)).apps.map((a) => a.app.key);
    const before = JSON.stringify(next.steps);
    next.steps = mapSteps(next.steps, (s) => (s.kind === 'app' && keys.includes(s.app) ? null : s));
    if (JSON.stringify(next.steps) !== before) changes.push(`Removed the ${keys.map(nameOf).join(', ')} step.`);
  }
  const rename = /\b(?:rename|call)\s+(?:it|the workflow)\s+(?:to\s+)?["']?([^"'.]{1,80})["']?/.exec(message);
  if (rename?.[1]) {
    next.name = rename[1].trim();
    changes.push(`The workflow is now named "${next.name}".`);
  }
  if (!replace && !remove && !rename && !changes.length) {
    const added = readRequest(message.replace(/\b(?:also|as well|too|additionally|plus)\b/gi, ''), { fragment: true });
    if (added.onError.length) {
      next.onError = [...next.onError, ...added.onError];
      changes.push(
        `Failures of the app steps now go to their error output and on to the new failure step${added.onError.length === 1 ? '' : 's'}.`,
      );
    }
    if (added.steps.length && /\b(?:also|add|as well|too|additionally|plus|then|and)\b/.test(text)) {
      next.steps = [...next.steps, ...added.steps];
      next.choices = [...next.choices, ...added.choices];
      changes.push(`Added ${added.steps.length} step${added.steps.length === 1 ? '' : 's'} at the end.`);
    }
    next.unmapped = changes.length ? [] : added.unmapped;
  }
  if (!changes.length) return null;
  next = { ...next };
  return { spec: next, changes };
}

function sameKind(a: string, b: string): boolean {
  const kinds = (key: string) =>
    Object.entries(GENERIC_DEFAULTS)
      .filter(([, g]) => g.app === key)
      .map(([k]) => k);
  const groups = [
    ['postgres', 'mySql', 'supabase', 'microsoftSql', 'mongoDb'],
    ['emailSend', 'gmail', 'microsoftOutlook'],
    ['slack', 'microsoftTeams', 'discord', 'telegram', 'mattermost'],
    ['googleSheets', 'airtable', 'microsoftExcel', 'notion'],
    ['hubspot', 'salesforce', 'pipedrive', 'zohoCrm'],
  ];
  return groups.some((g) => g.includes(a) && g.includes(b)) || kinds(a).some((k) => kinds(b).includes(k));
}

/** Whether a follow-up reads as an edit of the workflow before it. */
function isEdit(message: string): boolean {
  return EDIT_PATTERN.test(message.toLowerCase());
}

/** The spec after a follow-up: the edit applied to the stored spec, or a new request. */
function editSpec(previous: WorkflowSpec | null, message: string): SessionRead {
  const edit = previous && isEdit(message) ? applyEdit(previous, message) : null;
  if (edit) return { spec: edit.spec, changes: edit.changes, edited: true };
  return { spec: readRequest(message), changes: [], edited: false };
}

/** Whether a stored value is a spec this reader wrote (older or foreign rows are replayed from the requests instead). */
function isSpec(value: unknown): value is WorkflowSpec {
  const v = value as Partial<WorkflowSpec> | null;
  return Boolean(
    v &&
    typeof v === 'object' &&
    v.trigger &&
    typeof v.trigger.kind === 'string' &&
    Array.isArray(v.steps) &&
    Array.isArray(v.onError) &&
    Array.isArray(v.choices),
  );
}

/** What a session's latest request reads as: the workflow's spec, the changes an edit made, and whether it was one. */
export interface SessionRead {
  spec: WorkflowSpec;
  changes: string[];
  edited: boolean;
}

/** The spec a session's requests add up to: each edit applies to the one before; other messages start over. */
function replaySession(requests: string[]): SessionRead {
  let state: SessionRead | null = null;
  for (const request of requests) state = editSpec(state?.spec ?? null, request);
  return state ?? { spec: readRequest(''), changes: [], edited: false };
}

/**
 * The latest request of a session read: a follow-up edits the session's stored workflow; sessions from before
 * workflows were stored replay their requests.
 */
export function readSession(stored: unknown, requests: string[]): SessionRead {
  return isSpec(stored) ? editSpec(stored, requests.at(-1) ?? '') : replaySession(requests);
}
