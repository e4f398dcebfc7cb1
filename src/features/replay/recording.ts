// The stream recording file: raw socket frames and the chat actions they caused, with their timing.
import { z } from '../../../contract/zod';
import { RECORDING_FORMAT } from './recordingFormat';

const actionSchema = z.looseObject({ type: z.string().check(z.minLength(1)), payload: z.optional(z.unknown()) });

const entrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frame'), t: z.number(), runId: z.string(), raw: z.string() }),
  z.object({ kind: z.literal('action'), t: z.number(), action: actionSchema }),
]);

export const recordingSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(1),
  startedAt: z.string(),
  /** The chat state just before the first recorded action; null means the reducer's initial state. */
  initialState: z.nullable(z.unknown()),
  entries: z.array(entrySchema),
});

export type StreamRecording = z.infer<typeof recordingSchema>;
export type RecordingEntry = StreamRecording['entries'][number];

export type RecordingParse = { ok: true; recording: StreamRecording } | { ok: false; error: string };

/** Checks a loaded file (already JSON-decoded) before anything replays it. */
export function parseRecording(data: unknown): RecordingParse {
  const result = recordingSchema.safeParse(data);
  return result.success ? { ok: true, recording: result.data } : { ok: false, error: z.prettifyError(result.error) };
}
