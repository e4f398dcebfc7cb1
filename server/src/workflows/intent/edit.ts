// Follow-up messages change the session's last workflow ("make it 9am instead", "also post failures to #alerts",
// "use Gmail instead of SMTP") instead of starting over. Replaying a session's requests gives the current spec.
import type { Step, WorkflowSpec } from '../spec.ts';
import { SMTP, servicesIn, serviceByKey } from '../services.ts';
import { readRequest } from './read.ts';
import { SCHEDULE_PATTERN, scheduleRule, scheduleText, timeOf } from './schedule.ts';
import { findTrigger } from './trigger.ts';

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
    if (next.kind === 'batch') return [{ ...next, body: mapSteps(next.body, fn) }];
    if (next.kind === 'switch')
      return [{ ...next, routes: next.routes.map((r) => ({ ...r, steps: mapSteps(r.steps, fn) })) }];
    return [next];
  });
}

function emailKey(word: string): string | null {
  if (/\bsmtp\b|\be-?mail\b/.test(word)) return SMTP.key;
  return servicesIn(word)[0]?.service.key ?? null;
}

function applyEdit(spec: WorkflowSpec, message: string): Edited | null {
  const text = message.toLowerCase();
  const changes: string[] = [];
  let next: WorkflowSpec = { ...spec, steps: [...spec.steps], onError: [...spec.onError], unmapped: [] };
  const replace =
    /\buse\s+([\w ]+?)\s+instead\s+of\s+([\w ]+)|\breplace\s+([\w ]+?)\s+with\s+([\w ]+)|\bswitch\s+from\s+([\w ]+?)\s+to\s+([\w ]+)|\bswap\s+([\w ]+?)\s+for\s+([\w ]+)/.exec(
      text,
    );
  if (replace) {
    const [to, from] = replace[1]
      ? [replace[1], replace[2]!]
      : replace[3]
        ? [replace[4]!, replace[3]]
        : replace[5]
          ? [replace[6]!, replace[5]]
          : [replace[8]!, replace[7]!];
    const toKey = emailKey(to);
    const fromKey = emailKey(from);
    if (toKey && fromKey && toKey !== fromKey) {
      let hit = false;
      next.steps = mapSteps(next.steps, (s) =>
        s.kind === 'action' && s.service === fromKey ? ((hit = true), { ...s, service: toKey }) : s,
      );
      next.onError = mapSteps(next.onError, (s) =>
        s.kind === 'action' && s.service === fromKey ? ((hit = true), { ...s, service: toKey }) : s,
      );
      if (next.trigger.kind === 'email' && toKey === 'gmail') next.trigger = { kind: 'email', provider: 'gmail' };
      if (next.trigger.kind === 'app' && next.trigger.service === fromKey)
        next.trigger = { ...next.trigger, service: toKey };
      if (hit || next.trigger !== spec.trigger)
        changes.push(`${serviceByKey(fromKey)?.name ?? from} is replaced by ${serviceByKey(toKey)?.name ?? to}.`);
    }
  }
  if (spec.trigger.kind === 'schedule' && (SCHEDULE_PATTERN.test(text) || timeOf(text))) {
    const old = spec.trigger.rule;
    const interval = /\bevery\b|\bdaily\b|\bhourly\b|\bweekly\b|\bmonthly\b|\bon (?:weekdays|\w+days)\b|\bcron\b/.test(
      text,
    );
    const time = timeOf(text);
    const rule = interval
      ? scheduleRule(text)
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
  } else if (/\binstead\b/.test(text) && !replace) {
    const found = findTrigger(text);
    if (found.trigger.kind !== 'manual' && found.trigger.kind !== spec.trigger.kind) {
      next.trigger = found.trigger;
      changes.push(`The workflow now starts with a ${found.trigger.kind} trigger.`);
    }
  }
  const remove =
    /\b(?:remove|drop|delete|don'?t|do not|no longer|stop)\b[^.]*?\b(?:step|node|post(?:ing)?|send(?:ing)?|notif\w*|use)?\b/.test(
      text,
    ) && !/\binstead\b/.test(text);
  if (remove) {
    const keys = servicesIn(text).map((s) => s.service.key);
    const before = JSON.stringify(next.steps);
    next.steps = mapSteps(next.steps, (s) => (s.kind === 'action' && keys.includes(s.service) ? null : s));
    if (JSON.stringify(next.steps) !== before)
      changes.push(`Removed the ${keys.map((k) => serviceByKey(k)?.name ?? k).join(', ')} step.`);
  }
  const rename = /\b(?:rename|call)\s+(?:it|the workflow)\s+(?:to\s+)?["']?([^"'.]{1,80})["']?/.exec(message);
  if (rename?.[1]) {
    next.name = rename[1].trim();
    changes.push(`The workflow is now named "${next.name}".`);
  }
  if (!replace && !remove && !rename) {
    const added = readRequest(message.replace(/\b(?:also|as well|too|additionally|plus)\b/gi, ''));
    const failures = added.onError.length;
    if (failures) {
      next.onError = [...next.onError, ...added.onError];
      changes.push(
        `Failures of the app steps now go to their error output and on to the new failure step${failures === 1 ? '' : 's'}.`,
      );
    }
    const addSteps = added.steps;
    if (addSteps.length && /\b(?:also|add|as well|too|additionally|plus|then|and)\b/.test(text)) {
      next.steps = [...next.steps, ...addSteps];
      changes.push(`Added ${addSteps.length} step${addSteps.length === 1 ? '' : 's'} at the end.`);
    }
    next.unmapped = changes.length ? [] : added.unmapped;
  }
  if (!changes.length) return null;
  next = { ...next };
  return { spec: next, changes };
}

/** The spec a session's requests add up to: each edit applies to the one before; other messages start over. */
export function replaySession(requests: string[]): { spec: WorkflowSpec; changes: string[]; edited: boolean } {
  let spec: WorkflowSpec | null = null;
  let changes: string[] = [];
  let edited = false;
  for (const request of requests) {
    const edit: Edited | null = spec && EDIT_PATTERN.test(request.toLowerCase()) ? applyEdit(spec, request) : null;
    if (edit) {
      spec = edit.spec;
      changes = edit.changes;
      edited = true;
    } else {
      spec = readRequest(request);
      changes = [];
      edited = false;
    }
  }
  return { spec: spec ?? readRequest(''), changes, edited };
}
