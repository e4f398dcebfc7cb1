// `npm run replay -- file.json [--frames]`: runs a stream recording through the real chat reducers and prints the
// final chat state. With --frames the raw frames go through today's parser and socket middleware instead. A support
// snapshot ("Report a problem") is restored through the chat reducer, and its chat state printed.
import { readFileSync } from 'node:fs';
import { chatReducer, stateRestored } from '../src/features/chat/chatSlice';
import { replayFrames } from '../src/features/replay/frameReplay';
import { parseRecording, type StreamRecording } from '../src/features/replay/recording';
import { replayRecording } from '../src/features/replay/replay';
import { isSnapshot, parseSnapshot } from '../src/features/support/snapshot';
import type { ChatState } from '../src/features/chat/chatState';

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
function restoredSnapshot(): ChatState {
  const read = parseSnapshot(data);
  if (!read.ok) fail(`${file} is not a support snapshot: ${read.error}`);
  const { snapshot } = read;
  // A snapshot taken before the chat ever opened holds no chat state: the chat's initial state is printed.
  const state =
    snapshot.chat === null
      ? chatReducer(undefined, { type: '@@replay/init' })
      : chatReducer(undefined, stateRestored(snapshot.chat as ChatState));
  process.stderr.write(
    `restored the support snapshot of ${snapshot.route} taken ${snapshot.takenAt} (app ${snapshot.app.version}): ${state.messages.ids.length} messages, status ${state.status}, session ${state.sessionId ?? 'none'}, ${snapshot.connection.length} connection events, ${snapshot.apiErrors.length} API errors\n`,
  );
  return state;
}

function replayed(): ChatState {
  const parsed = parseRecording(data);
  if (!parsed.ok) fail(`${file} is not a stream recording:\n${parsed.error}`);
  const state = fromFrames ? fromRawFrames(parsed.recording) : replayRecording(parsed.recording, chatReducer);
  const actions = parsed.recording.entries.filter((e) => e.kind === 'action').length;
  const frames = parsed.recording.entries.length - actions;
  process.stderr.write(
    `replayed ${fromFrames ? `${frames} raw frames` : `${actions} actions (${frames} raw frames)`}: ${state.messages.ids.length} messages, status ${state.status}, session ${state.sessionId ?? 'none'}\n`,
  );
  return state;
}

function fromRawFrames(recording: StreamRecording) {
  const result = replayFrames(recording);
  result.warnings.forEach((warning) => process.stderr.write(`${warning}\n`));
  return result.state;
}

// Written, not followed by process.exit: a pipe takes the output after this returns.
process.stdout.write(`${JSON.stringify(isSnapshot(data) ? restoredSnapshot() : replayed(), null, 2)}\n`);
