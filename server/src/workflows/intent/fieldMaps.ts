// Field mappings a request spells out ("First name → firstname, Last name → lastname", "churn_date ← cancelled_at",
// "DocNumber → Invoice No"): which field of the source fills which field of the target. They say how a step fills
// its fields, not steps or routes of their own, so the reader reads the request without them ("the fields").
import { verbClass } from './lexicon.ts';
import { findMentions } from './mentions.ts';
import { tokenize } from './text.ts';

/** One side of a mapping: words, a parenthesis ("(YYYY-MM-DD)", "(1=Lowest, 2=Low)"), dots inside a path. */
const SIDE = String.raw`(?:[^,;\n.:→←()#@]|#(?!\w)|\([^()\n]*\)|\.(?=\S))`;
const PAIR = new RegExp(
  String.raw`(${SIDE}{1,50}?)\s*(?:→|->|=>|←)\s*(${SIDE}{1,80}?)\s*(?=[,;\n)]|\.(?:\s|$)|$)`,
  'g',
);

/** Words before a list that say it maps fields. */
const CUE =
  /\b(?:map(?:ping|ped|s)?|columns?|fields|as follows|properties|attributes|table\s+\S+|sheet\s+\S+|record|contact|lead|row)\b[^.\n]{0,40}[:\s]*$/i;

/** A field's name as systems write it: snake_case, a dotted path, camelCase, or a format in brackets. */
const IDENTIFIER =
  /\b[a-z]+_[a-z_]+\b|\b\w+\.\w+\b|\b[a-z]+[A-Z]\w*\b|\([^)]*(?:YYYY|MM|DD|number|date|decimals?)[^)]*\)/;

/**
 * What a route does or where it goes, not a field it fills: "create a PagerDuty incident", "INSERT into Postgres",
 * "thread reply with total duration", "space Code-Review", "anything else → General".
 */
function isRoute(left: string, right: string): boolean {
  const side = right.replace(/\([^)]*\)/g, ' ').trim();
  const words = side.split(/\s+/);
  const first = words[0] ?? '';
  const cls = verbClass(first.toLowerCase());
  // "split on the first space into …", "format as YYYY-MM-DD": how a value is made, still a mapping.
  if (cls === 'transform') return false;
  // A verb in lower case or in capitals ("INSERT into …"); a Title Case one names a field ("Open Balance").
  if (cls && words.length > 1 && !/_/.test(first) && !/^[A-Z][a-z]/.test(first)) return true;
  if (/^(?:anything|everything|everyone|all|the rest|rest|others?|otherwise|default)\b/i.test(left.trim())) return true;
  if (/^(?:space|channel|group|team|folder|list|queue|board|project|inbox)\b/i.test(side)) return true;
  if (words.length > 2 && /\b(?:in|to|with|into|on|for|from|via|by)\b/i.test(side)) return true;
  // "push → Google Chat space Dev-Commits": an app on the right that the left does not name is where it goes.
  const apps = (text: string) => findMentions(tokenize(text)).apps.map((m) => m.app.key);
  const there = apps(side);
  // ("Freshdesk priority → Jira priority": the app's field.)
  return there.length > 0 && !there.some((a) => apps(left).includes(a)) && !FIELD_WORD.test(words.at(-1) ?? '');
}

function isMapping(left: string, right: string): boolean {
  if (right.trim().split(/\s+/).length > 8 || left.trim().split(/\s+/).length > 6) return false;
  // "Gmail → Slack": apps in a chain.
  return !findMentions(tokenize(`${left} ${right}`)).apps.length;
}

/** Words fields are named with ("Invitee name → Person name", "Work email → email"). */
const FIELD_WORD =
  /\b(?:name|e-?mail|phone|mobile|id|date|address|number|title|amount|total|price|company|country|city|status|description|notes?|subject|owner|value|currency|quantity|sku|url|type|stage|source)\b/i;

/** The request with each run of two or more field mappings said as "the fields". */
export function withoutFieldMaps(text: string): string {
  const pairs = [...text.matchAll(PAIR)].map((m) => ({
    start: m.index + (m[0].length - m[0].trimStart().length),
    end: m.index + m[0].length,
    left: m[1]!,
    right: m[2]!,
  }));
  const runs: Array<typeof pairs> = [];
  for (const p of pairs) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && /^\s*(?:[,;\n]|\band\b|\/)?\s*(?:\band\s+)?$/.test(text.slice(last.end, p.start))) run.push(p);
    else runs.push([p]);
  }
  let out = text;
  for (const run of runs.reverse()) {
    // A route does something; every pair of a mapping only names fields (an app's field may name the app).
    if (run.length < 2 || run.some((p) => isRoute(p.left, p.right))) continue;
    if (run.filter((p) => isMapping(p.left, p.right)).length < 2) continue;
    const start = run[0]!.start;
    const before = text.slice(Math.max(0, start - 60), start);
    // "based on their `source` field: …", "by object_kind: …": what routes go by, not a mapping.
    const said =
      CUE.test(before) && !/\b(?:based on|depending on|by|route\w*|according to)\b[^.:\n]*:?\s*$/i.test(before);
    const named = run.some(
      (p) =>
        IDENTIFIER.test(p.left) || IDENTIFIER.test(p.right) || (FIELD_WORD.test(p.left) && FIELD_WORD.test(p.right)),
    );
    if (!said && !named) continue;
    out = `${out.slice(0, start)}the fields${out.slice(run.at(-1)!.end)}`;
  }
  return out;
}
