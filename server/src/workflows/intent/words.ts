// Small readers shared by the request parser: numbers, conditions, verbs and the text hints of an app step.
import type { AppHints, Condition, Verb } from '../spec.ts';

function numberOf(raw: string): number | null {
  const m = /^\$?\s*([\d,]*\.?\d+)\s*(k|m|thousand|million)?$/i.exec(raw.trim());
  if (!m?.[1]) return null;
  const base = Number(m[1].replace(/,/g, ''));
  const unit = m[2]?.toLowerCase();
  return unit === 'k' || unit === 'thousand' ? base * 1000 : unit === 'm' || unit === 'million' ? base * 1e6 : base;
}

const FIELD = '(?:the |its |their |his |her |a |an )?([a-z][a-z _-]{0,30}?)';
const NUMBER = '(\\$?\\s*[\\d,]*\\.?\\d+\\s*(?:k|m|thousand|million)?)\\b';
const COMPARISONS: Array<[RegExp, Condition['operator']]> = [
  [
    new RegExp(
      `${FIELD}\\s+(?:is |are |was )?(?:over|above|greater than|more than|higher than|exceeds|exceeding|>)\\s*${NUMBER}`,
    ),
    'gt',
  ],
  [new RegExp(`${FIELD}\\s+(?:is |are |was )?(?:under|below|less than|lower than|<)\\s*${NUMBER}`), 'lt'],
  [new RegExp(`${FIELD}\\s+(?:is |are )?(?:at least|>=)\\s*${NUMBER}`), 'gte'],
  [new RegExp(`${FIELD}\\s+(?:is |are )?(?:at most|<=)\\s*${NUMBER}`), 'lte'],
];

const fieldName = (raw: string) =>
  raw
    .trim()
    .replace(/^(?:it|they|the item|the)$/, 'value')
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '') || 'value';

/** "the budget is over 10k" → budget > 10000, with where the condition's words end; null when none is said. */
export function conditionOf(text: string): (Condition & { end: number }) | null {
  const found = readCondition(text);
  return found ? { ...found.condition, end: found.end } : null;
}

function readCondition(text: string): { condition: Condition; end: number } | null {
  for (const [re, operator] of COMPARISONS) {
    const m = re.exec(text);
    if (m?.[1] && m[2])
      return {
        condition: { field: fieldName(m[1]), operator, value: numberOf(m[2]) ?? 0 },
        end: m.index + m[0].length,
      };
  }
  const has =
    /\b(?:has|have|with|carries)\s+(?:the\s+|a\s+)?(label|tag|keyword|word|status|priority)\s+["']?([\w-]+)["']?/.exec(
      text,
    );
  if (has?.[1] && has[2])
    return {
      condition: {
        field: has[1] === 'label' || has[1] === 'tag' ? `${has[1]}s` : has[1],
        operator: 'contains',
        value: has[2],
      },
      end: has.index + has[0].length,
    };
  const contains = new RegExp(`${FIELD}\\s+(?:contains|includes|mentions)\\s+["']?([\\w-]{1,40})["']?`).exec(text);
  if (contains?.[1] && contains[2])
    return {
      condition: { field: fieldName(contains[1]), operator: 'contains', value: contains[2].trim() },
      end: contains.index + contains[0].length,
    };
  const isNot = new RegExp(`${FIELD}\\s+(?:is not|isn't|is no longer)\\s+["']?([\\w-]{1,30})["']?`).exec(text);
  if (isNot?.[1] && isNot[2])
    return {
      condition: { field: fieldName(isNot[1]), operator: 'notEquals', value: isNot[2] },
      end: isNot.index + isNot[0].length,
    };
  const is = new RegExp(`${FIELD}\\s+(?:is|equals|=|==)\\s+["']?([\\w-]{1,30})["']?`).exec(text);
  if (is?.[1] && is[2]) {
    const num = numberOf(is[2]);
    const end = is.index + is[0].length;
    if (/^(?:it|they)$/.test(is[1].trim()))
      return { condition: { field: 'status', operator: 'equals', value: is[2] }, end };
    return { condition: { field: fieldName(is[1]), operator: 'equals', value: num ?? is[2] }, end };
  }
  const adjective =
    /\b(?:it'?s|it is|they are|they're)\s+(urgent|important|high priority|spam|positive|negative|late|overdue|paid|unpaid|failed|vip)\b/.exec(
      text,
    );
  if (adjective?.[1])
    return {
      condition: { field: adjective[1].replace(/\s+/g, '_'), operator: 'isTrue', value: true },
      end: adjective.index + adjective[0].length,
    };
  return null;
}

export function conditionText(c: Condition): string {
  const ops: Record<Condition['operator'], string> = {
    gt: 'is over',
    lt: 'is under',
    gte: 'is at least',
    lte: 'is at most',
    equals: 'is',
    notEquals: 'is not',
    contains: 'contains',
    exists: 'exists',
    isTrue: 'is true',
  };
  return `${c.field.replace(/_/g, ' ')} ${ops[c.operator]}${c.operator === 'exists' || c.operator === 'isTrue' ? '' : ` ${String(c.value)}`}`;
}

const VERBS: Array<[RegExp, Verb]> = [
  [/\b(?:delete|remove|archive|cancel)\b/, 'delete'],
  [/\b(?:update|change|modify|mark|set the status|close|move)\b/, 'update'],
  [/\b(?:search|find|look ?up|enrich)\b/, 'search'],
  [
    /\b(?:post|send|tell|notify|message|alert|ping|share|announce|dm|e-?mail|text|reply|forward|tweet|publish)\b/,
    'send',
  ],
  [
    /\b(?:add|create|save|store|log|record|insert|append|write|put|open a|book|schedule a|upload|back ?up|copy|sync|subscribe|register|track|export|archive to)\b/,
    'create',
  ],
  [/\b(?:get|fetch|read|pull|retrieve|download|list|check|load|collect|grab|monitor|watch)\b/, 'read'],
];

export function verbOf(text: string): Verb | null {
  let best: { verb: Verb; at: number } | null = null;
  for (const [re, verb] of VERBS) {
    const at = text.search(re);
    if (at >= 0 && (!best || at < best.at)) best = { verb, at };
  }
  return best?.verb ?? null;
}

/** Channel, address, subject and table the request names for an app step (from the original, case kept). */
export function hintsOf(clause: string, original: string): AppHints {
  const hints: AppHints = {};
  const channel = /(?:^|\s)#([a-z0-9][\w-]{0,79})/i.exec(clause);
  if (channel?.[1]) hints.channel = `#${channel[1]}`;
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(clause);
  if (email) hints.email = original.match(new RegExp(email[0].replace(/[.+]/g, '\\$&'), 'i'))?.[0] ?? email[0];
  const table =
    /\b(?:table|sheet|tab|database|list|board|project)\s+(?:called|named)\s+["']?([\w -]{1,40}?)["']?(?=$|[,.;]|\s(?:and|then)\s)/.exec(
      clause,
    ) ?? /\bthe\s+["']?([\w-]{1,30})["']?\s+(?:table|sheet|tab|database|board)\b/.exec(clause);
  if (table?.[1]) hints.table = table[1].trim();
  const url = /\bhttps?:\/\/[^\s)>\]"']+/i.exec(original);
  if (url && clause.includes(url[0].toLowerCase())) hints.url = url[0].replace(/[.,;:!?]+$/, '');
  const subject = /\bsubject\s+["']([^"']{1,100})["']/.exec(clause);
  if (subject?.[1]) hints.subject = subject[1];
  return hints;
}
