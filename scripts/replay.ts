// `npm run replay -- file.json`: runs a stream recording through the real chat reducers and prints the final chat state.
import { readFileSync } from 'node:fs';
import { chatReducer } from '../src/features/chat/chatSlice';
import { parseRecording } from '../src/features/replay/recording';
import { replayRecording } from '../src/features/replay/replay';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail('usage: npm run replay -- <recording.json>');

let data: unknown;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}
const parsed = parseRecording(data);
if (!parsed.ok) fail(`${file} is not a stream recording:\n${parsed.error}`);

const state = replayRecording(parsed.recording, chatReducer);
const actions = parsed.recording.entries.filter((e) => e.kind === 'action').length;
const frames = parsed.recording.entries.length - actions;
process.stderr.write(
  `replayed ${actions} actions (${frames} raw frames): ${state.messages.ids.length} messages, status ${state.status}, session ${state.sessionId ?? 'none'}\n`,
);
process.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
