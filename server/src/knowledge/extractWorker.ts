// Worker thread that turns an uploaded document into text, so a hostile file (thousands of pages, a deflate bomb)
// costs this thread's time and memory, never the server's event loop. Started by extract.ts with limits.
import { inflateSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

export interface ExtractJob {
  kind: 'pdf' | 'txt';
  bytes: Uint8Array;
  maxPages: number;
  maxChars: number;
  /** Bytes all deflated streams may inflate to: decoded streams live outside the heap the worker's limit caps. */
  maxInflatedBytes: number;
}

export type ExtractResult =
  { ok: true; text: string } | { ok: false; reason: 'limits' | 'unreadable' | 'no_text_layer' };

class OverLimits extends Error {}

function decodeText(bytes: Uint8Array, maxChars: number): ExtractResult {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.length > maxChars ? { ok: false, reason: 'limits' } : { ok: true, text };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * Whether every `stream … endstream` that zlib can inflate inflates to at most `budget` bytes in all: a deflate
 * bomb is refused before the PDF parser decodes it. Streams zlib cannot read (images, other filters) are skipped.
 */
export function withinInflateBudget(bytes: Uint8Array, budget: number): boolean {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = budget;
  let at = 0;
  while ((at = data.indexOf('stream', at, 'latin1')) !== -1) {
    const isEnd = at >= 3 && data.toString('latin1', at - 3, at) === 'end';
    let start = at + 'stream'.length;
    at = start;
    if (isEnd) continue;
    if (data[start] === 0x0d) start += 1;
    if (data[start] !== 0x0a) continue;
    const end = data.indexOf('endstream', start + 1, 'latin1');
    if (end === -1) break;
    try {
      left -= inflateSync(data.subarray(start + 1, end), { maxOutputLength: Math.max(1, left) }).length;
    } catch (error) {
      if (error instanceof RangeError) return false;
    }
    if (left < 0) return false;
    at = end + 'endstream'.length;
  }
  return true;
}

async function pdfText(
  bytes: Uint8Array,
  maxPages: number,
  maxChars: number,
  maxInflatedBytes: number,
): Promise<ExtractResult> {
  if (!withinInflateBudget(bytes, maxInflatedBytes)) return { ok: false, reason: 'limits' };
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (pdf.numPages > maxPages) return { ok: false, reason: 'limits' };
  const pages: string[] = [];
  let total = 0;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      total += text.length;
      if (total > maxChars) throw new OverLimits();
      pages.push(text);
    }
  } catch (error) {
    return { ok: false, reason: error instanceof OverLimits ? 'limits' : 'no_text_layer' };
  }
  return { ok: true, text: pages.join('\n\n') };
}

async function extract(job: ExtractJob): Promise<ExtractResult> {
  return job.kind === 'pdf'
    ? pdfText(job.bytes, job.maxPages, job.maxChars, job.maxInflatedBytes)
    : decodeText(job.bytes, job.maxChars);
}

if (parentPort) {
  const port = parentPort;
  extract(workerData as ExtractJob).then(
    (result) => port.postMessage(result),
    () => port.postMessage({ ok: false, reason: 'unreadable' } satisfies ExtractResult),
  );
}
