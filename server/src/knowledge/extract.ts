// Accepts only real PDF and UTF-8 text files (by name and by content) and extracts their text.
import { extractText, getDocumentProxy } from 'unpdf';
import { unprocessable } from '../http/errors.ts';

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

async function pdfText(bytes: Buffer): Promise<string> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch {
    throw unprocessable('The PDF file could not be read; it may be damaged or password-protected');
  }
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n');
  } catch {
    throw unprocessable('The text of the PDF file could not be read');
  } finally {
    await pdf.destroy();
  }
}

/** The document's text; 422 when there is none (a scanned PDF has only images). */
export async function extractDocumentText(kind: DocumentKind, bytes: Buffer): Promise<string> {
  const text = kind === 'pdf' ? await pdfText(bytes) : (decodeUtf8(bytes) ?? '');
  // PostgreSQL text cannot hold NUL, which PDFs occasionally produce.
  const clean = text.replaceAll('\u0000', '');
  if (!clean.trim()) {
    throw unprocessable(
      kind === 'pdf'
        ? 'The PDF contains no extractable text (scanned pages are not supported)'
        : 'The file contains no text',
    );
  }
  return clean;
}
