// `npm run replay -- file.json [--frames]`: runs a stream recording through the real chat reducers and prints the
// final chat state. With --frames the raw frames go through today's parser and socket middleware instead.
import { readFileSync } from 'node:fs';
import { chatReducer } from '../src/features/chat/chatSlice';
import { replayFrames } from '../src/features/replay/frameReplay';
import { parseRecording, type StreamRecording } from '../src/features/replay/recording';
import { replayRecording } from '../src/features/replay/replay';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const fromFrames = args.includes('--frames');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) fail('usage: npm run replay -- <recording.json> [--frames]');

let data: unknown;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}
const parsed = parseRecording(data);
if (!parsed.ok) fail(`${file} is not a stream recording:\n${parsed.error}`);

function fromRawFrames(recording: StreamRecording) {
  const result = replayFrames(recording);
  result.warnings.forEach((warning) => process.stderr.write(`${warning}\n`));
  return result.state;
}

const state = fromFrames ? fromRawFrames(parsed.recording) : replayRecording(parsed.recording, chatReducer);
const actions = parsed.recording.entries.filter((e) => e.kind === 'action').length;
const frames = parsed.recording.entries.length - actions;
process.stderr.write(
  `replayed ${fromFrames ? `${frames} raw frames` : `${actions} actions (${frames} raw frames)`}: ${state.messages.ids.length} messages, status ${state.status}, session ${state.sessionId ?? 'none'}\n`,
);
process.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
