// Streams finished text as small deltas at a configurable pace, yielding to the event loop between them.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { RunEvent } from './types.ts';

/** A few words per delta: small enough to look live, large enough not to flood the socket. */
export function splitDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerDelta) out.push(tokens.slice(i, i + wordsPerDelta).join(''));
  return out;
}

/** Unpaced, a run still gives other runs a turn this often, so one long answer cannot hog the event loop. */
const DELTAS_PER_TURN = 8;

export async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<RunEvent> {
  let index = 0;
  for (const delta of splitDeltas(text)) {
    signal.throwIfAborted();
    yield { kind: 'text', delta };
    index += 1;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal });
    else if (index % DELTAS_PER_TURN === 0) await nextTurn();
  }
}
