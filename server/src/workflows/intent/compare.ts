// Two sources compared or combined ("compare Stripe with QuickBooks", "pull GA sessions + stripe revenue, merge
// them"): they are read side by side into a Merge. When the request asks what one has and the other lacks ("the
// people who registered but didn't come", "any Workspace account whose email isn't in BambooHR anymore") or where
// they differ ("the SKUs where the counts differ"), they go into Compare Datasets, and the steps after it take the
// output the request asked about.
import { isRead, walkSteps, type Comparison, type Step } from '../spec.ts';
import { FILE_STORES, MAIL, MESSAGING, ROW_STORES } from './appGroups.ts';
import { findMentions } from './mentions.ts';
import { tokenize } from './text.ts';

type Parallel = Extract<Step, { kind: 'parallel' }>;
type AppStep = Extract<Step, { kind: 'app' }>;

const COMPARE =
  /\b(?:(?:no|without|(?:do|does|did)(?: not|n'?t)|dont|doesnt|didnt|never)\s+(?:have\s+|has\s+)?(?:an?\s+|any\s+)?matching\b|compar(?:e|es|ed|ing)|vergleich\w*|(?<!\b(?:a|an|the|its|their|any)\s)match(?:es|ed|ing)?(?: them)?(?: up)?|reconcil\w*|cross-?check\w*|combin(?:e|es|ed|ing)|merg(?:e|es|ed|ing)(?!\s+(?:in)?to\s+(?:the\s+)?(?:main|master|develop|dev|staging|production|prod|release|trunk)\b)|join(?:s|ed|ing)?)\b(?![^.!?\n]{0,40}\b(?:into (?:one|a single)|together into)\b)/i;

/** Items one source has and the other lacks. */
const ABSENT =
  /\b(?:(?:is|are|was|were|does|do|has|have|did)(?: not|n'?t)|not|no longer|never)\s+(?:\w+\s+){0,3}?(?:in|on|from|into|listed in|listed on)\b|\bmissing (?:from|in|on)\b|\b(?:(?:do|does|did)(?: not|n'?t)|dont|doesnt|didnt|never|without a|with no) match\w*\b|\b(?:no|without|(?:do|does|did)(?: not|n'?t)|dont|doesnt|didnt|never)\s+(?:have\s+|has\s+)?(?:an?\s+|any\s+)?matching\b|\bbut (?:not|never|(?:did|does|do|has|have|is|are|was|were)(?: not|n'?t)|doesnt|dont|didnt|hasnt|havent|isnt|arent)\b|\b(?:haven'?t|havent|have not|hasn'?t|hasnt|has not|didn'?t|didnt|did not|never)\s+(?:\w+\s+)?(?:listed|added|imported|signed up|registered|donated|attended|shown up|showed up|come|came|bought|paid|replied)\b/i;

/** Items both sources have, with other values. */
const CHANGED =
  /\b(?:differ|differs|differed|difference|differences|mismatch\w*|discrepanc\w*|out of sync|unterschied\w*|abweich\w*)\b|\b(?:are|is|be|were|was)\s+(?:\w+\s+)?different\b|\bhöher\b/i;

/** Items both sources have alike. */
const BOTH = /\b(?:appear|appears|exist|exists|are|is|show up|shows up|present)\s+(?:\w+\s+)?(?:in|on) both\b/i;

const PEOPLE =
  /\b(?:employees?|people|users?|members?|customers?|contacts?|attendees?|donors?|leads?|students?|accounts?|subscribers?|registrants?|applicants?|volunteers?|staff|clients?|guests?|participants?|patients?|persons?)\b/i;

function sentenceAround(original: string, at: number): { start: number; end: number } {
  const start = original.slice(0, at).search(/[^.!?\n]*$/);
  const end = at + (original.slice(at).search(/[.!?\n]/) + 1 || original.length - at);
  return { start, end };
}

/** "by SKU", "matched on email", "whose email …", "(sku,qty)": the field the two lists are matched on. */
function keyOf(text: string): string {
  // "matching on amount and transaction date", "joined on supplier name": the first field said.
  const matched =
    /\b(?:match\w*|join\w*|compar\w*)\s+(?:them\s+|up\s+)?(?:on|by)\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_]*(?:\s+(?!and\b|or\b)[a-z_]+)?)(?=\s+and\b|\s*[,.;)]|\s*$)/i.exec(
      text,
    );
  if (matched && !/^(?:e-?mail(?:\s+address)?|phone(?:\s+number)?)$/i.test(matched[1]!))
    return matched[1]!.toLowerCase().replace(/\s+/g, '_');
  const said =
    /\b(?:by|on|using|via)\s+(?:their\s+|the\s+|its\s+)?(e-?mail(?:\s+address)?|sku|id|[a-z]+_id|[a-z]+\s+(?:id|number|code|no)|phone(?:\s+number)?|domain|name)\b/i.exec(
      text,
    ) ??
    /\bwhose\s+(e-?mail(?:\s+address)?|sku|id|[a-z]+_id|phone(?:\s+number)?|domain)\b/i.exec(text) ??
    /\(\s*(sku|email|id|[a-z]+_id)\s*[,)]/i.exec(text);
  if (said)
    return said[1]!
      .toLowerCase()
      .replace(/^e-?mail(?:\s+address)?$/, 'email')
      .replace(/\s+(number|id|code|no)$/, '_$1')
      .replace(/^phone$/, 'phone');
  if (/\bskus?\b|\b(?:stock|inventory|products?)\b/i.test(text)) return 'sku';
  if (PEOPLE.test(text)) return 'email';
  return 'id';
}

/** The request's words and where it first names an app. */
function mentionOf(original: string, app: string) {
  const tokens = tokenize(original);
  const mention = findMentions(tokens).apps.find((a) => a.app.key === app);
  return mention ? { tokens, from: mention.from, to: mention.to } : null;
}

/** The words a source is said with: "one with everyone who registered", "the donor list from Salesforce". */
function contexts(original: string, sources: Step[][]): [string, string] {
  const pair =
    /\bone\s+(?:with|for|of|listing|that has|that lists)\s+([^.!?\n]+?)\s+and\s+(?:one|the other|another)\s+(?:with|for|of|listing|that has|that lists)\s+([^.!?\n]+)/i.exec(
      original,
    );
  if (pair) return [pair[1]!.toLowerCase(), pair[2]!.toLowerCase()];
  // "two google sheets: 'Registered' and 'Attended'".
  const named =
    /\b(?:two|2)\s+[^.!?\n]*?(?::|called|named)\s*['"‘“]([^'"’”]+)['"’”]\s+and\s+['"‘“]([^'"’”]+)['"’”]/i.exec(
      original,
    );
  if (named) return [named[1]!.toLowerCase(), named[2]!.toLowerCase()];
  const around = (branch: Step[]): string => {
    const first = branch[0];
    if (first?.kind !== 'app') return '';
    const said = mentionOf(original, first.app);
    if (!said) return '';
    const { tokens } = said;
    const from = tokens[Math.max(0, said.from - 6)]!.start;
    const to = tokens[Math.min(tokens.length - 1, said.to + 3)]!.end;
    return original.slice(from, to).toLowerCase();
  };
  return [around(sources[0] ?? []), around(sources[1] ?? [])];
}

const stem = (word: string) => word.toLowerCase().slice(0, word.length > 6 ? 5 : 4);

/** Which source lacks the items: the first (`b` is kept), the second (`a` is kept). */
function keptSide(original: string, branches: Step[][]): 'a' | 'b' {
  const lower = original.toLowerCase();
  const apps = branches.map((b) => (b[0]?.kind === 'app' ? b[0].app : ''));
  const names = branches.map((b) => {
    const first = b[0];
    if (first?.kind === 'http') return first.api.replace(/\s+API$/, '');
    if (first?.kind !== 'app') return null;
    const said = mentionOf(original, first.app);
    return said ? original.slice(said.tokens[said.from]!.start, said.tokens[said.to - 1]!.end) : null;
  });
  // "whose email isn't in BambooHR anymore", "still in Slack": the app said after the words.
  if (apps[0] !== apps[1])
    for (let i = 0; i < 2; i++) {
      const name = names[i]?.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!name) continue;
      if (
        new RegExp(
          `(?:n't|not|no longer|never|missing)\\s+(?:\\w+\\s+){0,3}?(?:in|on|from)\\s+(?:our\\s+|the\\s+|my\\s+)?${name}`,
        ).test(lower)
      )
        return i === 0 ? 'b' : 'a';
      if (new RegExp(`\\b(?:still|only)\\s+(?:\\w+\\s+)?(?:in|on)\\s+(?:our\\s+|the\\s+|my\\s+)?${name}`).test(lower))
        return i === 0 ? 'a' : 'b';
    }
  // "the people who registered but didn't come", "attended but never donated": the verbs name the sources.
  const [first, second] = contexts(original, branches);
  const negated = /\b(?:n't|not|never|no longer|nt)\s+(?:yet\s+|ever\s+|actually\s+)?([a-z]{3,})/i.exec(
    lower.slice(lower.search(ABSENT)),
  )?.[1];
  const positive =
    /\b([a-z]{3,})\s+but\s+(?:not|never|did|does|do|has|have|is|are|was|were|didnt|doesnt|dont|hasnt|havent)\b/i.exec(
      lower,
    )?.[1];
  if (negated && !/^(?:in|on|from|work|works|working)$/.test(negated)) {
    if (first.includes(stem(negated)) && !second.includes(stem(negated))) return 'b';
    if (second.includes(stem(negated)) && !first.includes(stem(negated))) return 'a';
  }
  if (positive) {
    if (first.includes(stem(positive)) && !second.includes(stem(positive))) return 'a';
    if (second.includes(stem(positive)) && !first.includes(stem(positive))) return 'b';
  }
  return 'a';
}

