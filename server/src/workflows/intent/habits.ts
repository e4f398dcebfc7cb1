// How the work is done today is no schedule of the workflow's: "At the moment I go through the submissions each week
// and add them to Brevo by hand", "I've been downloading the attendee list every week" describe the chore the
// request wants replaced, and the event the request names ("each new attendee … as soon as they register") starts
// it. A sentence about today's habit keeps its steps and loses its times; one that also asks for the workflow ("right
// now I do it by hand, could it run every Monday?") keeps them. "Our monthly litter pick" is an event, not a schedule.

/** Words that say a sentence is about how the work is done today. */
const TODAY =
  /\b(?:currently|at the moment|right now|at present|by hand|manually|we used to|i used to|i've been|we've been|i have been|we have been|(?:i|we) (?:usually|normally|typically) |(?:our|we)\s+(?:[\w-]+\s+){0,2}?(?:sends?|sends? out|publish(?:es)?|puts? out)\s+(?:the|our|a)\s+(?:daily|weekly|monthly)\b)/i;

/** Words that ask for the workflow in the same sentence. */
const WISH =
  /\b(?:i'd like|i would like|we'd like|we would like|want|wants|could|can|would|should|please|automat\w*|instead)\b/i;

const DAYS = '(?:mon|tues|wednes|thurs|fri|satur|sun)days?';

/** The times a habit is said with. */
const TIMES = new RegExp(
  String.raw`\s*,?\s*\b(?:(?:every|each|once a|twice a|once every)\s+(?:(?:other|couple of|few)\s+)?(?:day|week|month|morning|evening|night|afternoon|weekday|weekend|quarter|${DAYS})s?|(?:daily|weekly|monthly|nightly|quarterly|fortnightly)|at the (?:end|start|beginning) of (?:the|each|every) (?:day|week|month)|on ${DAYS}|in the (?:morning|evening))\b`,
  'gi',
);

/** A time word that names an event ("our monthly litter pick", "the weekly collection run"), not when to run. */
const EVENT =
  /\b(daily|weekly|monthly|nightly|annual|yearly|fortnightly)\s+(?!\S+\s+(?:reminders?|reports?|summar\w*|digests?|notes?|posts?|messages?|updates?|check-?ins?|emails?)\b)(?=(?:litter picks?|meetings?|meetups?|events?|class(?:es)?|sessions?|collection runs?|markets?|clean-?ups?|calls?|services?|games?|match(?:es)?|walks?|club|practices?|rehearsals?|gatherings?|huddles?|stand-?ups?|webinars?|workshops?|pickups?|drop-?offs?|visits?|fairs?)\b)/gi;

/** A clause about the chore the workflow takes away. */
const CHORE =
  /\b(?:so (?:that )?(?:i|we|they|she|he) (?:don't|do not|won't|no longer|doesn't|does not) (?:have|need) to|instead of (?:me |us |them |someone )?\w+ing)\b[^.!?\n,;]*/gi;

/** An event said outside the habit: the workflow starts from it, so the habit's times are no schedule. */
const EVENT_START =
  /\b(?:as soon as|each new|every new|whenever|each time|every time|in real time|straight away|right away|(?:go|goes|land|lands|come|comes)\s+straight|within (?:a|one|\d+|a few) (?:minutes?|seconds?)|immediately|instantly|as (?:they|it) (?:come|comes|arrive|arrives)|(?:via|through|on|in) (?:a|an|our|the|my) (?:\w+ )?(?:form|typeform|jotform|google form))\b|\bwhen (?:\w+ ){0,4}?(?:submits?|registers?|signs? up|books?|fills? (?:in|out)|arrives?|comes? in|is added|are added)\b/i;

export function withoutHabits(text: string): string {
  const eventsOut = text
    .replace(EVENT, '')
    // "… so I don't have to sort them every morning", "instead of checking it every week": the chore's times.
    .replace(CHORE, (clause) => clause.replace(TIMES, ''));
  // ("New families register through a Typeform and every week I copy them over by hand": the event is the clause's
  // own, beside the habit.)
  const started = eventsOut
    .split(/(?<=[.!?\n])|\s+(?:and|but)\s+(?=(?:every|each|then|i|we)\b)/)
    .some((sentence) => !(TODAY.test(sentence) && !WISH.test(sentence)) && EVENT_START.test(sentence));
  if (!started) return eventsOut;
  return eventsOut.replace(/[^.!?\n]+[.!?]?/g, (sentence) =>
    TODAY.test(sentence) && !WISH.test(sentence) ? sentence.replace(TIMES, '') : sentence,
  );
}
