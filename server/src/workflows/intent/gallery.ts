// A description written the way workflows are shared in n8n's template gallery:
//   Pull request summaries with Claude
//   For engineering teams who want reviewers to know what a PR is about before opening it.
//   How it works
//   - This workflow listens for pull_request "opened" events on a GitHub repository.
//   - …
//   Set up
//   Needs GitHub, Anthropic and Slack credentials.
// The title, the line on who it is for and the set-up notes say nothing the workflow does ("onboarding new employees
// every week" is no schedule, "on autopilot" no app); what it does is under "How it works".

const HOW =
  /^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:how it works|what it does|how this works|workflow steps)(?:\*\*)?[ \t]*:?[ \t]*$/im;

/** The headings of what follows "How it works" that are about setting it up, not what it does. */
const SETUP =
  /^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:set ?up(?: steps)?|setup instructions|requirements|prerequisites|how to (?:set ?up|customi[sz]e|use)|customi[sz]ation|customi[sz]ing|credentials|notes?|what you need|before you start)(?:\*\*)?[ \t]*:?/im;

/** "For people-ops teams onboarding new employees every week.", "Who is this for? …": the audience. */
const AUDIENCE = /^[ \t]*(?:for\s+[^\n]{3,200}|who(?:'s| is)\s+(?:this|it)\s+for\??[^\n]*)$/i;

export function galleryDescription(text: string): string {
  const how = HOW.exec(text);
  if (!how) return text;
  const body = text.slice(how.index + how[0].length);
  const setup = SETUP.exec(body);
  const steps = setup ? body.slice(0, setup.index) : body;
  // The lines before the heading: a title and the audience are dropped; a sentence of what the workflow does stays.
  const intro = text
    .slice(0, how.index)
    .split('\n')
    .filter((line, i, all) => {
      const t = line.trim();
      if (!t || AUDIENCE.test(t)) return false;
      // The first line with no full stop: the title.
      const first = all.findIndex((l) => l.trim());
      return !(i === first && !/[.!?:]$/.test(t) && t.split(/\s+/).length <= 14);
    })
    .join('\n');
  const kept = `${intro}\n${steps}`.trim();
  return kept || text;
}

/** Sentences of a listing that are about who it suits and what it needs, not what it does. */
const LISTING_NOTE =
  /^(?:prerequisites|requirements|requires|setup|set ?up|you(?:'ll| will)\s+(?:need|want)|needs|what you need|good for|great for|ideal for|perfect for|useful for|gives you|saves you|edit the|adjust the|change the|customi[sz]e|works (?:with|for)|note|tip|tested with)\b/i;

/**
 * A description written the way automations are listed for sale: a title line, then what the workflow does in prose,
 * then who it suits and what it needs ("Good for single restaurants …. You'll need …", "Requirements: …"). The
 * title and the notes say nothing the workflow does; the prose between them does.
 */
export function listingDescription(text: string): string {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.trim());
  const title = lines[first]?.trim() ?? '';
  const body = lines.slice(first + 1).join('\n');
  if (
    first < 0 ||
    /[.!?:;,]$/.test(title) ||
    // A numbered first step ("1. When a payment fails in Stripe") or a start said first is no title.
    /^(?:\d{1,2}[.)]|[-*•#>]|step\b|(?:when|whenever|if|every|each|once|after|on|at|as soon as|trigger)\b)/i.test(
      title,
    ) ||
    title.split(/\s+/).length > 12 ||
    title.split(/\s+/).filter((w) => /^[A-Z0-9]/.test(w)).length < 2 ||
    body.split(/\s+/).filter(Boolean).length < 40 ||
    // Numbered steps under a heading are the request's steps, and the heading may name its start.
    /^\s*(?:\d{1,2}[.)]|[-*•])\s/m.test(body) ||
    !/[.!?]\s+\S/.test(body)
  )
    return text;
  const kept = body
    .split('\n')
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+(?=[A-Z"'(])/)
        .filter((sentence) => !LISTING_NOTE.test(sentence.trim()))
        .join(' '),
    )
    .filter((line) => line.trim())
    .join('\n')
    .trim();
  return kept || text;
}
