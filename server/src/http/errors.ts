// HTTP errors as JSON `{detail}` bodies: a string, or `{code, message}` where the client branches on a code.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | { code: string; message: string; [key: string]: unknown },
  ) {
    super(typeof detail === 'string' ? detail : detail.message);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have access to this resource') => new HttpError(403, detail);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (detail: string) => new HttpError(422, detail);
export const paymentRequired = (message: string) => new HttpError(402, { code: 'insufficient_credits', message });

export function zodMessage(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send({ detail: zodMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    // Fastify's own 4xx errors: bad JSON, body too large, wrong content type, multipart limits.
    const detail =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
        ? 'Request body is too large'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : error.message;
    return reply.status(status).send({ detail });
  });
}
