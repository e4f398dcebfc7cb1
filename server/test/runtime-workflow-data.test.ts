// The workflow a run builds travels as data: a chunk frame and the end frame carry it, the stored team reply keeps
// it, the non-streaming reply returns it, and a follow-up edits the stored workflow instead of re-reading the
// session's earlier messages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { ReplyWorkflow, StreamFrame } from '../../contract/types.ts';
import { chatMessages } from '../src/db/schema.ts';
import { client, signIn, startTestServer, type TestServer } from './helpers.ts';

const REQUEST = 'Every Monday at 8am post the sales figures to #sales on Slack';

function frames(body: string): StreamFrame[] {
  return body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as StreamFrame);
}

describe('the workflow as data', () => {
  let server: TestServer;
  let token: string;
  let teamId: string;
  before(async () => {
    server = await startTestServer({ FREE_CREDITS: '500' });
    teamId = server.ctx.config.TEAM_ID;
    token = await signIn(server, 'data@example.com');
  });
  after(() => server.close());

  const streamed = async (message: string, session_id?: string) => {
    const res = await client(server, token).post(`/teams/${teamId}/chat`, { message, session_id, stream: true });
    assert.equal(res.status, 200);
    return frames(res.body as unknown as string);
  };

  it('sends the workflow in a chunk frame and on the end frame, and stores it with the reply', async () => {
    const all = await streamed(REQUEST);
    const chunk = all.find((f) => f.type === 'chunk' && f.workflow);
    const end = all.at(-1)!;
    assert.equal(end.type, 'end');
    assert.ok(chunk?.workflow, 'a chunk frame carries the workflow');
    assert.deepEqual(end.workflow, chunk.workflow);
    const types = chunk.workflow.workflow.nodes.map((n) => n.type);
    assert.deepEqual(types, ['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.slack']);
    // The text keeps the same workflow in its json block, for clients that read only text.
    const text = all.map((f) => (f.type === 'chunk' ? (f.content ?? '') : '')).join('');
    assert.deepEqual(JSON.parse(/```json\n([\s\S]+?)\n```/.exec(text)![1]!), chunk.workflow.workflow);
    const stored = await client(server, token).get(`/teams/sessions/${end.session_id}/messages`);
    const reply = (stored.body.data.messages as Array<{ role: string; workflow?: ReplyWorkflow }>).find(
      (m) => m.role === 'team_response',
    );
    assert.deepEqual(reply?.workflow, chunk.workflow);
  });

  it('returns the workflow in a non-streaming reply', async () => {
    const res = await client(server, token).post(`/teams/${teamId}/chat`, { message: REQUEST, stream: false });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.workflow.workflow.nodes.length, 2);
  });

  it('edits the stored workflow on a follow-up, even when the earlier messages are gone', async () => {
    const first = await streamed(REQUEST);
    const sessionId = first.at(-1)!.session_id!;
    // Only the stored workflow can say what the session built: the first request is no longer there to re-read.
    await server.ctx.db.delete(chatMessages).where(eq(chatMessages.role, 'user'));
    const second = await streamed('make it 9am instead', sessionId);
    const end = second.at(-1)!;
    assert.equal(end.type, 'end');
    const schedule = end.workflow?.workflow.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger');
    assert.deepEqual(
      (schedule?.parameters?.rule as { interval: Array<{ triggerAtHour: number }> }).interval[0]!.triggerAtHour,
      9,
    );
    assert.ok(
      end.workflow?.workflow.nodes.some((n) => n.type === 'n8n-nodes-base.slack'),
      'the Slack step is still there',
    );
    const text = second.map((f) => f.content ?? '').join('');
    assert.match(text, /### What changed[\s\S]*09:00/);
  });
});
