// Accepts only real PDF and UTF-8 text files (by name and by content) and extracts their text in a worker thread
// with limits on time, memory, pages and text, so one hostile file cannot stall the server for everyone.
import { Worker } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { unprocessable } from '../http/errors.ts';
import type { ExtractJob, ExtractResult } from './extractWorker.ts';

export const UNSUPPORTED_FILE = 'Only PDF and TXT files are supported';

export type DocumentKind = 'pdf' | 'txt';

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
};

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

function decodeUtf8(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** The kind of an upload, or 422 when the name's extension and the bytes do not agree on PDF or UTF-8 text. */
export function detectKind(filename: string, bytes: Buffer): DocumentKind {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'pdf' && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (extension === 'txt' && decodeUtf8(bytes) !== null) return 'txt';
  throw unprocessable(UNSUPPORTED_FILE);
}

export interface ExtractLimits {
  timeoutMs: number;
  memoryMb: number;
  maxPages: number;
  maxChars: number;
}

export const limitsOf = (config: Config): ExtractLimits => ({
  timeoutMs: config.DOCUMENT_TIMEOUT_MS,
  memoryMb: config.DOCUMENT_MEMORY_MB,
  maxPages: config.DOCUMENT_MAX_PAGES,
  maxChars: config.DOCUMENT_MAX_TEXT_CHARS,
});

const WORKER = new URL('./extractWorker.mjs', import.meta.url);

/** Runs the extraction in a worker thread with a time limit and a heap limit; whatever goes wrong, it ends. */
function runWorker(job: ExtractJob, limits: ExtractLimits): Promise<ExtractResult | 'over_limits'> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: job,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.floor(limits.memoryMb / 8)),
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (result: ExtractResult | 'over_limits') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle('over_limits'), limits.timeoutMs);
    worker.once('message', (result: ExtractResult) => settle(result));
    // ERR_WORKER_OUT_OF_MEMORY, or the worker could not start: either way the document was not read.
    worker.once('error', () => settle('over_limits'));
    worker.once('exit', () => settle('over_limits'));
  });
}

const OVER_LIMITS: Record<DocumentKind, string> = {
  pdf: 'The PDF could not be read within the limits (too many pages, too much text, or too slow or large to process)',
  txt: 'The text file could not be read within the limits (too much text)',
};

/** The document's text, extracted off the main thread; 422 when it is unreadable, over the limits or has no text. */
export async function extractDocumentText(kind: DocumentKind, bytes: Buffer, limits: ExtractLimits): Promise<string> {
  const job = {
    kind,
    bytes: new Uint8Array(bytes),
    maxPages: limits.maxPages,
    maxChars: limits.maxChars,
    maxInflatedBytes: limits.memoryMb * 1024 * 1024,
  };
  const result = await runWorker(job, limits);
  if (result === 'over_limits' || (!result.ok && result.reason === 'limits')) throw unprocessable(OVER_LIMITS[kind]);
  if (!result.ok && result.reason === 'unreadable') {
    throw unprocessable(
      kind === 'pdf' ? 'The PDF file could not be read; it may be damaged or password-protected' : UNSUPPORTED_FILE,
    );
  }
  if (!result.ok) throw unprocessable('The text of the PDF file could not be read');
  // PostgreSQL text cannot hold NUL, which PDFs occasionally produce.
  const clean = result.text.replaceAll('\u0000', '');
  if (!clean.trim()) {
    throw unprocessable(
      kind === 'pdf'
        ? 'The PDF contains no extractable text (scanned pages are not supported)'
        : 'The file contains no text',
    );
  }
  return clean;
}
