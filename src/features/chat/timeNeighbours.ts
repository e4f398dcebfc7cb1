// Which messages have another within 5 minutes (SPEC §9 shows their seconds): numbers only, without the date library, so
// the chat's selectors can use it without loading dayjs before any message is shown.
export const NEIGHBOUR_MS = 5 * 60 * 1000;

/**
 * For each time (ms), whether another lies within 5 minutes, in one pass over the sorted times: only the nearest
 * neighbours can be. Numbers only, so a long session's list costs little; labels are formatted for shown rows.
 */
export function closeNeighbours(times: readonly number[]): boolean[] {
  const order = times
    .map((_, i) => i)
    .filter((i) => !Number.isNaN(times[i]))
    .sort((a, b) => times[a]! - times[b]!);
  const close = new Array<boolean>(times.length).fill(false);
  for (let rank = 1; rank < order.length; rank++) {
    const [before, after] = [order[rank - 1]!, order[rank]!];
    if (times[after]! - times[before]! <= NEIGHBOUR_MS) close[before] = close[after] = true;
  }
  return close;
}
