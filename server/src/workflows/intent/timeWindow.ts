// When a rule lets the steps run, said as days and hours ("only Monday to Thursday between 9am and 4pm", "not on
// weekends", "No texts after 9pm"): a test of n8n's clock (Luxon's `$now`: weekday 1 is Monday, 7 is Sunday; hour
// 0–23 in the workflow's time zone).
import type { Condition } from '../spec.ts';

const DAY_NAMES: Record<string, number> = {
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
  sun: 7,
  sunday: 7,
};
const DAY = String.raw`(mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`;
const HOUR = String.raw`(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.|h)?`;

/** An hour of the day as a number 0–24 ("9am" → 9, "4pm" → 16, "17:00" → 17, "midnight" → 0). */
function hourOf(h: string, half: string | undefined, other?: string): number | null {
  const n = Number(h);
  if (!Number.isFinite(n) || n > 24) return null;
  const pm = /^p/i.test(half ?? '') || (!half && /^p/i.test(other ?? ''));
  if (pm) return (n % 12) + 12;
  if (/^a/i.test(half ?? '')) return n % 12;
  return n;
}

export interface TimeWindow {
  /** The test an item passes when now is inside the window. */
  condition: Condition;
  /** Where the window's words are in the text. */
  start: number;
  end: number;
}

interface Part {
  tests: Condition[];
  /** How the part's own tests join ("10pm to 6am" is either side of midnight). */
  join: 'and' | 'or';
  start: number;
  end: number;
}

function days(text: string): Part | null {
  const range = new RegExp(String.raw`\b${DAY}\s*(?:-|–|to|through|thru|until|till)\s*${DAY}\b`, 'i').exec(text);
  if (range) {
    const lo = DAY_NAMES[range[1]!.toLowerCase()]!;
    const hi = DAY_NAMES[range[2]!.toLowerCase()]!;
    if (lo < hi)
      return {
        tests: [
          ...(lo > 1 ? [{ field: '$now.weekday', operator: 'gte' as const, value: lo }] : []),
          ...(hi < 7 ? [{ field: '$now.weekday', operator: 'lte' as const, value: hi }] : []),
        ],
        join: 'and',
        start: range.index,
        end: range.index + range[0].length,
      };
  }
  const week = /\b(?:on\s+)?(?:weekdays?|week\s*days|business\s+days?|working\s+days|workdays|mon-fri)\b/i.exec(text);
  if (week)
    return {
      tests: [{ field: '$now.weekday', operator: 'lte', value: 5 }],
      join: 'and',
      start: week.index,
      end: week.index + week[0].length,
    };
  const weekend = /\b(?:on\s+|at\s+|over\s+)?(?:the\s+)?(?:weekends?|saturdays?\s+(?:and|or|&)\s+sundays?)\b/i.exec(
    text,
  );
  if (weekend)
    return {
      tests: [{ field: '$now.weekday', operator: 'gte', value: 6 }],
      join: 'and',
      start: weekend.index,
      end: weekend.index + weekend[0].length,
    };
  return null;
}

function hours(text: string, dated: boolean): Part[] {
  const range = new RegExp(
    String.raw`\b(?:between|from)\s+${HOUR}\s*(?:and|to|-|–|until|till)\s*${HOUR}|\b${HOUR}\s*(?:-|–|to)\s*${HOUR}(?=\s|$|[,.;)])`,
    'i',
  ).exec(text);
  if (range) {
    const g = range[1] ? range.slice(1, 7) : range.slice(7, 13);
    // "9-5" with no am/pm is a working day's hours only after "between" or "from", or beside the days ("mon-fri 9-5");
    // "the score is between 0 and 6", "if it's from 1 to 3" compare a value unless the words are of the clock.
    const compared =
      /(?:\b(?:is|are|was|were|of)|['’]s)\s+$/i.test(text.slice(0, range.index)) &&
      !/\b(?:time|hours?|o['’]?clock|clock)\b/i.test(text);
    if (g[2] || g[5] || g[1] || g[4] || dated || (range[1] && !compared)) {
      const to = hourOf(g[3]!, g[5]);
      // "9 to 5": the end of a working day is in the afternoon.
      const closing = to !== null && !g[5] && to < 8 ? to + 12 : to;
      const open = hourOf(g[0]!, g[2], g[2] ? undefined : g[5]);
      // ("9 to 5pm": the start takes the morning unless that passes the end.)
      const start = open !== null && closing !== null && !g[2] && g[5] && open > closing ? open - 12 : open;
      if (start !== null && closing !== null && start !== closing)
        return [
          {
            tests: [
              { field: '$now.hour', operator: 'gte', value: start },
              { field: '$now.hour', operator: 'lt', value: closing },
            ],
            // "10pm to 6am": past midnight, either side of it.
            join: start < closing ? 'and' : 'or',
            start: range.index,
            end: range.index + range[0].length,
          },
        ];
    }
  }
  const parts: Part[] = [];
  for (const bound of text.matchAll(
    new RegExp(String.raw`\b(after|past|before|until|till)\s+${HOUR}(?=\s|$|[,.;)])`, 'gi'),
  )) {
    // "after 9pm", "before 8am", "after 17:00": an hour said as one (not "after 2 days").
    if (!bound[4] && !bound[3]) continue;
    const h = hourOf(bound[2]!, bound[4]);
    if (h === null) continue;
    const after = /^(?:after|past)$/i.test(bound[1]!);
    parts.push({
      tests: [{ field: '$now.hour', operator: after ? 'gte' : 'lt', value: h }],
      join: 'and',
      start: bound.index,
      end: bound.index + bound[0].length,
    });
  }
  return parts;
}

const INVERTED: Partial<Record<Condition['operator'], Condition['operator']>> = {
  gte: 'lt',
  lt: 'gte',
  lte: 'gt',
  gt: 'lte',
};

/** Not (A and B) is (not A) or (not B), and the other way round. */
function inverted(part: Part): Part {
  return {
    ...part,
    tests: part.tests.map((t) => ({ ...t, operator: INVERTED[t.operator] ?? t.operator })),
    join: part.tests.length > 1 && part.join === 'and' ? 'or' : 'and',
  };
}

/**
 * The window a rule lets the steps run in, or null. `negated` reads a rule that rules times out ("No texts after
 * 9pm", "never on weekends or before 8am"): each time it names is out, so every one of them must fail.
 */
export function timeWindow(text: string, negated = false): TimeWindow | null {
  const week = days(text);
  const found = [week, ...hours(text, week !== null)].filter((p): p is Part => p !== null);
  const parts = negated ? found.map(inverted) : found;
  if (!parts.length) return null;
  // The parts all hold; a part whose own tests join by "or" can only stand alone in n8n's one list of tests.
  const either = parts.find((p) => p.join === 'or' && p.tests.length > 1);
  const kept = either ? [either] : parts;
  const [first, ...more] = kept.flatMap((p) => p.tests);
  const join = either ? 'or' : 'and';
  return {
    condition: { ...first!, ...(more.length ? { more, join } : {}) },
    start: Math.min(...found.map((p) => p.start)),
    end: Math.max(...found.map((p) => p.end)),
  };
}
