// A ladder of how long something has waited, each rung a label with its time ("On hold for 2 days: email the
// customer …. 5 days: cancel the order …", "Still empty 5 days after kickoff: …. Still empty after 10 days: …"):
// each label is the bound it means ("Over 2 days:", "Over 5 days:"), the way routes on a span are said.

/** A label that opens a sentence or a line and names a time, up to its colon. */
const RUNG =
  /(^|[.!?\n]\s*)((?:[-*•]\s*)?)((?:[A-Za-z']+\s+){0,5}?)(?:after\s+|for\s+)?(\d{1,3})\s*(days?|hours?|weeks?)\b((?:\s+[A-Za-z']+){0,3}?)\s*:\s+(?=\S)/g;

/**
 * The items are looked at again and again ("every morning", "daily", "check …"): a rung is how long an item has
 * waited. Without such a cue, "When someone subscribes … After 2 days: … After 7 days: …" is one item's timeline,
 * said as waits.
 */
const POLLED =
  /\b(?:every|each)\s+(?:day|morning|evening|night|hour|weekday|week|\d+\s*(?:mins?|minutes?|hours?|h))\b|\b(?:daily|hourly|nightly|weekdays)\b|\bcheck(?:s|ed|ing)?\b/i;

export function durationLadder(text: string): string {
  if (!POLLED.test(text)) return text;
  const rungs = [...text.matchAll(RUNG)].filter(
    // ("Every 2 hours: …" is when the workflow runs; "In 3 days: …" a wait said once, not a rung.)
    (m) => !/^(?:every|each|in|within)\s/i.test(m[3]!),
  );
  if (rungs.length < 2) return text;
  let out = '';
  let at = 0;
  for (const m of rungs) {
    out += text.slice(at, m.index) + `${m[1]}${m[2]}Over ${m[4]} ${m[5]}: `;
    at = m.index + m[0].length;
  }
  return out + text.slice(at);
}
