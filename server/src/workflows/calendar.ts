// Days a Schedule Trigger cannot name ("the last working day of the month"): the trigger runs daily and a Filter
// keeps only the day asked for, with a Luxon expression on n8n's `$now`. Shared by the reader and node writing.
import type { Condition } from './spec.ts';

export const CALENDAR_DAYS = {
  /** Tomorrow is the 1st. */
  lastDayOfMonth: {
    field: '$now.plus({ days: 1 }).day',
    operator: 'equals',
    value: 1,
    text: 'today is the last day of the month',
  },
  /** A weekday, and the next weekday (Monday after a Friday) falls in the next month. */
  lastWorkingDayOfMonth: {
    field: '$now.weekday <= 5 && $now.plus({ days: $now.weekday === 5 ? 3 : 1 }).month !== $now.month',
    operator: 'isTrue',
    value: true,
    text: 'today is the last working day of the month',
  },
  /** "the first Monday of the month": the trigger runs on that weekday, and the day of the month is 1 to 7. */
  firstWeekOfMonth: {
    field: '$now.day <= 7',
    operator: 'isTrue',
    value: true,
    text: 'today is in the first week of the month',
  },
  secondWeekOfMonth: {
    field: '$now.day > 7 && $now.day <= 14',
    operator: 'isTrue',
    value: true,
    text: 'today is in the second week of the month',
  },
  thirdWeekOfMonth: {
    field: '$now.day > 14 && $now.day <= 21',
    operator: 'isTrue',
    value: true,
    text: 'today is in the third week of the month',
  },
  fourthWeekOfMonth: {
    field: '$now.day > 21 && $now.day <= 28',
    operator: 'isTrue',
    value: true,
    text: 'today is in the fourth week of the month',
  },
  /** A week later is next month. */
  lastWeekOfMonth: {
    field: '$now.plus({ days: 7 }).month !== $now.month',
    operator: 'isTrue',
    value: true,
    text: 'today is in the last week of the month',
  },
} as const satisfies Record<string, Condition & { text: string }>;

const BY_FIELD = new Map<string, string>(Object.values(CALENDAR_DAYS).map((d) => [d.field, d.text]));

/** The words for a calendar test ("today is the last day of the month"); undefined for an item's own field. */
export function calendarText(c: Condition): string | undefined {
  return BY_FIELD.get(c.field);
}

export function calendarCondition(day: keyof typeof CALENDAR_DAYS): Condition {
  const { field, operator, value } = CALENDAR_DAYS[day];
  return { field, operator, value };
}
