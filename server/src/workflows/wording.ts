// How a schedule rule and a condition read in node names and the reply (shared by the reader, the planner and
// the reply, so none of them imports another for its words).
import { calendarText } from './calendar.ts';
import { rangeEnds, type Condition, type ScheduleRule } from './spec.ts';

/** "09:00", "21:30": a time of day as the reply and node names write it. */
function clock(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export function scheduleText(rule: ScheduleRule): string {
  switch (rule.field) {
    case 'minutes':
      return rule.minutesInterval === 1 ? 'every minute' : `every ${rule.minutesInterval} minutes`;
    case 'hours':
      return rule.hoursInterval === 1 ? 'every hour' : `every ${rule.hoursInterval} hours`;
    case 'days':
      return `${rule.daysInterval === 1 ? 'every day' : `every ${rule.daysInterval} days`} at ${clock(rule.triggerAtHour, rule.triggerAtMinute)}`;
    case 'weeks': {
      const names = rule.triggerAtDay.map((d) => DAYS[d]!.replace(/^./, (c) => c.toUpperCase()));
      const which =
        rule.triggerAtDay.join() === '1,2,3,4,5'
          ? 'weekday'
          : rule.triggerAtDay.join() === '0,6'
            ? 'Saturday and Sunday'
            : names.join(', ');
      const every =
        rule.weeksInterval === 2 ? 'other ' : rule.weeksInterval > 2 ? `${rule.weeksInterval} weeks on ` : '';
      return `every ${every}${which} at ${clock(rule.triggerAtHour, rule.triggerAtMinute)}`;
    }
    case 'months':
      return `on day ${rule.triggerAtDayOfMonth} of every ${rule.monthsInterval === 1 ? 'month' : `${rule.monthsInterval} months`} at ${clock(rule.triggerAtHour, rule.triggerAtMinute)}`;
    case 'cronExpression':
      return datedText(rule.expression) ?? `on the cron schedule \`${rule.expression}\``;
  }
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** "0 9 5 1,4,7,10 *": "on the 5th of January, April, July and October at 09:00"; null for any other cron. */
function datedText(expression: string): string | null {
  const m = /^(\d{1,2}) (\d{1,2}) (\d{1,2}(?:,\d{1,2})*) (\*|\d{1,2}(?:,\d{1,2})*) \*$/.exec(expression);
  if (!m) return null;
  const list = (words: string[]) =>
    words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]!;
  const nth = (d: string) =>
    `${d}${/1\d$/.test(d) ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<string, string>)[d.slice(-1)] ?? 'th')}`;
  const days = list(m[3]!.split(',').map(nth));
  const months = m[4] === '*' ? 'every month' : list(m[4]!.split(',').map((n) => MONTHS[Number(n) - 1] ?? n));
  return `on the ${days} of ${months} at ${clock(Number(m[2]), Number(m[1]))}`;
}

export function conditionText(c: Condition): string {
  // "outside opening hours": the hours the clock is tested against, in n8n's time zone.
  const tests = [c, ...(c.more ?? [])];
  if (tests.length === 2 && tests.every((t) => t.field === '$now.hour' && typeof t.value === 'number')) {
    const [from, to] = [tests[0]!.value, tests[1]!.value] as number[];
    if (c.join === 'or' && tests[0]!.operator === 'lt' && tests[1]!.operator === 'gte')
      return `outside ${clock(from!)}–${clock(to!)}`;
    if (c.join !== 'or' && tests[0]!.operator === 'gte' && tests[1]!.operator === 'lt')
      return `between ${clock(from!)} and ${clock(to!)}`;
  }
  // "only Monday to Thursday between 9am and 4pm": a window of the clock, said as one.
  if (tests.length > 1 && c.join !== 'or' && tests.every((t) => /^\$now\.(?:hour|weekday)$/.test(t.field))) {
    const bound = (field: string, ops: string[]) =>
      tests.find((t) => t.field === field && ops.includes(t.operator))?.value as number | undefined;
    const [first, last] = [bound('$now.weekday', ['gte']), bound('$now.weekday', ['lte'])];
    const [open, close] = [bound('$now.hour', ['gte']), bound('$now.hour', ['lt'])];
    const days =
      first !== undefined || last !== undefined
        ? `${WEEKDAYS[first ?? 1]!.slice(0, 3)}–${WEEKDAYS[last ?? 7]!.slice(0, 3)}`
        : '';
    const hours = open !== undefined && close !== undefined ? `${clock(open)}–${clock(close)}` : '';
    if ((days || hours) && tests.length === (days ? (first && last ? 2 : 1) : 0) + (hours ? 2 : 0))
      return `within ${[days, hours].filter(Boolean).join(', ')}`;
  }
  // "amount is over 500 and customer is new": each test said in turn, joined as the user joined them.
  return [c, ...(c.more ?? [])].map(testText).join(` ${c.join ?? 'and'} `);
}

/** How a field reads in a node's name: "ref" and Bitbucket's push change are the branch pushed to. */
function fieldWords(field: string): string {
  if (field === 'ref' || field === 'push.changes[0].new.name') return 'branch';
  return field.replace(/_/g, ' ');
}

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "the time is before 21:00", "the day is Friday or earlier": a test of n8n's clock in words. */
function clockText(c: Condition): string | null {
  if (typeof c.value !== 'number') return null;
  if (c.field === '$now.hour') {
    const at = clock(c.value);
    const said: Partial<Record<Condition['operator'], string>> = {
      lt: `before ${at}`,
      gte: `${at} or later`,
      gt: `after ${at}`,
      lte: `${at} or earlier`,
    };
    return said[c.operator] ? `the time is ${said[c.operator]}` : null;
  }
  if (c.field === '$now.weekday') {
    const day = (n: number) => WEEKDAYS[n] ?? String(n);
    const said: Partial<Record<Condition['operator'], string>> = {
      lte: `${day(c.value)} or earlier`,
      lt: `before ${day(c.value)}`,
      gte: `${day(c.value)} or later`,
      gt: `after ${day(c.value)}`,
    };
    if (c.operator === 'lte' && c.value === 5) return 'it is a weekday';
    if (c.operator === 'lt' && c.value === 6) return 'it is a weekday';
    if (c.operator === 'gte' && c.value === 6) return 'it is the weekend';
    return said[c.operator] ? `the day is ${said[c.operator]}` : null;
  }
  return null;
}

function testText(c: Condition): string {
  const calendar = calendarText(c) ?? clockText(c);
  if (calendar) return calendar;
  const ops: Record<Condition['operator'], string> = {
    gt: 'is over',
    lt: 'is under',
    gte: 'is at least',
    lte: 'is at most',
    equals: 'is',
    notEquals: 'is not',
    contains: 'contains',
    notContains: 'does not contain',
    startsWith: 'starts with',
    notStartsWith: 'does not start with',
    endsWith: 'ends with',
    notEndsWith: 'does not end with',
    exists: 'exists',
    notExists: 'is missing',
    isTrue: 'is true',
    isFalse: 'is false',
    oneOf: 'is one of',
    notOneOf: 'is not one of',
    matches: 'is a valid',
    notMatches: 'is not a valid',
    between: 'is between',
    notBetween: 'is not between',
  };
  if (c.operator === 'between' || c.operator === 'notBetween') {
    const [lo, hi] = rangeEnds(c.value);
    return `${fieldWords(c.field)} ${ops[c.operator]} ${lo} and ${hi}`;
  }
  if (c.operator === 'matches' || c.operator === 'notMatches')
    return `${fieldWords(c.field)} is ${c.operator === 'matches' ? 'valid' : 'not valid'}`;
  const bare =
    c.operator === 'exists' || c.operator === 'notExists' || c.operator === 'isTrue' || c.operator === 'isFalse';
  // "older than 48 hours": the date is before that long ago.
  const ago = /^=\{\{ \$now\.minus\(\{ (\w+): (\d+) \}\)/.exec(String(c.value));
  if (ago) {
    const unit = Number(ago[2]) === 1 ? ago[1]!.replace(/s$/, '') : ago[1]!;
    return `${fieldWords(c.field)} is ${c.operator.startsWith('l') ? 'before' : 'after'} ${ago[2]} ${unit} ago`;
  }
  // "24 hours before each appointment": the event starts that far ahead.
  const ahead = /^=\{\{ \$now\.plus\(\{ (\w+): (\d+) \}\)/.exec(String(c.value));
  if (ahead) {
    const unit = Number(ahead[2]) === 1 ? ahead[1]!.replace(/s$/, '') : ahead[1]!;
    const field = c.field.replace(/\.dateTime$/, '').replace(/_/g, ' ');
    return `${field} is ${c.operator.startsWith('l') ? 'before' : 'at or after'} ${ahead[2]} ${unit} from now`;
  }
  // A value only the user can give ("the amount that counts as large") is named as theirs to set.
  if (typeof c.value === 'string' && c.value.includes('<__PLACEHOLDER_VALUE__')) {
    // ("from contains your boss's email address": the value's own label where it names it.)
    const label = /<__PLACEHOLDER_VALUE__(Your [^_]{1,60})__>/.exec(c.value)?.[1];
    return `${fieldWords(c.field)} ${ops[c.operator]} ${label ? label.replace(/^Your/, 'your') : 'your limit'}`;
  }
  // "the pickup date is tomorrow": a day counted from today (`$today.plus({ days: 1 })`) in words.
  const day = /^=\{\{\s*\$today(?:\.(plus|minus)\(\{\s*days:\s*(\d+)\s*\}\))?\.toISODate\(\)\s*\}\}$/.exec(
    String(c.value),
  );
  if (day) {
    const n = Number(day[2] ?? 0);
    const when = !n
      ? 'today'
      : n === 1
        ? day[1] === 'plus'
          ? 'tomorrow'
          : 'yesterday'
        : day[1] === 'plus'
          ? `in ${n} days`
          : `${n} days ago`;
    return `${fieldWords(c.field)} ${ops[c.operator]} ${when}`;
  }
  // A value read from the item ("={{ $json.target_price }}") is named by its field.
  const value = String(c.value).replace(
    /^=\{\{\s*\$json\.(\w+)\s*\}\}$/,
    (_, f: string) => `the ${f.replace(/_/g, ' ')}`,
  );
  return `${fieldWords(c.field)} ${ops[c.operator]}${bare ? '' : ` ${value}`}`;
}
