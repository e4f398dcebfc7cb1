// Splits streamed Markdown into blocks at blank lines outside code fences, so finished blocks need no re-render.

const FENCE = /^\s{0,3}(```|~~~)/;

/** Blocks in order; joining them with blank lines gives the text back (blank-line runs collapse to one). */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let blockStart = 0;
  let lineStart = 0;
  let inFence = false;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === '') {
      const block = text.slice(blockStart, lineStart);
      if (block.trim() !== '') blocks.push(block.replace(/\n$/, ''));
      blockStart = lineEnd + 1;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  const rest = text.slice(blockStart);
  if (rest.trim() !== '') blocks.push(rest);
  return blocks;
}
