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
