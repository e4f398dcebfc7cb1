// Sends text that is already written. Unpaced (the default) it goes as it is, in blocks of whole paragraphs: the
// built-in team writes each part of its reply when it has decided it, and nothing is held back to look live. An
// operator may set STREAM_DELAY_MS for demos: the text then goes a few words at a time at that pace.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { RunEvent } from './types.ts';

/** A few words per delta, for the paced (demo) mode. */
export function splitDeltas(text: string, wordsPerDelta = 3): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerDelta) out.push(tokens.slice(i, i + wordsPerDelta).join(''));
  return out;
}

/** Largest block sent as one delta: a long code block goes in pieces so no frame is huge. */
const MAX_BLOCK_CHARS = 4000;

/** Whole paragraphs (blank-line separated, code blocks cut at line ends), each at most MAX_BLOCK_CHARS. */
export function splitBlocks(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.match(/[\s\S]*?(?:\n\n|$)/g) ?? []) {
    if (!paragraph) continue;
    if (paragraph.length <= MAX_BLOCK_CHARS) {
      out.push(paragraph);
      continue;
    }
    let block = '';
    const lines = paragraph.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    // A line longer than a block (minified JSON) is cut too.
    const pieces = lines.flatMap((line) =>
      Array.from({ length: Math.ceil(line.length / MAX_BLOCK_CHARS) }, (_, i) =>
        line.slice(i * MAX_BLOCK_CHARS, (i + 1) * MAX_BLOCK_CHARS),
      ),
    );
    for (const piece of pieces) {
      if (block && block.length + piece.length > MAX_BLOCK_CHARS) {
        out.push(block);
        block = '';
      }
      block += piece;
    }
    if (block) out.push(block);
  }
  return out;
}

export async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<RunEvent> {
  const deltas = delayMs > 0 ? splitDeltas(text) : splitBlocks(text);
  for (const delta of deltas) {
    signal.throwIfAborted();
    yield { kind: 'text', delta };
    // Other runs get a turn between blocks, so one long answer cannot hog the event loop.
    if (delayMs > 0) await sleep(delayMs, undefined, { signal });
    else await nextTurn();
  }
}
