// Splits reply Markdown into blocks at blank lines outside code fences, so a block that did not change needs no
// re-render: while a reply streams only its last block grows, and the finished reply keeps the blocks it streamed.

/** A code fence: its marker opens a fence, and only the same character at least as many times closes it. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** A line that carries on the block before the blank line: indented (list item content, indented code) or a list item. */
const CONTINUES = /^(\s|[-*+]\s|\d{1,9}[.)]\s)/;
/**
 * Markdown whose meaning reaches across blank lines: link reference definitions and footnotes (defined in one block,
 * used in another) and HTML blocks that run until their end tag. Such a finished reply is rendered whole.
 */
const CROSS_BLOCK = /^ {0,3}\[[^\]\n]+\]:|<(?:!|\?|pre\b|script\b|style\b|textarea\b)/im;

export interface Block {
  /** Where the block starts in the text: it stays put as the text grows, so it keys the block's render. */
  key: number;
  text: string;
}

/**
 * Blocks in order; joining them with blank lines gives the text back (blank-line runs collapse to one). List items
 * and indented lines after a blank line stay with the block before them, so lists render as they would whole.
 * `final` (the reply is complete) returns Markdown whose meaning crosses blocks as one block.
 */
export function splitBlocks(text: string, final = false): Block[] {
  if (final && CROSS_BLOCK.test(text)) return text.trim() === '' ? [] : [{ key: 0, text }];
  const blocks: Block[] = [];
  let blockStart = 0;
  let lineStart = 0;
  let fence = '';
  let blankAt = -1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const marker = FENCE.exec(line);
    if (fence !== '') {
      if (marker && closesFence(fence, marker)) fence = '';
    } else if (line.trim() === '') {
      if (blankAt === -1) blankAt = lineStart;
    } else {
      if (blankAt !== -1 && !CONTINUES.test(line)) {
        pushBlock(blocks, blockStart, text.slice(blockStart, blankAt));
        blockStart = lineStart;
      }
      blankAt = -1;
      if (marker) fence = marker[1]!;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  pushBlock(blocks, blockStart, text.slice(blockStart, blankAt === -1 ? text.length : blankAt));
  return blocks;
}

function closesFence(open: string, marker: RegExpExecArray): boolean {
  const [, run = '', rest = ''] = marker;
  return run[0] === open[0] && run.length >= open.length && rest.trim() === '';
}

function pushBlock(blocks: Block[], key: number, block: string): void {
  if (block.trim() !== '') blocks.push({ key, text: block.replace(/\n$/, '') });
}
