// Request size limits: app.ts hands them to Fastify and its plugins, routes name them in their error messages.
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_JSON_BYTES = 1024 * 1024;
/** The socket accepts frames above the 1 MB message limit so the runtime can answer them with an error frame. */
export const MAX_WS_PAYLOAD_BYTES = 4 * MAX_JSON_BYTES;
