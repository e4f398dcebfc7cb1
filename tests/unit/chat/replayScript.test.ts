import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { selectAllMessages, selectVncUrl } from '../../../src/features/chat/chatSelectors';
import { chatReducer } from '../../../src/features/chat/chatSlice';
import type { ChatState } from '../../../src/features/chat/chatState';
import { parseRecording } from '../../../src/features/replay/recording';
import { replayRecording } from '../../../src/features/replay/replay';

const FIXTURE = 'tests/fixtures/streams/full-run.json';

function loadFixture(path: string) {
  const parsed = parseRecording(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.recording;
}

describe('recorded streams', () => {
  it('replays the recorded full run into the reply the user saw', () => {
    const chat = replayRecording(loadFixture(FIXTURE), chatReducer);
    const [user, team] = selectAllMessages({ chat });
    expect(user?.content).toBe('Every morning, post new Google Sheets rows to Slack #sales');
    expect(team?.content).toBe(
      "I'll plan the workflow with the team.\n\nYour workflow is ready: **Daily Sheets to Slack**.",
    );
    expect(team?.tools?.map((t) => t.tool_name)).toEqual(['plan_workflow', 'open_computer']);
    expect(team?.memberResponses?.[0]?.member_name).toBe('Workflow Builder');
    expect(selectVncUrl({ chat })).toBe('http://127.0.0.1:8080/computer/run-1/vnc.html?view_only=true');
    expect(chat.sessionId).toBe('6650f0c2a1b2c3d4e5f6aa01');
  });

  it('replays the recorded dropped connection into the partial reply and a retry', () => {
    const chat = replayRecording(loadFixture('tests/fixtures/streams/dropped-connection.json'), chatReducer);
    expect(selectAllMessages({ chat }).map((m) => m.content)).toEqual([
      'Email me a weekly report',
      'Drafting the weekly report',
      'Unable to connect to the AI service. Please check your connection and try again.',
    ]);
    expect(chat.error?.retry).toMatchObject({ message: 'Email me a weekly report', fileIds: ['file-1'] });
  });

  it('npm run replay prints the final chat state of a recording', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', FIXTURE], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(replayRecording(loadFixture(FIXTURE), chatReducer));
    expect(result.stderr).toMatch(/replayed 13 actions \(14 raw frames\): 2 messages, status idle/);
  });

  it('npm run replay -- --frames rebuilds the state from the raw frames', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', FIXTURE, '--frames'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const contents = (chat: ChatState) => selectAllMessages({ chat }).map((m) => m.content);
    expect(contents(JSON.parse(result.stdout) as ChatState)).toEqual(
      contents(replayRecording(loadFixture(FIXTURE), chatReducer)),
    );
    expect(result.stderr).toMatch(/skipped a malformed stream frame \(not-json\)/);
    expect(result.stderr).toMatch(/replayed 14 raw frames: 2 messages, status idle/);
  });

  it('npm run replay refuses a file that is not a recording', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', 'package.json'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/is not a stream recording/);
  });
});