/** What the request asks of the two sources, when it is more than their items together. */
function comparisonOf(original: string, branches: Step[][]): Comparison | null {
  const key = keyOf(original);
  if (BOTH.test(original)) return { key, keep: 'same' };
  if (ABSENT.test(original)) return { key, keep: keptSide(original, branches) };
  if (CHANGED.test(original)) return { key, keep: 'different' };
  return null;
}

/** A messaging app is a source where the request names what is kept there: "the people in our Slack workspace". */
function placeOfItems(original: string, step: AppStep, from: number, to: number): boolean {
  if (!MESSAGING.test(step.app)) return true;
  const tokens = tokenize(original);
  return findMentions(tokens).apps.some((a) => {
    if (a.app.key !== step.app) return false;
    const at = tokens[a.from]!.start;
    if (at < from || at >= to) return false;
    const before = tokens
      .slice(Math.max(0, a.from - 5), a.from)
      .map((t) => t.lower)
      .join(' ');
    return PEOPLE.test(before) && /\b(?:in|on|of|from)(?: our| the| my)?$/.test(before);
  });
}

/** Two sources named in the comparing sentence (or, with "compare it", one said before) read side by side. */
/** "upsert them into Postgres (match on SKU)": the key a write finds its row by, not two lists matched. */
function upsertKey(original: string, cue: RegExpExecArray | RegExpMatchArray): boolean {
  if (!/^match/i.test(cue[0])) return false;
  const { start, end } = sentenceAround(original, cue.index ?? 0);
  return (
    /\(\s*$/.test(original.slice(0, cue.index)) ||
    /\b(?:upsert\w*|create or update|update or create|insert or update|add or update|update (?:it|them) if)\b/i.test(
      original.slice(start, end),
    )
  );
}

function buildParallel(steps: Step[], original: string): Parallel | null {
  const cues = [...original.matchAll(new RegExp(COMPARE.source, 'gi'))].filter((c) => !upsertKey(original, c));
  const cue =
    cues.find((c) => {
      const { start, end } = sentenceAround(original, c.index);
      return steps.some(
        (s) => s.kind === 'app' && original.indexOf(s.phrase) >= start && original.indexOf(s.phrase) < end,
      );
    }) ?? cues[0];
  if (!cue) return null;
  // "compare the payments in our Stripe account with the invoices in QuickBooks": the apps the comparing sentence
  // names after its verb are the sources, whatever verb a clause rule gave them.
  const { start, end } = sentenceAround(original, cue.index);
  const strong = /^(?:compar|vergleich|match|reconcil|cross)/i.test(cue[0]);
  // "pull all users from LDAP and compare them with the active users in Okta": with "compare", the apps of the
  // whole sentence are what is compared.
  const from = strong ? start : cue.index;
  const named = steps.filter(
    (s): s is AppStep =>
      s.kind === 'app' &&
      original.indexOf(s.phrase) >= from &&
      original.indexOf(s.phrase) < end &&
      placeOfItems(original, s, from, end),
  );
  const distinct = named.filter((s, i) => named.findIndex((x) => x.app === s.app) === i);
  let copy: Step | null = null;
  let earlier: Step | null = null;
  if (distinct.length >= 2) for (const s of distinct.slice(0, 2)) s.verb = 'read';
  // "compare that sheet with my class list (it's in another sheet)": two reads of the same app.
  else if (
    strong &&
    distinct.length === 1 &&
    /\b(?:another|other|second|two|both|separate)\s+(?:google\s+)?(?:sheets?|tabs?|tables?|lists?|files?|spreadsheets?|bases?|databases?)\b/i.test(
      original.slice(start, end),
    )
  ) {
    const one = distinct[0]!;
    one.verb = 'read';
    copy = { ...structuredClone(one), hints: {} };
    steps.splice(steps.indexOf(one) + 1, 0, copy);
  }
  // "our 3PL drops a CSV on their FTP … compare it to the inventory in our Shopify store", "Our MySQL product table
  // is the source of truth. Every hour compare it with …": a file said before is the first source, else the last
  // place said before.
  else if (strong && distinct.length === 1) {
    const said = steps.indexOf(distinct[0]!);
    const before = steps
      .slice(0, said)
      .filter(
        (s): s is AppStep =>
          s.kind === 'app' &&
          !MESSAGING.test(s.app) &&
          s.app !== distinct[0]!.app &&
          original.indexOf(s.phrase) < start,
      );
    earlier = before.findLast((s) => FILE_STORES.test(s.app)) ?? before.at(-1) ?? null;
    if (earlier?.kind === 'app') {
      earlier.verb = 'read';
      distinct[0]!.verb = 'read';
    }
    // "upload the card statement as a CSV through a form. Parse the CSV and compare its transactions with the
    // receipts in Airtable": the file the start brings, parsed, is the first list.
    const otherRead = steps.some(
      (s) =>
        (s.kind === 'app' || s.kind === 'http') &&
        isRead(s) &&
        s !== distinct[0] &&
        original.indexOf(s.phrase) >= start &&
        original.indexOf(s.phrase) < end,
    );
    if (!earlier && !otherRead) {
      const parsed = steps.slice(0, said).findLast((s) => s.kind === 'extract');
      if (parsed) {
        earlier = parsed;
        distinct[0]!.verb = 'read';
      }
    }
  }
  // "1. read the supplier sheet and pull all products from Shopify 2. Match them up by SKU": the last two places said
  // before.
  else if (
    strong &&
    !distinct.length &&
    /^\S+\s+(?:them|both|the two|these|those|the lists|the two lists)\b/i.test(original.slice(cue.index))
  ) {
    const before = steps.filter(
      (s): s is AppStep => s.kind === 'app' && !MESSAGING.test(s.app) && original.indexOf(s.phrase) < start,
    );
    const last = before.at(-1);
    const other = before.findLast((s) => s.app !== last?.app);
    if (last && other) {
      for (const s of [other, last]) s.verb = 'read';
      const at = steps.indexOf(other);
      steps.splice(steps.indexOf(last), 1);
      const parallel: Parallel = { kind: 'parallel', branches: [[other], [last]], merge: true };
      steps.splice(at, 1, parallel);
      return parallel;
    }
  }
  // Two sources said in the comparing sentence; "compare", "match" and "reconcile" may name them earlier.
  const inSentence = (s: Step) =>
    strong ||
    ((s.kind === 'app' || s.kind === 'http') &&
      original.indexOf(s.phrase) >= start &&
      original.indexOf(s.phrase) < end);
  const reads = steps.filter((s): s is Extract<Step, { kind: 'app' | 'http' }> => isRead(s) && inSentence(s));
  const first = earlier ?? reads[0];
  const second = reads.find(
    (s) => s !== first && (s === copy || !(s.kind === 'app' && first?.kind === 'app' && s.app === first.app)),
  );
  if (!first || !second) return null;
  const at = steps.indexOf(first);
  steps.splice(steps.indexOf(second), 1);
  const parallel: Parallel = { kind: 'parallel', branches: [[first], [second]], merge: true };
  steps.splice(at, 1, parallel);
  return parallel;
}

/**
 * "pull all active employees from BambooHR and all users in our Google Workspace, find any Workspace account whose
 * email isn't in BambooHR anymore": two reads of other apps, then a sentence about what one lacks.
 */
function readsBeforeAbsence(steps: Step[], original: string): Parallel | null {
  const absent = ABSENT.exec(original) ?? CHANGED.exec(original);
  if (!absent) return null;
  // "pull … from BambooHR and … in our Google Workspace, find any Workspace account whose email isn't in BambooHR":
  // the reads come before the clause that says what one lacks.
  const start = original.slice(0, absent.index).search(/[^,;.!?\n]*$/);
  // "pull all staff from Personio and all accounts from Okta": a system n8n has no node for is read over HTTP.
  const reads = steps.filter(
    (s): s is AppStep | Extract<Step, { kind: 'http' }> =>
      (s.kind === 'app' || s.kind === 'http') &&
      isRead(s) &&
      original.indexOf(s.phrase) >= 0 &&
      original.indexOf(s.phrase) < start,
  );
  const first = reads[0];
  const second = reads.find(
    (s) => (s.kind === 'app' ? s.app : s.api) !== (first?.kind === 'app' ? first.app : first?.api),
  );
  if (!first || !second || steps.indexOf(second) !== steps.indexOf(first) + 1) return null;
  const at = steps.indexOf(first);
  const parallel: Parallel = { kind: 'parallel', branches: [[first], [second]], merge: true };
  steps.splice(at, 2, parallel);
  return parallel;
}

/**
 * "i have two google sheets, one with everyone who registered for the workshop and one with who actually showed up on
 * zoom": two lists in the same app, read side by side. An app named in what a list holds ("showed up on zoom") is no
 * step of its own.
 */
function twoLists(steps: Step[], original: string): Parallel | null {
  const two =
    /\b(?:two|2)\s+(?:separate\s+|different\s+)?(?:google\s+|excel\s+|airtable\s+)?(?:sheets?|spreadsheets?|lists?|tables?|tabs?|files?|csvs?|databases?|bases?)\b/i.exec(
      original,
    ) ??
    /\bone\s+(?:with|for|of|listing)\s+[^.!?\n]+?\s+and\s+(?:one|the other|another)\s+(?:with|for|of|listing)\s+/i.exec(
      original,
    );
  if (!two || !(ABSENT.test(original) || CHANGED.test(original) || BOTH.test(original) || COMPARE.test(original)))
    return null;
  const { start, end } = sentenceAround(original, two.index);
  const said = steps.filter(
    (s): s is AppStep => s.kind === 'app' && original.indexOf(s.phrase) >= start && original.indexOf(s.phrase) < end,
  );
  // "leads in two spreadsheets, one from LinkedIn ads and one from the trade show": the lists are the sheets.
  const read = said.find((s) => ROW_STORES.test(s.app)) ?? said.find(isRead);
  if (!read) return null;
  read.verb = 'read';
  for (let k = steps.length - 1; k >= 0; k--) {
    const s = steps[k]!;
    if (s !== read && s.kind === 'app' && s.app !== read.app && s.phrase === read.phrase) steps.splice(k, 1);
  }
  const at = steps.indexOf(read);
  const parallel: Parallel = {
    kind: 'parallel',
    branches: [[read], [{ ...structuredClone(read), hints: {} }]],
    merge: true,
  };
  steps.splice(at, 1, parallel);
  return parallel;
}

/**
 * After the comparison, the clause that said what one side lacks ("find the people who registered but didnt come")
 * is the comparison itself: the reads and the test a clause rule made of it go, and so does a step said twice.
 */
function dropSaid(steps: Step[], original: string, parallel: Parallel): void {
  const at = steps.indexOf(parallel);
  if (at < 0) return;
  const cue = ABSENT.exec(original) ?? CHANGED.exec(original);
  if (cue) {
    const start = original.slice(0, cue.index).search(/[^,;.!?\n]*$/);
    const end = cue.index + (original.slice(cue.index).search(/[,;.!?\n]/) + 1 || original.length - cue.index);
    const sources = new Set(parallel.branches.flatMap((b) => (b[0]?.kind === 'app' ? [b[0].app] : [])));
    const inClause = (s: Step) => {
      const place = s.kind === 'app' || s.kind === 'http' ? original.indexOf(s.phrase) : -1;
      return place >= start && place < end;
    };
    // "email me the customers who are not in Mailchimp": the source named there is no step; the email is.
    const acts = steps.some((s) => s.kind === 'app' && !sources.has(s.app) && inClause(s));
    for (let k = at + 1; k < steps.length; k++) {
      const s = steps[k]!;
      if (!inClause(s)) continue;
      // "… but missing from MySQL goes into a single Jira ticket": another app there is where the items go.
      if (s.kind === 'app' && !sources.has(s.app) && isRead(s)) {
        steps[k] = { ...s, verb: 'create' };
        continue;
      }
      if (isRead(s) || (acts && s.kind === 'app' && sources.has(s.app))) {
        steps.splice(k--, 1);
        if (steps[k + 1]?.kind === 'filter') steps.splice(k + 1, 1);
      }
    }
  }
  // "compare … with the employees table in MySQL (match on email)": the key, not a message.
  const phrases = new Set(parallel.branches.flatMap((b) => (b[0]?.kind === 'app' ? [b[0].phrase] : [])));
  for (let k = steps.length - 1; k > at; k--) {
    const s = steps[k]!;
    if (
      s.kind === 'app' &&
      MAIL.test(s.app) &&
      phrases.has(s.phrase) &&
      /\b(?:on|by|via|using) e-?mail\b/i.test(s.phrase)
    )
      steps.splice(k, 1);
  }
  // "tell me on slack who is still in slack": one message, however often the app is named.
  for (let k = steps.length - 1; k > at + 1; k--) {
    const s = steps[k]!;
    if (s.kind === 'app' && JSON.stringify(s) === JSON.stringify(steps[k - 1])) steps.splice(k, 1);
  }
}

/** A file fetched for one side is extracted in that side's branch, before the comparison. */
function extractInBranch(steps: Step[], parallel: Parallel): void {
  const extract = steps.findIndex((s) => s.kind === 'extract');
  if (extract < 0) return;
  const branch = parallel.branches.find((b) => b[0]?.kind === 'app' && FILE_STORES.test(b[0].app));
  if (!branch) return;
  const [step] = steps.splice(extract, 1);
  branch.push(step!);
  if (branch[0]?.kind === 'app') branch[0].hints = { ...branch[0].hints, download: true };
}

/** Two sources compared or combined are read side by side into a Merge, or into Compare Datasets. */
export function joinSources(steps: Step[], original: string): void {
  let parallel: Parallel | null = null;
  walkSteps(steps, (s) => {
    if (!parallel && s.kind === 'parallel' && s.merge) parallel = s;
  });
  const built = !parallel;
  if (!parallel)
    parallel = buildParallel(steps, original) ?? readsBeforeAbsence(steps, original) ?? twoLists(steps, original);
  if (!parallel) return;
  const found: Parallel = parallel;
  // A parallel the request made for other reasons ("post to LinkedIn and Facebook") compares only when it says so.
  if (!built && !(COMPARE.test(original) || ABSENT.test(original))) return;
  if (
    found.branches.length !== 2 ||
    !found.branches.every((b) => b[0] && (isRead(b[0]) || b[0].kind === 'app' || b[0].kind === 'extract'))
  )
    return;
  const comparison = comparisonOf(original, found.branches);
  if (!comparison) {
    // "Download the payroll CSV from SFTP, parse it and merge it with the MySQL rows": the file is parsed in its own
    // branch, before the Merge.
    const at = steps.indexOf(found);
    if (at >= 0 && steps[at + 1]?.kind === 'extract') extractInBranch(steps, found);
    return;
  }
  // "I want to match them in the Merge node and output only the invoices with no matching payment".
  found.compare = /\bmerge node\b/i.test(original) ? { ...comparison, node: 'merge' } : comparison;
  dropSaid(steps, original, found);
  extractInBranch(steps, found);
}
