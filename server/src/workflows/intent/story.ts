// Requests written as user stories, the way product managers and analysts write tickets:
//   As a recruiter I want interviews booked without back-and-forth, so that candidates wait less.
//   Acceptance criteria:
//   Given a candidate submits the interview slot form
//   Then a Zoom meeting is created …
//   Out of scope: reminders.
// The role, the purpose ("so that …"), the headings and what is out of scope are no steps; "Given" / "When" is the
// start and "Then" / "And" lines are the steps.

import { findMentions } from './mentions.ts';
import { findSchedule } from './schedule.ts';
import { tokenize } from './text.ts';
import { findTrigger } from './trigger.ts';

const ROLE = /^([ \t]*)as an? [^,\n]{2,80}?,?\s+(?=(?:i|we)\s+(?:want|need|would like|'d like)\b)/gim;

/** "so that I stop chasing them by hand": why, not what. */
const PURPOSE = /,?\s+so (?:that|we|i|they|the|our|nobody|no one|people|each|customers|staff)\b[^.\n]*(?=[.\n]|$)/gi;

const HEADING =
  /^[ \t]*(?:\*\*|__|#+\s*)?(?:acceptance criteria|ac|a\/c|rules|business rules|requirements|criteria|scenario(?: \d+)?|details)(?:\*\*|__)?\s*(?:\(([^)\n]*)\))?\s*:?(?:\*\*|__)?[ \t]*$/gim;

const OUT_OF_SCOPE = /^[ \t]*(?:\*\*|__)?(?:out of scope|not in scope|non-goals?|not needed)(?:\*\*|__)?\s*:/i;
const BULLET = /^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+/;

/** The line that heads the criteria ("Acceptance criteria:", "AC:"), alone on its line. */
const CRITERIA =
  /^[ \t]*(?:\*\*|__|#+\s*)?(?:acceptance criteria|ac|a\/c|rules|business rules|requirements|criteria)(?:\*\*|__)?\s*(?:\([^)\n]*\))?\s*:?(?:\*\*|__)?[ \t]*$/im;

/**
 * "As a support lead I want urgent Zendesk tickets to page whoever is on call" above a list of criteria: the list
 * says step by step what the story says in short, so the story is not read as steps too. It stays when it names an
 * app or a schedule the list does not ("new pull requests in our GitHub repo" above "Runs when a PR is opened").
 */
function withoutSummary(text: string): string {
  const heading = CRITERIA.exec(text);
  if (!heading) return text;
  const story = text.slice(0, heading.index);
  const criteria = text.slice(heading.index);
  if (!new RegExp(ROLE.source, 'im').test(story)) return text;
  if (criteria.split('\n').filter((line) => BULLET.test(line)).length < 2) return text;
  const apps = (part: string) => new Set(findMentions(tokenize(part)).apps.map((a) => a.app.key));
  const listed = apps(criteria);
  if ([...apps(story)].some((key) => !listed.has(key))) return text;
  if (findSchedule(story) && !findSchedule(criteria)) return text;
  // "I want a webhook endpoint for our signup form", "a chat assistant": how it starts, said only in the story.
  const start = (part: string) => {
    const tokens = tokenize(part);
    return findTrigger(tokens, findMentions(tokens), part).trigger.kind;
  };
  const said = start(story);
  const listedStart = start(criteria);
  if (said !== 'manual' && listedStart === 'manual') return text;
  // "I want a chat assistant that answers …" over criteria that start with a file changing: the product itself.
  if (/^(?:chat|webhook|form)$/.test(said) && listedStart !== said) return text;
  return criteria;
}

/** Lines under "Out of scope:" (or on its line) are dropped. */
function dropOutOfScope(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!OUT_OF_SCOPE.test(lines[i]!)) {
      out.push(lines[i]!);
      continue;
    }
    // The heading alone: the bullets under it go too.
    if (/:\s*$/.test(lines[i]!)) while (i + 1 < lines.length && BULLET.test(lines[i + 1]!)) i++;
  }
  return out.join('\n');
}

export function userStory(text: string): string {
  if (
    !/\bas an? [^,\n]{2,80}?,?\s+(?:i|we)\s+(?:want|need|would like|'d like)\b|\bacceptance criteria\b|^[ \t]*given\b/im.test(
      text,
    )
  )
    return text;
  return (
    dropOutOfScope(withoutSummary(text))
      .replace(ROLE, '$1')
      .replace(PURPOSE, '')
      // "Acceptance criteria (daily run over the Airtable table):": the heading's own words stay.
      .replace(HEADING, (_, said: string | undefined) => (said ? `${said}.` : ''))
      // "Given it is every 5 minutes": a schedule, said as a precondition.
      .replace(
        /^([ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*)given\s+(?:it\s+is\s+|it's\s+)?(?=(?:every|each|daily|weekly|hourly|nightly|at\s+\d|on\s+(?:mon|tue|wed|thu|fri|sat|sun)))/gim,
        '$1',
      )
      .replace(/^([ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*)given\s+/gim, '$1When ')
      .replace(/^([ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*)(?:then|and)\s+/gim, '$1')
      // "Edge case: if the parent's number is missing, …": the case is a test like any other.
      .replace(/^([ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*)edge cases?\s*:\s*/gim, '$1')
  );
}
