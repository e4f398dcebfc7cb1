// Message timestamps (SPEC §2/§9): seconds shown when the message is under an hour old or has a neighbour within 5 minutes.
import dayjs from 'dayjs';

export const RECENT_MS = 60 * 60 * 1000;
export const NEIGHBOUR_MS = 5 * 60 * 1000;
export const WITH_SECONDS = 'h:mm:ss A';
export const WITHOUT_SECONDS = 'h:mm A';

function millis(value: string | number | Date): number {
  return dayjs(value).valueOf();
}

export function showsSeconds(time: number, now: number, otherTimes: readonly number[]): boolean {
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

/** Labels for a whole list in one pass over the sorted times: only the nearest neighbours can be within 5 minutes. */
export function messageTimeLabels(timestamps: readonly string[], now: string | number | Date): string[] {
  const nowMs = millis(now);
  const times = timestamps.map(millis);
  const order = times
    .map((_, i) => i)
    .filter((i) => !Number.isNaN(times[i]))
    .sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  const labels = new Array<string>(timestamps.length).fill('');
  order.forEach((index, rank) => {
    const time = times[index] ?? 0;
    const neighbours = [order[rank - 1], order[rank + 1]]
      .filter((i): i is number => i !== undefined)
      .map((i) => times[i] ?? 0);
    labels[index] = dayjs(time).format(showsSeconds(time, nowMs, neighbours) ? WITH_SECONDS : WITHOUT_SECONDS);
  });
  return labels;
}
