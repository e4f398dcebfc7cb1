// Message timestamps (SPEC §2/§9): seconds shown when the message is under an hour old or has a neighbour within 5 minutes.
import dayjs from 'dayjs';
import { closeNeighbours, NEIGHBOUR_MS } from './timeNeighbours';

const RECENT_MS = 60 * 60 * 1000;
const WITH_SECONDS = 'h:mm:ss A';
const WITHOUT_SECONDS = 'h:mm A';

function millis(value: string | number | Date): number {
  return dayjs(value).valueOf();
}

function showsSeconds(time: number, now: number, otherTimes: readonly number[]): boolean {
  if (now - time < RECENT_MS) return true;
  return otherTimes.some((other) => Math.abs(other - time) <= NEIGHBOUR_MS);
}

/** One message's label; `others` are the timestamps of the other messages (its neighbours suffice). */
export function formatMessageTime(
  timestamp: string,
  now: string | number | Date,
  others: readonly string[] = [],
): string {
  const time = millis(timestamp);
  if (Number.isNaN(time)) return '';
  const seconds = showsSeconds(time, millis(now), others.map(millis));
  return dayjs(time).format(seconds ? WITH_SECONDS : WITHOUT_SECONDS);
}

/** The label of a message `time` (ms), given whether another message lies within 5 minutes of it. */
export function timeLabel(time: number, now: number, closeToAnother: boolean): string {
  if (Number.isNaN(time)) return '';
  return dayjs(time).format(now - time < RECENT_MS || closeToAnother ? WITH_SECONDS : WITHOUT_SECONDS);
}

/** Labels for a whole list, whatever its order. */
export function messageTimeLabels(timestamps: readonly string[], now: string | number | Date): string[] {
  const times = timestamps.map(millis);
  const close = closeNeighbours(times);
  return times.map((time, i) => timeLabel(time, millis(now), close[i]!));
}
