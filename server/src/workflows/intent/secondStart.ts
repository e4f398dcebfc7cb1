// A second way to start the same steps: "Every morning at 6, and also whenever someone calls our webhook /sync-now,
// pull …", "whenever a new file appears there, and also every night at 1am as a catch-up, read …". n8n runs one
// workflow from several trigger nodes wired to the same first step.

import type { Trigger } from '../spec.ts';
import { findMentions } from './mentions.ts';
import { tokenize } from './text.ts';
import { findTrigger } from './trigger.ts';

/** The joiner, then a clause that names a start: a time, an event, a click. */
const ALSO =
  /,?\s*\b(?:(?:and\s+)?also|as well as|plus|(?:and|or)(?=\s+(?:whenever|manually|on demand|any ?time|when (?:i|we|you|someone) (?:click|run|press|hit|trigger)))|or(?=\s+(?:every|each|nightly|daily|hourly|weekly)\b))\s+((?:whenever|when|every|each|nightly|daily|hourly|weekly|on demand|manually|any ?time|on (?:a|the) \w+ schedule|(?:if|when) (?:i|we) (?:click|run|press|hit|trigger))\b[^,.;:\n]{2,120}?)(?=\s*(?:[,.;:\n]|$|\s(?:to|so|in order to)\s))/i;

/** A sentence that opens with its start. */
const STARTS =
  /^\s*(?:[-*•]\s*)?(?:every|each|when|whenever|once|on|at|daily|nightly|hourly|weekly|monthly|as soon as|after|trigger\w*)\b/i;

/** Words that say the run starts by hand. */
const BY_HAND = /\b(?:manual\w*|by hand|on demand|click\w*|press\w*|button|hit run|run it|trigger it)\b/i;

export interface SecondStart {
  trigger: Trigger;
  /** Where the clause lies in the text, joiner and all: the main reading leaves it out. */
  start: number;
  end: number;
}

/**
 * The second start a request's first sentence names, read on its own; null when there is none or when it reads as
 * no start at all (a default manual trigger from words that did not say so).
 */
export function secondStart(text: string): SecondStart | null {
  const m = ALSO.exec(text);
  if (!m?.[1]) return null;
  // The clause joins a start: said in the first sentence, or in a sentence that opens with one ("Whenever a new file
  // appears there, and also every night at 1am, …").
  const opening = text.slice(0, m.index).search(/[^.!?\n]*$/);
  const sentence = text.slice(opening, m.index);
  if (opening > 0 && !STARTS.test(sentence)) return null;
  const clause = m[1];
  const tokens = tokenize(clause);
  const found = findTrigger(tokens, findMentions(tokens), clause);
  const trigger = found.trigger;
  if (trigger.kind === 'manual' && !BY_HAND.test(clause)) return null;
  // A schedule guessed from no words of the clause is no start the user said.
  if (trigger.kind === 'schedule' && !found.used.size) return null;
  if (trigger.kind === 'error' || trigger.kind === 'called') return null;
  return { trigger, start: m.index, end: m.index + m[0].length };
}

/** The text with the second start's clause blanked (same length, so every offset read later stays true). */
export function withoutSecondStart(text: string, second: SecondStart): string {
  return text.slice(0, second.start) + ' '.repeat(second.end - second.start) + text.slice(second.end);
}

/** Two starts of one kind are one (a webhook said twice), unless both are schedules at other times or other apps. */
export function sameStart(a: Trigger, b: Trigger): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'schedule' && b.kind === 'schedule') return JSON.stringify(a.rule) === JSON.stringify(b.rule);
  if (a.kind === 'app' && b.kind === 'app') return a.app === b.app;
  return true;
}
