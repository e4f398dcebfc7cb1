// Removes run uuids from stored reply prose (SPEC §4), leaving code untouched and copying the text only when one goes.
/** A uuid is found by its tail, which opens with a literal '-' the regex engine can scan for quickly. */
const UUID_TAIL = /-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const UUID_HEAD = /^[0-9a-f]{8}$/i;
const WORD_CHAR = /\w/;
/** Code is shown verbatim (an importable workflow keeps its node ids), so only prose loses its uuids. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** Start and end of each code block or span, in order. */
function codeRanges(text: string): number[] {
  const ranges: number[] = [];
  for (const match of text.matchAll(CODE)) ranges.push(match.index, match.index + match[0].length);
  return ranges;
}

/**
 * Removes each whole-word uuid outside code with the spaces or tabs before it, then trims. A uuid tail cannot cross a
 * backtick, so one scan of the whole text finds what a scan of each prose part would, and code is only looked for
 * once a uuid has been found.
 */
export function stripUuids(text: string): string {
  let ranges: number[] | undefined;
  let range = 0;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(UUID_TAIL)) {
    const start = match.index - 8;
    if (start < last || !UUID_HEAD.test(text.slice(start, match.index))) continue;
    if (start > 0 && WORD_CHAR.test(text[start - 1]!)) continue;
    ranges ??= codeRanges(text);
    while (range < ranges.length && ranges[range + 1]! <= start) range += 2;
    if (range < ranges.length && ranges[range]! <= start) continue;
    let from = start;
    while (from > last && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    out += text.slice(last, from);
    last = match.index + match[0].length;
  }
  return (last === 0 ? text : out + text.slice(last)).trim();
}
