// A brief written as numbered steps whose first step is the event itself ("1. A row is added to our 'Event leads'
// Google Sheet", "Step 1 – A new ticket is created in Zendesk.", "1. I finish an activity on Strava.", "1. Stripe
// reports that an invoice payment failed."): that step is the start, said the usual way ("When a row is added …").

const DONE =
  'created|updated|added|submitted|received|paid|booked|opened|closed|merged|uploaded|published|posted|signed|cancell?ed|completed|assigned|scheduled|shipped|fulfilled|refunded|registered|placed|moved|changed|deleted|removed|won|lost|approved|rejected|resolved|filled(?: (?:in|out))?|starred|tagged|labell?ed|mentioned|sent';

/** The first step's marker: "1.", "1)", "Step 1 –", "Step 1:". */
const FIRST =
  /(^|\n)([ \t]*(?:step[ \t]*1[ \t]*[-–—:.)]|1[.)])[ \t]*)(?!when\b|whenever\b|if\b|every\b|each\b|on\b|trigger\b)([^\n]+)/i;

/** A happening: an item comes to be in a state, arrives, or someone does something the steps react to. */
const EVENT = new RegExp(
  [
    // "A new ticket is created in Zendesk", "A row is added to our … sheet", "An order gets paid".
    String.raw`^(?:an?|the|new|our|my)\b[^.\n:]{0,80}?\b(?:is|are|gets?|was|were|has been|have been)\s+(?:just\s+)?(?:${DONE})\b`,
    // "A customer signs up", "A lead comes in", "An email arrives", "Someone books a call".
    String.raw`^(?:an?|new|someone|somebody|anyone|a customer|a user)\b[^.\n:]{0,60}?\b(?:comes? in|arrives?|lands?|signs? up|books?|submits?|fills? (?:in|out)|fails?|replies|responds|registers|subscribes|unsubscribes|cancels|pays|buys|orders|places)\b`,
    // "I finish an activity on Strava", "We receive an invoice by email".
    String.raw`^(?:i|we)\s+(?:finish|complete|publish|receive|get|upload|add|create|save|star|tag|log|record|post|submit|sign|book|close)\b`,
  ].join('|'),
  'i',
);
/** "Stripe reports that an invoice payment failed", "Datadog fires an alert": a system, by its name, tells. */
const TOLD =
  /^[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?\s+(?:reports?|notifies|fires|sends us|tells us|sends a webhook|triggers)\b/;

export function listedStart(text: string): string {
  const m = FIRST.exec(text);
  if (!m) return text;
  const step = m[3]!;
  if (!EVENT.test(step) && !TOLD.test(step)) return text;
  // ("1. A new ticket …" → "1. When a new ticket …": the marker stays, so the list reads as before.)
  // ("A row …" → "a row …"; "I …", "Stripe …" and "HR …" keep their capitals.)
  const said = /^(?:A|An|The|New|Our|My|Someone|Somebody|Anyone|We)\b/.test(step)
    ? step.replace(/^\p{Lu}/u, (c) => c.toLowerCase())
    : step;
  const at = m.index + m[1]!.length + m[2]!.length;
  return `${text.slice(0, at)}When ${said}${text.slice(at + step.length)}`;
}
