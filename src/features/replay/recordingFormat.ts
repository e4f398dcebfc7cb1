// The recording file's format tag and frame text, apart from its schema so the recorder does not pull in zod.
export const RECORDING_FORMAT = 'agent-team-studio/stream-recording';

/** Frames are kept as text; bytes are decoded and anything else is written as JSON. */
export function frameText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  const tag = Object.prototype.toString.call(raw);
  if (tag === '[object ArrayBuffer]' || ArrayBuffer.isView(raw)) {
    try {
      return new TextDecoder().decode(raw as ArrayBuffer);
    } catch {
      return '<undecodable bytes>';
    }
  }
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}
