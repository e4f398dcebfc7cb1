// Streams finished text as small deltas at a configurable pace, yielding to the event loop between them.
import { setTimeout as sleep } from 'node:timers/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RunEvent } from './types.ts';

/** A few words per delta: small enough to look live, large enough not to flood the socket. */
export function splitDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerDelta) out.push(tokens.slice(i, i + wordsPerDelta).join(''));
  return out;
}

export async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<RunEvent> {
  for (const delta of splitDeltas(text)) {
    signal.throwIfAborted();
    yield { kind: 'text', delta };
    // Even unpaced, give other sockets a turn so one long answer cannot hog the loop.
    if (delayMs > 0) await sleep(delayMs, undefined, { signal });
    else await nextTurn();
  }
}
