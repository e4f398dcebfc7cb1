// Reads schedule phrases ("every weekday at 8:30am", "every 15 minutes", "cron 0 9 * * 1") into a Schedule Trigger rule.
import type { CALENDAR_DAYS } from '../calendar.ts';
import type { ScheduleRule } from '../spec.ts';
import { numberWord } from './spoken.ts';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SHORT = ['sun', 'mon', 'tues?', 'wed', 'thu(?:rs?)?', 'fri', 'sat'];

const SCHEDULE_PATTERN =
  /\bevery\s+(?:(?:\d+|other|one|two|three|four|five|six|ten|fifteen|twenty|thirty|few|couple(?:\s+of)?|several)\s+)?(?:minute|min|hour|hr|day|morning|evening|night|afternoon|week|weekday|weekend|month|sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b|(?<!\b(?:to|into|in|on|onto|from)\s+(?:the|our|my|a)\s+)(?<!\btheir\s+)\b(?:daily|hourly|weekly|monthly|nightly|quarterly)\b(?!\s+(?:volumes?|budgets?|fees?|spend|spending|subscriptions?|plans?|pric\w*|salar\w*|rent|limits?|quotas?|caps?|allowance|income|costs?|rates?|recurring|retainers?|amounts?|contributions?|donors?)\b)|\b(?:every|each|start of (?:every|each|the|a)|beginning of (?:every|each|the|a)) (?:new )?quarter\b|\beach\s+(?:morning|evening|day|night|week|weekday|month|hour|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bon\s+(?:weekdays|weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|\b(?:once|twice)\s+(?:a|an|per|every)\s+(?:day|week|month|hour|quarter)\b|\b(?:a\s+few|several|\d+|two|three|four|six)\s+times\s+(?:a|per)\s+day\b|\bcron\b|\bon a schedule\b|(?<!\b(?:appointments?|meetings?|calls?|bookings?|sessions?|events?|class(?:es)?|lessons?|demos?|interviews?|visits?|consultations?|posts?|is|are|was|were|gets?|got|been|be|newly|just)\s)\bscheduled\b(?!\s+(?:meetings?|appointments?|calls?|interviews?|demos?|sessions?|bookings?)\b)(?!(?<=\b(?:the|its|their|his|her)\s+scheduled)\s+(?:[a-z]+\s+)?(?:time|start|end|finish|hour|slot|arrival|departure|delivery|pickup|shift|visit|job)s?\b)|(?<!\b(?:an?|the|our|my|their|its|excel|payment|delivery|price|rate|fee|work|shift|class|training|project|production|release|maintenance|rota|staff|bus|train|tv|event|match|fixture|content|posting|editorial|cleaning|dosing|medication)\s)\bschedule\b(?!\s+(?:of|for|a|an|the|meetings?|appointments?|calls?|posts?|tweets?|emails?|messages?|reminders?|interviews?|it|them|demos?|sessions?|bookings?)\b)|\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\bat\s+(?:noon|midnight)\b|^at\s+\d{1,2}:\d{2}\b|\bat\s+\d{1,2}:\d{2}\s*(?:utc|gmt|cet|cest|est|edt|pst|pdt|local time)\b|\b(?:morning|evening|nightly|end-of-day|weekly|daily) (?:[a-z]+ )?(?:digest|report|summary|roundup|recap|briefing|brief|update|newsletter|routine|standup|reminder)s?\b|\b(?:on )?(?:the )?(?:first|1st) (?:day )?of (?:the |each |every )?month\b|\b(?:each|every|on the)\s+(?:first|1st|\d{1,2}(?:st|nd|rd|th))\s+(?:day\s+)?of\s+(?:the\s+|each\s+|every\s+)?month\b|\bevery\s+(?:second|2nd)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\s+(?:at\s+)?\d{1,2}:\d{2}\b|`(?:[\d*/,-]+\s+){4}[\d*/,a-z-]+`|\b(?:every|each|on)\s+(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b\.?|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:at\s+)?\d{1,2}(?::\d{2}\s*(?:am|pm)?|\s*(?:am|pm))(?=\W|$)|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+(?:mornings|evenings|nights|afternoons)\b|(?:^|(?<=[.!?:\n]\s*))(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:morning|evening|night|afternoon)\b|\blast\s+(?:working\s+|business\s+|work\s+|week\s*)?day\s+of\s+(?:the|each|every)\s+month\b|\b(?:at|on|every|each)\s+month[- ]end\b|^month[- ]end\b|\b(?:each|every)\s+end\s+of\s+(?:the\s+)?month\b|\bend\s+of\s+(?:each|every)\s+month\b|\b(?:one|1|two|2)\s+times?\s+(?:a|an|per|every|each)\s+(?:day|week|month|hour)\b|\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:each|every|the)\s+(?:work(?:ing)?\s+|business\s+)?day\b/;

const LAST_DAY =
  /\blast\s+(working\s+|business\s+|work\s+|week\s*)?day\s+of\s+(?:the|each|every)\s+month\b|\bmonth[- ]end\b|\b(?:each|every)\s+end\s+of\s+(?:the\s+)?month\b|\bend\s+of\s+(?:each|every)\s+month\b/;

/** "the first Monday of the month", "every last Friday of the month": a weekday in one week of the month. */
const NTH_WEEKDAY =
  /\b(?:on\s+)?(?:the\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?:of|in)\s+(?:(?:the|each|every|a)\s+)?month\b/;

const WEEK_OF_MONTH = {
  first: 'firstWeekOfMonth',
  second: 'secondWeekOfMonth',
  third: 'thirdWeekOfMonth',
  fourth: 'fourthWeekOfMonth',
  last: 'lastWeekOfMonth',
} as const;

/**
 * A day no Schedule Trigger rule names: "on the last working day of the month", "at month-end" (the trigger runs
 * daily), "on the first Monday of the month" (it runs on Mondays); a Filter after the trigger keeps that day.
 */
export function calendarDay(text: string): keyof typeof CALENDAR_DAYS | null {
  const lower = text.toLowerCase();
  const nth = NTH_WEEKDAY.exec(lower);
  if (nth) {
    const word = { '1st': 'first', '2nd': 'second', '3rd': 'third', '4th': 'fourth' }[nth[1]!] ?? nth[1]!;
    return WEEK_OF_MONTH[word as keyof typeof WEEK_OF_MONTH];
  }
  const m = LAST_DAY.exec(lower);
  return !m ? null : m[1] ? 'lastWorkingDayOfMonth' : 'lastDayOfMonth';
}

/** A schedule word that is part of a name ("the Daily Miner repo", "our Weekly Digest list") is no schedule. */
function partOfName(original: string, at: number, length: number): boolean {
  const word = original.slice(at, at + length);
  if (!/^[A-Z]/.test(word)) return false;
  const before = original.slice(Math.max(0, at - 8), at).toLowerCase();
  const after = original.slice(at + length);
  // "the Mailchimp audience 'Monthly News'", "our 'Weekly Wins' channel": a quoted name.
  if (
    /\b(?:audience|list|channel|folder|sheet|tab|board|table|database|segment|tag|group|project|page|doc|document|campaign|pipeline|calendar|playlist|space|team)\s+['"‘“]$/i.test(
      original.slice(0, at),
    ) &&
    /^[^'"’”\n]{0,30}['"’”]/.test(after)
  )
    return true;
  return /\b(?:the|our|my|your|their|a|an)\s+$/.test(before) && /^\s+[A-Z][a-z]/.test(after);
}

/** "No Slack messages on weekends.", "Never text anyone after 9pm": times a limit rules out, not when to run. */
function ruledOut(lower: string, at: number): boolean {
  const sentence = lower.slice(0, at).search(/[^.!?\n]*$/);
  return /^\s*(?:(?:and|but|also|oh|and also)\s+)?(?:no|never|not|don't|do not|nothing|skip|except)\b/.test(
    lower.slice(sentence, at),
  );
}

/**
 * "create a Zoom meeting for the next day at 3pm", "book a call with them at 10am": the time of the meeting made, not
 * when the workflow runs.
 */
function itemTime(lower: string, at: number): boolean {
  if (!/^at\s/.test(lower.slice(at, at + 3))) return false;
  const sentence = lower.slice(Math.max(0, at - 100), at).replace(/^[^]*[.!?;\n]/, '');
  return /\b(?:create|creates|book|books|schedule|schedules|set up|sets up|add|adds|make|makes|arrange|arranges|invite\s+\w+\s+to)\s+(?:an?\s+|the\s+|their\s+|our\s+|my\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,3}?(?:meeting|call|event|appointment|interview|session|demo|booking|webinar|reservation|slot)s?\b[^.,!?]{0,40}$/.test(
    sentence,
  );
}

/** Where the schedule phrase of a text is, and its rule (read from that phrase and a time said nearby). */
export function findSchedule(original: string): { rule: ScheduleRule; start: number; end: number } | null {
  const lower = original.toLowerCase();
  const re = new RegExp(`${SCHEDULE_PATTERN.source}|${DATED.source}`, 'g');
  // "a weekly digest: … every Friday": a match that names the day or the hour says more than the first.
  const all = [...lower.matchAll(re)].filter(
    (m) => !partOfName(original, m.index, m[0].length) && !ruledOut(lower, m.index) && !itemTime(lower, m.index),
  );
  const weekday = /(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/;
  const telling = all.find((m) => weekday.test(m[0]));
  // "cron every hour", "on a schedule, every 15 minutes": a bare word that only says there is a schedule gives way
  // to the phrase that says when.
  const vague = /^(?:cron|on a schedule|schedule|scheduled)$/;
  const said = all.filter(
    (m) =>
      !vague.test(m[0]) ||
      /^\s*(?:(?:expression|schedule)\b|[:(]?\s*[`"']?[\d*])/.test(lower.slice(m.index + m[0].length)),
  );
  const known = said.length ? said : all;
  const ordered = telling && known[0] && /\bweek/.test(known[0][0]) && !weekday.test(known[0][0]) ? [telling] : known;
  for (const m of ordered) {
    const tail =
      /^(?:\s*(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|at\s+(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midnight)|in the (?:morning|evening|afternoon)|(?:morning|evening|night|afternoon)s?|on\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|weekdays|weekends|\w+days?)|from\s+\w+\s+to\s+\w+|(?:and\s+|to\s+|through\s+|-\s*)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?\b|\d{1,2}:\d{2}\b|(?:\d+|[*/,-]+|\s)+(?=[\s:,;)`'"]|$)|:?\s*[`'"](?=[\d*])|(?<=[\d*])[`'"]|expression|schedule|,))*/.exec(
        lower.slice(m.index + m[0].length),
      )?.[0] ?? '';
    // "Monday, Wednesday and Friday at 8am", "Tuesday to Thursday at 9": the days listed before the one matched.
    const listed = new RegExp(
      `(?:\\b(?:${DAY_WORD})\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+|\\s*(?:-|–|to|through|thru)\\s*))+$`,
    ).exec(lower.slice(Math.max(0, m.index - 80), m.index));
    const start = listed ? m.index - listed[0].length : m.index;
    const end = m.index + m[0].length + tail.replace(/[\s,]+$/, '').length;
    const phrase = lower.slice(start, end);
    // A time said elsewhere in the same sentence ("send a daily digest … at 5pm") belongs to the schedule.
    const sentenceStart = Math.max(lower.lastIndexOf('.', start), lower.lastIndexOf('\n', start)) + 1;
    const sentenceEnd = /[.\n]/.exec(lower.slice(end))?.index;
    const sentence = lower.slice(sentenceStart, sentenceEnd === undefined ? undefined : end + sentenceEnd);
    // (Not the time of a meeting the workflow makes: "every Monday, create a meeting for Tuesday at 3pm".)
    // ("every morning … at 9am": the clock time says more than the part of the day.)
    const clock =
      /\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\bat\s+(?:noon|midnight)\b|\bat\s+(?:[01]?\d|2[0-3]):[0-5]\d\b/;
    const said =
      timeOf(phrase) && !(PART_OF_DAY.test(phrase) && !clockOf(phrase))
        ? null
        : (clock.exec(sentence) ??
          // "Every morning I search Reddit …. Can this run by itself at 9am?": the time the run is asked for.
          (clockOf(phrase) ? null : RUNS_AT.exec(lower.slice(0, sentenceStart) + lower.slice(end))));
    // "Our app's nightly export … . At 2am, start an export": a clock time that opens a sentence of its own.
    const opening = all.find((x) => x !== m && /^at\s/.test(x[0]) && /(?:^|[.!?\n]\s*)$/.test(lower.slice(0, x.index)));
    const time =
      said && !itemTime(lower, sentenceStart + said.index) ? said[0] : !/\d/.test(phrase) && opening ? opening[0] : '';
    // "every year on March 1": the date said after a yearly word.
    const date = YEARLY.test(phrase) ? (new RegExp(DATED.source).exec(sentence.replace(YEARLY, ''))?.[0] ?? '') : '';
    return { rule: scheduleRule(`${phrase} ${time} ${date}`), start, end };
  }
  return null;
}

function count(word: string | undefined): number {
  if (!word) return 1;
  if (word === 'other' || /^couple/.test(word)) return 2;
  // "every few hours", "every several minutes": a few is taken as three, several as four (the reply shows the rule).
  if (word === 'few') return 3;
  if (word === 'several') return 4;
  return Math.max(1, numberWord(word) ?? 1);
}

const PART_OF_DAY = /\b(?:mornings?|evenings?|afternoons?|nights?|nightly|tonight)\b/;

/** A sentence that asks for the run at a clock time ("Can this run by itself at 9am?", "Have it fire at 7:30am"). */
const RUNS_AT =
  /\b(?:run|runs|running|fire|fires|go off|trigger|kick off|kicks off|start|starts)\b[^.!?\n]{0,40}?\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/;

/** A clock time said in the text ("at 8:30am", "5pm", "16:30"). */
function clockOf(text: string): RegExpExecArray | null {
  return (
    /\b(?:at|by|to|around)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?=\W|$)/.exec(text) ??
    /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/.exec(text) ??
    // "Monday 9:00", "fri 16:30": a 24-hour clock time.
    /\b([01]?\d|2[0-3]):([0-5]\d)()(?!\d)/.exec(text)
  );
}

/** Hour and minute of "at 8:30am", "at 17:00", "noon", "morning"; null when the text names no time. */
export function timeOf(text: string): { hour: number; minute: number } | null {
  const clock = clockOf(text);
  if (clock?.[1]) {
    let hour = Number(clock[1]) % 24;
    const half = clock[3]?.replace(/\./g, '');
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
    // "every night at 11:30", "each evening at 6": a part of the day said with a 12-hour clock time.
    if (!half && hour >= 1 && hour < 12) {
      const near = text.slice(Math.max(0, clock.index - 30), clock.index + clock[0].length + 20);
      if (/\b(?:evenings?|tonight)\b/.test(near)) hour += 12;
      else if (/\bnight(?:ly|s)?\b/.test(near) && hour >= 6) hour += 12;
      else if (/\bafternoons?\b/.test(near) && hour <= 6) hour += 12;
    }
    return { hour, minute: Math.min(59, Number(clock[2] ?? 0)) };
  }
  if (/\bnoon\b/.test(text)) return { hour: 12, minute: 0 };
  // "at the end of each day", "end-of-day": when the working day ends.
  if (/\bend of (?:the |each |every )?(?:work(?:ing)? |business )?day\b|\bend-of-day\b/.test(text))
    return { hour: 17, minute: 0 };
  if (/\bmidnight\b/.test(text)) return { hour: 0, minute: 0 };
  if (/\bevenings?\b/.test(text)) return { hour: 18, minute: 0 };
  if (/\bafternoons?\b/.test(text)) return { hour: 14, minute: 0 };
  if (/\bnight(?:ly|s)?\b/.test(text)) return { hour: 22, minute: 0 };
  if (/\bmornings?\b/.test(text)) return { hour: 8, minute: 0 };
  return null;
}

/** A day's name, full or short ("monday", "mon", "thurs"). */
const DAY_WORD = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?';
const dayIndex = (word: string): number =>
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].indexOf(word.slice(0, 3).toLowerCase());

function daysNamed(text: string): number[] {
  if (/\bweekdays?\b|\bmonday\s+(?:to|through|-)\s+friday\b|\bworking days?\b|\bbusiness days?\b/.test(text))
    return [1, 2, 3, 4, 5];
  // "Tuesday to Thursday", "mon-wed": every day of the range.
  const range = new RegExp(`\\b(${DAY_WORD})\\s*(?:-|–|to|through|thru)\\s*(${DAY_WORD})\\b`).exec(text);
  if (range) {
    const [a, b] = [dayIndex(range[1]!), dayIndex(range[2]!)];
    if (a >= 0 && b >= 0) {
      const out: number[] = [];
      for (let d = a; out.length < 7; d = (d + 1) % 7) {
        out.push(d);
        if (d === b) break;
      }
      return out.sort((x, y) => x - y);
    }
  }
  if (/\bweekends?\b/.test(text)) return [0, 6];
  // "every fri 4pm", "mon and thu": the short names too.
  return DAYS.map((d, i) =>
    new RegExp(`\\b${d}s?\\b|\\b(?:every|each|on|and|,)\\s+${SHORT[i]}\\b`).test(text) ? i : -1,
  ).filter((i) => i >= 0);
}

/** "every other week", "every 2 weeks", "fortnightly", "biweekly": weeks between runs. */
function weeksBetween(text: string): number {
  if (/\bevery\s+(?:other|second|2nd)\s+(?:week|\w+day)\b|\bfortnight(?:ly)?\b|\bbi-?weekly\b/.test(text)) return 2;
  const n = /\bevery\s+(\d+|two|three|four)\s+weeks\b/.exec(text);
  return n ? Math.min(52, count(n[1])) : 1;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** "January, April, July and October". */
const MONTH_LIST = `${MONTH_WORD}(?:\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+)${MONTH_WORD})*`;
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?';
const monthOf = (word: string): number => MONTH_NAMES.indexOf(word.slice(0, 3)) + 1;

/**
 * The days and months of a cron expression for dates no interval rule names: "on the 1st and 15th of each month"
 * ("1,15 * *"), "on the 5th of January, April, July and October" ("5 1,4,7,10 *"), "every year on March 1",
 * "annually on 1 January" ("1 3 *", "1 1 *"), "yearly" (the 1st of January).
 */
function datesOf(text: string): string | null {
  const months = (words: string): string =>
    [...new Set([...words.matchAll(new RegExp(MONTH_WORD, 'g'))].map((m) => monthOf(m[0])))]
      .filter((n) => n > 0)
      .sort((a, b) => a - b)
      .join(',');
  const dayFirst = new RegExp(
    `\\b(?:(?:on|every|each)\\s+(?:the\\s+)?|the\\s+)${ORDINAL}\\s+(?:of\\s+)?(${MONTH_LIST})\\b`,
  ).exec(text);
  if (dayFirst) return `${Math.min(31, Number(dayFirst[1]))} ${months(dayFirst[2]!)} *`;
  const monthFirst = new RegExp(`\\b(?:on|every|each)\\s+(${MONTH_WORD})\\s+${ORDINAL}\\b(?!\\s*:)`).exec(text);
  if (monthFirst) return `${Math.min(31, Number(monthFirst[2]))} ${monthOf(monthFirst[1]!)} *`;
  const monthDays = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\s+and\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/.exec(
    text,
  );
  if (monthDays) return `${Math.min(31, Number(monthDays[1]))},${Math.min(31, Number(monthDays[2]))} * *`;
  if (YEARLY.test(text)) return '1 1 *';
  return null;
}

const YEARLY =
  /\b(?:every|each|once\s+a|once\s+per)\s+year\b|\bannually\b|\byearly\b(?!\s+(?:plans?|subscriptions?|pric\w*|fees?|billing|members?\w*|contracts?|revenue|budget|totals?))/;

/** Schedules said as dates, as weeks of the month, by the half hour or by the fortnight. */
const DATED = new RegExp(
  [
    `\\b(?:(?:on|every|each)\\s+(?:the\\s+)?|the\\s+)\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_LIST}(?![a-z])`,
    `\\b(?:on|every|each)\\s+${MONTH_WORD}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?!\\s*:)`,
    '\\bon\\s+the\\s+\\d{1,2}(?:st|nd|rd|th)\\s+and\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)\\b',
    '\\bevery\\s+(?:half\\s+(?:an\\s+)?hour|half-hour|fortnight)\\b|\\b(?:half-hourly|fortnightly|bi-?weekly)\\b',
  ].join('|') + `|${NTH_WEEKDAY.source}|${YEARLY.source}`,
);

function scheduleRule(said: string): ScheduleRule {
  // "one time per week", "two times a day": once, twice.
  const text = said
    .replace(/\b(?:one|1)\s+time\s+(?=(?:a|an|per|every|each)\s)/g, 'once ')
    .replace(/\b(?:two|2)\s+times\s+(?=(?:a|an|per|every|each)\s)/g, 'twice ');
  const cron =
    /\bcron(?:\s+(?:expression|schedule))?\s*[:(]?\s*[`"']?((?:[\d*/,-]+\s+){4}[\d*/,a-z-]+)/.exec(text) ??
    /`((?:[\d*/,-]+\s+){4}[\d*/,a-z-]+)`/.exec(text);
  if (cron?.[1]) return { field: 'cronExpression', expression: cron[1].trim() };
  const minutes =
    /\bevery\s+(\d+|one|two|five|ten|fifteen|twenty|thirty|few|couple(?:\s+of)?|several)\s+min(?:ute)?s?\b/.exec(text);
  if (minutes) return { field: 'minutes', minutesInterval: minutes[1] === 'few' ? 5 : count(minutes[1]) };
  if (/\bevery\s+minute\b/.test(text)) return { field: 'minutes', minutesInterval: 1 };
  if (/\bevery\s+(?:half\s+(?:an\s+)?hour|half-hour)\b|\bhalf-hourly\b/.test(text))
    return { field: 'minutes', minutesInterval: 30 };
  const hours =
    /\bevery\s+(\d+|other|two|three|four|six|few|couple(?:\s+of)?|several)\s+(?:hours?|hrs?)\b|\bevery\s+other\s+hour\b/.exec(
      text,
    );
  if (hours) return { field: 'hours', hoursInterval: count(hours[1] ?? 'other') };
  // "a few times a day", "3 times a day": evenly through the day (a few is four times, every six hours).
  const times = /\b(a\s+few|several|\d+|two|three|four|six)\s+times\s+(?:a|per)\s+day\b/.exec(text);
  if (times) {
    const n = /few|several/.test(times[1]!) ? 4 : count(times[1]);
    return { field: 'hours', hoursInterval: Math.max(1, Math.min(12, Math.round(24 / Math.max(2, n)))) };
  }
  if (/\bhourly\b|\bevery\s+hour\b|\beach\s+hour\b|\bonce\s+(?:an?|per|every)\s+hour\b/.test(text))
    return { field: 'hours', hoursInterval: 1 };
  if (/\btwice\s+(?:a|per|every)\s+day\b/.test(text)) return { field: 'hours', hoursInterval: 12 };
  const time = timeOf(text) ?? { hour: 9, minute: 0 };
  const at = { triggerAtHour: time.hour, ...(time.minute ? { triggerAtMinute: time.minute } : {}) };
  // "quarterly", "at the start of every quarter": the first of January, April, July and October.
  if (
    /\bquarterly\b|\b(?:every|each|once a|once per|start of (?:every|each|the|a)|beginning of (?:every|each|the|a)) (?:new )?quarter\b/.test(
      text,
    )
  )
    return { field: 'months', monthsInterval: 3, triggerAtDayOfMonth: 1, ...at };
  // The last (working) day of the month: every day, and a Filter after the trigger keeps that day.
  const nth = NTH_WEEKDAY.exec(text);
  if (nth) return { field: 'weeks', weeksInterval: 1, triggerAtDay: [dayIndex(nth[2]!)], ...at };
  if (calendarDay(text)) return { field: 'days', daysInterval: 1, ...at };
  const dated = datesOf(text);
  if (dated) return { field: 'cronExpression', expression: `${time.minute} ${time.hour} ${dated}` };
  if (
    /\bmonthly\b|\bevery\s+month\b|\beach\s+month\b|\bonce\s+(?:a|per|every)\s+month\b|\b(?:first|1st) (?:day )?of (?:the |each |every )?month\b|\b(?:on the|each|every)\s+\d{1,2}(?:st|nd|rd|th)\s+(?:day\s+)?of\s+(?:the\s+|each\s+|every\s+)?month\b/.test(
      text,
    )
  ) {
    const day = /\b(?:on the|each|every) (\d{1,2})(?:st|nd|rd|th)\b/.exec(text);
    return {
      field: 'months',
      monthsInterval: 1,
      triggerAtDayOfMonth: day?.[1] ? Math.min(31, Number(day[1])) : 1,
      ...at,
    };
  }
  const days = daysNamed(text);
  if (
    days.length ||
    /\bfortnight(?:ly)?\b|\bbi-?weekly\b|\btwice\s+(?:a|per|every)\s+week\b|\bweekly\b|\b(?:every|each)\s+(?:other\s+)?week\b|\bonce\s+(?:a|per|every)\s+week\b/.test(
      text,
    )
  ) {
    return {
      field: 'weeks',
      weeksInterval: weeksBetween(text),
      // "twice a week": Mondays and Thursdays.
      triggerAtDay: days.length ? days : /\btwice\s+(?:a|per|every)\s+week\b/.test(text) ? [1, 4] : [1],
      ...at,
    };
  }
  const everyDays = /\bevery\s+(\d+|two|three|few|couple(?:\s+of)?)\s+days\b/.exec(text);
  return { field: 'days', daysInterval: everyDays ? count(everyDays[1]) : 1, ...at };
}
