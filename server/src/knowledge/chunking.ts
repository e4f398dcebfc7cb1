// Splits document text into search chunks of about 800 characters on paragraph and sentence boundaries.
export const CHUNK_SIZE = 800;
const CHUNK_OVERLAP = 100;

/** Collapses runs of spaces inside lines and blank-line runs, so sizes count real text. */
function normaliseText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Pieces no longer than `size`: sentences of long paragraphs, words of long sentences, slices of long words. */
function pieces(paragraph: string, size: number): string[] {
  if (paragraph.length <= size) return [paragraph];
  const out: string[] = [];
  for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
    if (sentence.length <= size) {
      out.push(sentence);
      continue;
    }
    let line = '';
    for (const word of sentence.split(/\s+/)) {
      for (let i = 0; i < word.length; i += size) {
        const part = word.slice(i, i + size);
        if (line && line.length + 1 + part.length > size) {
          out.push(line);
          line = part;
        } else {
          line = line ? `${line} ${part}` : part;
        }
      }
    }
    if (line) out.push(line);
  }
  return out;
}

/** The end of a chunk, starting at a word boundary, carried into the next chunk for context. */
function tail(chunk: string, overlap: number): string {
  if (overlap <= 0 || chunk.length <= overlap) return '';
  const cut = chunk.slice(-overlap);
  const space = cut.indexOf(' ');
  return space >= 0 ? cut.slice(space + 1) : '';
}

export function chunkText(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  const paragraphs = normaliseText(text).split('\n\n').filter(Boolean);
  const units = paragraphs.flatMap((p, i) =>
    pieces(p, size).map((piece, j) => ({ text: piece, joiner: j === 0 && i > 0 ? '\n\n' : ' ' })),
  );
  const chunks: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && current.length + unit.joiner.length + unit.text.length > size) {
      chunks.push(current);
      const carry = tail(current, overlap);
      current = carry && carry.length + 1 + unit.text.length <= size ? `${carry} ${unit.text}` : unit.text;
    } else {
      current = current ? `${current}${unit.joiner}${unit.text}` : unit.text;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
