// Rules written as a list of "test: what happens" lines, as product specs and tickets write them:
//   Rules:
//   - Score above 0.8: email the Special Investigations Unit.
//   - Score between 0.5 and 0.8: create a task in Asana.
//   - Canceled pipeline: do nothing.
// Each line whose left side is a test reads as "If <test>, <steps>.", so the clause rules make the If or Switch of
// it; a line whose outcome is nothing ("do nothing", "ignore") is no outcome at all.

/** A bulleted or numbered line "<left>: <right>". */
const LINE = /^([ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+)(?:\*\*|__)?([^:\n]{2,80}?)(?:\*\*|__)?[ \t]*:[ \t]+(.+)$/;

/** Words that make the left side a test rather than a label ("day 3", "Slack", "Edge case"). */
const TEST =
  /\b(?:above|below|over|under|between|more than|less than|fewer than|at least|at most|or more|or less|or below|or above|or higher|or lower|equals?|contains?|starts? with|ends? with|mov(?:ed|es) to|marked|fail(?:s|ed|ure)?|success(?:ful)?|succeeded|cancel+ed|expired?|expires|positive|negative|neutral|missing|empty|approved|rejected|declined|paid|unpaid|overdue|stars?|score[sd]?|rating|status|priority|severity|plan|tier)\b|[<>]=?\s*\d/i;

/** "score 0–6", "9-10": a range of values the route reader reads as a route of its own. */
const RANGE = /^[a-z _]{0,20}?\b\d+(?:\.\d+)?\s*(?:[-–]|to)\s*\d+(?:\.\d+)?\s*(?:stars?|points?|%)?$/i;

/** Left sides that label a part of a spec, never a test. */
const LABEL =
  /^(?:trigger|triggers|step|steps|context|note|notes|edge cases?|output|input|goal|rules?|ac|acceptance criteria|given|when|then|and|but|example|e\.g|nice to have|out of scope|bonus|why|tools?|stack|schedule|frequency|data)\b/i;

/** An outcome that does nothing. */
const NOTHING =
  /^(?:do nothing|nothing|ignore(?: it| them| those| the rest)?|no action(?: needed)?|skip(?: it| them)?|leave (?:it|them)(?: alone| as is)?|none|no-?op|drop (?:it|them))\s*[.!]?$/i;

function rewrite(line: string): string | null {
  const m = LINE.exec(line);
  if (!m) return null;
  const [, bullet, left, right] = m as unknown as [string, string, string, string];
  if (LABEL.test(left.trim()) || left.trim().split(/\s+/).length > 10) return null;
  // "- Moves to other lists: ignore.": an outcome of nothing, whatever its test.
  if (NOTHING.test(right.trim())) return '';
  if (!TEST.test(left) || RANGE.test(left.trim())) return null;
  // "Moved to "Booked"" is a status; "Marked urgent": a test said from its verb is one of the item's.
  const test = left
    .trim()
    .replace(/^(?:if|when|where|for)\s+/i, '')
    .replace(
      /^(?:(?:the\s+)?(?:card|item|deal|ticket|task|issue|order|lead)\s+)?(?:is\s+|gets\s+)?(?:moved|changed|set|moves|changes)\s+to\s+/i,
      'the status is ',
    )
    .replace(/^(?=(?:marked|labell?ed|tagged|flagged|assigned|closed|cancel+ed|approved|rejected|paid)\b)/i, 'it is ');
  return `${bullet}If ${test.replace(/^./, (c) => c.toLowerCase())}, ${right.trim()}`;
}

/** Rewrites blocks of two or more rule lines; other text is left as it is. */
export function ruleLines(text: string): string {
  const lines = text.split('\n');
  const rewritten = lines.map(rewrite);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A rule stands in a block with another rule line next to it.
    const inBlock = rewritten[i] !== null && (rewritten[i - 1] != null || rewritten[i + 1] != null);
    if (!inBlock) out.push(lines[i]!);
    else if (rewritten[i]) out.push(rewritten[i]!);
  }
  return out.join('\n');
}
