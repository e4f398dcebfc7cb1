// Chat attachments: one multipart file per call, stored under the caller's folder and tied to a chat session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { UploadFilesResponse } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../auth/guard.ts';
import { uploadedFiles } from '../db/schema.ts';
import { unprocessable } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { getTeamRowForUser } from './service.ts';
import { createSession, getOwnedSessionRow } from './sessions.ts';

const UPLOAD_FIELD = 'files';
const MAX_FILENAME = 255;

type ReadResult =
  | { ok: true; filename: string; contentType: string; bytes: Buffer }
  | { ok: false; status: number; filename: string; error: string };

/**
 * The failure body satisfies both ways the SPA reads it (SPEC §3): `message.failed_file_details[].error` or
 * `message.message`, and `detail` as everywhere else (`{code: 'upload_failed', message, failed_file_details}`).
 */
function uploadFailureBody(filename: string, error: string) {
  const failed_file_details = [{ filename, error }];
  const message = `File upload failed: ${error}`;
  return {
    detail: { code: 'upload_failed', message, failed_file_details },
    message: { message, failed_file_details },
  };
}

/** Handles POST /teams/{id}/upload-files: validates team and session first, then the file, then stores it. */
export async function receiveUpload(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  teamId: string,
  user: UserRow,
  sessionId: string | undefined,
): Promise<UploadFilesResponse | void> {
  await getTeamRowForUser(ctx, teamId, user);
  const existing = sessionId ? await getOwnedSessionRow(ctx, sessionId, user.id) : null;
  if (existing && existing.teamId !== teamId) throw unprocessable('session_id belongs to another team');

  const file = await readFilePart(request);
  if (!file.ok) {
    reply.status(file.status).send(uploadFailureBody(file.filename, file.error));
    return;
  }
  const session = existing
    ? { id: existing.id }
    : { id: (await createSession(ctx, { teamId, userId: user.id })).session_id };
  const fileId = await storeOwnedFile(ctx, {
    userId: user.id,
    sessionId: session.id,
    filename: file.filename,
    contentType: file.contentType,
    bytes: file.bytes,
  });
  return {
    session_id: session.id,
    successful_files: [
      { file_id: fileId, original_filename: file.filename, size: file.bytes.length, content_type: file.contentType },
    ],
    failed_file_details: [],
  };
}

/** Stores bytes under the user's folder as a file of the session, downloadable by that user only; returns its id. */
export async function storeOwnedFile(
  ctx: AppContext,
  file: { userId: string; sessionId: string; filename: string; contentType: string; bytes: Buffer },
): Promise<string> {
  const fileId = newId();
  const storageKey = `uploads/${safeSegment(file.userId)}/${fileId}`;
  await ctx.storage.put(storageKey, file.bytes);
  try {
    await ctx.db.insert(uploadedFiles).values({
      id: fileId,
      userId: file.userId,
      sessionId: file.sessionId,
      originalFilename: file.filename,
      contentType: file.contentType,
      size: file.bytes.length,
      storageKey,
      createdAt: ctx.now(),
    });
  } catch (error) {
    await ctx.storage.delete(storageKey);
    throw error;
  }
  return fileId;
}

async function readFilePart(request: FastifyRequest): Promise<ReadResult> {
  if (!request.isMultipart()) {
    return {
      ok: false,
      status: 422,
      filename: 'file',
      error: `Send the file as multipart/form-data in the field "${UPLOAD_FIELD}"`,
    };
  }
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch {
    return { ok: false, status: 422, filename: 'file', error: 'Malformed multipart body' };
  }
  if (!part) return { ok: false, status: 422, filename: 'file', error: `No file in the field "${UPLOAD_FIELD}"` };
  const filename = cleanFilename(part.filename);
  if (part.fieldname !== UPLOAD_FIELD) {
    part.file.resume();
    return { ok: false, status: 422, filename, error: `No file in the field "${UPLOAD_FIELD}"` };
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      return { ok: false, status: 413, filename, error: `${filename} is too large (max 10MB)` };
    }
    return { ok: false, status: 422, filename, error: `The upload of ${filename} was interrupted` };
  }
  if (part.file.truncated) return { ok: false, status: 413, filename, error: `${filename} is too large (max 10MB)` };
  if (bytes.length === 0) return { ok: false, status: 422, filename, error: `${filename} is empty` };
  return { ok: true, filename, contentType: cleanContentType(part.mimetype), bytes };
}

/** Original names are display text only: control characters out, bounded length, never a path. */
function cleanFilename(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_FILENAME);
  return cleaned || 'file';
}

function cleanContentType(type: string | undefined): string {
  return type && /^[\w.+-]+\/[\w.+-]+$/.test(type) && type.length <= 200
    ? type.toLowerCase()
    : 'application/octet-stream';
}

function safeSegment(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_');
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'invalid';
}
