// An event said as a condition at the request's start: "If a GitHub pull request is merged into main, post …",
// "If a Stripe payment gets refunded, …". With nothing else to start the run, the words say when it runs, as "When
// a GitHub pull request is merged …" does; the state the item is in stays the trigger's test.
import { PARTICIPLE } from './eventHeading.ts';

const IF_EVENT = new RegExp(
  String.raw`^(\s*)(?:if|in case)\s+(?=(?:a|an|any|someone's|a customer's)\s+(?:new\s+)?[^,.;:!?\n]{0,50}?\b(?:is|are|gets|get|was|were|has been|have been)\s+(?:just\s+)?(?:${PARTICIPLE})\b)`,
  'i',
);

/** Other words that say when the run starts: the condition stays a condition then. */
const OTHER_START =
  /\b(?:when|whenever|once a|every (?:day|morning|evening|night|week|hour|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+)|daily|nightly|weekly|hourly|monthly|cron|schedule[ds]?|(?:i|we) (?:click|run|press|trigger)|manually|by hand|on demand|webhook)\b/i;

export function ifEvent(text: string): string {
  if (!IF_EVENT.test(text) || OTHER_START.test(text)) return text;
  return text.replace(IF_EVENT, '$1When ');
}
