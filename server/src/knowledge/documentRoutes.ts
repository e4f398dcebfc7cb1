// /api/v1 routes of knowledge documents: list, add as JSON text, upload a PDF or TXT file, delete.
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/guard.ts';
import { HttpError, unprocessable } from '../http/errors.ts';
import { MAX_UPLOAD_BYTES } from '../http/limits.ts';
import { parse } from '../http/validate.ts';
import { CONTENT_TYPES, UNSUPPORTED_FILE, detectKind, extractDocumentText, limitsOf } from './extract.ts';
import { MAX_DOCUMENT_NAME, textDocumentBody } from '../../../contract/bodies.ts';
import { documentParams, idParams, pageQuery } from './schemas.ts';
import { addDocument, deleteDocument, getOwnedKnowledgeBase, listDocuments } from './service.ts';

const tooLarge = () => new HttpError(413, `File is larger than the ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB limit`);

/** The single uploaded file of field `file`, read whole (the multipart plugin caps it at MAX_UPLOAD_BYTES). */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw unprocessable('Send the file as multipart/form-data in the field "file"');
  let part;
  let bytes: Buffer;
  try {
    part = await request.file();
    if (!part) throw unprocessable('Send the file as multipart/form-data in the field "file"');
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    if (status && status >= 400 && status < 500) throw unprocessable('The upload could not be read');
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  if (part.fieldname !== 'file') throw unprocessable('Send the file in the multipart field "file"');
  const filename = path.basename(part.filename.replaceAll('\\', '/')).trim();
  if (!filename || filename.includes('\u0000')) throw unprocessable(UNSUPPORTED_FILE);
  if (filename.length > MAX_DOCUMENT_NAME) {
    throw unprocessable(`File name is longer than ${MAX_DOCUMENT_NAME} characters`);
  }
  return { filename, bytes };
}

export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/knowledge/bases/:id/documents', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    const { limit, skip } = parse(pageQuery, request.query);
    await getOwnedKnowledgeBase(ctx, user.id, id);
    return { data: await listDocuments(ctx, id, limit, skip) };
  });

  app.post('/knowledge/bases/:id/documents', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    await getOwnedKnowledgeBase(ctx, user.id, id);
    const body = parse(textDocumentBody, request.body);
    const document = await addDocument(ctx, id, {
      name: body.name,
      contentType: CONTENT_TYPES.txt,
      bytes: Buffer.from(body.content, 'utf8'),
      text: body.content,
    });
    return reply.status(201).send({ data: document });
  });

  app.post('/knowledge/bases/:id/documents/upload', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(idParams, request.params);
    await getOwnedKnowledgeBase(ctx, user.id, id);
    const { filename, bytes } = await readUpload(request);
    const kind = detectKind(filename, bytes);
    const text = await extractDocumentText(kind, bytes, limitsOf(ctx.config));
    const document = await addDocument(ctx, id, { name: filename, contentType: CONTENT_TYPES[kind], bytes, text });
    return reply.status(201).send({ data: document, message: 'Knowledge uploaded successfully!' });
  });

  app.delete('/knowledge/bases/:id/documents/:docId', async (request) => {
    const user = await requireUser(ctx, request);
    const { id, docId } = parse(documentParams, request.params);
    await getOwnedKnowledgeBase(ctx, user.id, id);
    await deleteDocument(ctx, id, docId);
    return { data: { id: docId }, message: 'Document deleted' };
  });
}
